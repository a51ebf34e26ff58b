#pragma once
// Finding and opening the user's collection: the one place the app and the CLI decide where
// data lives (QStandardPaths::AppDataLocation) and how a first run gets the built-in deck.

#include <QDate>
#include <QString>

#include "deck/collection.h"

namespace app {

/// <AppDataLocation>/collection.sqlite, e.g. ~/.local/share/InfraCards/collection.sqlite.
QString defaultCollectionPath();

/// The compiled default deck shipped with the program: $INFRACARDS_DEFAULT_DECK, then
/// <exe>/../share/infracards/default_deck.sqlite, then the build tree's copy.
QString defaultDeckPath();

/// Where backups go: the folder set in Settings (QSettings "backup/folder"), else
/// <AppDataLocation>/backups. The app's periodic backups and the backup taken before an import
/// or merge that changes existing cards' history use it alike.
QString backupFolder();

/// The current instant with the local UTC offset.
deck::Now currentTime();

/// Study day of a calendar date under the collection's day boundary (the date at noon, local
/// time, so the rollover hour never moves it to the day before).
scheduler::Day studyDayOfDate(const deck::Collection& collection, const QDate& date);
/// Calendar date of a study day (inverse of studyDayOfDate, counted from today's date).
QDate dateOfStudyDay(const deck::Collection& collection, scheduler::Day day);

/// Opens the collection at `path` (or the default path when empty). Only the default path is
/// created when missing; an explicit path that does not exist is an error, never a new file.
/// The built-in deck is merged in (new and changed cards; progress is never touched).
deck::Result<deck::Collection> openUserCollection(const QString& path, QString* notice = nullptr);

}  // namespace app
