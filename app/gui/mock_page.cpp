#include "gui/mock_page.h"

#include "import/term_matcher.h"
#include "gui/error_text.h"

#include "gui/topic_names.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QShortcut>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QStackedWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

#include "common/card_html.h"
#include "common/user_collection.h"
#include "deck/deck_source.h"
#include "deck/mock_store.h"
#include "gui/card_view.h"
#include "gui/mock_report_view.h"
#include "gui/spoken_answer.h"

namespace app {

namespace {

/// A preset's name in the UI language (the presets file carries both).
QString presetName(const deck::MockPreset& p)
{
    return QString::fromStdString(QLocale().language() == QLocale::Chinese ? p.nameZh : p.nameEn);
}

std::vector<std::string> splitList(const QString& text)
{
    std::vector<std::string> out;
    for (const QString& part :
         text.split(QRegularExpression(QStringLiteral("[,，;；]")), Qt::SkipEmptyParts)) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            out.push_back(t.toStdString());
    }
    return out;
}

/// The 0-4 rubric an interviewer scores an answer by, in this project's words.
QString rubricText(int score)
{
    switch (score) {
    case 0: return MockInterviewPage::tr("Does not know the concept, or the core idea is wrong");
    case 1: return MockInterviewPage::tr("Gives a definition, but not the mechanism or its limits");
    case 2:
        return MockInterviewPage::tr(
            "Draws the data flow, states the key formula; the conclusion is broadly right");
    case 3:
        return MockInterviewPage::tr(
            "Weighs trade-offs and bottlenecks, names what to measure, ties it to hands-on work");
    case 4:
        return MockInterviewPage::tr("Handles counter-examples, failures and scale; proposes a testable "
                                     "experiment or production design");
    }
    return {};
}

}  // namespace

MockInterviewPage::MockInterviewPage(deck::Collection& collection, QWidget* parent)
    : QWidget(parent), collection_(collection)
{
    if (auto presets = deck::builtinMockPresets())
        presets_ = std::move(presets).value();
    timer_ = new QTimer(this);
    timer_->setInterval(200);  // ms: the clock label changes once a second; 5 checks per second
    connect(timer_, &QTimer::timeout, this, &MockInterviewPage::onTick);
    recorder_ = new AnswerRecorder(this);
    player_ = new AnswerPlayer(this);

    stack_ = new QStackedWidget(this);
    stack_->addWidget(buildSetup());
    stack_->addWidget(buildRun());
    report_ = new MockReportView(this);
    auto* reportPage = new QWidget(this);
    auto* newRound = new QPushButton(tr("New round"), reportPage);
    newRound->setObjectName(QStringLiteral("mockNewRound"));
    connect(newRound, &QPushButton::clicked, this, &MockInterviewPage::showSetup);
    connect(report_, &MockReportView::openCard, this, &MockInterviewPage::openCard);
    connect(report_, &MockReportView::recordingsChanged, this, [this] {
        if (auto r = report_->sessionId(); r >= 0)
            report_->showRecordings(sessionRecordings(QString::fromStdString(collection_.path()), r));
    });
    auto* rl = new QVBoxLayout(reportPage);
    rl->addWidget(report_, 1);
    auto* rb = new QHBoxLayout;
    rb->addStretch(1);
    rb->addWidget(newRound);
    rl->addLayout(rb);
    stack_->addWidget(reportPage);

    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(stack_);
    setFocusPolicy(Qt::StrongFocus);
    selectPreset(presets_.empty() ? -1 : 0);
    showSetup();
}

MockInterviewPage::~MockInterviewPage() = default;

QWidget* MockInterviewPage::buildSetup()
{
    auto* page = new QWidget(this);
    presetList_ = new QListWidget(page);
    presetList_->setObjectName(QStringLiteral("mockPresets"));
    for (const auto& p : presets_)
        presetList_->addItem(presetName(p));
    presetList_->addItem(tr("Custom round"));
    connect(presetList_, &QListWidget::currentRowChanged, this, &MockInterviewPage::fillSetupFromPreset);
    presetInfo_ = new QLabel(page);
    presetInfo_->setObjectName(QStringLiteral("mockPresetInfo"));
    presetInfo_->setWordWrap(true);
    presetInfo_->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    presetInfo_->setMinimumHeight(110);

    topics_ = new QListWidget(page);
    topics_->setObjectName(QStringLiteral("mockTopics"));
    for (const auto& t : deck::knownTopics()) {
        auto* item = new QListWidgetItem(topicTitle(t), topics_);
        item->setData(Qt::UserRole, QString::fromStdString(t));
        item->setFlags(item->flags() | Qt::ItemIsUserCheckable);
        item->setCheckState(Qt::Unchecked);
    }
    topics_->setMinimumHeight(120);
    // Fusion draws an item view's unchecked box in colours derived from the window, invisible on
    // a dark palette: the boxes are drawn here from the palette's own roles instead.
    topics_->setStyleSheet(QStringLiteral(
        "QListWidget#mockTopics::indicator { width: 12px; height: 12px; border: 1px solid palette(dark);"
        " border-radius: 2px; background: palette(base); }"
        "QListWidget#mockTopics::indicator:checked { background: palette(highlight);"
        " border-color: palette(highlight); }"));
    companies_ = new QLineEdit(page);
    companies_->setPlaceholderText(tr("any company (e.g. ByteDance, Alibaba)"));
    rounds_ = new QLineEdit(page);
    rounds_->setPlaceholderText(tr("any round (e.g. 一面, 二面)"));
    auto* levelRow = new QHBoxLayout;
    levelRow->setSpacing(2);
    for (int i = 0; i < 10; ++i) {
        levels_[i] = new QCheckBox(QString::number(i + 1), page);
        levelRow->addWidget(levels_[i]);
    }
    levelRow->addStretch(1);
    questions_ = new QSpinBox(page);
    questions_->setRange(1, 100);
    questions_->setObjectName(QStringLiteral("mockQuestions"));
    perQuestionMin_ = new QDoubleSpinBox(page);
    perQuestionMin_->setRange(0, 180);
    perQuestionMin_->setDecimals(1);
    perQuestionMin_->setSingleStep(0.5);
    perQuestionMin_->setSuffix(tr(" min"));
    perQuestionMin_->setSpecialValueText(tr("no limit"));
    totalMin_ = new QSpinBox(page);
    totalMin_->setRange(0, 600);
    totalMin_->setSuffix(tr(" min"));
    totalMin_->setSpecialValueText(tr("no limit"));
    order_ = new QComboBox(page);
    order_->addItem(tr("Random"), static_cast<int>(deck::MockOrder::Random));
    order_->addItem(tr("Weakest topics first"), static_cast<int>(deck::MockOrder::WeakestFirst));
    order_->addItem(tr("Most frequently asked first"), static_cast<int>(deck::MockOrder::MostAskedFirst));
    passPercent_ = new QSpinBox(page);
    passPercent_->setRange(1, 100);
    passPercent_->setValue(80);
    passPercent_->setSuffix(QStringLiteral(" %"));

    auto* form = new QFormLayout;
    form->addRow(tr("Topics (none: all)"), topics_);
    form->addRow(tr("Companies"), companies_);
    form->addRow(tr("Interview rounds"), rounds_);
    form->addRow(tr("Levels (none: all)"), levelRow);
    form->addRow(tr("Questions"), questions_);
    form->addRow(tr("Time per question"), perQuestionMin_);
    form->addRow(tr("Time in total"), totalMin_);
    form->addRow(tr("Order"), order_);
    form->addRow(tr("Pass line"), passPercent_);
    auto* custom = new QGroupBox(tr("Round settings"), page);
    custom->setLayout(form);

    start_ = new QPushButton(tr("Start round"), page);
    start_->setObjectName(QStringLiteral("mockStart"));
    start_->setDefault(true);
    connect(start_, &QPushButton::clicked, this, [this] { startRound(configFromSetup()); });
    resume_ = new QPushButton(tr("Resume interrupted round"), page);
    resume_->setObjectName(QStringLiteral("mockResume"));
    connect(resume_, &QPushButton::clicked, this, &MockInterviewPage::resumeInterrupted);
    setupError_ = new QLabel(page);
    setupError_->setStyleSheet(QStringLiteral("color: #c62828;"));
    setupError_->setWordWrap(true);

    history_ = new MockHistoryView(page);
    connect(history_, &MockHistoryView::openSession, this, &MockInterviewPage::openHistoricReport);

    auto* left = new QVBoxLayout;
    left->addWidget(new QLabel(tr("Round type"), page));
    left->addWidget(presetList_, 1);
    left->addWidget(presetInfo_);
    auto* middle = new QVBoxLayout;
    middle->addWidget(custom, 1);
    middle->addWidget(setupError_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(resume_);
    buttons->addStretch(1);
    buttons->addWidget(start_);
    middle->addLayout(buttons);
    auto* row = new QHBoxLayout(page);
    row->addLayout(left, 3);
    row->addLayout(middle, 4);
    row->addWidget(history_, 3);
    return page;
}

QWidget* MockInterviewPage::buildRun()
{
    auto* page = new QWidget(this);
    progress_ = new QLabel(page);
    progress_->setObjectName(QStringLiteral("mockProgress"));
    clock_ = new QLabel(page);
    clock_->setObjectName(QStringLiteral("mockClock"));
    QFont big = clock_->font();
    big.setPointSizeF(big.pointSizeF() * 1.6);
    big.setBold(true);
    big.setStyleHint(QFont::Monospace);
    clock_->setFont(big);
    clock_->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    stateLine_ = new QLabel(page);
    stateLine_->setObjectName(QStringLiteral("mockState"));

    view_ = new CardView(page);
    notes_ = new QPlainTextEdit(page);
    notes_->setObjectName(QStringLiteral("mockNotes"));
    notes_->setPlaceholderText(
        tr("Notes (optional): type your answer or its outline; it is kept with the score."));
    notes_->setMaximumHeight(90);
    connect(notes_, &QPlainTextEdit::textChanged, this, [this] {
        if (session_)
            session_->setNotes(notes_->toPlainText().toStdString());
    });

    record_ = new QCheckBox(tr("Record my spoken answers"), page);
    record_->setObjectName(QStringLiteral("mockRecord"));
    recordState_ = new QLabel(page);
    recordState_->setObjectName(QStringLiteral("mockRecordState"));
    recordState_->setTextFormat(Qt::PlainText);
    updateRecordBox();
    connect(record_, &QCheckBox::toggled, this, [this](bool on) {
        QSettings().setValue(QStringLiteral("mock/recordAnswers"), on);
        if (!session_)
            return;
        if (on && session_->state() == deck::MockState::Asking)
            startRecording(session_->position());
        else if (!on)
            stopRecording();
    });
    connect(recorder_, &AnswerRecorder::levelChanged, this, [this](double) { showRecordingState(); });
    playAnswer_ = new QPushButton(page);
    playAnswer_->setObjectName(QStringLiteral("mockPlayAnswer"));
    playAnswer_->hide();
    connect(playAnswer_, &QPushButton::clicked, this, [this] {
        if (player_->playing()) {
            player_->stop();
            showPlayback(recordedPosition_);
            return;
        }
        if (!player_->play(recordingFile(recordedPosition_))) {
            emit failed(player_->error());
            return;
        }
        playAnswer_->setText(tr("Stop playback"));
    });
    connect(player_, &AnswerPlayer::finished, this, [this] { showPlayback(recordedPosition_); });

    reveal_ = new QPushButton(tr("Show answer (Space)"), page);
    reveal_->setObjectName(QStringLiteral("mockReveal"));
    pause_ = new QPushButton(tr("Pause (P)"), page);
    pause_->setObjectName(QStringLiteral("mockPause"));
    skip_ = new QPushButton(tr("Skip (S)"), page);
    skip_->setObjectName(QStringLiteral("mockSkip"));
    end_ = new QPushButton(tr("End early (Ctrl+E)"), page);
    end_->setObjectName(QStringLiteral("mockEnd"));
    connect(reveal_, &QPushButton::clicked, this, &MockInterviewPage::onReveal);
    connect(pause_, &QPushButton::clicked, this, &MockInterviewPage::onPause);
    connect(skip_, &QPushButton::clicked, this, &MockInterviewPage::onSkip);
    connect(end_, &QPushButton::clicked, this, &MockInterviewPage::onEndEarly);

    scoreRow_ = new QWidget(page);
    auto* grid = new QGridLayout(scoreRow_);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->setVerticalSpacing(2);
    for (int i = 0; i < 5; ++i) {
        scoreButtons_[i] = new QPushButton(QString::number(i), scoreRow_);
        scoreButtons_[i]->setObjectName(QStringLiteral("mockScore%1").arg(i));
        scoreButtons_[i]->setFixedWidth(44);
        connect(scoreButtons_[i], &QPushButton::clicked, this, [this, i] { onScore(i); });
        auto* text = new QLabel(rubricText(i), scoreRow_);
        text->setWordWrap(true);
        grid->addWidget(scoreButtons_[i], i, 0);
        grid->addWidget(text, i, 1);
    }
    grid->setColumnStretch(1, 1);

    auto* top = new QHBoxLayout;
    auto* topLeft = new QVBoxLayout;
    topLeft->addWidget(progress_);
    topLeft->addWidget(stateLine_);
    top->addLayout(topLeft, 1);
    top->addWidget(clock_);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(reveal_);
    buttons->addStretch(1);
    buttons->addWidget(pause_);
    buttons->addWidget(skip_);
    buttons->addWidget(end_);
    auto* layout = new QVBoxLayout(page);
    layout->addLayout(top);
    layout->addWidget(view_, 1);
    layout->addWidget(notes_);
    auto* voice = new QHBoxLayout;
    voice->addWidget(record_);
    voice->addWidget(recordState_, 1);
    voice->addWidget(playAnswer_);
    layout->addLayout(voice);
    pointsCheck_ = new QLabel(page);
    pointsCheck_->setObjectName(QStringLiteral("mockPointsCheck"));
    pointsCheck_->setTextFormat(Qt::PlainText);  // key points and notes are shown as text
    pointsCheck_->setWordWrap(true);
    pointsCheck_->hide();
    layout->addWidget(pointsCheck_);
    pointList_ = new QListWidget(page);
    pointList_->setObjectName(QStringLiteral("mockPointList"));
    pointList_->setToolTip(tr("Tick each key point your answer covered"));
    // As for the topics of the setup: boxes drawn from the palette, visible on a dark one too.
    pointList_->setStyleSheet(QStringLiteral(
        "QListWidget#mockPointList::indicator { width: 12px; height: 12px; border: 1px solid palette(dark);"
        " border-radius: 2px; background: palette(base); }"
        "QListWidget#mockPointList::indicator:checked { background: palette(highlight);"
        " border-color: palette(highlight); }"));
    pointList_->hide();
    suggestion_ = new QLabel(page);
    suggestion_->setObjectName(QStringLiteral("mockSuggestion"));
    suggestion_->setWordWrap(true);
    suggestion_->hide();
    layout->addWidget(pointList_);
    layout->addWidget(suggestion_);
    connect(pointList_, &QListWidget::itemChanged, this, [this] {
        pointsMarked_ = true;
        updateSuggestion();
    });
    layout->addWidget(scoreRow_);
    layout->addLayout(buttons);

    // Shortcuts live on the run page: Qt ignores a shortcut whose parent is hidden, so they do
    // nothing while the setup, the report or another page of the window is shown.
    auto shortcut = [page](const QKeySequence& key, auto slot, QObject* receiver) {
        auto* s = new QShortcut(key, page);
        QObject::connect(s, &QShortcut::activated, receiver, slot);
    };
    shortcut(
        QKeySequence(Qt::Key_Space), [this] { onReveal(); }, this);
    shortcut(
        QKeySequence(Qt::CTRL | Qt::Key_Return), [this] { onReveal(); }, this);
    shortcut(
        QKeySequence(Qt::Key_P), [this] { onPause(); }, this);
    shortcut(
        QKeySequence(Qt::Key_S), [this] { onSkip(); }, this);
    shortcut(
        QKeySequence(Qt::CTRL | Qt::Key_E), [this] { onEndEarly(); }, this);
    for (int i = 0; i < 5; ++i)
        shortcut(
            QKeySequence(Qt::Key_0 + i), [this, i] { onScore(i); }, this);
    return page;
}

void MockInterviewPage::setTimeSource(std::function<deck::Now()> source)
{
    timeSource_ = std::move(source);
}

deck::Now MockInterviewPage::now() const
{
    return timeSource_ ? timeSource_() : currentTime();
}

bool MockInterviewPage::check(const deck::Status& status)
{
    if (status.ok())
        return true;
    emit failed(errorText(status.error()));
    return false;
}

QString MockInterviewPage::roundName(const std::string& presetId) const
{
    for (const auto& p : presets_)
        if (p.id == presetId)
            return presetName(p);
    return presetId.empty() ? tr("Custom round") : QString::fromStdString(presetId);
}

void MockInterviewPage::selectPreset(int index)
{
    const int row =
        index < 0 || index >= static_cast<int>(presets_.size()) ? static_cast<int>(presets_.size()) : index;
    presetList_->setCurrentRow(row);
    fillSetupFromPreset(row);
}

void MockInterviewPage::fillSetupFromPreset(int index)
{
    if (index < 0 || index >= static_cast<int>(presets_.size())) {
        presetInfo_->setText(tr("A round of your own: pick topics, companies, rounds and levels, "
                                "the number of questions and the clocks."));
        return;
    }
    const deck::MockPreset& p = presets_[static_cast<std::size_t>(index)];
    const bool zh = QLocale().language() == QLocale::Chinese;
    presetInfo_->setText(tr("<b>%1</b><br>%2 min · %3 questions (%4–%5)<br>"
                            "<i>Pass:</i> %6")
                             .arg(presetName(p))
                             .arg(p.minutes)
                             .arg(p.questions)
                             .arg(p.minQuestions)
                             .arg(p.maxQuestions)
                             .arg(QString::fromStdString(zh ? p.passZh : p.passEn).toHtmlEscaped()));
    const deck::MockConfig c = deck::configForPreset(p, 0);
    for (int i = 0; i < topics_->count(); ++i) {
        auto* item = topics_->item(i);
        const bool on =
            std::find(c.topics.begin(), c.topics.end(), item->data(Qt::UserRole).toString().toStdString())
            != c.topics.end();
        item->setCheckState(on ? Qt::Checked : Qt::Unchecked);
    }
    for (int i = 0; i < 10; ++i)
        levels_[i]->setChecked(std::find(c.levels.begin(), c.levels.end(), i + 1) != c.levels.end());
    companies_->clear();
    rounds_->clear();
    questions_->setValue(c.questions);
    perQuestionMin_->setValue(static_cast<double>(c.perQuestionMs) / 60'000.0);
    totalMin_->setValue(static_cast<int>(c.totalMs / 60'000));
}

deck::MockConfig MockInterviewPage::configFromSetup() const
{
    deck::MockConfig c;
    const int row = presetList_->currentRow();
    if (row >= 0 && row < static_cast<int>(presets_.size()))
        c.preset = presets_[static_cast<std::size_t>(row)].id;
    for (int i = 0; i < topics_->count(); ++i)
        if (topics_->item(i)->checkState() == Qt::Checked)
            c.topics.push_back(topics_->item(i)->data(Qt::UserRole).toString().toStdString());
    c.companies = splitList(companies_->text());
    c.rounds = splitList(rounds_->text());
    for (int i = 0; i < 10; ++i)
        if (levels_[i]->isChecked())
            c.levels.push_back(i + 1);
    c.questions = questions_->value();
    c.totalMs = static_cast<std::int64_t>(totalMin_->value()) * 60'000;
    c.perQuestionMs = std::llround(perQuestionMin_->value() * 60'000.0);
    // Changed filters or clocks make it a round of the user's own: the report and the history
    // then do not name a preset whose scope it no longer has.
    if (!c.preset.empty()) {
        deck::MockConfig p = deck::configForPreset(presets_[static_cast<std::size_t>(row)], 0);
        std::sort(p.topics.begin(), p.topics.end());
        std::sort(p.levels.begin(), p.levels.end());
        auto topics = c.topics;
        std::sort(topics.begin(), topics.end());
        if (topics != p.topics || c.levels != p.levels || !c.companies.empty() || !c.rounds.empty()
            || c.questions != p.questions || c.totalMs != p.totalMs || c.perQuestionMs != p.perQuestionMs)
            c.preset.clear();
    }
    c.order = static_cast<deck::MockOrder>(order_->currentData().toInt());
    c.seed = static_cast<std::uint64_t>(now().unixMs);
    c.passFraction = passPercent_->value() / 100.0;
    return c;
}

bool MockInterviewPage::startRound(const deck::MockConfig& config)
{
    auto created = deck::MockSession::create(collection_, config, now());
    if (!created) {
        setupError_->setText(
            created.error().kind == deck::ErrorKind::NotFound
                ? tr("No card matches these settings: widen the topics, levels, companies or rounds.")
                : errorText(created.error()));
        return false;
    }
    setupError_->clear();
    updateRecordBox();
    session_ = std::make_unique<deck::MockSession>(std::move(created).value());
    session_->setView(this);
    stack_->setCurrentIndex(1);
    timer_->start();
    const bool ok = check(session_->start(now()));
    setFocus();
    return ok;
}

bool MockInterviewPage::resumeInterrupted()
{
    auto running = deck::latestRunningMockSession(collection_);
    if (!running || !running->has_value())
        return false;
    auto reopened = deck::MockSession::reopen(collection_, **running, now());
    if (!reopened) {
        setupError_->setText(errorText(reopened.error()));
        return false;
    }
    session_ = std::make_unique<deck::MockSession>(std::move(reopened).value());
    session_->setView(this);
    if (session_->state() == deck::MockState::Finished) {
        if (auto r = session_->report())
            showReport(*r);
        return true;
    }
    stack_->setCurrentIndex(1);
    progress_->setText(tr("Question %1 of %2 · %3")
                           .arg(session_->position() + 1)
                           .arg(session_->count())
                           .arg(roundName(session_->config().preset)));
    view_->showMessage(tr("This round was interrupted. Press Resume (P) to continue with question %1.")
                           .arg(session_->position() + 1));
    showState(session_->state());
    showTime(session_->clock(now()));
    timer_->start();
    setFocus();
    return true;
}

void MockInterviewPage::showSetup()
{
    timer_->stop();
    refreshHistory();
    auto running = deck::latestRunningMockSession(collection_);
    resume_->setVisible(running && running->has_value());
    stack_->setCurrentIndex(0);
}

void MockInterviewPage::refreshHistory()
{
    auto history = deck::mockHistory(collection_);
    if (!history)
        return;
    QStringList names;
    for (const auto& h : *history)
        names << roundName(h.preset);
    history_->showHistory(*history, names);
}

void MockInterviewPage::openHistoricReport(qint64 sessionId)
{
    auto r = deck::buildMockReport(collection_, deck::SessionId(sessionId));
    if (!r) {
        emit failed(errorText(r.error()));
        return;
    }
    report_->showReport(*r, roundName(r->config.preset));
    report_->showRecordings(sessionRecordings(QString::fromStdString(collection_.path()), r->id.value));
    stack_->setCurrentIndex(2);
}

// --- events from the user ------------------------------------------------------------------

void MockInterviewPage::onReveal()
{
    if (session_ && session_->state() == deck::MockState::Asking)
        check(session_->reveal(now()));
}

void MockInterviewPage::onScore(int score)
{
    if (!session_ || session_->state() != deck::MockState::Revealed)
        return;
    const deck::Now t = now();
    session_->setPointMarks(pointMarks());
    if (!check(session_->score(score, t)))
        return;
    emit collectionChanged();
    check(session_->next(t));
}

void MockInterviewPage::onPause()
{
    if (!session_)
        return;
    if (session_->state() == deck::MockState::Asking)
        check(session_->pause(now()));
    else if (session_->state() == deck::MockState::Paused)
        check(session_->resume(now()));
}

void MockInterviewPage::onSkip()
{
    if (session_ && session_->state() != deck::MockState::Finished
        && session_->state() != deck::MockState::Scored && session_->state() != deck::MockState::NotStarted)
        check(session_->skip(now()));
}

void MockInterviewPage::onEndEarly()
{
    if (session_ && session_->state() != deck::MockState::Finished)
        check(session_->endEarly(now()));
}

void MockInterviewPage::onTick()
{
    if (session_)
        check(session_->tick(now()));
}

// --- deck::MockView -------------------------------------------------------------------------

void MockInterviewPage::showQuestion(const deck::MockQuestion& q)
{
    progress_->setText(tr("Question %1 of %2 · %3 · %4 · level %5")
                           .arg(q.position + 1)
                           .arg(q.count)
                           .arg(roundName(session_ ? session_->config().preset : std::string()))
                           .arg(topicTitle(q.content.topic))
                           .arg(q.content.level));
    view_->showCard(
        renderCard(q.content, tr("Key points").toStdString(), tr("Sources").toStdString(), tooComplexText()),
        false);
    const QSignalBlocker block(notes_);
    notes_->clear();
    stopRecording();
    player_->stop();
    // The last answer's recording is gone once its question is, when Settings keeps none.
    if (recordedPosition_ >= 0 && recordedPosition_ != q.position && !keepRecordings())
        QFile::remove(recordingFile(recordedPosition_));
    playAnswer_->hide();
    if (record_->isChecked() && record_->isEnabled())
        startRecording(q.position);
    pointsCheck_->hide();
    pointList_->hide();
    suggestion_->hide();
}

void MockInterviewPage::showTime(const deck::MockClock& c)
{
    const std::int64_t left = c.questionLeftMs();
    QString text = left >= 0 ? tr("%1 left").arg(formatDuration(left)) : formatDuration(c.questionElapsedMs);
    if (c.totalLimitMs > 0)
        text +=
            tr("  ·  round %1 / %2").arg(formatDuration(c.totalElapsedMs), formatDuration(c.totalLimitMs));
    else
        text += tr("  ·  round %1").arg(formatDuration(c.totalElapsedMs));
    clock_->setText(text);
    // Red for the last minute, so the end does not come as a surprise.
    clock_->setStyleSheet(left >= 0 && left < 60'000 && c.running ? QStringLiteral("color: #c62828;")
                                                                  : QString());
}

void MockInterviewPage::showAnswer(const deck::MockQuestion& q, bool timedOut)
{
    stopRecording();
    showPlayback(q.position);
    view_->reveal();
    showPointsCheck(q);
    // The key points as a checklist: ticked where the typed notes cover them; the user decides.
    {
        const QSignalBlocker block(pointList_);
        pointList_->clear();
        const QString notes = notes_->toPlainText().trimmed();
        std::vector<importer::PointCoverage> coverage;
        // Marks are stored only when there is something behind them: typed notes or a tick.
        pointsMarked_ = !notes.isEmpty();
        if (!notes.isEmpty())
            coverage = importer::keyPointCoverage(notes.toStdString(), q.content.keyPoints);
        for (std::size_t i = 0; i < q.content.keyPoints.size(); ++i) {
            auto* item = new QListWidgetItem(QString::fromStdString(q.content.keyPoints[i]), pointList_);
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
            const bool covered =
                i < coverage.size() && coverage[i].level == importer::PointCoverage::Level::Covered;
            item->setCheckState(covered ? Qt::Checked : Qt::Unchecked);
        }
    }
    pointList_->setVisible(!q.content.keyPoints.empty());
    // As tall as its points (up to six rows), so the answer keeps the room.
    const int rows = std::min(6, pointList_->count());
    pointList_->setFixedHeight(
        rows > 0 ? rows * pointList_->sizeHintForRow(0) + 2 * pointList_->frameWidth() + 2 : 0);
    updateSuggestion();
    if (timedOut)
        stateLine_->setText(tr("Time is up. Score what you said before the clock ran out (0–4)."));
    setFocus();  // digits now score, even if the notes box had the focus
}

void MockInterviewPage::showScored(const deck::MockQuestion&, int) {}

void MockInterviewPage::showState(deck::MockState state)
{
    switch (state) {
    case deck::MockState::Asking:
        stateLine_->setText(tr("Answer aloud, as in the interview; reveal the reference answer when done."));
        recorder_->resume();
        break;
    case deck::MockState::Paused:
        stateLine_->setText(tr("Paused: the clock is stopped."));
        recorder_->pause();
        break;
    case deck::MockState::Revealed:
        if (!session_ || !session_->timedOut())
            stateLine_->setText(tr("Compare with the key points and score your answer (0–4)."));
        break;
    case deck::MockState::Scored:
    case deck::MockState::NotStarted:
    case deck::MockState::Finished: break;
    }
    updateButtons();
}

void MockInterviewPage::showReport(const deck::MockReport& r)
{
    timer_->stop();
    stopRecording();
    player_->stop();
    if (recordedPosition_ >= 0 && !keepRecordings())
        QFile::remove(recordingFile(recordedPosition_));
    recordedPosition_ = -1;
    report_->showReport(r, roundName(r.config.preset));
    report_->showRecordings(sessionRecordings(QString::fromStdString(collection_.path()), r.id.value));
    stack_->setCurrentIndex(2);
}

void MockInterviewPage::showPointsCheck(const deck::MockQuestion& q)
{
    const QString notes = notes_->toPlainText().trimmed();
    if (notes.isEmpty() || q.content.keyPoints.empty()) {
        pointsCheck_->hide();
        return;
    }
    const auto coverage = importer::keyPointCoverage(notes.toStdString(), q.content.keyPoints);
    QStringList lines;
    int covered = 0;
    for (std::size_t i = 0; i < coverage.size(); ++i) {
        const auto& c = coverage[i];
        QString mark;
        switch (c.level) {
        case importer::PointCoverage::Level::Covered:
            mark = tr("✓ covered");
            ++covered;
            break;
        case importer::PointCoverage::Level::Partly: mark = tr("~ partly"); break;
        case importer::PointCoverage::Level::Missing: mark = tr("✗ not found"); break;
        }
        QStringList words;
        for (const auto& w : c.matched)
            words << QString::fromStdString(w);
        QString line =
            tr("%1  %2. %3").arg(mark).arg(i + 1).arg(QString::fromStdString(q.content.keyPoints[i]));
        if (!words.isEmpty())
            line += QStringLiteral("  [") + words.join(QStringLiteral(" ")) + QStringLiteral("]");
        lines << line;
    }
    pointsCheck_->setText(
        tr("Your notes against the key points (by the words they share, computed here, nothing is "
           "sent anywhere): %1 of %2 covered.")
            .arg(covered)
            .arg(coverage.size())
        + QStringLiteral("\n") + lines.join(QStringLiteral("\n")));
    pointsCheck_->show();
}

std::string MockInterviewPage::pointMarks() const
{
    if (pointList_->isHidden() || !pointsMarked_)
        return {};
    std::string marks;
    for (int i = 0; i < pointList_->count(); ++i)
        marks += pointList_->item(i)->checkState() == Qt::Checked ? '1' : '0';
    return marks;
}

void MockInterviewPage::updateSuggestion()
{
    const int total = pointList_->isHidden() ? 0 : pointList_->count();
    int covered = 0;
    for (int i = 0; i < total; ++i)
        covered += pointList_->item(i)->checkState() == Qt::Checked ? 1 : 0;
    const int suggested = deck::suggestedRubricScore(covered, total);
    if (suggested < 0) {
        suggestion_->hide();
        return;
    }
    suggestion_->setText(
        tr("Suggested score %1: %2 of %3 key points ticked (all → 4, at least ¾ → 3, at least ½ → 2, "
           "some → 1, none → 0). Your own score is the one that counts.")
            .arg(suggested)
            .arg(covered)
            .arg(total));
    suggestion_->show();
}

void MockInterviewPage::updateRecordBox()
{
    // Asked again at each round: a headset plugged in after the window opened is found.
    const QSignalBlocker block(record_);
    if (const QString why = AnswerRecorder::unavailableReason(); !why.isEmpty()) {
        record_->setEnabled(false);
        record_->setChecked(false);
        record_->setToolTip(why);
        recordState_->setText(tr("Recording is off: %1").arg(why));
    } else {
        record_->setEnabled(true);
        record_->setChecked(QSettings().value(QStringLiteral("mock/recordAnswers"), false).toBool());
        record_->setToolTip(tr("Each answer is recorded from the microphone while its clock runs and "
                               "kept beside the collection; Settings can keep none."));
        recordState_->clear();
    }
}

QString MockInterviewPage::recordingFile(int position) const
{
    if (!session_ || position < 0)
        return {};
    return recordingPath(QString::fromStdString(collection_.path()), session_->id().value, position);
}

void MockInterviewPage::startRecording(int position)
{
    if (!session_ || recorder_->recording())
        return;
    if (!recorder_->start(recordingFile(position))) {
        recordState_->setText(tr("Recording is off: %1").arg(recorder_->error()));
        return;
    }
    recordedPosition_ = position;
    if (session_->state() == deck::MockState::Paused)
        recorder_->pause();
    showRecordingState();
}

void MockInterviewPage::stopRecording()
{
    if (!recorder_->recording())
        return;
    recorder_->stop();
    recordState_->clear();
}

void MockInterviewPage::showRecordingState()
{
    if (recorder_->recording())
        recordState_->setText(tr("● Recording %1").arg(formatDuration(recorder_->recordedMs())));
}

void MockInterviewPage::showPlayback(int position)
{
    const QFileInfo file(recordingFile(position));
    if (position < 0 || position != recordedPosition_ || !file.exists()) {
        playAnswer_->hide();
        return;
    }
    QFile f(file.filePath());
    qint64 ms = 0;
    if (f.open(QIODevice::ReadOnly))
        if (auto info = readWavInfo(f))
            ms = info->durationMs();
    playAnswer_->setText(tr("▶ Play my answer (%1, %2)").arg(formatDuration(ms), formatBytes(file.size())));
    playAnswer_->setEnabled(AnswerPlayer::unavailableReason().isEmpty());
    playAnswer_->setToolTip(AnswerPlayer::unavailableReason());
    playAnswer_->show();
}

void MockInterviewPage::updateButtons()
{
    const deck::MockState s = session_ ? session_->state() : deck::MockState::NotStarted;
    const bool live =
        s == deck::MockState::Asking || s == deck::MockState::Paused || s == deck::MockState::Revealed;
    reveal_->setEnabled(s == deck::MockState::Asking);
    pause_->setEnabled(s == deck::MockState::Asking || s == deck::MockState::Paused);
    pause_->setText(s == deck::MockState::Paused ? tr("Resume (P)") : tr("Pause (P)"));
    skip_->setEnabled(live);
    end_->setEnabled(live || s == deck::MockState::Scored);
    scoreRow_->setVisible(s == deck::MockState::Revealed);
}

}  // namespace app
