#pragma once

#include <QMainWindow>

#include "deck/collection.h"

class QActionGroup;
class QStackedWidget;
class QTimer;

namespace app {

class HomePage;
class ReviewPage;
class BrowsePage;
class MockInterviewPage;
class InterviewPage;
class StatsPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(deck::Collection collection, QWidget* parent = nullptr);
    ~MainWindow() override;

    HomePage* homePage() const { return home_; }
    ReviewPage* reviewPage() const { return review_; }
    BrowsePage* browsePage() const { return browse_; }
    MockInterviewPage* mockPage() const { return mock_; }
    InterviewPage* interviewPage() const { return interviews_; }
    StatsPage* statsPage() const { return stats_; }
    deck::Collection& collection() { return collection_; }

    void showHome();
    void showReview();
    void showBrowse();
    void showMock();
    void showInterviews();
    void showStats();

    /// Where automatic backups go: the "backup/folder" setting, else <AppData>/backups.
    static QString backupFolder();
    /// Set when the window closed to restore a backup: main() starts the app again.
    bool restartRequested() const { return restartRequested_; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    void showPage(QWidget* page);
    void backupNow(bool onClose);
    void openSettings();
    void openImport();
    void openImportHistory();
    void openRestore();

    deck::Collection collection_;
    QStackedWidget* stack_;
    HomePage* home_;
    ReviewPage* review_;
    BrowsePage* browse_;
    MockInterviewPage* mock_;
    InterviewPage* interviews_;
    StatsPage* stats_;
    QActionGroup* pages_;
    QTimer* backupTimer_;
    qint64 lastBackupMs_ = 0;
    bool restartRequested_ = false;
};

} // namespace app
