#pragma once
// The daily review screen: question, Space to reveal, 1-4 to grade (each button showing the
// interval the scheduler would give), Ctrl+Z to undo, a progress line, a summary at the end.

#include <QElapsedTimer>
#include <QWidget>

#include <deque>
#include <vector>

#include <optional>

#include "deck/collection.h"

class QLabel;
class QPushButton;
class QSplitter;
class QScrollArea;
class QStackedWidget;

namespace app {

class CardView;
class FormulaPanel;
class DemoPanel;

class ReviewPage : public QWidget {
    Q_OBJECT
public:
    ReviewPage(deck::Collection& collection, QWidget* parent = nullptr);

    /// Loads today's queue and shows its first card.
    void start();
    /// A weak-spot drill of `cards` in this order (deck::weakSpots): each answer is logged as a
    /// drill answer that leaves the schedule alone; a card answered Again comes back at the end.
    void startDrill(const std::vector<deck::CardId>& cards, const QString& title);
    bool drilling() const { return drilling_; }
    void reveal();
    void grade(int button);  ///< 1-4
    void undo();
    /// Shows one card outside the queue (browse preview, screenshots); grading still works.
    void showCard(deck::CardId id, bool revealed);
    CardView* cardView() const { return view_; }
    FormulaPanel* formulaPanel() const { return formula_; }
    DemoPanel* demoPanel() const { return demo_; }
    std::optional<deck::CardId> currentCard() const { return current_; }
    bool revealed() const { return revealed_; }

signals:
    void sessionChanged();  ///< An answer was written or undone.
    void finished();
    void failed(const QString& message);

private:
    void showNext();
    void updateButtons();
    void updateProgress();
    /// Formula cards show their calculator, demo cards their Run panel, under the revealed card.
    void updateExtraPanel();
    void display(const deck::Card& card, bool revealed);

    deck::Collection& collection_;
    CardView* view_;
    QSplitter* splitter_;
    FormulaPanel* formula_;
    DemoPanel* demo_;
    QStackedWidget* extraStack_;
    QScrollArea* formulaScroll_;
    QString formulaId_;
    QString demoId_;
    QLabel* progress_;
    QPushButton* revealButton_;
    QPushButton* gradeButtons_[4];
    std::optional<deck::CardId> current_;
    bool revealed_ = false;
    QElapsedTimer shownFor_;
    QElapsedTimer sessionTime_;
    int answered_ = 0;
    int again_ = 0;
    bool drilling_ = false;
    std::deque<deck::CardId> drill_;  ///< The drill's cards still to show, after the current one.
    QString drillTitle_;
};

/// "3 d", "2 mo" ... for a button label.
QString formatInterval(int days);

}  // namespace app
