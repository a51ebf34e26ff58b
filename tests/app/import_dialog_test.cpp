// The Import dialog on a real collection (offscreen): paste a report, preview, correct it,
// import, and undo the import from the history dialog. Expected values come from the pasted
// text itself (which questions it asks, which deck card says the same thing word for word).
#include <catch2/catch.hpp>

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTableWidget>

#include <filesystem>
#include <fstream>
#include <random>

#include "app_test_main.h"
#include "deck/storage/access.h"
#include "deck/storage/database.h"
#include "gui/import_dialog.h"
#include "import/apkg_writer.h"

namespace fs = std::filesystem;

namespace {

struct TempCollection {
    fs::path dir;
    std::optional<deck::Collection> collection;
    TempCollection()
    {
        std::random_device rd;
        dir = fs::temp_directory_path()
              / ("infracards-import-gui-" + std::to_string(rd()) + std::to_string(rd()));
        fs::create_directories(dir);
        deck::CardContent kv;
        kv.uid = "inference-kv-cache";
        kv.topic = "inference";
        kv.level = 4;
        kv.question = "KV cache 是什么";
        deck::CardContent ring;
        ring.uid = "communication-ring-allreduce";
        ring.topic = "communication";
        ring.question = "讲讲 ring allreduce 的通信量";
        const std::string builtin = (dir / "default.sqlite").string();
        REQUIRE(deck::writeDefaultDeck(builtin, {kv, ring}).ok());
        auto c = deck::Collection::open((dir / "user.sqlite").string(), {.createIfMissing = true});
        REQUIRE(c.ok());
        REQUIRE(c->mergeBuiltinDeck(builtin, {1767225600000, 0}).ok());
        collection.emplace(std::move(c).value());
    }
    ~TempCollection()
    {
        collection.reset();
        std::error_code ec;
        fs::remove_all(dir, ec);
    }
    std::int64_t number(const std::string& sql)
    {
        auto st = deck::storage::of(*collection).prepare(sql);
        REQUIRE(st.ok());
        REQUIRE(st->step());
        return st->int64(0);
    }
};

// Two questions: the first is the deck's KV card word for word (Jaccard 1), the second is new.
// "反问" is left out by the parser.
const char* kReport =
    "字节 推理框架 一面\n1. KV cache 是什么\n2. 如何实现一个线程安全的 LRU cache\n3. 反问\n";

/// The lines of a corrections file other than its comments, header first.
std::vector<std::string> correctionLines(const fs::path& path)
{
    std::ifstream in(path);
    REQUIRE(in);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#')
            lines.push_back(line);
    return lines;
}

QTableWidget* table(QDialog& d, int index)
{
    const auto tables = d.findChildren<QTableWidget*>();
    REQUIRE(tables.size() > index);
    return tables[index];
}

}  // namespace

TEST_CASE("Import dialog: paste, preview, correct, import, then undo from the history", "[import-dialog]")
{
    ensureApp();
    TempCollection t;
    deck::Collection& c = *t.collection;
    const auto cardsBefore = t.number("SELECT count(*) FROM cards");

    app::ImportDialog dialog(c);
    dialog.show();
    auto* paste = dialog.findChild<QPlainTextEdit*>();
    REQUIRE(paste);
    paste->setPlainText(QString::fromUtf8(kReport));
    QSignalSpy finished(&dialog, &app::ImportDialog::previewFinished);
    dialog.preview();
    REQUIRE(finished.count() == 1);  // a small paste is parsed on the spot
    CHECK(finished.at(0).at(0).toBool());
    REQUIRE(dialog.hasPreview());
    CHECK(dialog.errorText().isEmpty());
    // Nothing is written by the preview.
    CHECK(t.number("SELECT count(*) FROM cards") == cardsBefore);
    CHECK(t.number("SELECT count(*) FROM sightings") == 0);

    QTableWidget* reports = table(dialog, 0);
    QTableWidget* questions = table(dialog, 1);
    REQUIRE(reports->rowCount() == 1);
    CHECK(reports->item(0, 0)->text() == QStringLiteral("ByteDance"));
    CHECK(reports->item(0, 1)->text() == QStringLiteral("一面"));
    REQUIRE(questions->rowCount() == 2);
    CHECK(questions->item(0, 1)->text() == QStringLiteral("KV cache 是什么"));
    CHECK(questions->item(0, 2)->text().contains(QStringLiteral("KV cache 是什么")));
    CHECK(questions->item(0, 3)->text() == QStringLiteral("1.00"));
    // No card says it: a new card, with the closest card named (they share "cache").
    CHECK(questions->item(1, 2)->text() == QStringLiteral("new (closest: KV cache 是什么)"));
    // The topic cell edits through a combo of the deck's topic ids.
    questions->editItem(questions->item(1, 4));
    auto* topic = questions->findChild<QComboBox*>();
    REQUIRE(topic);
    CHECK(dialog.summaryText().contains(QStringLiteral("1 new card")));

    // Corrections: the round was really the second one, and the new card goes under "coding".
    reports->item(0, 1)->setText(QStringLiteral("二面"));
    const int coding = topic->findData(QStringLiteral("coding"));
    REQUIRE(coding >= 0);
    topic->setCurrentIndex(coding);
    QAbstractItemDelegate* delegate = questions->itemDelegateForColumn(4);
    emit delegate->commitData(topic);
    emit delegate->closeEditor(topic);
    CHECK(questions->item(1, 4)->text() == QStringLiteral("coding"));

    // The threshold re-runs the matching and keeps the corrections (indices do not move).
    dialog.setThreshold(0.9);
    REQUIRE(finished.wait(2000));
    CHECK(reports->item(0, 1)->text() == QStringLiteral("二面"));
    CHECK(questions->item(1, 4)->text() == QStringLiteral("coding"));

    QSignalSpy imported(&dialog, &app::ImportDialog::imported);
    const auto id = dialog.importNow();
    REQUIRE(id);
    CHECK(imported.count() == 1);
    CHECK(t.number("SELECT count(*) FROM cards") == cardsBefore + 1);
    CHECK(t.number("SELECT count(*) FROM sightings WHERE company = 'ByteDance' AND round = '二面'") == 2);
    CHECK(t.number("SELECT count(*) FROM sightings s JOIN cards c ON c.id = s.card_id"
                   " WHERE c.uid = 'inference-kv-cache'")
          == 1);
    CHECK(t.number("SELECT count(*) FROM cards WHERE question = '如何实现一个线程安全的 LRU cache'"
                   " AND topic = 'coding' AND origin = 'import'")
          == 1);

    app::ImportHistoryDialog history(c);
    history.setConfirmUndo(false);
    REQUIRE(history.rowCount() == 1);
    auto* historyTable = history.findChild<QTableWidget*>();
    REQUIRE(historyTable);
    auto* undo = qobject_cast<QPushButton*>(historyTable->cellWidget(0, 5));
    REQUIRE(undo);
    CHECK(undo->objectName() == QStringLiteral("undo-%1").arg(id->value));
    CHECK(undo->isEnabled());
    undo->click();
    CHECK(t.number("SELECT count(*) FROM cards") == cardsBefore);
    CHECK(t.number("SELECT count(*) FROM sightings") == 0);
    CHECK(t.number("SELECT undone FROM imports") == 1);
    // The list was reloaded: the same import is now marked undone.
    REQUIRE(history.rowCount() == 1);
    auto* undone = qobject_cast<QPushButton*>(historyTable->cellWidget(0, 5));
    REQUIRE(undone);
    CHECK_FALSE(undone->isEnabled());
}

TEST_CASE("Import dialog: a bad file shows file and problem, and nothing is written", "[import-dialog]")
{
    ensureApp();
    TempCollection t;
    const auto cardsBefore = t.number("SELECT count(*) FROM cards");
    const fs::path bad = t.dir / "broken.json";
    {
        std::ofstream f(bad);
        f << "{\n  \"format\": \"infracards\",\n  \"version\": 1,\n  \"cards\": [ {\"question\": \"x\", "
             "\"levle\": 2} ]\n}\n";
    }
    app::ImportDialog dialog(*t.collection);
    REQUIRE(dialog.loadFile(QString::fromStdString(bad.string())));
    dialog.preview();
    CHECK_FALSE(dialog.hasPreview());
    CHECK(dialog.errorText().contains(QStringLiteral("broken.json")));
    CHECK(dialog.errorText().contains(QStringLiteral("/cards/0/levle")));
    CHECK_FALSE(dialog.importNow());
    CHECK(t.number("SELECT count(*) FROM cards") == cardsBefore);
}

TEST_CASE("Import dialog: a large paste is parsed off the GUI thread", "[import-dialog]")
{
    ensureApp();
    TempCollection t;
    // 600 rounds of 4 questions, over kBackgroundBytes.
    std::string text;
    for (int i = 0; text.size() <= static_cast<std::size_t>(app::ImportDialog::kBackgroundBytes); ++i)
        text += "快手 二面\n1. 第" + std::to_string(i) + "题 CUDA stream 和 event 的区别\n2. NCCL ring 第"
                + std::to_string(i) + "次\n3. 讲讲 KV cache 是什么\n\n";
    app::ImportDialog dialog(*t.collection);
    dialog.findChild<QPlainTextEdit*>()->setPlainText(QString::fromStdString(text));
    QSignalSpy finished(&dialog, &app::ImportDialog::previewFinished);
    dialog.preview();
    CHECK(dialog.busy());
    REQUIRE(finished.wait(120000));
    CHECK(finished.at(0).at(0).toBool());
    CHECK_FALSE(dialog.busy());
    REQUIRE(dialog.hasPreview());
    CHECK(table(dialog, 1)->rowCount() > 1000);
}

TEST_CASE("Import dialog: a long preview shows its progress and can be stopped", "[import-dialog][bad-input]")
{
    ensureApp();
    TempCollection t;
    std::string text;
    for (int i = 0; text.size() <= static_cast<std::size_t>(8 * app::ImportDialog::kBackgroundBytes); ++i)
        text += "快手 二面\n1. 第" + std::to_string(i) + "题 CUDA stream 和 event 的区别\n2. NCCL ring 第"
                + std::to_string(i) + "次\n3. 讲讲 KV cache 是什么\n\n";
    app::ImportDialog dialog(*t.collection);
    dialog.findChild<QPlainTextEdit*>()->setPlainText(QString::fromStdString(text));
    QSignalSpy finished(&dialog, &app::ImportDialog::previewFinished);
    dialog.preview();
    REQUIRE(dialog.busy());
    QPushButton* stop = nullptr;
    for (auto* b : dialog.findChildren<QPushButton*>())
        if (b->text() == QStringLiteral("Stop"))
            stop = b;
    REQUIRE(stop != nullptr);
    CHECK_FALSE(stop->isHidden());
    CHECK(dialog.findChild<QProgressBar*>()->maximum() == 1000);
    stop->click();
    REQUIRE(finished.wait(120000));
    CHECK_FALSE(finished.at(0).at(0).toBool());
    CHECK_FALSE(dialog.busy());
    CHECK_FALSE(dialog.hasPreview());
    CHECK(stop->isHidden());
    auto history = t.collection->importHistory();
    REQUIRE(history.ok());
    CHECK(history->empty());
}

TEST_CASE("Import dialog: an Anki package brings its study progress when asked", "[import-dialog]")
{
    ensureApp();
    TempCollection t;
    importer::ExportedCard card;
    card.content.uid = "anki-dialog-1";
    card.content.question = "Anki 里学过的一张卡：NCCL ring 的带宽";
    card.content.answer = "答案";
    scheduler::CardState s;
    s.isNew = false;
    s.easiness = 2.6;
    s.intervalDays = 9;
    s.repetitions = 3;
    s.due = 20463;
    card.state = s;
    const auto apkg = importer::writeApkg({card}, 1767225600000, "d.apkg");
    REQUIRE(apkg.ok());
    const fs::path file = t.dir / "d.apkg";
    std::ofstream(file, std::ios::binary) << *apkg;

    app::ImportDialog dialog(*t.collection);
    auto* progress = dialog.findChild<QCheckBox*>(QStringLiteral("ankiProgress"));
    REQUIRE(progress);
    CHECK_FALSE(progress->isChecked());  // asked for, not assumed
    progress->setChecked(true);
    REQUIRE(dialog.loadFile(QString::fromStdString(file.string())));
    dialog.preview();
    REQUIRE(dialog.hasPreview());
    REQUIRE(dialog.importNow());
    const auto id = t.collection->findByUid("anki-dialog-1");
    REQUIRE(id.ok());
    const auto state = t.collection->cardState(*id);
    REQUIRE(state.ok());
    CHECK(state->intervalDays == 9);
    CHECK(state->due == 20463);
    CHECK(state->easiness == Approx(2.6));
}

TEST_CASE("Import dialog: a question moved to another close card, a line left out, both remembered",
          "[import-dialog]")
{
    ensureApp();
    TempCollection t;
    const auto cardsBefore = t.number("SELECT count(*) FROM cards");
    app::ImportDialog dialog(*t.collection);
    const fs::path corrections = t.dir / "data" / "import-corrections.tsv";
    dialog.setCorrectionsFile(QString::fromStdString(corrections.string()));
    dialog.show();
    // The first question names both cards' subjects; the second asks nothing the deck has.
    dialog.findChild<QPlainTextEdit*>()->setPlainText(
        QString::fromUtf8("快手 一面\n1. ring allreduce 时 KV cache 放在哪里\n2. 周末加班多不多\n"));
    dialog.preview();
    REQUIRE(dialog.hasPreview());
    QTableWidget* questions = table(dialog, 1);
    REQUIRE(questions->rowCount() == 2);
    QTableWidgetItem* first = questions->item(0, 2);
    const QStringList labels = first->data(Qt::UserRole + 12).toStringList();
    // The proposal, the other close card, a new card, leave it out.
    REQUIRE(labels.size() == 4);
    CHECK(labels[2] == QStringLiteral("new"));
    CHECK(labels[3] == QStringLiteral("not a question: leave out"));
    const bool ringFirst = labels[0].contains(QStringLiteral("ring allreduce"));
    CHECK(labels[ringFirst ? 1 : 0].contains(QStringLiteral("KV cache 是什么")));
    const QString otherUid =
        ringFirst ? QStringLiteral("inference-kv-cache") : QStringLiteral("communication-ring-allreduce");

    auto choose = [&](int row, int index) {
        questions->editItem(questions->item(row, 2));
        QComboBox* combo = nullptr;
        for (auto* c : questions->findChildren<QComboBox*>())
            if (c->isVisible())
                combo = c;
        REQUIRE(combo);
        REQUIRE(combo->count() > index);
        combo->setCurrentIndex(index);
        QAbstractItemDelegate* delegate = questions->itemDelegateForColumn(2);
        emit delegate->commitData(combo);
        emit delegate->closeEditor(combo);
        QCoreApplication::processEvents();
    };
    choose(0, 1);  // the other close card
    const int skip = questions->item(1, 2)->data(Qt::UserRole + 12).toStringList().size() - 1;
    choose(1, skip);  // not a question
    CHECK(dialog.summaryText().contains(QStringLiteral("1 line left out.")));
    CHECK(dialog.summaryText().contains(QStringLiteral("0 new cards")));

    REQUIRE(dialog.importNow());
    CHECK(t.number("SELECT count(*) FROM cards") == cardsBefore);
    CHECK(t.number("SELECT count(*) FROM sightings s JOIN cards c ON c.id = s.card_id WHERE c.uid = '"
                   + otherUid.toStdString() + "' AND s.company = 'Kuaishou'")
          == 1);
    CHECK(t.number("SELECT count(*) FROM sightings") == 1);

    // Both corrections are in the file, with what was proposed and what was chosen.
    const std::vector<std::string> lines = correctionLines(corrections);
    REQUIRE(lines.size() == 3);
    CHECK(lines[0] == "time_ms\taction\tsource\tproposed\tchosen\tquestion");
    CHECK(lines[1].find("\tother-card\t") != std::string::npos);
    CHECK(lines[1].find("\t" + otherUid.toStdString() + "\tring allreduce 时 KV cache 放在哪里")
          != std::string::npos);
    CHECK(lines[2].find("\tnot-a-question\t") != std::string::npos);
    CHECK(lines[2].ends_with("\t周末加班多不多"));
}

TEST_CASE("Import dialog: a question flipped into an answer and an answer line into a question",
          "[import-dialog][flip]")
{
    ensureApp();
    TempCollection t;
    app::ImportDialog dialog(*t.collection);
    const fs::path corrections = t.dir / "data" / "import-corrections.tsv";
    dialog.setCorrectionsFile(QString::fromStdString(corrections.string()));
    dialog.show();
    // Item 2 is what the candidate answered; inside the answer to item 1 the interviewer's
    // second question hides as an indented line.
    dialog.findChild<QPlainTextEdit*>()->setPlainText(
        QString::fromUtf8("美团 一面\n"
                          "1. KV cache 是什么\n"
                          "   我说是缓存每层的 K 和 V\n"
                          "   他接着问 讲讲 ring allreduce 的通信量\n"
                          "2. 大概是 2(n-1)/n 倍的数据量\n"
                          "3. 手写一个 LRU cache\n"));
    dialog.preview();
    REQUIRE(dialog.hasPreview());
    QTableWidget* questions = dialog.questionTable();
    REQUIRE(questions->rowCount() == 3);
    // How each line was read, with the importer's confidence.
    CHECK(questions->item(0, 5)->text() == QStringLiteral("numbered item · sure"));
    CHECK(dialog.answerLines(0)
          == QStringList{QStringLiteral("我说是缓存每层的 K 和 V"),
                         QStringLiteral("他接着问 讲讲 ring allreduce 的通信量")});

    // The first question cannot be the answer to one above it.
    CHECK_FALSE(dialog.flipToAnswer(0));
    REQUIRE(dialog.flipToAnswer(1));
    REQUIRE(questions->rowCount() == 2);
    CHECK(questions->item(1, 1)->text() == QStringLiteral("手写一个 LRU cache"));
    CHECK(dialog.answerLines(0).last() == QStringLiteral("大概是 2(n-1)/n 倍的数据量"));

    REQUIRE(dialog.promoteAnswerLine(0, 1));
    REQUIRE(questions->rowCount() == 3);
    CHECK(questions->item(1, 1)->text() == QStringLiteral("他接着问 讲讲 ring allreduce 的通信量"));
    CHECK(questions->item(1, 5)->text() == QStringLiteral("chosen by you · sure"));
    // Matched afresh: it proposes the deck's ring all-reduce card.
    CHECK(questions->item(1, 2)->text().contains(QStringLiteral("讲讲 ring allreduce 的通信量")));
    CHECK(dialog.answerLines(1) == QStringList{QStringLiteral("大概是 2(n-1)/n 倍的数据量")});

    REQUIRE(dialog.importNow());
    CHECK(t.number("SELECT count(*) FROM sightings s JOIN cards c ON c.id = s.card_id "
                   "WHERE c.uid = 'communication-ring-allreduce' AND s.company = 'Meituan'")
          == 1);
    CHECK(t.number("SELECT count(*) FROM cards WHERE question = '大概是 2(n-1)/n 倍的数据量'") == 0);
    const std::vector<std::string> lines = correctionLines(corrections);
    REQUIRE(lines.size() == 3);
    CHECK(lines[1].find("\tanswer-line\t") != std::string::npos);
    CHECK(lines[1].ends_with("\t大概是 2(n-1)/n 倍的数据量"));
    CHECK(lines[2].find("\tquestion-line\t") != std::string::npos);
    CHECK(lines[2].ends_with("\t他接着问 讲讲 ring allreduce 的通信量"));
}
