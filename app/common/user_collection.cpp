#include "common/user_collection.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTimeZone>

#ifndef INFRACARDS_BUILD_DECK
#define INFRACARDS_BUILD_DECK ""
#endif

namespace app {

QString defaultCollectionPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return QDir(dir).filePath(QStringLiteral("collection.sqlite"));
}

QString defaultDeckPath()
{
    const QString fromEnv = qEnvironmentVariable("INFRACARDS_DEFAULT_DECK");
    if (!fromEnv.isEmpty())
        return fromEnv;
    const QString installed = QDir(QCoreApplication::applicationDirPath())
                                  .filePath(QStringLiteral("../share/infracards/default_deck.sqlite"));
    if (QFileInfo::exists(installed))
        return QDir::cleanPath(installed);
    return QString::fromUtf8(INFRACARDS_BUILD_DECK);
}

QString backupFolder()
{
    const QString configured = QSettings().value(QStringLiteral("backup/folder")).toString();
    if (!configured.isEmpty())
        return configured;
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("backups"));
}

deck::Now currentTime()
{
    const QDateTime now = QDateTime::currentDateTime();
    return {now.toMSecsSinceEpoch(), now.offsetFromUtc()};
}

deck::Result<deck::Collection> openUserCollection(const QString& requested, QString* notice)
{
    const bool isDefault = requested.isEmpty();
    const QString path = isDefault ? defaultCollectionPath() : requested;
    const bool firstRun = isDefault && !QFileInfo::exists(path);
    if (firstRun)
        QDir().mkpath(QFileInfo(path).absolutePath());

    auto collection = deck::Collection::open(path.toStdString(), {.createIfMissing = firstRun});
    if (!collection)
        return collection.error();

    if (collection->readOnly()) {
        // Nothing can be merged or saved; the cards can still be read.
        if (notice)
            *notice = QCoreApplication::translate("app",
                                                  "This collection is read-only: answers will not be saved.");
        return collection;
    }
    const QString deckPath = defaultDeckPath();
    if (!deckPath.isEmpty() && QFileInfo::exists(deckPath)) {
        auto merged = collection->mergeBuiltinDeck(deckPath.toStdString(), currentTime());
        if (!merged)
            return merged.error();
        if (notice && (merged->added || merged->updated))
            *notice = QCoreApplication::translate("app", "Built-in deck: %1 new, %2 updated cards.")
                          .arg(merged->added)
                          .arg(merged->updated);
    } else if (firstRun) {
        return deck::Error{deck::ErrorKind::FileMissing,
                           "the built-in deck was not found (set INFRACARDS_DEFAULT_DECK)",
                           deckPath.toStdString(), 0};
    }
    return collection;
}

scheduler::Day studyDayOfDate(const deck::Collection& collection, const QDate& date)
{
    const QDateTime noon(date, QTime(12, 0));
    return collection.today({noon.toMSecsSinceEpoch(), noon.offsetFromUtc()});
}

QDate dateOfStudyDay(const deck::Collection& collection, scheduler::Day day)
{
    // A study day is one calendar date (noon never crosses the rollover, which is an early hour):
    // count from today's date.
    const QDate base = QDate::currentDate();
    return base.addDays(day - studyDayOfDate(collection, base));
}

}  // namespace app
