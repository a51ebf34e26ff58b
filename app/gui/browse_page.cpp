#include "gui/browse_page.h"
#include "gui/company_asks_dialog.h"
#include "gui/error_text.h"

#include "gui/topic_names.h"

#include <QComboBox>
#include <QDesktopServices>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QMenu>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QStandardItemModel>
#include <QTableView>
#include <QTimer>
#include <QTreeView>
#include <QUrl>
#include <QVBoxLayout>

#include "common/card_html.h"
#include "common/user_collection.h"
#include "deck/browse.h"
#include "deck/deck_source.h"
#include "deck/sighting_fields.h"
#include "gui/card_edit_dialog.h"
#include "gui/card_info.h"
#include "gui/card_table_model.h"
#include "gui/card_view.h"

namespace app {

namespace {

// Item data on the tree's first column: which sightings the node stands for.
constexpr int kDepthRole = Qt::UserRole + 1;  // 0 all cards, 1 company, 2 round, 3 role
constexpr int kCompanyRole = Qt::UserRole + 2;
constexpr int kRoundRole = Qt::UserRole + 3;
constexpr int kRoleRole = Qt::UserRole + 4;

QList<QStandardItem*> treeRow(const QString& name, const deck::SightingCounts& counts)
{
    auto* label = new QStandardItem(name);
    auto* cards = new QStandardItem(QString::number(counts.cards));
    auto* reports = new QStandardItem(QString::number(counts.reports));
    for (QStandardItem* item : {label, cards, reports})
        item->setEditable(false);
    cards->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    reports->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return {label, cards, reports};
}

QString orUnstated(const std::string& s)
{
    return s.empty() ? BrowsePage::tr("(not stated)") : QString::fromStdString(s);
}

/// The directions a choice of the direction box stands for ("" = all, "infra" = the
/// AI-infrastructure ones, else one direction id).
std::vector<std::string> directionsOf(const QString& choice)
{
    if (choice.isEmpty())
        return {};
    if (choice == QLatin1String("infra")) {
        std::vector<std::string> out;
        for (const std::string& d : deck::sightingDirections())
            if (deck::isInfraDirection(d))
                out.push_back(d);
        return out;
    }
    return {choice.toStdString()};
}

/// One sighting as a line of the card's list: company · round · role · direction · date, the
/// date marked "reported" unless it is the interview's own.
QString sightingLine(const deck::Sighting& s)
{
    QStringList parts;
    parts << orUnstated(s.company);
    for (const std::string* p : {&s.round, &s.role})
        if (!p->empty())
            parts << QString::fromStdString(*p);
    if (!s.direction.empty() && s.direction != "unknown")
        parts << directionTitle(s.direction);
    if (!s.date.empty())
        parts << (s.dateKind == "interview" ? BrowsePage::tr("interviewed %1")
                                            : BrowsePage::tr("reported %1"))
                     .arg(QString::fromStdString(s.date));
    if (s.item > 0)
        parts << BrowsePage::tr("item %1").arg(s.item);
    return parts.join(QStringLiteral(" · "));
}

}  // namespace

bool BrowsePage::isOpenableLink(const QString& url)
{
    const QUrl u(url, QUrl::StrictMode);
    const QString scheme = u.scheme().toLower();
    return u.isValid() && !u.host().isEmpty()
           && (scheme == QLatin1String("http") || scheme == QLatin1String("https"));
}

BrowsePage::BrowsePage(deck::Collection& collection, QWidget* parent)
    : QWidget(parent), collection_(collection)
{
    // --- the sightings tree ---
    treeModel_ = new QStandardItemModel(this);
    treeModel_->setHorizontalHeaderLabels({tr("Company / round / role"), tr("Cards"), tr("Reports")});
    tree_ = new QTreeView(this);
    tree_->setObjectName(QStringLiteral("browseTree"));
    tree_->setModel(treeModel_);
    tree_->setUniformRowHeights(true);
    tree_->header()->setStretchLastSection(false);
    tree_->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    tree_->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    tree_->header()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
    tree_->setMinimumWidth(230);

    // --- filters ---
    search_ = new QLineEdit(this);
    search_->setObjectName(QStringLiteral("browseSearch"));
    search_->setPlaceholderText(tr("Search questions and answers (中文 or English)"));
    search_->setClearButtonEnabled(true);
    topic_ = new QComboBox(this);
    topic_->setObjectName(QStringLiteral("browseTopic"));
    topic_->addItem(tr("All topics"), QString());
    // Long topic names would make the box crowd out the search field.
    topic_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    topic_->setMinimumContentsLength(12);
    for (const std::string& t : deck::knownTopics())
        topic_->addItem(topicTitle(t), QString::fromStdString(t));
    minLevel_ = new QSpinBox(this);
    maxLevel_ = new QSpinBox(this);
    for (QSpinBox* box : {minLevel_, maxLevel_})
        box->setRange(1, 10);
    minLevel_->setValue(1);
    maxLevel_->setValue(10);
    minLevel_->setPrefix(tr("Level "));
    maxLevel_->setPrefix(tr("to "));
    state_ = new QComboBox(this);
    state_->setObjectName(QStringLiteral("browseState"));
    state_->addItem(tr("Any state"), static_cast<int>(deck::StateFilter::Any));
    state_->addItem(tr("New"), static_cast<int>(deck::StateFilter::New));
    state_->addItem(tr("Due today"), static_cast<int>(deck::StateFilter::DueToday));
    state_->addItem(tr("Learning"), static_cast<int>(deck::StateFilter::Learning));
    state_->addItem(tr("Suspended"), static_cast<int>(deck::StateFilter::Suspended));
    state_->addItem(tr("Leeches (8+ lapses)"), static_cast<int>(deck::StateFilter::Leech));
    count_ = new QLabel(this);
    count_->setObjectName(QStringLiteral("browseCount"));
    direction_ = new QComboBox(this);
    direction_->setObjectName(QStringLiteral("browseDirection"));
    direction_->setToolTip(tr("Count only the reports of these positions"));
    direction_->addItem(tr("All positions"), QString());
    direction_->addItem(tr("AI-infrastructure positions"), QStringLiteral("infra"));
    for (const std::string& d : deck::sightingDirections())
        direction_->addItem(directionTitle(d), QString::fromStdString(d));

    asks_ = new QPushButton(tr("What this company asks most…"), this);
    asks_->setObjectName(QStringLiteral("browseCompanyAsks"));
    asks_->setToolTip(
        tr("Its cards ranked by how many of its reports asked them, with your predicted recall"));
    asks_->setEnabled(false);

    // --- the list ---
    model_ = new CardTableModel(collection_, this);
    table_ = new QTableView(this);
    table_->setObjectName(QStringLiteral("browseTable"));
    table_->setModel(model_);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->setSelectionMode(QAbstractItemView::SingleSelection);
    table_->setSortingEnabled(true);
    // Opens on what interviewers ask most: the cards with the most reports first.
    table_->sortByColumn(CardTableModel::Reports, Qt::DescendingOrder);
    table_->verticalHeader()->hide();
    table_->verticalHeader()->setDefaultSectionSize(table_->fontMetrics().height() + 8);
    table_->setWordWrap(false);
    table_->setAlternatingRowColors(true);
    table_->horizontalHeader()->setSectionResizeMode(CardTableModel::Question, QHeaderView::Stretch);
    for (int c = CardTableModel::Topic; c < CardTableModel::ColumnCount; ++c)
        table_->horizontalHeader()->setSectionResizeMode(c, QHeaderView::ResizeToContents);
    // Topic names are long ("Framework runtime and C++"): a fixed column, elided, so that the
    // question keeps most of the width; the user can still drag it wider.
    table_->horizontalHeader()->setSectionResizeMode(CardTableModel::Topic, QHeaderView::Interactive);
    table_->horizontalHeader()->resizeSection(CardTableModel::Topic,
                                              table_->fontMetrics().averageCharWidth() * 12);
    table_->setTextElideMode(Qt::ElideRight);
    // Columns can be shown and hidden from the header's context menu; lapses start hidden (the
    // leech filter and the card info show them).
    table_->setColumnHidden(CardTableModel::Lapses, true);
    table_->horizontalHeader()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(
        table_->horizontalHeader(), &QWidget::customContextMenuRequested, this, [this](const QPoint& pos) {
            QMenu menu(this);
            for (int c = CardTableModel::Topic; c < CardTableModel::ColumnCount; ++c) {
                QAction* a =
                    menu.addAction(model_->headerData(c, Qt::Horizontal, Qt::DisplayRole).toString());
                a->setCheckable(true);
                a->setChecked(!table_->isColumnHidden(c));
                connect(a, &QAction::toggled, this, [this, c](bool on) { table_->setColumnHidden(c, !on); });
            }
            menu.exec(table_->horizontalHeader()->mapToGlobal(pos));
        });

    // --- the detail pane ---
    view_ = new CardView(this);
    view_->setMinimumWidth(320);
    info_ = new QLabel(this);
    info_->setObjectName(QStringLiteral("cardInfo"));
    info_->setWordWrap(true);
    info_->setTextFormat(Qt::PlainText);
    info_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    detailTitle_ = new QLabel(tr("Sightings"), this);
    sightings_ = new QListWidget(this);
    sightings_->setObjectName(QStringLiteral("browseSightings"));
    sightings_->setMaximumHeight(140);
    sightings_->setToolTip(tr("Double-click a sighting to open its report in your browser"));
    edit_ = new QPushButton(tr("Edit…"), this);
    suspend_ = new QPushButton(tr("Suspend"), this);
    bury_ = new QPushButton(tr("Bury until tomorrow"), this);
    flag_ = new QComboBox(this);
    flag_->addItem(tr("No flag"));
    flag_->addItem(tr("Red flag"));
    flag_->addItem(tr("Orange flag"));
    flag_->addItem(tr("Green flag"));
    flag_->addItem(tr("Blue flag"));

    auto* filters = new QHBoxLayout;
    filters->addWidget(search_, 1);
    filters->addWidget(topic_);
    filters->addWidget(minLevel_);
    filters->addWidget(maxLevel_);
    filters->addWidget(state_);
    auto* middle = new QWidget(this);
    auto* middleLayout = new QVBoxLayout(middle);
    middleLayout->setContentsMargins(0, 0, 0, 0);
    middleLayout->addLayout(filters);
    middleLayout->addWidget(table_, 1);
    middleLayout->addWidget(count_);

    auto* actions = new QHBoxLayout;
    actions->addWidget(edit_);
    actions->addWidget(suspend_);
    actions->addWidget(bury_);
    actions->addStretch(1);
    // The flag on a row of its own: four controls in one row made the card pane too wide to
    // leave the table its room.
    auto* flagRow = new QHBoxLayout;
    flagRow->addWidget(flag_);
    flagRow->addStretch(1);
    auto* detail = new QWidget(this);
    auto* detailLayout = new QVBoxLayout(detail);
    detailLayout->setContentsMargins(0, 0, 0, 0);
    detailLayout->addWidget(view_, 1);
    detailLayout->addWidget(info_);
    detailLayout->addWidget(detailTitle_);
    detailLayout->addWidget(sightings_);
    detailLayout->addLayout(actions);
    detailLayout->addLayout(flagRow);

    auto* left = new QWidget(this);
    auto* leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(direction_);
    leftLayout->addWidget(tree_, 1);
    leftLayout->addWidget(asks_);

    auto* splitter = splitter_ = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("browseSplitter"));
    splitter->addWidget(left);
    splitter->addWidget(middle);
    splitter->addWidget(detail);
    // The table gets most of the room; the tree keeps its width.
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 5);
    splitter->setStretchFactor(2, 2);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(splitter);

    // --- wiring ---
    searchDelay_ = new QTimer(this);
    searchDelay_->setSingleShot(true);
    searchDelay_->setInterval(200);  // ms: one query after typing pauses, not one per key
    connect(search_, &QLineEdit::textChanged, searchDelay_, qOverload<>(&QTimer::start));
    connect(searchDelay_, &QTimer::timeout, this, &BrowsePage::applyFilters);
    connect(topic_, &QComboBox::currentIndexChanged, this, &BrowsePage::applyFilters);
    connect(state_, &QComboBox::currentIndexChanged, this, &BrowsePage::applyFilters);
    connect(direction_, &QComboBox::currentIndexChanged, this, [this] {
        buildTree();
        applyFilters();
    });
    connect(minLevel_, &QSpinBox::valueChanged, this, [this](int v) {
        if (maxLevel_->value() < v)
            maxLevel_->setValue(v);
        applyFilters();
    });
    connect(maxLevel_, &QSpinBox::valueChanged, this, [this](int v) {
        if (minLevel_->value() > v)
            minLevel_->setValue(v);
        applyFilters();
    });
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this, &BrowsePage::applyFilters);
    connect(tree_->selectionModel(), &QItemSelectionModel::currentChanged, this,
            [this](const QModelIndex& index) {
                const QModelIndex node = index.siblingAtColumn(0);
                // Sightings that name no company have nothing to rank by company.
                asks_->setEnabled(node.isValid() && node.data(kDepthRole).toInt() >= 1
                                  && !node.data(kCompanyRole).toString().isEmpty());
            });
    connect(asks_, &QPushButton::clicked, this, [this] {
        if (CompanyAsksDialog* d = openCompanyAsks())
            d->open();
    });
    connect(model_, &CardTableModel::totalChanged, this, [this](int total) {
        count_->setText(model_->lastError().isEmpty()
                            ? tr("%n card(s)", nullptr, total)
                            : tr("The list could not be read: %1").arg(model_->lastError()));
    });
    connect(model_, &QAbstractItemModel::modelReset, this, &BrowsePage::clearDetail);
    connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            [this](const QModelIndex& index) {
                const deck::BrowseRow* row = model_->rowAt(index.row());
                if (row)
                    showCard(row->id);
            });
    connect(sightings_, &QListWidget::itemActivated, this, &BrowsePage::openSighting);
    connect(edit_, &QPushButton::clicked, this, &BrowsePage::editCurrent);
    connect(suspend_, &QPushButton::clicked, this, &BrowsePage::toggleSuspended);
    connect(bury_, &QPushButton::clicked, this, &BrowsePage::buryCurrent);
    connect(flag_, &QComboBox::activated, this, &BrowsePage::flagCurrent);

    buildTree();
    count_->setText(tr("%n card(s)", nullptr, model_->totalCount()));
    clearDetail();
}

void BrowsePage::refresh()
{
    buildTree();
    model_->reload();
}

void BrowsePage::buildTree()
{
    // Keep the selected node across a rebuild, by what it stands for.
    const QModelIndex old = tree_->currentIndex().siblingAtColumn(0);
    const QVariantList keep = {old.data(kDepthRole), old.data(kCompanyRole), old.data(kRoundRole),
                               old.data(kRoleRole)};

    const QSignalBlocker block(tree_->selectionModel());
    treeModel_->removeRows(0, treeModel_->rowCount());
    auto tree = collection_.companyTree(directionsOf(direction_->currentData().toString()));
    auto total = collection_.countCards({}, 0);
    auto all = treeRow(tr("All cards"), {total ? *total : 0, 0});
    all[2]->setText(QString());
    all[0]->setData(0, kDepthRole);
    treeModel_->appendRow(all);
    QStandardItem* select = all[0];
    if (!tree) {
        count_->setText(tr("The sightings could not be read: %1").arg(errorText(tree.error())));
        return;
    }
    auto matches = [&](QStandardItem* item) {
        return keep[0] == item->data(kDepthRole) && keep[1] == item->data(kCompanyRole)
               && keep[2] == item->data(kRoundRole) && keep[3] == item->data(kRoleRole);
    };
    for (const deck::CompanyNode& company : *tree) {
        auto row = treeRow(orUnstated(company.company), company.counts);
        QStandardItem* c = row[0];
        c->setData(1, kDepthRole);
        c->setData(QString::fromStdString(company.company), kCompanyRole);
        for (const deck::RoundNode& round : company.rounds) {
            auto roundRow = treeRow(orUnstated(round.round), round.counts);
            QStandardItem* r = roundRow[0];
            r->setData(2, kDepthRole);
            r->setData(QString::fromStdString(company.company), kCompanyRole);
            r->setData(QString::fromStdString(round.round), kRoundRole);
            for (const deck::RoleNode& role : round.roles) {
                auto roleRow = treeRow(orUnstated(role.role), role.counts);
                QStandardItem* o = roleRow[0];
                o->setData(3, kDepthRole);
                o->setData(QString::fromStdString(company.company), kCompanyRole);
                o->setData(QString::fromStdString(round.round), kRoundRole);
                o->setData(QString::fromStdString(role.role), kRoleRole);
                r->appendRow(roleRow);
                if (matches(o))
                    select = o;
            }
            c->appendRow(roundRow);
            if (matches(r))
                select = r;
        }
        treeModel_->appendRow(row);
        if (matches(c))
            select = c;
    }
    // The index is taken only now: a child's index is valid once its parents are in the model.
    tree_->setCurrentIndex(select->index());
}

void BrowsePage::applyFilters()
{
    deck::BrowseFilter f;
    const QString topic = topic_->currentData().toString();
    if (!topic.isEmpty())
        f.topics = {topic.toStdString()};
    f.minLevel = minLevel_->value();
    f.maxLevel = maxLevel_->value();
    f.state = static_cast<deck::StateFilter>(state_->currentData().toInt());
    f.text = search_->text().trimmed().toStdString();
    f.directions = directionsOf(direction_->currentData().toString());
    const QModelIndex node = tree_->currentIndex().siblingAtColumn(0);
    const int depth = node.isValid() ? node.data(kDepthRole).toInt() : 0;
    if (depth >= 1)
        f.company = node.data(kCompanyRole).toString().toStdString();
    if (depth >= 2)
        f.round = node.data(kRoundRole).toString().toStdString();
    if (depth >= 3)
        f.role = node.data(kRoleRole).toString().toStdString();
    model_->setFilter(f);
}

CompanyAsksDialog* BrowsePage::openCompanyAsks()
{
    const QModelIndex node = tree_->currentIndex().siblingAtColumn(0);
    if (!node.isValid() || node.data(kDepthRole).toInt() < 1)
        return nullptr;
    // The company node: its rounds are its children in the tree.
    QModelIndex companyNode = node;
    while (companyNode.data(kDepthRole).toInt() > 1)
        companyNode = companyNode.parent();
    const QString company = companyNode.data(kCompanyRole).toString();
    if (company.isEmpty())
        return nullptr;
    const QString round = node.data(kDepthRole).toInt() >= 2 ? node.data(kRoundRole).toString() : QString();
    QStringList rounds;
    for (int i = 0; i < treeModel_->rowCount(companyNode); ++i)
        rounds << treeModel_->index(i, 0, companyNode).data(kRoundRole).toString();
    auto* d = new CompanyAsksDialog(collection_, company, round, rounds,
                                    directionsOf(direction_->currentData().toString()), this);
    d->setAttribute(Qt::WA_DeleteOnClose);
    connect(d, &CompanyAsksDialog::startMock, this, &BrowsePage::startMock);
    connect(d, &CompanyAsksDialog::planInterview, this, &BrowsePage::planInterview);
    connect(d, &CompanyAsksDialog::openCard, this, [this](qint64 id) { selectCard(deck::CardId(id)); });
    return d;
}

void BrowsePage::selectCard(deck::CardId id)
{
    if (const int row = model_->rowOf(id); row >= 0) {
        table_->setCurrentIndex(model_->index(row, 0));
        table_->scrollTo(model_->index(row, 0), QAbstractItemView::PositionAtCenter);
    } else
        showCard(id);
}

void BrowsePage::clearDetail()
{
    current_ = deck::CardId();
    info_->clear();
    view_->showMessage(tr("Select a card to see its answer and who asked it."));
    sightings_->clear();
    detailTitle_->setText(tr("Sightings"));
    for (QWidget* w : std::initializer_list<QWidget*>{edit_, suspend_, bury_, flag_})
        w->setEnabled(false);
}

void BrowsePage::showCard(deck::CardId id)
{
    auto card = collection_.card(id);
    if (!card) {
        clearDetail();
        emit failed(errorText(card.error()));
        return;
    }
    current_ = id;
    currentSuspended_ = card->suspended;
    view_->showCard(renderCard(card->content, tr("Key points").toStdString(), tr("Sources").toStdString(),
                               tooComplexText()),
                    true);
    info_->setText(cardInfoText(collection_, id));
    sightings_->clear();
    detailTitle_->setText(tr("Sightings (%1)").arg(card->sightings.size()));
    for (const deck::Sighting& s : card->sightings) {
        auto* item = new QListWidgetItem(sightingLine(s), sightings_);
        const QString url = QString::fromStdString(s.sourceUrl);
        item->setData(Qt::UserRole, url);
        item->setToolTip(url.isEmpty() ? tr("No source link") : url);
        if (isOpenableLink(url))
            item->setForeground(palette().color(QPalette::Link));
    }
    if (card->sightings.empty())
        new QListWidgetItem(tr("No interview report lists this question yet."), sightings_);
    for (QWidget* w : std::initializer_list<QWidget*>{edit_, suspend_, bury_, flag_})
        w->setEnabled(true);
    suspend_->setText(card->suspended ? tr("Unsuspend") : tr("Suspend"));
    const QSignalBlocker block(flag_);
    flag_->setCurrentIndex(card->flag);
}

void BrowsePage::openSighting(QListWidgetItem* item)
{
    const QString url = item->data(Qt::UserRole).toString();
    // Only web links leave the app; anything else in a report (file:, javascript:) stays text.
    if (isOpenableLink(url))
        QDesktopServices::openUrl(QUrl(url, QUrl::StrictMode));
}

void BrowsePage::editCurrent()
{
    auto card = collection_.card(current_);
    if (!card) {
        emit failed(errorText(card.error()));
        return;
    }
    CardEditDialog dialog(card->content, this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    afterWrite(collection_.editCard(current_, dialog.content(), currentTime()));
}

void BrowsePage::toggleSuspended()
{
    afterWrite(collection_.setSuspended(current_, !currentSuspended_, currentTime()));
}

void BrowsePage::buryCurrent()
{
    afterWrite(collection_.bury(current_, currentTime()));
}

void BrowsePage::flagCurrent(int flag)
{
    afterWrite(collection_.setFlag(current_, flag, currentTime()));
}

void BrowsePage::afterWrite(const deck::Status& status)
{
    if (!status.ok())
        emit failed(errorText(status.error()));
    // Re-read the list (the card may have left the filter) and keep it selected if it is still
    // among the loaded rows.
    const deck::CardId id = current_;
    model_->reload();
    const int row = model_->rowOf(id);
    if (row >= 0)
        table_->setCurrentIndex(model_->index(row, 0));
}

void BrowsePage::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (sized_ || width() < 600)
        return;
    // First time on screen: the table takes half the width, the tree a fifth, the card the rest
    // (from the widgets' size hints the tree and the card took most of it).
    sized_ = true;
    const int w = splitter_->width();
    splitter_->setSizes({w / 5, w / 2, w - w / 5 - w / 2});
}

}  // namespace app
