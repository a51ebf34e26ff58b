#pragma once
// Browse: the company -> round -> role tree of sightings on the left, filters and a search box
// over the paged card list in the middle, and the selected card (answer revealed, every
// sighting with its source link) on the right, with edit, suspend, bury and flag.
// All reads go through deck/browse.h and the Collection facade; nothing here writes SQL.

#include <QWidget>

#include "deck/collection.h"
#include "deck/mock_config.h"

class QSplitter;
class QComboBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QListWidgetItem;
class QPushButton;
class QSpinBox;
class QStandardItemModel;
class QTableView;
class QTimer;
class QTreeView;

namespace app {

class CardTableModel;
class CardView;
class CompanyAsksDialog;

class BrowsePage : public QWidget {
    Q_OBJECT
public:
    BrowsePage(deck::Collection& collection, QWidget* parent = nullptr);

    /// Re-reads the tree and the list (after reviews or an import elsewhere in the app).
    void refresh();

    // For tests and for the main window's shortcuts.
    CardTableModel* model() const { return model_; }
    QTreeView* tree() const { return tree_; }
    QTableView* table() const { return table_; }
    QLineEdit* searchBox() const { return search_; }
    QComboBox* topicBox() const { return topic_; }
    QComboBox* stateBox() const { return state_; }
    QComboBox* directionBox() const { return direction_; }
    QListWidget* sightingList() const { return sightings_; }
    /// Selects the card in the list (showing its detail pane) when the current filters hold it,
    /// otherwise shows its detail pane alone.
    void selectCard(deck::CardId id);
    /// The card shown in the detail pane (invalid when none).
    deck::CardId currentCard() const { return current_; }

    /// Whether the browse pane may open `url` in the system browser: only http and https.
    static bool isOpenableLink(const QString& url);

    /// Opens "what this company asks most" for the company selected in the tree (tests call it).
    CompanyAsksDialog* openCompanyAsks();
    QPushButton* companyAsksButton() const { return asks_; }

signals:
    /// A write failed; the text is for the status bar.
    void failed(const QString& message);
    /// From the company view: a mock round of its top cards, or a date to plan for.
    void startMock(const deck::MockConfig& config);
    void planInterview(const QString& company, const QString& round);

protected:
    void showEvent(QShowEvent* event) override;

private:
    QSplitter* splitter_ = nullptr;
    bool sized_ = false;
    void buildTree();
    void applyFilters();
    void showCard(deck::CardId id);
    void clearDetail();
    void editCurrent();
    void toggleSuspended();
    void buryCurrent();
    void flagCurrent(int flag);
    void afterWrite(const deck::Status& status);
    void openSighting(QListWidgetItem* item);

    deck::Collection& collection_;
    QStandardItemModel* treeModel_;
    QTreeView* tree_;
    QLineEdit* search_;
    QComboBox* topic_;
    QSpinBox* minLevel_;
    QSpinBox* maxLevel_;
    QComboBox* state_;
    QComboBox* direction_;  ///< Which positions' sightings the tree and the list count.
    QPushButton* asks_;     ///< What the selected company asks most.
    QLabel* count_;
    CardTableModel* model_;
    QTableView* table_;
    QTimer* searchDelay_;
    CardView* view_;
    QLabel* info_;
    QLabel* detailTitle_;
    QListWidget* sightings_;
    QPushButton* edit_;
    QPushButton* suspend_;
    QPushButton* bury_;
    QComboBox* flag_;
    deck::CardId current_;
    bool currentSuspended_ = false;
};

}  // namespace app
