#pragma once
// Interviews: the dates the user is preparing for, what each one asks of them (relevant cards,
// cards covered so far, cards a day, predicted recall on the day with and without the plan),
// the planned load per day as a chart, and a comparison of SM-2, FSRS and FSRS with the plan
// from the simulator. The figures come from deck/interviews.h with the same limits the daily
// queue uses, so what this page promises is what the review screen serves.

#include <QDate>
#include <QString>
#include <QWidget>

#include <vector>

#include "deck/collection.h"
#include "scheduler/types.h"

class QChart;
class QChartView;
class QComboBox;
class QDateEdit;
class QLabel;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace app {

/// One line for the home screen about the soonest interview still ahead, e.g. "Next interview:
/// ByteDance 推理框架 二面 in 11 days · 38 cards a day · predicted recall 92 %". Empty when
/// there is none (or the collection cannot be read).
QString nextInterviewLine(deck::Collection& collection);

class InterviewPage : public QWidget {
    Q_OBJECT
public:
    InterviewPage(deck::Collection& collection, QWidget* parent = nullptr);
    /// Re-reads the interviews, the plan and the company list from the collection.
    void refresh();
    /// Fills the new-interview fields with a company (and round), ready for a date.
    void prefill(const QString& company, const QString& round);
    /// Starts the weak-spot drill of the selected interview (for tests; the button runs it).
    void drillClicked();

    // For tests and screenshots.
    QTableWidget* interviewTable() const { return table_; }
    QTableWidget* comparisonTable() const { return comparison_; }
    QChart* loadChart() const;
    QLabel* warningLabel() const { return warning_; }

    /// Table columns.
    enum Column {
        ColCompany,
        ColRole,
        ColRound,
        ColDate,
        ColDaysLeft,
        ColRelevant,
        ColCovered,
        ColPerDay,
        ColRecallPlan,
        ColRecallNoPlan,
        ColumnCount
    };

signals:
    /// The user asked for a weak-spot drill: these cards, weakest first, under this title.
    void drillRequested(const std::vector<deck::CardId>& cards, const QString& title);

protected:
    void changeEvent(QEvent* event) override;

private:
    void addClicked();
    void removeClicked();
    void compareClicked();
    void companyChanged();
    void fillCompanies();
    void showError(const QString& what, const QString& detail);

    deck::Collection& collection_;
    QComboBox* company_;
    QComboBox* role_;
    QComboBox* round_;
    QDateEdit* date_;
    QPushButton* add_;
    QPushButton* remove_;
    QPushButton* drill_;
    QLabel* status_;
    QTableWidget* table_;
    QLabel* summary_;
    QLabel* warning_;
    QChartView* chart_;
    QSpinBox* simBudget_;
    QPushButton* compare_;
    QLabel* compareNote_;
    QTableWidget* comparison_;
};

}  // namespace app
