#pragma once
// File > Import: paste an interview report or open a file (.txt .md .csv .tsv .json .apkg),
// preview what the importer found (company / round / role per report, each question with its
// proposed match or topic), correct it, and write it all in one transaction. Nothing is written
// before Import. File > Import history lists past imports, each undoable as a whole.

#include <QDialog>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "deck/collection.h"
#include "deck/progress_io.h"
#include "deck/ids.h"
#include "import/import_corrections.h"
#include "import/import_pipeline.h"

class QLabel;
class QPlainTextEdit;
class QCheckBox;
class QProgressBar;
class QPushButton;
class QSlider;
class QTableWidget;
class QThread;
class QTimer;

namespace app {

class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(deck::Collection& collection, QWidget* parent = nullptr);
    ~ImportDialog() override;

    /// Loads a file's bytes as the input (what Open File does after its file picker).
    bool loadFile(const QString& path);
    /// Parses and matches the current input; no write. Inputs above kBackgroundBytes are parsed
    /// on a worker thread while the progress bar runs; previewFinished() is emitted either way.
    void preview();
    /// Writes the previewed import (with the user's corrections) in one transaction.
    std::optional<deck::ImportId> importNow();

    bool hasPreview() const { return preview_.has_value(); }
    /// What the last import merged into existing cards' review logs.
    deck::ReviewMerge lastMerge() const { return lastMerge_; }
    bool busy() const { return worker_ != nullptr; }
    /// Match threshold (Jaccard, 0.3-1.0) the slider sets.
    double threshold() const;
    void setThreshold(double value);
    QString errorText() const;
    QString summaryText() const;
    /// Where the user's corrections are appended (import/import_corrections.h); empty: nowhere.
    /// The main window passes the data folder's import-corrections.tsv.
    void setCorrectionsFile(const QString& path) { correctionsPath_ = path; }

    // Lines read the wrong way (the row's context menu): a question that is the answer to the
    // one above it, or a line of an answer that is a question. The questions are matched again;
    // the user's other choices are kept. Each flip is remembered as a correction.
    /// Row `row` of the question table is the answer to the question above it.
    bool flipToAnswer(int row);
    /// Line `line` of row `row`'s answer (answerLines) is a question of its own.
    bool promoteAnswerLine(int row, int line);
    /// The lines the parser kept as row `row`'s answer (report text only).
    QStringList answerLines(int row) const;
    QTableWidget* questionTable() const { return questions_; }

    /// Inputs larger than this (bytes) are parsed off the GUI thread.
    static constexpr qsizetype kBackgroundBytes = 512 * 1024;

signals:
    void previewFinished(bool ok);
    void imported(deck::ImportId id);

private:
    struct ReportEdit {
        std::string company, round, role;
    };
    /// What becomes of one question: a sighting on a card, a new card, or nothing.
    struct Choice {
        enum Kind {
            Card,
            New,
            Skip
        } kind = New;
        std::optional<deck::CardId> card;
        std::string question;  ///< the card's question, for the label
        bool operator==(const Choice& o) const { return kind == o.kind && card == o.card; }
    };
    std::vector<Choice> choicesFor(const importer::QuestionPreview& q) const;
    Choice choiceOf(const importer::QuestionPreview& q) const;
    QString choiceLabel(const Choice& c) const;
    /// Appends the user's choices that differ from the proposals to the corrections file.
    void recordCorrections() const;
    void openFile();
    void inputEdited();
    void startPreview(bool keepEdits);
    void showPreview(importer::Result<importer::ImportPreview> result);
    void fillReports();
    void fillQuestions();
    void updateSummary();
    void showError(const QString& text);
    void showQuestionMenu(const QPoint& pos);
    /// Applies a correction to a copy of the parsed reports and matches the result again.
    bool reparse(const std::function<bool(std::vector<importer::InterviewReport>&)>& edit,
                 importer::ImportCorrection correction);
    /// The preview with the user's corrections applied, as the plan to write.
    deck::ProgressImport currentPlan() const;

    deck::Collection& collection_;
    QPlainTextEdit* paste_;
    QLabel* fileLabel_;
    QPushButton* openButton_;
    QPushButton* previewButton_;
    QPushButton* importButton_;
    QSlider* threshold_;
    QLabel* thresholdLabel_;
    QTableWidget* reports_;
    QTableWidget* questions_;
    QLabel* summary_;
    QLabel* error_;
    QProgressBar* progress_;
    QPushButton* stopButton_;
    QCheckBox* ankiProgress_;
    QTimer* rerun_;
    QTimer* progressPoll_;
    QThread* worker_ = nullptr;
    std::shared_ptr<importer::PreviewProgress> running_;  ///< the preview on the worker thread

    QString fileName_;  ///< Empty: the input is the paste box.
    QByteArray fileBytes_;
    std::optional<importer::ImportPreview> preview_;
    bool filling_ = false;
    /// The user's corrections, keyed by (report, round) and by candidate-card index; kept when
    /// the threshold re-runs the matching (the same input parses to the same indices).
    std::map<std::pair<std::size_t, std::size_t>, ReportEdit> reportEdits_;
    std::map<std::size_t, std::string> topicEdits_;
    std::map<std::size_t, Choice> choiceEdits_;
    QString correctionsPath_;
    std::vector<importer::ImportCorrection> flips_;  ///< question/answer flips, for the corrections file
    deck::ReviewMerge lastMerge_;
};

/// Past imports, newest first, with an Undo button for each one not yet undone.
class ImportHistoryDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportHistoryDialog(deck::Collection& collection, QWidget* parent = nullptr);
    /// Asks before undoing (the default); tests turn it off.
    void setConfirmUndo(bool ask) { confirmUndo_ = ask; }
    /// Undoes one import (what its Undo button does after asking). Returns false on an error,
    /// which is shown in the dialog.
    bool undo(deck::ImportId id);
    void reload();
    int rowCount() const;

signals:
    void undone(deck::ImportId id);

private:
    deck::Collection& collection_;
    QTableWidget* table_;
    QLabel* error_;
    bool confirmUndo_ = true;
};

}  // namespace app
