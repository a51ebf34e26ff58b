#pragma once

#include <QMainWindow>

#include "deck/collection.h"

class QStackedWidget;

namespace app {

class HomePage;
class ReviewPage;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(deck::Collection collection, QWidget* parent = nullptr);
    ~MainWindow() override;

    HomePage* homePage() const { return home_; }
    ReviewPage* reviewPage() const { return review_; }
    deck::Collection& collection() { return collection_; }
    void showHome();
    void showReview();

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    deck::Collection collection_;
    QStackedWidget* stack_;
    HomePage* home_;
    ReviewPage* review_;
};

} // namespace app
