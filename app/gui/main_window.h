#pragma once

#include <QMainWindow>

#include "deck/collection.h"

class QAction;
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
    // Browse, Mock, Interviews and Statistics are built the first time they are asked for, so
    // they do not delay the first card at start-up.
    BrowsePage* browsePage();
    MockInterviewPage* mockPage();
    InterviewPage* interviewPage();
    StatsPage* statsPage();
    deck::Collection& collection() { return collection_; }

    void showHome();
    void showReview();
    void showBrowse();
    void showMock();
    void showInterviews();
    void showStats();

    /// Writes the whole collection to `path` as InfraCards JSON, CSV or an Anki package (by its
    /// extension: .json, .csv, .apkg), the same export as `infracards-cli export`; the status bar
    /// says how many cards went where, or why nothing was written. What File > Export runs after
    /// its file dialog. A progress dialog shows the cards written and can stop the export before
    /// the file is touched. `withProgress`: scheduling and the review log go with the cards.
    bool exportTo(const QString& path, bool withProgress = true);

    /// Merges another InfraCards collection file (a second computer's) into this one: the cards
    /// this one lacks, and every review of the shared cards, merged by answer time and replayed
    /// (deck::planCollectionMerge), after a backup. With `ask`, a dialog shows what it brings and
    /// asks first. Returns the result line (also shown in the status bar), empty when nothing
    /// was merged. What File > Merge progress from another collection runs after its file dialog.
    QString mergeFrom(const QString& path, bool ask = true);

    /// Where automatic backups go: the "backup/folder" setting, else <AppData>/backups.
    static QString backupFolder();
    /// Set when the window closed to restore a backup: main() starts the app again.
    bool restartRequested() const { return restartRequested_; }

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    void buildMenus();
    enum Page {
        Home,
        Review,
        Browse,
        Mock,
        Interviews,
        Stats,
        PageCount
    };
    void showPage(QWidget* page, Page which);
    void backupNow(bool onClose);
    void openSettings();
    void openImport();
    void openImportHistory();
    void openExport();
    void openMerge();
    void openRestore();

    deck::Collection collection_;
    QStackedWidget* stack_;
    HomePage* home_;
    ReviewPage* review_;
    BrowsePage* browse_ = nullptr;
    MockInterviewPage* mock_ = nullptr;
    InterviewPage* interviews_ = nullptr;
    StatsPage* stats_ = nullptr;
    QActionGroup* pages_;
    QAction* pageActions_[PageCount] = {};
    QTimer* backupTimer_;
    qint64 lastBackupMs_ = 0;
    bool restartRequested_ = false;
};

}  // namespace app
