#pragma once
// What one company asks most: its cards ranked by how many of its reports asked them, recent
// reports weighing more, each with its predicted recall on the interview day (or today); from
// here one click starts a mock round of the top N or opens the interview planner for it.
// The ranking is computed in deck/company_asks.h; this dialog only shows it.

#include <QDialog>

#include "deck/collection.h"
#include "deck/mock_config.h"

class QComboBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace app {

class CompanyAsksDialog : public QDialog {
    Q_OBJECT
public:
    /// `round`: preselected round ("" for any).
    CompanyAsksDialog(deck::Collection& collection, const QString& company, const QString& round,
                      const QStringList& rounds, const std::vector<std::string>& directions,
                      QWidget* parent = nullptr);

    QTableWidget* table() const { return table_; }
    QLabel* summary() const { return summary_; }
    QSpinBox* topBox() const { return top_; }
    QComboBox* roundBox() const { return round_; }
    /// The mock round of the current top N (the cards in ranking order, one clock per question).
    deck::MockConfig mockConfig() const;

    enum Column {
        ColRank,
        ColQuestion,
        ColReports,
        ColLatest,
        ColRecall,
        ColumnCount
    };

signals:
    void startMock(const deck::MockConfig& config);
    void planInterview(const QString& company, const QString& round);
    void openCard(qint64 cardId);

private:
    void reload();

    deck::Collection& collection_;
    QString company_;
    std::vector<std::string> directions_;
    std::vector<deck::CardId> ranked_;
    QComboBox* round_;
    QLabel* summary_;
    QTableWidget* table_;
    QSpinBox* top_;
    QPushButton* mock_;
    QPushButton* plan_;
};

}  // namespace app
