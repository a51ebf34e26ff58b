#include "gui/import_dialog.h"
#include "import/report_parser.h"
#include "gui/error_text.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTime>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSlider>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QMenu>
#include <QTableWidget>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <limits>
#include <memory>
#include <set>
#include <unordered_map>

#include "common/user_collection.h"
#include "deck/backups.h"
#include "deck/deck_source.h"
#include "deck/progress_io.h"
#include "import/company_aliases.h"
#include "import/import_corrections.h"
#include "import/input_text.h"
#include "import/round_names.h"

namespace app {

namespace {

constexpr const char* kPasteSource = "<paste>";

QString qs(const std::string& s)
{
    return QString::fromStdString(s);
}

deck::Now wallClock()
{
    const QDateTime now = QDateTime::currentDateTime();
    return {now.toMSecsSinceEpoch(), now.offsetFromUtc()};
}

/// How the importer recognised a question, in words.
QString evidenceText(importer::QuestionEvidence e)
{
    switch (e) {
    case importer::QuestionEvidence::Numbered: return ImportDialog::tr("numbered item");
    case importer::QuestionEvidence::Marked: return ImportDialog::tr("list item");
    case importer::QuestionEvidence::Heading: return ImportDialog::tr("heading");
    case importer::QuestionEvidence::Speaker: return ImportDialog::tr("interviewer's words");
    case importer::QuestionEvidence::Plain: return ImportDialog::tr("line of its own");
    case importer::QuestionEvidence::Label: return ImportDialog::tr("subject under a label");
    case importer::QuestionEvidence::Prose: return ImportDialog::tr("from a paragraph");
    case importer::QuestionEvidence::Chosen: return ImportDialog::tr("chosen by you");
    }
    return {};
}

QString confidenceText(importer::QuestionConfidence c)
{
    switch (c) {
    case importer::QuestionConfidence::High: return ImportDialog::tr("sure");
    case importer::QuestionConfidence::Medium: return ImportDialog::tr("likely");
    case importer::QuestionConfidence::Low: return ImportDialog::tr("unsure");
    }
    return {};
}

/// Outside text is shown as text: a QTableWidgetItem never interprets HTML.
QTableWidgetItem* textItem(const QString& text, bool editable = false)
{
    auto* item = new QTableWidgetItem(text);
    Qt::ItemFlags f = Qt::ItemIsEnabled | Qt::ItemIsSelectable;
    if (editable)
        f |= Qt::ItemIsEditable;
    item->setFlags(f);
    item->setToolTip(text);
    return item;
}

QLabel* plainLabel(QWidget* parent)
{
    auto* l = new QLabel(parent);
    l->setTextFormat(Qt::PlainText);
    l->setWordWrap(true);
    return l;
}

enum QuestionColumn {
    QReport,
    QText,
    QProposal,
    QScore,
    QTopic,
    QRead,
    QColumns
};
enum ItemRole {
    kTopicRole = Qt::UserRole + 10,
    kCardRole,
    kChoiceLabelsRole,
    kChoiceRole
};

/// The topic cell's editor: a combo with the deck's topic ids (docs/deck-format.md). An editor
/// made on demand rather than a combo per row keeps a preview of thousands of questions fast.
class TopicDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&, const QModelIndex&) const override
    {
        auto* combo = new QComboBox(parent);
        for (const std::string& t : deck::knownTopics())
            combo->addItem(QString::fromStdString(t), QString::fromStdString(t));
        return combo;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        auto* combo = static_cast<QComboBox*>(editor);
        const QString current = index.data(kTopicRole).toString();
        if (!current.isEmpty() && combo->findData(current) < 0)
            combo->addItem(current, current);
        combo->setCurrentIndex(std::max(0, combo->findData(current)));
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        const QString topic = static_cast<QComboBox*>(editor)->currentData().toString();
        model->setData(index, topic, kTopicRole);
        model->setData(index, topic, Qt::DisplayRole);
    }
};
/// The proposal cell's editor: the proposed card, the matcher's other closest cards, a new card,
/// or "not a question" (the line is left out), as listed in the cell's kChoiceLabelsRole.
class ProposalDelegate : public QStyledItemDelegate {
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    QWidget* createEditor(QWidget* parent, const QStyleOptionViewItem&,
                          const QModelIndex& index) const override
    {
        auto* combo = new QComboBox(parent);
        combo->addItems(index.data(kChoiceLabelsRole).toStringList());
        return combo;
    }
    void setEditorData(QWidget* editor, const QModelIndex& index) const override
    {
        static_cast<QComboBox*>(editor)->setCurrentIndex(index.data(kChoiceRole).toInt());
    }
    void setModelData(QWidget* editor, QAbstractItemModel* model, const QModelIndex& index) const override
    {
        auto* combo = static_cast<QComboBox*>(editor);
        model->setData(index, combo->currentIndex(), kChoiceRole);
        model->setData(index, combo->currentText(), Qt::DisplayRole);
    }
};

enum ReportColumn {
    RCompany,
    RRound,
    RRole,
    RDate,
    RQuestions,
    RColumns
};

}  // namespace

ImportDialog::ImportDialog(deck::Collection& collection, QWidget* parent)
    : QDialog(parent), collection_(collection)
{
    setWindowTitle(tr("Import"));
    resize(1000, 720);

    paste_ = new QPlainTextEdit(this);
    paste_->setPlaceholderText(tr("Paste an interview report here (company, round, numbered questions), "
                                  "or open a file: .txt .md .csv .tsv .json .apkg .colpkg"));
    paste_->setMaximumHeight(180);
    fileLabel_ = plainLabel(this);
    openButton_ = new QPushButton(tr("Open File…"), this);
    previewButton_ = new QPushButton(tr("Preview"), this);
    previewButton_->setDefault(true);
    ankiProgress_ = new QCheckBox(tr("Bring study progress from Anki"), this);
    ankiProgress_->setObjectName(QStringLiteral("ankiProgress"));
    ankiProgress_->setToolTip(
        tr("For an Anki package: keep each new card's intervals, ease, due day and review log"));
    auto* inputRow = new QHBoxLayout;
    inputRow->addWidget(openButton_);
    inputRow->addWidget(fileLabel_, 1);
    inputRow->addWidget(ankiProgress_);
    inputRow->addWidget(previewButton_);

    threshold_ = new QSlider(Qt::Horizontal, this);
    threshold_->setRange(30, 100);  // Jaccard x 100
    threshold_->setValue(static_cast<int>(importer::MatchOptions{}.threshold * 100 + 0.5));
    threshold_->setToolTip(
        tr("How alike two questions must be (character n-gram Jaccard) to count as the same card"));
    thresholdLabel_ = new QLabel(this);
    auto* thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(new QLabel(tr("Match threshold"), this));
    thresholdRow->addWidget(threshold_, 1);
    thresholdRow->addWidget(thresholdLabel_);

    reports_ = new QTableWidget(0, RColumns, this);
    reports_->setHorizontalHeaderLabels(
        {tr("Company"), tr("Round"), tr("Role"), tr("Date"), tr("Questions")});
    reports_->horizontalHeader()->setStretchLastSection(true);
    reports_->verticalHeader()->setVisible(false);
    reports_->setToolTip(tr("Double-click a company, round or role to correct it"));
    reports_->setMaximumHeight(150);

    questions_ = new QTableWidget(0, QColumns, this);
    questions_->setHorizontalHeaderLabels(
        {tr("Report"), tr("Question"), tr("Proposed match"), tr("Score"), tr("Topic"), tr("Read as")});
    questions_->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(questions_, &QTableWidget::customContextMenuRequested, this, &ImportDialog::showQuestionMenu);
    questions_->horizontalHeader()->setSectionResizeMode(QText, QHeaderView::Stretch);
    questions_->horizontalHeader()->setSectionResizeMode(QProposal, QHeaderView::Stretch);
    questions_->verticalHeader()->setVisible(false);
    questions_->setWordWrap(false);
    questions_->setItemDelegateForColumn(QTopic, new TopicDelegate(questions_));
    questions_->setItemDelegateForColumn(QProposal, new ProposalDelegate(questions_));

    summary_ = plainLabel(this);
    error_ = plainLabel(this);
    error_->setStyleSheet(QStringLiteral("color: #b00020;"));
    error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    error_->hide();
    progress_ = new QProgressBar(this);
    progress_->setRange(0, 1000);  // the pipeline reports per mille (importer::PreviewProgress)
    progress_->setTextVisible(false);
    progress_->hide();
    stopButton_ = new QPushButton(tr("Stop"), this);
    stopButton_->setToolTip(tr("Stop reading this file; the collection is not changed"));
    stopButton_->hide();
    progressPoll_ = new QTimer(this);
    progressPoll_->setInterval(100);
    connect(progressPoll_, &QTimer::timeout, this, [this] {
        if (running_)
            progress_->setValue(running_->permille.load());
    });
    connect(stopButton_, &QPushButton::clicked, this, [this] {
        if (running_)
            running_->stop = true;
        stopButton_->setEnabled(false);
    });

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    importButton_ = buttons->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
    importButton_->setEnabled(false);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(paste_);
    layout->addLayout(inputRow);
    auto* progressRow = new QHBoxLayout;
    progressRow->addWidget(progress_, 1);
    progressRow->addWidget(stopButton_);
    layout->addLayout(progressRow);
    layout->addWidget(error_);
    layout->addLayout(thresholdRow);
    layout->addWidget(reports_);
    layout->addWidget(questions_, 1);
    layout->addWidget(summary_);
    layout->addWidget(buttons);

    rerun_ = new QTimer(this);
    rerun_->setSingleShot(true);
    rerun_->setInterval(250);  // ms: re-match once the slider rests

    connect(openButton_, &QPushButton::clicked, this, &ImportDialog::openFile);
    connect(previewButton_, &QPushButton::clicked, this, &ImportDialog::preview);
    connect(paste_, &QPlainTextEdit::textChanged, this, &ImportDialog::inputEdited);
    connect(threshold_, &QSlider::valueChanged, this, [this](int v) {
        thresholdLabel_->setText(QString::number(v / 100.0, 'f', 2));
        if (preview_)
            rerun_->start();
    });
    connect(rerun_, &QTimer::timeout, this, [this] { startPreview(true); });
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(importButton_, &QPushButton::clicked, this, [this] {
        if (importNow())
            accept();
    });
    connect(reports_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (filling_ || !preview_)
            return;
        const auto key = std::make_pair(item->data(Qt::UserRole).value<qulonglong>(),
                                        item->data(Qt::UserRole + 1).value<qulonglong>());
        ReportEdit& e =
            reportEdits_[{static_cast<std::size_t>(key.first), static_cast<std::size_t>(key.second)}];
        const int row = item->row();
        e.company = reports_->item(row, RCompany)->text().trimmed().toStdString();
        e.round = reports_->item(row, RRound)->text().trimmed().toStdString();
        e.role = reports_->item(row, RRole)->text().trimmed().toStdString();
        updateSummary();
    });
    connect(questions_, &QTableWidget::itemChanged, this, [this](QTableWidgetItem* item) {
        if (filling_ || !preview_)
            return;
        if (item->column() == QTopic) {
            topicEdits_[static_cast<std::size_t>(item->data(kCardRole).value<qulonglong>())] =
                item->data(kTopicRole).toString().toStdString();
            return;
        }
        if (item->column() != QProposal)
            return;
        const auto card = static_cast<std::size_t>(item->data(Qt::UserRole).value<qulonglong>());
        const auto it = std::find_if(preview_->questions.begin(), preview_->questions.end(),
                                     [card](const importer::QuestionPreview& q) { return q.card == card; });
        if (it == preview_->questions.end())
            return;
        const auto options = choicesFor(*it);
        const int index = item->data(kChoiceRole).toInt();
        if (index < 0 || index >= static_cast<int>(options.size()))
            return;
        choiceEdits_[card] = options[static_cast<std::size_t>(index)];
        // A question taken out of its match becomes a new card and needs a topic combo.
        QTimer::singleShot(0, this, [this] {
            fillQuestions();
            updateSummary();
        });
    });
    thresholdLabel_->setText(QString::number(threshold(), 'f', 2));
}

ImportDialog::~ImportDialog()
{
    if (running_)
        running_->stop = true;  // closing the window stops the preview instead of waiting for it
    if (worker_) {
        worker_->wait();  // the worker holds no pointer to this dialog, only its own copies
        delete worker_;
    }
}

double ImportDialog::threshold() const
{
    return threshold_->value() / 100.0;
}

void ImportDialog::setThreshold(double value)
{
    threshold_->setValue(static_cast<int>(value * 100 + 0.5));
}

QString ImportDialog::errorText() const
{
    return error_->text();
}

QString ImportDialog::summaryText() const
{
    return summary_->text();
}

void ImportDialog::openFile()
{
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Import file"), QString(),
        tr("Interview reports and decks (*.txt *.md *.csv *.tsv *.json *.apkg *.colpkg);;All files (*)"));
    if (!path.isEmpty() && loadFile(path))
        preview();
}

bool ImportDialog::loadFile(const QString& path)
{
    auto bytes = importer::readFileBytes(path.toStdString());
    if (!bytes) {
        showError(app::errorTextWithDetail(bytes.error()));
        return false;
    }
    fileBytes_ = QByteArray::fromStdString(bytes.value());
    fileName_ = path;
    filling_ = true;
    paste_->clear();
    filling_ = false;
    fileLabel_->setText(
        tr("File: %1 (%2 KB)").arg(QFileInfo(path).fileName()).arg((fileBytes_.size() + 1023) / 1024));
    inputEdited();
    return true;
}

void ImportDialog::inputEdited()
{
    if (filling_)
        return;
    if (!paste_->toPlainText().isEmpty() && !fileName_.isEmpty()) {
        // Typing in the box switches the input back to pasted text.
        fileName_.clear();
        fileBytes_.clear();
        fileLabel_->clear();
    }
    preview_.reset();
    reportEdits_.clear();
    topicEdits_.clear();
    choiceEdits_.clear();
    importButton_->setEnabled(false);
    reports_->setRowCount(0);
    questions_->setRowCount(0);
    summary_->clear();
}

void ImportDialog::preview()
{
    startPreview(false);
}

void ImportDialog::startPreview(bool keepEdits)
{
    if (worker_)
        return;  // one parse at a time; the slider re-runs after it
    if (!keepEdits) {
        reportEdits_.clear();
        topicEdits_.clear();
        choiceEdits_.clear();
        flips_.clear();
    }
    error_->clear();
    error_->hide();
    const std::string name = fileName_.isEmpty() ? std::string(kPasteSource) : fileName_.toStdString();
    std::string bytes = fileName_.isEmpty() ? paste_->toPlainText().toStdString() : fileBytes_.toStdString();

    // Read from the collection here, on its own thread; the parse gets copies.
    auto texts = collection_.matchTexts();
    if (!texts) {
        showError(app::errorText(texts.error()));
        return;
    }
    auto uidMap = std::make_shared<std::unordered_map<std::string, deck::CardId>>();
    for (const auto& card : texts.value())
        if (!card.uid.empty())
            uidMap->emplace(card.uid, card.id);
    const std::vector<importer::DeckEntry> entries = std::move(texts.value());
    importer::PreviewOptions options;
    options.match.threshold = threshold();
    options.ankiProgress = ankiProgress_->isChecked();
    options.findByUid = [uidMap](const std::string& uid) -> std::optional<deck::CardId> {
        const auto it = uidMap->find(uid);
        return it == uidMap->end() ? std::nullopt : std::optional<deck::CardId>(it->second);
    };

    if (static_cast<qsizetype>(bytes.size()) <= kBackgroundBytes) {
        showPreview(importer::previewImport(name, bytes, entries, options));
        return;
    }
    auto result = std::make_shared<std::optional<importer::Result<importer::ImportPreview>>>();
    running_ = std::make_shared<importer::PreviewProgress>();
    options.progress = running_;
    worker_ =
        QThread::create([result, name, bytes = std::move(bytes), entries = std::move(entries), options] {
            result->emplace(importer::previewImport(name, bytes, entries, options));
        });
    progress_->setValue(0);
    progress_->show();
    stopButton_->setEnabled(true);
    stopButton_->show();
    progressPoll_->start();
    previewButton_->setEnabled(false);
    importButton_->setEnabled(false);
    connect(worker_, &QThread::finished, this, [this, result] {
        worker_->deleteLater();
        worker_ = nullptr;
        running_.reset();
        progressPoll_->stop();
        progress_->hide();
        stopButton_->hide();
        previewButton_->setEnabled(true);
        showPreview(std::move(**result));
    });
    worker_->start();
}

void ImportDialog::showPreview(importer::Result<importer::ImportPreview> result)
{
    if (!result) {
        preview_.reset();
        reports_->setRowCount(0);
        questions_->setRowCount(0);
        summary_->clear();
        importButton_->setEnabled(false);
        showError(result.error().kind == importer::ErrorKind::Stopped
                      ? tr("The preview was stopped; the collection is unchanged.")
                      : app::errorTextWithDetail(result.error()));
        emit previewFinished(false);
        return;
    }
    preview_ = std::move(result.value());
    fillReports();
    fillQuestions();
    updateSummary();
    importButton_->setEnabled(!preview_->questions.empty());
    if (preview_->questions.empty())
        showError(tr("%1: no questions found").arg(qs(preview_->source)));
    emit previewFinished(true);
}

void ImportDialog::fillReports()
{
    filling_ = true;
    reports_->setRowCount(0);
    const auto& reports = preview_->reports;
    reports_->setVisible(!reports.empty());
    for (std::size_t r = 0; r < reports.size(); ++r) {
        for (std::size_t rd = 0; rd < reports[r].rounds.size(); ++rd) {
            const auto& report = reports[r];
            const auto& round = report.rounds[rd];
            ReportEdit e{report.company.value_or(""), round.round.value_or(""), report.role.value_or("")};
            if (auto it = reportEdits_.find({r, rd}); it != reportEdits_.end())
                e = it->second;
            const int row = reports_->rowCount();
            reports_->insertRow(row);
            auto* company = textItem(qs(e.company), true);
            if (e.company.empty() && !report.companyRaw.empty())
                company->setToolTip(tr("Not a known company: \"%1\". Type the name to record it.")
                                        .arg(qs(report.companyRaw)));
            reports_->setItem(row, RCompany, company);
            reports_->setItem(row, RRound, textItem(qs(e.round), true));
            reports_->setItem(row, RRole, textItem(qs(e.role), true));
            reports_->setItem(row, RDate, textItem(qs(report.date.value_or(""))));
            reports_->setItem(row, RQuestions, textItem(QString::number(round.questions.size())));
            for (int c = 0; c < RColumns; ++c) {
                reports_->item(row, c)->setData(Qt::UserRole, qulonglong(r));
                reports_->item(row, c)->setData(Qt::UserRole + 1, qulonglong(rd));
            }
        }
    }
    reports_->resizeColumnsToContents();
    filling_ = false;
}

std::vector<ImportDialog::Choice> ImportDialog::choicesFor(const importer::QuestionPreview& q) const
{
    std::vector<Choice> out;
    if (q.match)
        out.push_back({Choice::Card, *q.match, q.matchQuestion});
    for (const auto& c : q.closest)
        if (!q.match || c.id != *q.match)
            out.push_back({Choice::Card, c.id, c.question});
    out.push_back({Choice::New, std::nullopt, {}});
    out.push_back({Choice::Skip, std::nullopt, {}});
    return out;
}

ImportDialog::Choice ImportDialog::choiceOf(const importer::QuestionPreview& q) const
{
    if (auto it = choiceEdits_.find(q.card); it != choiceEdits_.end())
        return it->second;
    return q.match ? Choice{Choice::Card, *q.match, q.matchQuestion} : Choice{Choice::New, std::nullopt, {}};
}

QString ImportDialog::choiceLabel(const Choice& c) const
{
    switch (c.kind) {
    case Choice::Card: {
        QString target = QString::fromStdString(c.question);
        if (target.isEmpty()) {
            auto card = collection_.card(*c.card);  // a uid match: the text came from the file
            target = card ? QString::fromStdString(card->content.question) : tr("card %1").arg(c.card->value);
        }
        return tr("→ %1").arg(target);
    }
    case Choice::New: return tr("new");
    case Choice::Skip: return tr("not a question: leave out");
    }
    return {};
}

void ImportDialog::fillQuestions()
{
    if (!preview_)
        return;
    filling_ = true;
    questions_->setRowCount(0);
    questions_->setRowCount(static_cast<int>(preview_->questions.size()));
    const bool hasReports = !preview_->reports.empty();
    questions_->setColumnHidden(QReport, !hasReports);
    int row = -1;
    for (const auto& q : preview_->questions) {
        ++row;
        if (hasReports) {
            const auto& report = preview_->reports[q.report];
            const auto& round = report.rounds[q.round];
            QString where = qs(report.company.value_or(report.companyRaw));
            if (round.round)
                where += QStringLiteral(" · ") + qs(*round.round);
            questions_->setItem(row, QReport, textItem(where));
        }
        auto* text = textItem(qs(q.text));
        questions_->setItem(row, QText, text);
        if (q.evidence) {
            const auto confidence = importer::confidenceOf(*q.evidence);
            auto* read = textItem(
                QStringLiteral("%1 · %2").arg(evidenceText(*q.evidence), confidenceText(confidence)));
            read->setToolTip(
                tr("How the importer recognised this line as a question, and how sure that makes "
                   "it. Right-click a row if it is an answer, or if a line of its answer is a "
                   "question."));
            if (confidence == importer::QuestionConfidence::Low)
                read->setForeground(QColor(0xb2, 0x6a, 0x00));
            questions_->setItem(row, QRead, read);
            const auto& rq = preview_->reports[q.report].rounds[q.round].questions[q.question];
            if (!rq.answer.empty())
                text->setToolTip(tr("Read as its answer:") + QStringLiteral("\n") + qs(rq.answer));
        } else {
            questions_->setItem(row, QRead, textItem(QString()));
        }

        const auto options = choicesFor(q);
        const Choice chosen = choiceOf(q);
        int chosenIndex = 0;
        QStringList labels;
        for (std::size_t i = 0; i < options.size(); ++i) {
            labels << choiceLabel(options[i]);
            if (options[i] == chosen)
                chosenIndex = static_cast<int>(i);
        }
        const bool merged = chosen.kind == Choice::Card;
        QString shown = labels.value(chosenIndex);
        if (chosen.kind == Choice::New && !q.closest.empty())
            shown = tr("new (closest: %1)").arg(qs(q.closest.front().question));
        QTableWidgetItem* proposal = textItem(shown, true);
        proposal->setData(kChoiceLabelsRole, labels);
        proposal->setData(kChoiceRole, chosenIndex);
        if (chosen.kind == Choice::New)
            proposal->setForeground(QColor(0x1b, 0x6e, 0x20));
        else if (chosen.kind == Choice::Skip)
            proposal->setForeground(QColor(0x80, 0x80, 0x80));
        QString choiceTip =
            tr("Double-click to choose: the proposed card, another close card, a new card, or leave the "
               "line out when it is not a question.");
        for (const auto& c : q.closest)
            choiceTip += QStringLiteral("\n") + tr("%1  %2").arg(c.score, 0, 'f', 2).arg(qs(c.question));
        proposal->setToolTip(choiceTip);
        proposal->setData(Qt::UserRole, qulonglong(q.card));
        questions_->setItem(row, QProposal, proposal);
        questions_->setItem(row, QScore,
                            textItem(q.score > 0 ? QString::number(q.score, 'f', 2) : QString()));

        if (merged || chosen.kind == Choice::Skip) {
            questions_->setItem(row, QTopic, textItem(QString()));
            continue;
        }
        const std::string& fixed = preview_->batch.cards[q.card].content.topic;
        std::string current = fixed.empty() ? q.topic.topic.value_or("") : fixed;
        if (auto it = topicEdits_.find(q.card); it != topicEdits_.end())
            current = it->second;
        auto* topic = textItem(current.empty() ? tr("(choose)") : qs(current), true);
        topic->setData(kTopicRole, qs(current));
        topic->setData(kCardRole, qulonglong(q.card));
        QString tip = tr("Double-click to change. Confidence %1").arg(q.topic.confidence, 0, 'f', 2);
        if (!q.topic.keywords.empty()) {
            QStringList words;
            for (const auto& k : q.topic.keywords)
                words << qs(k);
            tip += QStringLiteral("\n") + tr("Keywords: %1").arg(words.join(QStringLiteral(", ")));
        }
        topic->setToolTip(tip);
        questions_->setItem(row, QTopic, topic);
    }
    questions_->setColumnHidden(QRead, !hasReports);
    questions_->resizeColumnToContents(QReport);
    questions_->resizeColumnToContents(QRead);
    questions_->resizeColumnToContents(QScore);
    questions_->resizeColumnToContents(QTopic);
    filling_ = false;
}

deck::ProgressImport ImportDialog::currentPlan() const
{
    importer::ImportPreview p = *preview_;
    std::erase_if(p.questions,
                  [this](const importer::QuestionPreview& q) { return choiceOf(q).kind == Choice::Skip; });
    for (auto& q : p.questions) {
        auto& card = p.batch.cards[q.card];
        if (auto it = choiceEdits_.find(q.card); it != choiceEdits_.end()) {
            // Its own card, or the card the user picked: a group number no merge group uses.
            q.match = it->second.kind == Choice::Card ? it->second.card : std::nullopt;
            q.group = std::numeric_limits<std::size_t>::max() / 2 + q.card;
        }
        if (auto it = topicEdits_.find(q.card); it != topicEdits_.end())
            card.content.topic = it->second;
        if (!p.reports.empty() && !card.sightings.empty()) {
            if (auto it = reportEdits_.find({q.report, q.round}); it != reportEdits_.end()) {
                deck::Sighting& s = card.sightings.front();
                // A known alias is stored under its canonical name, as the parser does.
                s.company = importer::canonicalCompany(it->second.company).value_or(it->second.company);
                s.round =
                    it->second.round.empty() ? std::string() : importer::normalizeRound(it->second.round);
                s.role = it->second.role;
            }
        }
    }
    return importer::buildProgressImport(p);
}

void ImportDialog::updateSummary()
{
    if (!preview_) {
        summary_->clear();
        return;
    }
    const deck::ProgressImport plan = currentPlan();
    std::set<std::int64_t> touched;
    for (const auto& [id, s] : plan.sightingsOnExisting)
        touched.insert(id.value);
    const int questions = static_cast<int>(preview_->questions.size());
    int left = 0;
    for (const auto& q : preview_->questions)
        left += choiceOf(q).kind == Choice::Skip ? 1 : 0;
    // Plural forms spelled out: "%n" plurals need a loaded translation to drop the "(s)".
    auto count = [](int n, const QString& one, const QString& many) { return n == 1 ? one : many.arg(n); };
    const int reports = static_cast<int>(preview_->reports.size());
    const int fresh = static_cast<int>(plan.newCards.size());
    const int existing = static_cast<int>(touched.size());
    QString text;
    if (reports > 0)
        text = count(reports, tr("1 report"), tr("%1 reports")) + QStringLiteral(", ");
    text +=
        tr("%1: %2, %3.")
            .arg(count(questions, tr("1 question"), tr("%1 questions")),
                 count(fresh, tr("1 new card"), tr("%1 new cards")),
                 count(existing, tr("sightings on 1 existing card"), tr("sightings on %1 existing cards")));
    if (left > 0)
        text += QStringLiteral(" ") + count(left, tr("1 line left out."), tr("%1 lines left out."));
    std::size_t reviews = 0, merging = 0;
    for (const auto& c : plan.newCards)
        reviews += c.reviews.size();
    for (const auto& r : plan.reviewsOnExisting)
        merging += r.reviews.size();
    if (reviews + merging > 0)
        text += QStringLiteral(" ")
                + tr("%1 reviews come with it, %2 of them for cards already here (merged by answer "
                     "time after a backup).")
                      .arg(reviews + merging)
                      .arg(merging);
    summary_->setText(text);
}

void ImportDialog::showError(const QString& text)
{
    error_->setText(text);
    error_->setVisible(!text.isEmpty());
}

std::optional<deck::ImportId> ImportDialog::importNow()
{
    if (!preview_ || worker_)
        return std::nullopt;
    const deck::ProgressImport plan = currentPlan();
    if (!plan.reviewsOnExisting.empty()) {
        // Reviews merged into existing cards are not taken out by Undo: back up first.
        auto backup = deck::createBackup(collection_, app::backupFolder().toStdString(), wallClock().unixMs);
        if (!backup) {
            showError(tr("Nothing was imported: the backup before merging reviews failed: %1")
                          .arg(app::errorText(backup.error())));
            return std::nullopt;
        }
    }
    deck::ReviewMerge merged;
    auto id = deck::applyProgressImport(collection_, plan, wallClock(), &merged);
    if (!id) {
        showError(tr("Nothing was imported: %1").arg(app::errorText(id.error())));
        return std::nullopt;
    }
    lastMerge_ = merged;
    recordCorrections();
    emit imported(*id);
    return *id;
}

QStringList ImportDialog::answerLines(int row) const
{
    QStringList out;
    if (!preview_ || row < 0 || row >= static_cast<int>(preview_->questions.size())
        || preview_->reports.empty())
        return out;
    const auto& q = preview_->questions[static_cast<std::size_t>(row)];
    for (const auto& line :
         importer::answerLinesOf(preview_->reports[q.report].rounds[q.round].questions[q.question]))
        out << qs(line);
    return out;
}

bool ImportDialog::flipToAnswer(int row)
{
    if (!preview_ || row < 0 || row >= static_cast<int>(preview_->questions.size())
        || preview_->reports.empty())
        return false;
    const auto& q = preview_->questions[static_cast<std::size_t>(row)];
    importer::ImportCorrection c;
    c.action = importer::ImportCorrection::Action::AnswerLine;
    c.question = q.text;
    const importer::QuestionPlace at{q.report, q.round, q.question};
    return reparse([at](auto& reports) { return importer::questionToAnswer(reports, at); }, std::move(c));
}

bool ImportDialog::promoteAnswerLine(int row, int line)
{
    const QStringList lines = answerLines(row);
    if (line < 0 || line >= lines.size())
        return false;
    const auto& q = preview_->questions[static_cast<std::size_t>(row)];
    importer::ImportCorrection c;
    c.action = importer::ImportCorrection::Action::QuestionLine;
    c.question = lines[line].trimmed().toStdString();
    const importer::QuestionPlace at{q.report, q.round, q.question};
    const auto index = static_cast<std::size_t>(line);
    return reparse([at, index](auto& reports) { return importer::answerLineToQuestion(reports, at, index); },
                   std::move(c));
}

bool ImportDialog::reparse(const std::function<bool(std::vector<importer::InterviewReport>&)>& edit,
                           importer::ImportCorrection correction)
{
    if (!preview_ || worker_)
        return false;
    std::vector<importer::InterviewReport> reports = preview_->reports;
    if (!edit(reports))
        return false;
    auto texts = collection_.matchTexts();
    if (!texts) {
        showError(app::errorText(texts.error()));
        return false;
    }
    importer::PreviewOptions options;
    options.match.threshold = threshold();
    auto next = importer::previewReports(std::move(reports), preview_->source, texts.value(), options);
    if (!next) {
        showError(app::errorTextWithDetail(next.error()));
        return false;
    }
    // The user's choices follow their question (its line and text), wherever it now is.
    using Key = std::pair<std::size_t, std::string>;
    std::map<Key, Choice> choices;
    std::map<Key, std::string> topics;
    for (const auto& q : preview_->questions) {
        const Key key{preview_->batch.cards[q.card].line, q.text};
        if (auto it = choiceEdits_.find(q.card); it != choiceEdits_.end())
            choices[key] = it->second;
        if (auto it = topicEdits_.find(q.card); it != topicEdits_.end())
            topics[key] = it->second;
    }
    choiceEdits_.clear();
    topicEdits_.clear();
    for (const auto& q : next->questions) {
        const Key key{next->batch.cards[q.card].line, q.text};
        if (auto it = choices.find(key); it != choices.end())
            choiceEdits_[q.card] = it->second;
        if (auto it = topics.find(key); it != topics.end())
            topicEdits_[q.card] = it->second;
    }
    flips_.push_back(std::move(correction));
    showPreview(std::move(next));
    return true;
}

void ImportDialog::showQuestionMenu(const QPoint& pos)
{
    const int row = questions_->rowAt(pos.y());
    if (!preview_ || row < 0 || preview_->reports.empty())
        return;
    QMenu menu(this);
    QAction* toAnswer = menu.addAction(tr("This line is the answer to the question above"));
    toAnswer->setEnabled(preview_->questions[static_cast<std::size_t>(row)].question > 0);
    connect(toAnswer, &QAction::triggered, this, [this, row] { flipToAnswer(row); });
    const QStringList lines = answerLines(row);
    QMenu* promote = menu.addMenu(tr("A line of its answer is a question"));
    promote->setEnabled(!lines.isEmpty());
    for (int i = 0; i < lines.size(); ++i) {
        if (lines[i].trimmed().isEmpty())
            continue;
        QString shown = lines[i].trimmed();
        if (shown.size() > 60)
            shown = shown.left(59) + QStringLiteral("…");
        // The answer line is text from outside: no mnemonic, no markup.
        shown.replace(QLatin1Char('&'), QStringLiteral("&&"));
        QAction* a = promote->addAction(shown);
        connect(a, &QAction::triggered, this, [this, row, i] { promoteAnswerLine(row, i); });
    }
    menu.exec(questions_->viewport()->mapToGlobal(pos));
}

void ImportDialog::recordCorrections() const
{
    std::vector<importer::ImportCorrection> out;
    const auto uidOf = [this](const std::optional<deck::CardId>& id) -> std::string {
        if (!id)
            return {};
        auto card = collection_.card(*id);
        return card ? card->content.uid : std::string();
    };
    for (const auto& q : preview_->questions) {
        const auto it = choiceEdits_.find(q.card);
        if (it == choiceEdits_.end())
            continue;
        const Choice& c = it->second;
        importer::ImportCorrection r;
        if (c.kind == Choice::Card) {
            if (q.match && *c.card == *q.match)
                continue;  // the proposal, chosen back
            r.action = importer::ImportCorrection::Action::OtherCard;
            r.chosenUid = uidOf(c.card);
        } else if (c.kind == Choice::New) {
            if (!q.match)
                continue;
            r.action = importer::ImportCorrection::Action::NewCard;
        } else {
            r.action = importer::ImportCorrection::Action::NotAQuestion;
        }
        r.source = preview_->source;
        r.question = q.text;
        r.proposedUid = uidOf(q.match ? q.match : q.suggestion);
        out.push_back(std::move(r));
    }
    for (const auto& f : flips_) {
        importer::ImportCorrection r = f;
        r.source = preview_->source;
        out.push_back(std::move(r));
    }
    if (out.empty() || correctionsPath_.isEmpty())
        return;
    QDir().mkpath(QFileInfo(correctionsPath_).absolutePath());
    // A failure to keep the corrections loses nothing of the import itself; it is not shown.
    (void)importer::appendCorrections(correctionsPath_.toStdString(), out, wallClock().unixMs);
}

// --- history -------------------------------------------------------------------------------

ImportHistoryDialog::ImportHistoryDialog(deck::Collection& collection, QWidget* parent)
    : QDialog(parent), collection_(collection)
{
    setWindowTitle(tr("Import history"));
    resize(860, 420);
    table_ = new QTableWidget(0, 6, this);
    table_->setHorizontalHeaderLabels(
        {tr("When"), tr("Source"), tr("Summary"), tr("Cards"), tr("Sightings"), QString()});
    table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::Stretch);
    table_->verticalHeader()->setVisible(false);
    error_ = plainLabel(this);
    error_->setStyleSheet(QStringLiteral("color: #b00020;"));
    error_->hide();
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(table_, 1);
    layout->addWidget(error_);
    layout->addWidget(buttons);
    reload();
}

int ImportHistoryDialog::rowCount() const
{
    return table_->rowCount();
}

void ImportHistoryDialog::reload()
{
    table_->setRowCount(0);
    auto history = collection_.importHistory();
    if (!history) {
        error_->setText(app::errorText(history.error()));
        error_->show();
        return;
    }
    for (const deck::ImportRecord& rec : history.value()) {
        const int row = table_->rowCount();
        table_->insertRow(row);
        const QString when =
            QDateTime::fromMSecsSinceEpoch(rec.createdAtMs).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
        table_->setItem(row, 0, textItem(when));
        table_->setItem(row, 1, textItem(qs(rec.source)));
        table_->setItem(row, 2, textItem(qs(rec.summary)));
        table_->setItem(row, 3, textItem(QString::number(rec.cardsAdded)));
        table_->setItem(row, 4, textItem(QString::number(rec.sightingsAdded)));
        auto* button = new QPushButton(rec.undone ? tr("Undone") : tr("Undo"), table_);
        button->setEnabled(!rec.undone);
        button->setObjectName(QStringLiteral("undo-%1").arg(rec.id.value));
        const deck::ImportId id = rec.id;
        connect(button, &QPushButton::clicked, this, [this, id] {
            if (confirmUndo_
                && QMessageBox::question(this, tr("Undo import"),
                                         tr("Remove the cards this import created, with their study history, "
                                            "and the sightings it added?"))
                       != QMessageBox::Yes)
                return;
            undo(id);
        });
        table_->setCellWidget(row, 5, button);
    }
    table_->resizeColumnToContents(0);
    table_->resizeColumnToContents(1);
}

bool ImportHistoryDialog::undo(deck::ImportId id)
{
    const deck::Status s = collection_.undoImport(id);
    if (!s.ok()) {
        error_->setText(tr("Could not undo: %1").arg(app::errorText(s.error())));
        error_->show();
        return false;
    }
    error_->hide();
    reload();
    emit undone(id);
    return true;
}

}  // namespace app
