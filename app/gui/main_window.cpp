#include "gui/main_window.h"
#include "gui/error_text.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDateTime>
#include <QDir>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QMenuBar>
#include <QLocale>
#include <QMessageBox>
#include <QProgressDialog>
#include <QSettings>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "common/user_collection.h"
#include "deck/backups.h"
#include "deck/progress_io.h"
#include "import/collection_document.h"
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
    return app::backupFolder();
}

MainWindow::MainWindow(deck::Collection collection, QWidget* parent)
    : QMainWindow(parent), collection_(std::move(collection))
{
    setWindowTitle(tr("InfraCards"));
    stack_ = new QStackedWidget(this);
    home_ = new HomePage(collection_, stack_);
    review_ = new ReviewPage(collection_, stack_);
    stack_->addWidget(home_);
    stack_->addWidget(review_);
    setCentralWidget(stack_);

    auto warn = [this](const QString& message) { QMessageBox::warning(this, tr("InfraCards"), message); };
    connect(home_, &HomePage::startReview, this, &MainWindow::showReview);
    connect(review_, &ReviewPage::sessionChanged, home_, &HomePage::refresh);
    connect(review_, &ReviewPage::failed, this, warn);

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
    connect(file->addAction(tr("Import &history…")), &QAction::triggered, this,
            &MainWindow::openImportHistory);
    QAction* exportAction = file->addAction(tr("&Export…"));
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    connect(exportAction, &QAction::triggered, this, &MainWindow::openExport);
    connect(file->addAction(tr("&Merge progress from another collection…")), &QAction::triggered, this,
            &MainWindow::openMerge);
    file->addSeparator();
    connect(file->addAction(tr("&Back up now")), &QAction::triggered, this, [this] { backupNow(false); });
    connect(file->addAction(tr("&Restore from backup…")), &QAction::triggered, this,
            &MainWindow::openRestore);
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
    struct Entry {
        QString name;
        void (MainWindow::*slot)();
    };
    const Entry entries[PageCount] = {
        {tr("&Home"), &MainWindow::showHome},
        {tr("&Review"), &MainWindow::showReview},
        {tr("&Browse"), &MainWindow::showBrowse},
        {tr("&Mock interview"), &MainWindow::showMock},
        {tr("&Interviews"), &MainWindow::showInterviews},
        {tr("&Statistics"), &MainWindow::showStats},
    };
    for (int n = 0; n < PageCount; ++n) {
        QAction* a = go->addAction(entries[n].name);
        a->setCheckable(true);
        a->setShortcut(QKeySequence(Qt::CTRL | (Qt::Key_1 + n)));
        pages_->addAction(a);
        bar->addAction(a);
        connect(a, &QAction::triggered, this, entries[n].slot);
        pageActions_[n] = a;
    }
}

BrowsePage* MainWindow::browsePage()
{
    if (!browse_) {
        browse_ = new BrowsePage(collection_, stack_);
        stack_->addWidget(browse_);
        connect(browse_, &BrowsePage::failed, this,
                [this](const QString& m) { statusBar()->showMessage(m, 8000); });
        connect(browse_, &BrowsePage::startMock, this, [this](const deck::MockConfig& config) {
            MockInterviewPage* page = mockPage();
            showPage(page, Mock);
            page->startRound(config);
        });
        connect(browse_, &BrowsePage::planInterview, this,
                [this](const QString& company, const QString& round) {
                    InterviewPage* page = interviewPage();
                    showPage(page, Interviews);
                    page->prefill(company, round);
                });
    }
    return browse_;
}

MockInterviewPage* MainWindow::mockPage()
{
    if (!mock_) {
        mock_ = new MockInterviewPage(collection_, stack_);
        stack_->addWidget(mock_);
        connect(mock_, &MockInterviewPage::failed, this,
                [this](const QString& m) { QMessageBox::warning(this, tr("InfraCards"), m); });
        connect(mock_, &MockInterviewPage::collectionChanged, home_, &HomePage::refresh);
        connect(mock_, &MockInterviewPage::openCard, this, [this](qint64 id) {
            showPage(review_, Review);
            review_->showCard(deck::CardId(id), true);
        });
    }
    return mock_;
}

InterviewPage* MainWindow::interviewPage()
{
    if (!interviews_) {
        interviews_ = new InterviewPage(collection_, stack_);
        stack_->addWidget(interviews_);
        connect(interviews_, &InterviewPage::drillRequested, this,
                [this](const std::vector<deck::CardId>& cards, const QString& title) {
                    showPage(review_, Review);
                    review_->startDrill(cards, title);
                });
    }
    return interviews_;
}

StatsPage* MainWindow::statsPage()
{
    if (!stats_) {
        stats_ = new StatsPage(collection_, stack_);
        stack_->addWidget(stats_);
    }
    return stats_;
}

void MainWindow::showPage(QWidget* page, Page which)
{
    stack_->setCurrentWidget(page);
    pageActions_[which]->setChecked(true);
    page->setFocus();
}

void MainWindow::showHome()
{
    home_->refresh();
    showPage(home_, Home);
}

void MainWindow::showReview()
{
    showPage(review_, Review);
    review_->start();
}

void MainWindow::showBrowse()
{
    browsePage()->refresh();
    showPage(browse_, Browse);
}

void MainWindow::showMock()
{
    showPage(mockPage(), Mock);
}

void MainWindow::showInterviews()
{
    interviewPage()->refresh();
    showPage(interviews_, Interviews);
}

void MainWindow::showStats()
{
    statsPage()->refresh();
    showPage(stats_, Stats);
}

void MainWindow::backupNow(bool onClose)
{
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    if (!onClose && sender() == backupTimer_ && !deck::shouldBackup(lastBackupMs_, now))
        return;
    const std::string folder = backupFolder().toStdString();
    auto made = deck::createBackup(collection_, folder, now);
    if (!made) {
        statusBar()->showMessage(tr("Backup failed: %1").arg(errorText(made.error())), 10000);
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
    dialog.setCorrectionsFile(QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
                                  .filePath(QStringLiteral("import-corrections.tsv")));
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
        QMessageBox::information(this, tr("Restore"),
                                 tr("There are no backups in %1 yet.").arg(backupFolder()));
        return;
    }
    QStringList labels;
    for (const deck::BackupInfo& b : *backups) {
        const QString when =
            QDateTime::fromMSecsSinceEpoch(b.createdAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        // The size on disk (compressed for a .zst backup), so the list shows what each copy costs.
        const QString size = QLocale().formattedDataSize(static_cast<qint64>(b.bytes), 1);
        labels << (b.cards ? tr("%1 · %2 cards, %3 answers · %4")
                                 .arg(when)
                                 .arg(*b.cards)
                                 .arg(b.reviews.value_or(0))
                                 .arg(size)
                           : tr("%1 · unreadable · %2").arg(when, size));
    }
    bool ok = false;
    const QString choice = QInputDialog::getItem(
        this, tr("Restore from backup"),
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

void MainWindow::openExport()
{
    const QString json = tr("InfraCards JSON, with study history (*.json)");
    const QString apkg = tr("Anki package, with study history (*.apkg)");
    const QString apkgCards = tr("Anki package, cards only (*.apkg)");
    const QString csv = tr("CSV spreadsheet, cards only (*.csv)");
    QString chosen;
    const QString start =
        QDir(QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation))
            .filePath(QStringLiteral("infracards-%1.json").arg(QDate::currentDate().toString(Qt::ISODate)));
    QString path = QFileDialog::getSaveFileName(
        this, tr("Export the collection"), start,
        QStringList{json, apkg, apkgCards, csv}.join(QStringLiteral(";;")), &chosen);
    if (path.isEmpty())
        return;
    // The filter chosen names the format when the file name has no known extension.
    const QString ext = QFileInfo(path).suffix().toLower();
    if (ext != QLatin1String("json") && ext != QLatin1String("apkg") && ext != QLatin1String("csv"))
        path += chosen == apkg || chosen == apkgCards ? QStringLiteral(".apkg")
                : chosen == csv                       ? QStringLiteral(".csv")
                                                      : QStringLiteral(".json");
    exportTo(path, chosen != apkgCards);
}

bool MainWindow::exportTo(const QString& path, bool withProgress)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    importer::ExportFormat format{};
    if (!importer::parseExportFormat(ext.toStdString(), &format)) {
        statusBar()->showMessage(tr("Nothing exported: name the file .json, .apkg or .csv"), 10000);
        return false;
    }
    // A modal progress dialog, shown once the export has taken half a second; Cancel stops it
    // before the file is touched.
    QProgressDialog dialog(tr("Reading the collection…"), tr("Cancel"), 0, 0, this);
    dialog.setObjectName(QStringLiteral("exportProgress"));
    dialog.setWindowTitle(tr("Export"));
    dialog.setWindowModality(Qt::WindowModal);
    dialog.setMinimumDuration(500);
    dialog.setAutoClose(false);
    dialog.setAutoReset(false);
    dialog.setValue(0);
    QElapsedTimer sinceEvents;
    sinceEvents.start();
    importer::ExportOptions options;
    options.withProgress = withProgress;
    options.progress = [&](importer::ExportStep step, std::size_t done, std::size_t total) {
        const bool stepStarts = done == 0;
        if (stepStarts || done == total || sinceEvents.elapsed() >= 50) {
            switch (step) {
            case importer::ExportStep::Reading:
                dialog.setLabelText(tr("Reading the collection…"));
                dialog.setRange(0, 0);
                break;
            case importer::ExportStep::Writing:
                dialog.setLabelText(tr("Writing card %1 of %2…").arg(done).arg(total));
                dialog.setRange(0, static_cast<int>(std::max<std::size_t>(total, 1)));
                dialog.setValue(static_cast<int>(done));
                break;
            case importer::ExportStep::Saving:
                dialog.setLabelText(tr("Saving %1…").arg(QFileInfo(path).fileName()));
                dialog.setCancelButton(nullptr);  // the file is being written: no way back
                break;
            }
            QCoreApplication::processEvents();
            sinceEvents.restart();
        }
        return !dialog.wasCanceled();
    };
    auto done =
        importer::exportCollection(collection_, format, path.toStdString(), currentTime().unixMs, options);
    dialog.close();
    if (!done) {
        statusBar()->showMessage(done.error().kind == importer::ErrorKind::Stopped
                                     ? tr("Export stopped: nothing was written")
                                     : tr("Nothing exported: %1").arg(errorText(done.error())),
                                 10000);
        return false;
    }
    const QString size = QLocale().formattedDataSize(static_cast<qint64>(done->bytes));
    statusBar()->showMessage(
        withProgress && format != importer::ExportFormat::Csv
            ? tr("Exported %n card(s) with %1 review(s) to %2 (%3)", nullptr, static_cast<int>(done->cards))
                  .arg(done->reviews)
                  .arg(path, size)
            : tr("Exported %n card(s), without study history, to %1 (%2)", nullptr,
                 static_cast<int>(done->cards))
                  .arg(path, size),
        10000);
    return true;
}

void MainWindow::openMerge()
{
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Merge progress from another collection"),
                                     QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation),
                                     tr("InfraCards collections (*.sqlite)"));
    if (!path.isEmpty())
        mergeFrom(path, true);
}

QString MainWindow::mergeFrom(const QString& path, bool ask)
{
    const auto fail = [this](const QString& why) {
        statusBar()->showMessage(why, 15000);
        if (isVisible())
            QMessageBox::warning(this, tr("Merge"), why);
        return QString();
    };
    auto other = deck::Collection::open(path.toStdString(), deck::OpenOptions{false, true, true});
    if (!other)
        return fail(tr("Nothing merged: %1").arg(errorText(other.error())));
    if (QFileInfo(path).canonicalFilePath()
        == QFileInfo(QString::fromStdString(collection_.path())).canonicalFilePath())
        return fail(tr("Nothing merged: %1 is the collection that is open").arg(path));
    auto plan = deck::planCollectionMerge(collection_, *other, QFileInfo(path).fileName().toStdString());
    if (!plan)
        return fail(tr("Nothing merged: %1").arg(errorText(plan.error())));
    std::size_t incoming = 0;
    for (const auto& r : plan->reviewsOnExisting)
        incoming += r.reviews.size();
    if (ask) {
        const QString question =
            tr("%1 holds %2 cards this collection does not have and %3 reviews of %4 cards both "
               "have. Reviews are merged by answer time, nothing here is lost, and a backup is "
               "made first. Merge?")
                .arg(QFileInfo(path).fileName())
                .arg(plan->newCards.size())
                .arg(incoming)
                .arg(plan->reviewsOnExisting.size());
        if (QMessageBox::question(this, tr("Merge"), question) != QMessageBox::Yes)
            return {};
    }
    auto backup = deck::createBackup(collection_, backupFolder().toStdString(), currentTime().unixMs);
    if (!backup)
        return fail(tr("Nothing merged: the backup failed: %1").arg(errorText(backup.error())));
    deck::ReviewMerge merged;
    auto id = deck::applyProgressImport(collection_, *plan, currentTime(), &merged);
    if (!id)
        return fail(tr("Nothing merged: %1").arg(errorText(id.error())));
    const QString result = tr("Merged %1: %2 reviews added to %3 cards, %4 new cards.")
                               .arg(QFileInfo(path).fileName())
                               .arg(merged.reviewsAdded)
                               .arg(merged.cardsChanged)
                               .arg(plan->newCards.size());
    statusBar()->showMessage(result, 15000);
    home_->refresh();
    return result;
}

}  // namespace app
