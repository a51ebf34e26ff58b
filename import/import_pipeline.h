#pragma once
// The whole import in one place, shared by the CLI and the app: sniff the input, parse it,
// match every question against the deck, classify the new ones, and build the plan that the
// collection applies in one transaction. Nothing here writes.

#include "deck/collection.h"
#include "deck/progress_io.h"
#include "duplicate_groups.h"
#include "candidate_cards.h"
#include "import_error.h"
#include "input_text.h"
#include "interview_report.h"
#include "topic_classifier.h"

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace importer {

enum class InputFormat {
    ReportText,
    Csv,
    Json,
    Apkg
};
const char* formatName(InputFormat f);

/// By content first (zip magic, '{'), then by extension (.csv .tsv .json .apkg); anything else
/// is report text.
InputFormat sniffFormat(const std::string& fileName, std::string_view bytes);

/// An existing card, as the matcher sees it.
/// A deck card as the matcher sees it: id, question, and the optional uid (its words help the term
/// matcher, term_matcher.h), English question, tags and key points.
using DeckEntry = deck::CardMatchText;

/// One incoming question with what the import proposes for it.
struct QuestionPreview {
    std::size_t report = 0, round = 0, question = 0;  ///< indices into `reports` (report text only)
    std::size_t card = 0;                             ///< index into `batch.cards`
    std::string text;
    std::optional<deck::CardId> match;  ///< existing card it merges into
    std::string matchQuestion;          ///< that card's question, for the preview
    double score = 0;                   ///< Jaccard with it (or the best seen)
    std::size_t group = 0;              ///< same group: one new card
    TopicGuess topic;
    /// Without a match: the closest existing card by term coverage, for the user to pick.
    std::optional<deck::CardId> suggestion;
    double suggestionScore = 0;
    /// The matcher's best-ranked cards (best first, at most kClosestCards), the match or the
    /// suggestion among them, so the user can pick another.
    struct Choice {
        deck::CardId id;
        std::string question;
        double score = 0;  ///< term coverage, 0-1
    };
    std::vector<Choice> closest;
    /// Report text only: how the parser recognised the line (its confidence: confidenceOf);
    /// empty for a record of a CSV, JSON or Anki file.
    std::optional<QuestionEvidence> evidence;
};

struct ImportPreview {
    std::string source;
    InputFormat format = InputFormat::ReportText;
    SourceEncoding encoding = SourceEncoding::Utf8;  ///< how the text was read (not for .apkg)
    std::size_t repairedFields = 0;          ///< .apkg fields whose malformed UTF-8 bytes became U+FFFD
    std::vector<InterviewReport> reports;    ///< report text only
    ImportBatch batch;                       ///< every candidate card, whatever the format
    std::vector<QuestionPreview> questions;  ///< one per candidate card, same order
};

/// Shared between a preview running on another thread and the window that shows it.
struct PreviewProgress {
    std::atomic<int> permille{0};   ///< how far the preview is, 0-1000
    std::atomic<bool> stop{false};  ///< set to stop the preview (it returns ErrorKind::Stopped)
};

struct PreviewOptions {
    MatchOptions match{};
    /// Reports how far the preview is and lets another thread stop it. May be empty.
    std::shared_ptr<PreviewProgress> progress;
    /// Anki packages: bring each card's scheduling and review log too (readApkg's withProgress).
    bool ankiProgress = false;
    /// Maps a uid from a JSON or .apkg file to an existing card, so re-importing an export adds
    /// nothing twice. May be empty.
    std::function<std::optional<deck::CardId>(const std::string& uid)> findByUid;
};

/// What the term matcher reads of each deck card: the uid's words as subject words, and a
/// "coding-" uid marks a coding card.
std::vector<CardText> cardTexts(const std::vector<DeckEntry>& deck);

/// Parses `bytes` (a file's content or pasted text) and matches it against `deck`.
Result<ImportPreview> previewImport(const std::string& fileName, std::string_view bytes,
                                    const std::vector<DeckEntry>& deck, const PreviewOptions& options = {});

/// The same preview for reports the user corrected in the import window (a question turned into
/// the answer of the one above it, a line of an answer turned into a question): the questions
/// are matched afresh. Rounds and reports left without a question are dropped.
Result<ImportPreview> previewReports(std::vector<InterviewReport> reports, const std::string& fileName,
                                     const std::vector<DeckEntry>& deck, const PreviewOptions& options = {});

/// The plan for Collection::applyImport: matched questions become sightings on their card,
/// each group of unmatched questions one new card (topic from the classifier, tagged "imported").
deck::ImportPlan buildImportPlan(const ImportPreview& preview);

/// The same plan with the study history a JSON file carries (suspended, flag, user-edited,
/// scheduling state, review log) on each new card, for deck::applyProgressImport. Cards matched
/// to existing ones only add sightings: the collection's own history is kept.
deck::ProgressImport buildProgressImport(const ImportPreview& preview);

/// Candidate cards of a report: one per question, with the report's company, round, role and date
/// as a sighting. Unknown company or round stays empty.
ImportBatch reportsToBatch(const std::vector<InterviewReport>& reports, const std::string& source);

}  // namespace importer
