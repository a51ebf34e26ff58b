#include "gui/error_text.h"

#include <QCoreApplication>

namespace app {

namespace {

QString tr(const char* text)
{
    return QCoreApplication::translate("app::ErrorText", text);
}

/// "sentence (file, line n)", the place left out where there is none.
QString located(const QString& sentence, const std::string& file, std::size_t line)
{
    if (file.empty())
        return sentence;
    const QString name = QString::fromStdString(file);
    return line > 0 ? tr("%1 (%2, line %3)").arg(sentence, name).arg(line)
                    : tr("%1 (%2)").arg(sentence, name);
}

QString sentence(deck::ErrorKind kind)
{
    using K = deck::ErrorKind;
    switch (kind) {
    case K::FileMissing: return tr("The file does not exist.");
    case K::FileUnreadable: return tr("The file cannot be opened or read.");
    case K::NotADatabase: return tr("This file is not an InfraCards collection, or it is damaged.");
    case K::IntegrityFailed: return tr("The collection failed its integrity check.");
    case K::TooNew: return tr("The collection was written by a newer version of InfraCards.");
    case K::Sql: return tr("The collection could not be read or written.");
    case K::NotFound: return tr("It is no longer in the collection.");
    case K::InvalidInput: return tr("A value is out of range or malformed.");
    case K::Conflict: return tr("That cannot be done now.");
    }
    return tr("Something went wrong.");
}

QString sentence(importer::ErrorKind kind)
{
    using K = importer::ErrorKind;
    switch (kind) {
    case K::EmptyInput: return tr("There is nothing to import.");
    case K::BinaryInput: return tr("This is a binary file, not text.");
    case K::BadEncoding:
        return tr("The text is not UTF-8 (or the same encoding throughout); save it as UTF-8.");
    case K::TooLarge: return tr("The input is larger than the 100 MiB limit.");
    case K::Io: return tr("The file cannot be opened or read.");
    case K::CsvQuoting: return tr("A quoted CSV field is never closed, or a quote is out of place.");
    case K::CsvColumns: return tr("A CSV column is missing or a row has the wrong number of fields.");
    case K::JsonSyntax: return tr("This is not valid JSON.");
    case K::JsonSchema: return tr("This JSON is not an InfraCards export, or a value in it is out of range.");
    case K::ZipCorrupt: return tr("The package is damaged or not a zip archive.");
    case K::ZipEncrypted: return tr("The package is password-protected; export it again without a password.");
    case K::ApkgLayout: return tr("The package holds no collection this version can read.");
    case K::NotSqlite: return tr("The collection inside the package is damaged.");
    case K::ApkgSchema: return tr("The package's collection is not an Anki collection.");
    case K::Sqlite: return tr("The package's collection could not be read.");
    case K::UnknownFormat: return tr("The file's type was not recognised.");
    case K::Usage: return tr("The command was not used as it should be.");
    case K::Stopped: return tr("The preview was stopped.");
    }
    return tr("Something went wrong.");
}

}  // namespace

QString errorText(const deck::Error& e)
{
    return located(sentence(e.kind), e.file, e.line > 0 ? static_cast<std::size_t>(e.line) : 0);
}

QString errorText(const importer::ImportError& e)
{
    return located(sentence(e.kind), e.file, e.line);
}

QString errorTextWithDetail(const importer::ImportError& e)
{
    return errorText(e) + QLatin1Char('\n') + tr("Details: %1").arg(QString::fromStdString(e.message));
}

QString errorDetail(const deck::Error& e)
{
    return QString::fromStdString(e.describe());
}
QString errorDetail(const importer::ImportError& e)
{
    return QString::fromStdString(e.describe());
}

}  // namespace app
