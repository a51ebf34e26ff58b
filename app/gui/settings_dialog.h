#pragma once
// Settings: the collection's own study settings (deck::CollectionConfig, stored in the file so
// they travel with it) and app-level preferences in QSettings (UI language, backup folder).

#include <QDialog>

#include "deck/collection.h"

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QSpinBox;

namespace app {

/// QSettings keys read by the rest of the app.
namespace settings_keys {
/// "" follows the system locale, "en" or "zh_CN" overrides it; read once at start-up.
inline constexpr const char* kLanguage = "ui/language";
/// Folder for collection backups; empty means none chosen.
inline constexpr const char* kBackupFolder = "backup/folder";
}  // namespace settings_keys

class SettingsDialog : public QDialog {
    Q_OBJECT
public:
    SettingsDialog(deck::Collection& collection, QWidget* parent = nullptr);

    /// Saves both parts; false (with a message box) when the collection refused the values.
    bool save();

    // For tests.
    QSpinBox* newPerDayBox() const { return newPerDay_; }
    QSpinBox* maxReviewsBox() const { return maxReviews_; }
    QCheckBox* learningPathBox() const { return learningPath_; }
    QSpinBox* rolloverBox() const { return rollover_; }
    QComboBox* languageBox() const { return language_; }
    QComboBox* schedulerBox() const { return scheduler_; }
    QLineEdit* backupFolderEdit() const { return backupFolder_; }
    QCheckBox* keepRecordingsBox() const { return keepRecordings_; }

    void accept() override;

private:
    void chooseBackupFolder();

    deck::Collection& collection_;
    QSpinBox* newPerDay_;
    QSpinBox* maxReviews_;
    QCheckBox* learningPath_;
    QSpinBox* rollover_;
    QComboBox* scheduler_;
    QSpinBox* retention_;
    QComboBox* language_;
    QLabel* location_;
    QLineEdit* backupFolder_;
    QCheckBox* keepRecordings_;
};

}  // namespace app
