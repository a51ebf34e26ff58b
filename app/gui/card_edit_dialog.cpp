#include "gui/card_edit_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include "deck/deck_source.h"

namespace app {

namespace {

QString joined(const std::vector<std::string>& parts, const QString& separator)
{
    QStringList list;
    for (const std::string& p : parts)
        list << QString::fromStdString(p);
    return list.join(separator);
}

std::vector<std::string> split(const QString& text, const QString& separator)
{
    std::vector<std::string> out;
    for (const QString& part : text.split(separator)) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            out.push_back(t.toStdString());
    }
    return out;
}

}  // namespace

CardEditDialog::CardEditDialog(const deck::CardContent& content, QWidget* parent)
    : QDialog(parent), original_(content)
{
    setWindowTitle(tr("Edit card %1").arg(QString::fromStdString(content.uid)));
    question_ = new QLineEdit(QString::fromStdString(content.question), this);
    questionEn_ = new QLineEdit(QString::fromStdString(content.questionEn), this);
    // Only the deck's topic ids (docs/deck-format.md): a free-text topic would fall outside
    // every filter and the learning path.
    topic_ = new QComboBox(this);
    for (const std::string& t : deck::knownTopics())
        topic_->addItem(QString::fromStdString(t));
    if (topic_->findText(QString::fromStdString(content.topic)) < 0)
        topic_->addItem(QString::fromStdString(content.topic));
    topic_->setCurrentText(QString::fromStdString(content.topic));
    level_ = new QSpinBox(this);
    level_->setRange(1, 10);
    level_->setValue(content.level);
    answer_ = new QPlainTextEdit(QString::fromStdString(content.answer), this);
    answer_->setMinimumHeight(220);
    keyPoints_ = new QPlainTextEdit(joined(content.keyPoints, QStringLiteral("\n")), this);
    keyPoints_->setMaximumHeight(120);
    tags_ = new QLineEdit(joined(content.tags, QStringLiteral(", ")), this);

    auto* form = new QFormLayout;
    form->addRow(tr("Question"), question_);
    form->addRow(tr("English"), questionEn_);
    form->addRow(tr("Topic"), topic_);
    form->addRow(tr("Level (1-10)"), level_);
    form->addRow(tr("Answer (Markdown, $math$)"), answer_);
    form->addRow(tr("Key points (one a line)"), keyPoints_);
    form->addRow(tr("Tags (comma-separated)"), tags_);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    // A card without a question cannot be saved (Collection::editCard refuses it too).
    connect(question_, &QLineEdit::textChanged, this, [this, buttons](const QString& text) {
        buttons->button(QDialogButtonBox::Save)->setEnabled(!text.trimmed().isEmpty());
    });

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    resize(720, 560);
}

deck::CardContent CardEditDialog::content() const
{
    deck::CardContent c = original_;
    c.question = question_->text().trimmed().toStdString();
    c.questionEn = questionEn_->text().trimmed().toStdString();
    c.topic = topic_->currentText().toStdString();
    c.level = level_->value();
    c.answer = answer_->toPlainText().toStdString();
    c.keyPoints = split(keyPoints_->toPlainText(), QStringLiteral("\n"));
    c.tags = split(tags_->text(), QStringLiteral(","));
    return c;
}

}  // namespace app
