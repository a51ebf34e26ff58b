#pragma once
// Edits one card's text, topic and level in place; the caller saves the result through
// Collection::editCard, which marks the card as user-edited so deck upgrades keep the change.

#include <QDialog>

#include "deck/card.h"

class QComboBox;
class QLineEdit;
class QPlainTextEdit;
class QSpinBox;

namespace app {

class CardEditDialog : public QDialog {
    Q_OBJECT
public:
    CardEditDialog(const deck::CardContent& content, QWidget* parent = nullptr);
    /// The original content with the edited fields replaced.
    deck::CardContent content() const;

private:
    deck::CardContent original_;
    QLineEdit* question_;
    QLineEdit* questionEn_;
    QComboBox* topic_;
    QSpinBox* level_;
    QPlainTextEdit* answer_;
    QPlainTextEdit* keyPoints_;
    QLineEdit* tags_;
};

}  // namespace app
