#include "gui/main_window.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QInputDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "common/user_collection.h"
#include "deck/backups.h"
#include "gui/browse_page.h"
#include "gui/home_page.h"
#include "gui/import_dialog.h"
#include "gui/interview_page.h"
#include "gui/mock_page.h"
#include "gui/review_page.h"
#include "gui/settings_dialog.h"
#include "gui/stats_page.h"

namespace app {

QString MainWindow::backupFolder()
{
    const QString configured = QSettings().value(QStringLiteral("backup/folder")).toString();
    if (!configured.isEmpty())
        return configured;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("backups"));
}

MainWindow::MainWindow(deck::Collection collection, QWidget* parent)
    : QMainWindow(parent), collection_(std::move(collection))
{
    setWindowTitle(tr("InfraCards"));
    stack_ = new QStackedWidget(this);
    home_ = new HomePage(collection_, stack_);
    review_ = new ReviewPage(collection_, stack_);
    browse_ = new BrowsePage(collection_, stack_);
    mock_ = new MockInterviewPage(collection_, stack_);
    interviews_ = new InterviewPage(collection_, stack_);
    stats_ = new StatsPage(collection_, stack_);
    for (QWidget* page : {static_cast<QWidget*>(home_), static_cast<QWidget*>(review_),
                          static_cast<QWidget*>(browse_), static_cast<QWidget*>(mock_),
                          static_cast<QWidget*>(interviews_), static_cast<QWidget*>(stats_)})
        stack_->addWidget(page);
    setCentralWidget(stack_);

    auto warn = [this](const QString& message) { QMessageBox::warning(this, tr("InfraCards"), message); };
    connect(home_, &HomePage::startReview, this, &MainWindow::showReview);
    connect(review_, &ReviewPage::sessionChanged, home_, &HomePage::refresh);
    connect(review_, &ReviewPage::failed, this, warn);
    connect(browse_, &BrowsePage::failed, this, [this](const QString& m) { statusBar()->showMessage(m, 8000); });
    connect(mock_, &MockInterviewPage::failed, this, warn);
    connect(mock_, &MockInterviewPage::collectionChanged, home_, &HomePage::refresh);
    connect(mock_, &MockInterviewPage::openCard, this, [this](qint64 id) {
        showPage(review_);
        review_->showCard(deck::CardId(id), true);
    });

    buildMenus();
    statusBar()->showMessage(QString::fromStdString(collection_.path()));

    // Automatic backups: at most every 30 minutes of use, and on close.
    backupTimer_ = new QTimer(this);
    backupTimer_->setInterval(5 * 60 * 1000);
    connect(backupTimer_, &QTimer::timeout, this, [this] { backupNow(false); });
    backupTimer_->start();

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1200, 860);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
    showHome();
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* import = file->addAction(tr("&Import…"));
    import->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
    connect(import, &QAction::triggered, this, &MainWindow::openImport);
    connect(file->addAction(tr("Import &history…")), &QAction::triggered, this, &MainWindow::openImportHistory);
    file->addSeparator();
    connect(file->addAction(tr("&Back up now")), &QAction::triggered, this, [this] { backupNow(false); });
    connect(file->addAction(tr("&Restore from backup…")), &QAction::triggered, this, &MainWindow::openRestore);
    file->addSeparator();
    QAction* settingsAction = file->addAction(tr("&Settings…"));
    settingsAction->setShortcut(QKeySequence::Preferences);
    connect(settingsAction, &QAction::triggered, this, &MainWindow::openSettings);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    QToolBar* bar = addToolBar(tr("Pages"));
    bar->setObjectName(QStringLiteral("pagesToolbar"));
    bar->setMovable(false);
    bar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    pages_ = new QActionGroup(this);
    struct Entry { QString name; void (MainWindow::*slot)(); QWidget* page; };
    const Entry entries[] = {
        {tr("&Home"), &MainWindow::showHome, home_},
        {tr("&Review"), &MainWindow::showReview, review_},
        {tr("&Browse"), &MainWindow::showBrowse, browse_},
        {tr("&Mock interview"), &MainWindow::showMock, mock_},
        {tr("&Interviews"), &MainWindow::showInterviews, interviews_},
        {tr("&Statistics"), &MainWindow::showStats, stats_},
    };
    int n = 0;
    for (const Entry& e : entries) {
        QAction* a = go->addAction(e.name);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + n++)));
        a->setData(QVariant::fromValue(static_cast<void*>(e.page)));
        pages_->addAction(a);
        bar->addAction(a);
        connect(a, &QAction::triggered, this, e.slot);
    }
}

void MainWindow::showPage(QWidget* page)
{
    stack_->setCurrentWidget(page);
    for (QAction* a : pages_->actions())
        a->setChecked(a->data().value<void*>() == page);
    page->setFocus();
}

void MainWindow::showHome()
{
    home_->refresh();
    showPage(home_);
}

void MainWindow::showReview()
{
    showPage(review_);
    review_->start();
}

void MainWindow::showBrowse()
{
    browse_->refresh();
    showPage(browse_);
}

void MainWindow::showMock() { showPage(mock_); }

void MainWindow::showInterviews()
{
    interviews_->refresh();
    showPage(interviews_);
}

void MainWindow::showStats()
{
    stats_->refresh();
    showPage(stats_);
}

void MainWindow::backupNow(bool onClose)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!onClose && sender() == backupTimer_ && !deck::shouldBackup(lastBackupMs_, now))
        return;
    const std::string folder = backupFolder().toStdString();
    auto made = deck::createBackup(collection_, folder, now);
    if (!made) {
        statusBar()->showMessage(tr("Backup failed: %1").arg(QString::fromStdString(made.error().describe())), 10000);
        return;
    }
    lastBackupMs_ = now;
    deck::RotationLimits limits;
    limits.utcOffsetSeconds = QDateTime::currentDateTime().offsetFromUtc();
    (void)deck::rotateBackups(folder, now, limits);
    statusBar()->showMessage(tr("Backed up to %1").arg(QString::fromStdString(*made)), 5000);
}

void MainWindow::openSettings()
{
    SettingsDialog dialog(collection_, this);
    if (dialog.exec() == QDialog::Accepted)
        home_->refresh();
}

void MainWindow::openImport()
{
    ImportDialog dialog(collection_, this);
    connect(&dialog, &ImportDialog::imported, this, [this] { home_->refresh(); });
    dialog.exec();
}

void MainWindow::openImportHistory()
{
    ImportHistoryDialog dialog(collection_, this);
    connect(&dialog, &ImportHistoryDialog::undone, this, [this] { home_->refresh(); });
    dialog.exec();
}

void MainWindow::openRestore()
{
    auto backups = deck::listBackups(backupFolder().toStdString());
    if (!backups || backups->empty()) {
        QMessageBox::information(this, tr("Restore"), tr("There are no backups in %1 yet.").arg(backupFolder()));
        return;
    }
    QStringList labels;
    for (const deck::BackupInfo& b : *backups) {
        const QString when = QDateTime::fromMSecsSinceEpoch(b.createdAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        labels << (b.cards ? tr("%1 · %2 cards, %3 answers").arg(when).arg(*b.cards).arg(b.reviews.value_or(0))
                           : tr("%1 · unreadable").arg(when));
    }
    bool ok = false;
    const QString choice = QInputDialog::getItem(this, tr("Restore from backup"),
        tr("The collection is replaced by the backup you choose; what it holds now is kept as a "
           "before-restore backup. InfraCards restarts to do this."),
        labels, 0, false, &ok);
    if (!ok)
        return;
    const auto& chosen = (*backups)[static_cast<std::size_t>(labels.indexOf(choice))];
    // The collection must be closed to be replaced: the next start does it before opening.
    QSettings().setValue(QStringLiteral("backup/pendingRestore"), QString::fromStdString(chosen.path));
    restartRequested_ = true;
    close();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    backupNow(true);
    event->accept();
}

} // namespace app
