#pragma once
// The one reusable web view for cards: loads qrc:/web/card.html once, then swaps content in
// with a script call. It loads nothing but the app's own qrc: resources.

#include <QWebEngineView>

#include "common/card_html.h"

namespace app {

class CardView : public QWebEngineView {
    Q_OBJECT
public:
    explicit CardView(QWidget* parent = nullptr);

    void showCard(const CardHtml& html, bool revealed);
    void showMessage(const QString& text);
    void reveal();
    bool isReady() const { return ready_; }

signals:
    /// Emitted after the page has placed a card and rendered its math; `mathNodes` is the
    /// number of KaTeX nodes on the page.
    void cardRendered(int mathNodes);
    void pageReady();

private:
    void apply();
    bool ready_ = false;
    QString pendingFront_, pendingBack_;
    bool pendingRevealed_ = false;
    bool hasPending_ = false;
};

} // namespace app
