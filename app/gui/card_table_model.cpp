#include "gui/card_table_model.h"
#include "gui/error_text.h"

#include "gui/topic_names.h"

#include <QBrush>
#include <QColor>
#include <QDate>

#include "common/user_collection.h"

namespace app {

namespace {

/// The deck column each view column sorts by; the state column sorts by due day, its nearest
/// orderable stand-in.
deck::BrowseColumn sortColumnFor(int column)
{
    switch (column) {
    case CardTableModel::Topic: return deck::BrowseColumn::Topic;
    case CardTableModel::Level: return deck::BrowseColumn::Level;
    case CardTableModel::State:
    case CardTableModel::Due: return deck::BrowseColumn::Due;
    case CardTableModel::Companies: return deck::BrowseColumn::Companies;
    case CardTableModel::Reports: return deck::BrowseColumn::Reports;
    case CardTableModel::Lapses: return deck::BrowseColumn::Lapses;
    default: return deck::BrowseColumn::Question;
    }
}

/// The four flag colours: 1 red, 2 orange, 3 green, 4 blue.
QColor flagColor(int flag)
{
    switch (flag) {
    case 1: return QColor(0xd9, 0x3f, 0x3f);
    case 2: return QColor(0xe8, 0x8a, 0x1a);
    case 3: return QColor(0x3a, 0x9a, 0x4a);
    case 4: return QColor(0x3a, 0x6f, 0xd0);
    default: return {};
    }
}

}  // namespace

QString formatDueDay(scheduler::Day due, scheduler::Day today)
{
    const auto diff = static_cast<int>(due - today);
    if (diff == 0)
        return CardTableModel::tr("today");
    if (diff < 0)
        return CardTableModel::tr("%n d overdue", nullptr, -diff);
    if (diff <= 30)
        return CardTableModel::tr("in %n d", nullptr, diff);
    // A study day counts days since 1970-01-01 in local time.
    return QDate(1970, 1, 1).addDays(due).toString(Qt::ISODate);
}

QString stateName(deck::BrowseState state)
{
    switch (state) {
    case deck::BrowseState::Suspended: return CardTableModel::tr("suspended");
    case deck::BrowseState::Buried: return CardTableModel::tr("buried");
    case deck::BrowseState::New: return CardTableModel::tr("new");
    case deck::BrowseState::Learning: return CardTableModel::tr("learning");
    case deck::BrowseState::Due: return CardTableModel::tr("due");
    case deck::BrowseState::Young: return CardTableModel::tr("young");
    case deck::BrowseState::Mature: return CardTableModel::tr("mature");
    }
    return {};
}

CardTableModel::CardTableModel(deck::Collection& collection, QObject* parent)
    : QAbstractTableModel(parent), collection_(collection)
{
    reload();
}

int CardTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int CardTableModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CardTableModel::data(const QModelIndex& index, int role) const
{
    const deck::BrowseRow* r = rowAt(index.row());
    if (!r)
        return {};
    if (role == CardIdRole)
        return QVariant::fromValue<qint64>(r->id.value);
    if (role == Qt::ToolTipRole && index.column() == Question)
        return QString::fromStdString(r->question);
    if (role == Qt::DecorationRole && index.column() == Question && r->flag > 0)
        return flagColor(r->flag);
    if (role == Qt::TextAlignmentRole && index.column() >= Level && index.column() != State)
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    if (role == Qt::ForegroundRole && r->state == deck::BrowseState::Suspended)
        return QBrush(QColor(128, 128, 128));
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Question: return QString::fromStdString(r->question);
    case Topic: return topicTitle(r->topic);
    case Level: return r->level;
    case State:
        return r->lapses >= deck::kLeechLapses ? tr("%1, leech").arg(stateName(r->state))
                                               : stateName(r->state);
    case Due: return r->due ? formatDueDay(*r->due, today_) : QString();
    case Companies: return r->companies;
    case Reports: return r->reports;
    case Lapses: return r->lapses;
    default: return {};
    }
}

QVariant CardTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case Question: return tr("Question");
    case Topic: return tr("Topic");
    case Level: return tr("Level");
    case State: return tr("State");
    case Due: return tr("Due");
    case Companies: return tr("Companies");
    case Reports: return tr("Reports");
    case Lapses: return tr("Lapses");
    default: return {};
    }
}

bool CardTableModel::canFetchMore(const QModelIndex& parent) const
{
    return !parent.isValid() && static_cast<int>(rows_.size()) < total_ && error_.isEmpty();
}

void CardTableModel::fetchMore(const QModelIndex& parent)
{
    if (!canFetchMore(parent))
        return;
    auto page = collection_.listCards(filter_, sort_, today_, static_cast<int>(rows_.size()), kPageSize);
    if (!page) {
        error_ = errorText(page.error());
        return;
    }
    if (page->empty()) {
        total_ = static_cast<int>(rows_.size());  // the collection shrank since the count
        return;
    }
    const int first = static_cast<int>(rows_.size());
    beginInsertRows({}, first, first + static_cast<int>(page->size()) - 1);
    rows_.insert(rows_.end(), std::make_move_iterator(page->begin()), std::make_move_iterator(page->end()));
    endInsertRows();
}

void CardTableModel::sort(int column, Qt::SortOrder order)
{
    sort_ = {sortColumnFor(column), order == Qt::DescendingOrder};
    reload();
}

void CardTableModel::setFilter(const deck::BrowseFilter& filter)
{
    filter_ = filter;
    reload();
}

void CardTableModel::reload()
{
    beginResetModel();
    rows_.clear();
    error_.clear();
    today_ = collection_.today(currentTime());
    auto total = collection_.countCards(filter_, today_);
    if (total) {
        total_ = *total;
    } else {
        total_ = 0;
        error_ = errorText(total.error());
    }
    endResetModel();
    // The first page now, so that a view (or a test) sees rows without scrolling.
    fetchMore({});
    emit totalChanged(total_);
}

const deck::BrowseRow* CardTableModel::rowAt(int row) const
{
    if (row < 0 || row >= static_cast<int>(rows_.size()))
        return nullptr;
    return &rows_[static_cast<std::size_t>(row)];
}

int CardTableModel::rowOf(deck::CardId id) const
{
    for (std::size_t i = 0; i < rows_.size(); ++i)
        if (rows_[i].id == id)
            return static_cast<int>(i);
    return -1;
}

}  // namespace app
