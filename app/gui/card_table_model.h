#pragma once
// The Browse list as a Qt model: rows are fetched a page at a time from deck::listCards as the
// view scrolls (canFetchMore / fetchMore), so a 100,000-card collection costs one page of rows
// and one count query per filter change, never a widget per card.

#include <QAbstractTableModel>
#include <QString>

#include <vector>

#include "deck/browse.h"
#include "deck/collection.h"

namespace app {

class CardTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column {
        Question,
        Topic,
        Level,
        State,
        Due,
        Companies,
        Reports,
        Lapses,
        ColumnCount
    };
    static constexpr int kPageSize = 200;
    /// Qt::UserRole on any cell: the card id (qint64).
    static constexpr int CardIdRole = Qt::UserRole + 1;

    explicit CardTableModel(deck::Collection& collection, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    bool canFetchMore(const QModelIndex& parent) const override;
    void fetchMore(const QModelIndex& parent) override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

    /// Replaces the filter and reloads from the first page.
    void setFilter(const deck::BrowseFilter& filter);
    const deck::BrowseFilter& filter() const { return filter_; }
    /// Re-reads the current filter (after an edit, suspend ...), keeping filter and sort.
    void reload();

    /// Number of cards matching the filter (loaded or not).
    int totalCount() const { return total_; }
    const deck::BrowseRow* rowAt(int row) const;
    /// Row of `id` among the loaded rows, or -1.
    int rowOf(deck::CardId id) const;
    /// The last error from the collection, empty when the last query worked.
    const QString& lastError() const { return error_; }

signals:
    /// Emitted after every reload with the new total.
    void totalChanged(int total);

private:
    deck::Collection& collection_;
    deck::BrowseFilter filter_;
    deck::BrowseSort sort_;
    scheduler::Day today_ = 0;
    std::vector<deck::BrowseRow> rows_;
    int total_ = 0;
    QString error_;
};

/// A due day as the list shows it: "today", "in 3 d", "2 d overdue" or an ISO date further out.
QString formatDueDay(scheduler::Day due, scheduler::Day today);
/// The translated name of a card state.
QString stateName(deck::BrowseState state);

}  // namespace app
