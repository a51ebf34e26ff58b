#pragma once
// The mock-interview screen: set up a round (a preset from resources/mock_presets.json or a
// custom one), answer it question by question under a visible clock, score each answer on the
// 0-4 rubric, read the report; past rounds are listed beside the setup. The round itself is
// deck::MockSession: this widget is its view and feeds it the user's actions and a timer.
//
// Keys while a round runs: Space or Ctrl+Return reveals the answer, 0-4 score it (and go on),
// P pauses and resumes, S skips, Ctrl+E ends the round early. Letters and digits typed in the
// notes box stay in the notes.

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "deck/collection.h"
#include "deck/mock_presets.h"
#include "deck/mock_session.h"

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QTimer;

namespace app {

class AnswerPlayer;
class AnswerRecorder;
class CardView;
class MockHistoryView;
class MockReportView;

class MockInterviewPage : public QWidget, private deck::MockView {
    Q_OBJECT
public:
    MockInterviewPage(deck::Collection& collection, QWidget* parent = nullptr);
    ~MockInterviewPage() override;

    /// Selects preset `index` (0-based, in the file's order) in the setup; -1 selects "custom".
    void selectPreset(int index);
    /// The round the setup fields describe.
    deck::MockConfig configFromSetup() const;
    /// Starts a round with `config` (the setup's Start button uses configFromSetup()).
    bool startRound(const deck::MockConfig& config);
    /// Reopens the most recent interrupted round, paused on its first unanswered question.
    bool resumeInterrupted();
    /// Back to the setup with the history refreshed.
    void showSetup();

    deck::MockSession* session() const { return session_.get(); }
    const std::vector<deck::MockPreset>& presets() const { return presets_; }
    CardView* cardView() const { return view_; }
    QPlainTextEdit* notesBox() const { return notes_; }
    MockReportView* reportView() const { return report_; }
    MockHistoryView* historyView() const { return history_; }
    QLabel* clockLabel() const { return clock_; }
    QListWidget* pointList() const { return pointList_; }
    QLabel* suggestionLabel() const { return suggestion_; }
    QCheckBox* recordBox() const { return record_; }
    QPushButton* playAnswerButton() const { return playAnswer_; }
    AnswerRecorder* recorder() const { return recorder_; }
    /// Drives the clock with the given time instead of the wall clock (tests); null: wall clock.
    void setTimeSource(std::function<deck::Now()> source);

signals:
    /// A card of the report's review list was opened.
    void openCard(qint64 cardId);
    /// An answer was written (the review log and the scheduler changed).
    void collectionChanged();
    void failed(const QString& message);

private:
    // deck::MockView
    void showQuestion(const deck::MockQuestion& question) override;
    void showTime(const deck::MockClock& clock) override;
    void showAnswer(const deck::MockQuestion& question, bool timedOut) override;
    void showScored(const deck::MockQuestion& question, int score) override;
    void showState(deck::MockState state) override;
    void showReport(const deck::MockReport& report) override;

    QWidget* buildSetup();
    QWidget* buildRun();
    void fillSetupFromPreset(int index);
    void refreshHistory();
    void openHistoricReport(qint64 sessionId);
    QString roundName(const std::string& presetId) const;
    deck::Now now() const;
    bool check(const deck::Status& status);
    void onReveal();
    void onScore(int score);
    void onPause();
    void onSkip();
    void onEndEarly();
    void onTick();
    void updateButtons();
    /// The key points a typed answer covers, by the importer's term matcher (no network).
    void showPointsCheck(const deck::MockQuestion& q);

    deck::Collection& collection_;
    std::vector<deck::MockPreset> presets_;
    std::unique_ptr<deck::MockSession> session_;
    std::function<deck::Now()> timeSource_;
    QTimer* timer_;

    QStackedWidget* stack_;
    // setup
    QListWidget* presetList_;
    QLabel* presetInfo_;
    QListWidget* topics_;
    QLineEdit* companies_;
    QLineEdit* rounds_;
    QCheckBox* levels_[10];
    QSpinBox* questions_;
    QDoubleSpinBox* perQuestionMin_;  ///< Minutes, halves allowed (60 min / 8 = 7.5).
    QSpinBox* totalMin_;
    QComboBox* order_;
    QSpinBox* passPercent_;
    QPushButton* start_;
    QPushButton* resume_;
    QLabel* setupError_;
    MockHistoryView* history_;
    // run
    QLabel* progress_;
    QLabel* clock_;
    QLabel* stateLine_;
    CardView* view_;
    QPlainTextEdit* notes_;
    QLabel* pointsCheck_;     ///< after the reveal: which key points the typed notes cover
    QListWidget* pointList_;  ///< after the reveal: the key points to tick as covered
    QLabel* suggestion_;      ///< the score the ticks suggest, and the rule
    void updateSuggestion();
    // spoken answers (gui/spoken_answer.h)
    void updateRecordBox();
    void startRecording(int position);
    void stopRecording();
    void showRecordingState();
    void showPlayback(int position);
    QString recordingFile(int position) const;
    AnswerRecorder* recorder_;
    AnswerPlayer* player_;
    QCheckBox* record_;          ///< record each answer while the clock runs
    QLabel* recordState_;        ///< "Recording 0:12", or why recording is off
    QPushButton* playAnswer_;    ///< after the reveal: play the recorded answer
    int recordedPosition_ = -1;  ///< the question the last recording belongs to
    bool pointsMarked_ = false;  ///< the user ticked a point, or typed notes that ticked some
    std::string pointMarks() const;
    QPushButton* reveal_;
    QPushButton* pause_;
    QPushButton* skip_;
    QPushButton* end_;
    QWidget* scoreRow_;
    QPushButton* scoreButtons_[5];
    // report
    MockReportView* report_;
};

}  // namespace app
