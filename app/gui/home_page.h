#pragma once
// Home: what is due today, the streak, and one button to start.

#include <QWidget>

#include "deck/collection.h"

class QLabel;
class QPushButton;

namespace app {

class HomePage : public QWidget {
    Q_OBJECT
public:
    HomePage(deck::Collection& collection, QWidget* parent = nullptr);
    void refresh();

signals:
    void startReview();

private:
    QString recentMockLine();
    deck::Collection& collection_;
    QLabel* title_;
    QLabel* due_;
    QLabel* detail_;
    QLabel* streak_;
    QLabel* interview_;
    QLabel* mock_;
    QPushButton* start_;
};

}  // namespace app
