#include "gui/settings_dialog.h"
#include "gui/spoken_answer.h"
#include "gui/error_text.h"

#include <algorithm>

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

namespace app {

SettingsDialog::SettingsDialog(deck::Collection& collection, QWidget* parent)
    : QDialog(parent), collection_(collection)
{
    setWindowTitle(tr("Settings"));

    // --- study settings, stored in the collection ---
    newPerDay_ = new QSpinBox(this);
    newPerDay_->setRange(0, 9999);
    newPerDay_->setSuffix(tr(" cards"));
    maxReviews_ = new QSpinBox(this);
    maxReviews_->setRange(0, 99999);
    maxReviews_->setSuffix(tr(" reviews"));
    learningPath_ = new QCheckBox(tr("Introduce new cards in learning-path order "
                                     "(foundations before the topics that build on them)"),
                                  this);
    rollover_ = new QSpinBox(this);
    rollover_->setRange(0, 23);
    rollover_->setSuffix(tr(":00"));
    rollover_->setToolTip(tr("Reviews before this local hour count for the previous day"));
    scheduler_ = new QComboBox(this);
    scheduler_->addItem(tr("SM-2 (SuperMemo, as published)"), QStringLiteral("sm2-classic"));
    scheduler_->addItem(tr("FSRS-6 (memory model, desired retention)"), QStringLiteral("fsrs-6"));
    scheduler_->setToolTip(tr("Both read the same review history: switching keeps every answer"));
    retention_ = new QSpinBox(this);
    retention_->setRange(70, 97);
    retention_->setSuffix(tr(" %"));
    retention_->setToolTip(tr("FSRS schedules each card for this probability of recall"));
    auto config = collection_.config();
    const deck::CollectionConfig c = config ? *config : deck::CollectionConfig{};
    newPerDay_->setValue(c.newPerDay);
    maxReviews_->setValue(c.maxReviewsPerDay);
    learningPath_->setChecked(c.learningPathOrder);
    rollover_->setValue(c.rolloverHour);
    scheduler_->setCurrentIndex(std::max(0, scheduler_->findData(QString::fromStdString(c.scheduler))));
    retention_->setValue(c.desiredRetentionPercent);

    auto* study = new QGroupBox(tr("Study (saved in the collection)"), this);
    auto* studyForm = new QFormLayout(study);
    studyForm->addRow(tr("New cards per day"), newPerDay_);
    studyForm->addRow(tr("Maximum reviews per day"), maxReviews_);
    studyForm->addRow(learningPath_);
    studyForm->addRow(tr("A new day starts at"), rollover_);
    studyForm->addRow(tr("Scheduler"), scheduler_);
    studyForm->addRow(tr("Desired retention (FSRS)"), retention_);

    // --- app preferences, stored in QSettings ---
    QSettings settings;
    language_ = new QComboBox(this);
    language_->addItem(tr("System language"), QString());
    language_->addItem(QStringLiteral("English"), QStringLiteral("en"));
    language_->addItem(QStringLiteral("中文（简体）"), QStringLiteral("zh_CN"));
    const int lang = language_->findData(settings.value(settings_keys::kLanguage).toString());
    language_->setCurrentIndex(std::max(0, lang));
    auto* languageNote = new QLabel(tr("Takes effect the next time InfraCards starts."), this);
    languageNote->setEnabled(false);

    location_ = new QLabel(QDir::toNativeSeparators(QString::fromStdString(collection_.path())), this);
    location_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    location_->setWordWrap(true);
    auto* locationNote =
        new QLabel(tr("To use another collection, start InfraCards with --collection PATH."), this);
    locationNote->setEnabled(false);
    locationNote->setWordWrap(true);

    backupFolder_ = new QLineEdit(settings.value(settings_keys::kBackupFolder).toString(), this);
    backupFolder_->setPlaceholderText(tr("No backup folder"));
    auto* browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, &SettingsDialog::chooseBackupFolder);
    auto* backupRow = new QHBoxLayout;
    backupRow->addWidget(backupFolder_, 1);
    backupRow->addWidget(browse);

    keepRecordings_ = new QCheckBox(tr("Keep my spoken answers after each mock question"), this);
    keepRecordings_->setChecked(keepRecordings());
    keepRecordings_->setToolTip(tr("Off: a recording can be played back after the reveal and is deleted "
                                   "when the next question comes."));

    auto* appBox = new QGroupBox(tr("Application"), this);
    auto* appForm = new QFormLayout(appBox);
    appForm->addRow(tr("Language"), language_);
    appForm->addRow(QString(), languageNote);
    appForm->addRow(tr("Collection"), location_);
    appForm->addRow(QString(), locationNote);
    appForm->addRow(tr("Backup folder"), backupRow);
    appForm->addRow(tr("Mock interviews"), keepRecordings_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto* layout = new QVBoxLayout(this);
    layout->addWidget(study);
    layout->addWidget(appBox);
    layout->addWidget(buttons);
}

void SettingsDialog::chooseBackupFolder()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Backup folder"), backupFolder_->text());
    if (!dir.isEmpty())
        backupFolder_->setText(QDir::toNativeSeparators(dir));
}

bool SettingsDialog::save()
{
    deck::CollectionConfig c;
    c.newPerDay = newPerDay_->value();
    c.maxReviewsPerDay = maxReviews_->value();
    c.learningPathOrder = learningPath_->isChecked();
    c.rolloverHour = rollover_->value();
    c.scheduler = scheduler_->currentData().toString().toStdString();
    c.desiredRetentionPercent = retention_->value();
    if (auto s = collection_.setConfig(c); !s.ok()) {
        QMessageBox::warning(this, tr("Settings"),
                             tr("The study settings could not be saved:\n%1").arg(errorText(s.error())));
        return false;
    }
    QSettings settings;
    settings.setValue(settings_keys::kLanguage, language_->currentData().toString());
    settings.setValue(settings_keys::kBackupFolder, backupFolder_->text().trimmed());
    setKeepRecordings(keepRecordings_->isChecked());
    return true;
}

void SettingsDialog::accept()
{
    if (save())
        QDialog::accept();
}

}  // namespace app
