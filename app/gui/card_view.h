#pragma once
// The one reusable web view for cards: loads qrc:/web/card.html once, then swaps content in
// with a script call. It loads nothing but the app's own qrc: resources. The page (KaTeX and
// all) is loaded when the view is first shown or given a card, not when it is built, so the
// views of pages the user has not opened yet do not slow down the first card at start-up.

#include <QUrl>
#include <QWebEngineView>

#include "common/card_html.h"

namespace app {

/// The text shown in place of a formula nested too deeply to render (translated).
std::string tooComplexText();

class CardView : public QWebEngineView {
    Q_OBJECT
public:
    explicit CardView(QWidget* parent = nullptr);

    void showCard(const CardHtml& html, bool revealed);
    void showMessage(const QString& text);
    void reveal();
    bool isReady() const { return ready_; }
    /// Whether a click on a card's web link asks "Open <host> in the browser?" and opens it
    /// (the default); off, the click only emits webLinkRequested.
    void setAsksToOpenLinks(bool ask) { asksToOpenLinks_ = ask; }
    /// Starts loading the page now (the review screen's view, so the web engine works while
    /// the rest of the window is built).
    void preload() { ensureLoaded(); }

    /// Creates a view and starts loading its page before the window exists (main() calls it
    /// first thing, so Chromium starts and KaTeX loads while the collection opens).
    static void prewarm();
    /// The prewarmed view, now a child of `parent`, or a new view when there is none.
    static CardView* take(QWidget* parent);
    /// Deletes a prewarmed view nobody took (start-up failed before the window was built).
    static void dropSpare();

signals:
    /// Emitted after the page has placed a card and rendered its math; `mathNodes` is the
    /// number of KaTeX nodes on the page.
    void cardRendered(int mathNodes);
    void pageReady();
    /// A card's http(s) link was clicked. The page itself never navigates.
    void webLinkRequested(const QUrl& url);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void apply();
    /// Emits cardRendered once the page's web fonts have loaded.
    void whenFontsLoaded(int mathNodes, int attempt);
    void ensureLoaded();
    /// The renderer process died (a formula or page it could not lay out): reload the page and
    /// show the same card again without math, so the view recovers instead of staying blank.
    void recoverFromCrash();
    void openWebLink(const QUrl& url);
    bool asksToOpenLinks_ = true;
    bool loading_ = false;
    bool withoutMath_ = false;  ///< the current card crashed the renderer once: show it as text
    int crashesInARow_ = 0;
    bool ready_ = false;
    QString pendingFront_, pendingBack_;
    bool pendingRevealed_ = false;
    bool hasPending_ = false;
};

}  // namespace app
