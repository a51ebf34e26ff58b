#include "gui/main_window.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>

#include "gui/home_page.h"
#include "gui/review_page.h"

namespace app {

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

    connect(home_, &HomePage::startReview, this, &MainWindow::showReview);
    connect(review_, &ReviewPage::sessionChanged, home_, &HomePage::refresh);
    connect(review_, &ReviewPage::failed, this, [this](const QString& message) {
        QMessageBox::warning(this, tr("InfraCards"), message);
    });

    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* quit = file->addAction(tr("&Quit"));
    quit->setShortcut(QKeySequence::Quit);
    connect(quit, &QAction::triggered, this, &QWidget::close);

    QMenu* go = menuBar()->addMenu(tr("&Go"));
    QAction* homeAction = go->addAction(tr("&Home"));
    homeAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
    connect(homeAction, &QAction::triggered, this, &MainWindow::showHome);
    QAction* reviewAction = go->addAction(tr("&Review"));
    reviewAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_2));
    connect(reviewAction, &QAction::triggered, this, &MainWindow::showReview);

    statusBar()->showMessage(QString::fromStdString(collection_.path()));

    QSettings settings;
    if (!restoreGeometry(settings.value(QStringLiteral("window/geometry")).toByteArray()))
        resize(1200, 860);
    restoreState(settings.value(QStringLiteral("window/state")).toByteArray());
}

MainWindow::~MainWindow() = default;

void MainWindow::showHome()
{
    home_->refresh();
    stack_->setCurrentWidget(home_);
}

void MainWindow::showReview()
{
    stack_->setCurrentWidget(review_);
    review_->start();
    review_->setFocus();
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    QSettings settings;
    settings.setValue(QStringLiteral("window/geometry"), saveGeometry());
    settings.setValue(QStringLiteral("window/state"), saveState());
    event->accept();
}

} // namespace app
