#include "gui/card_view.h"

#include "gui/chart_style.h"

#include <QApplication>
#include <QCoreApplication>
#include <QDesktopServices>
#include <QJsonArray>
#include <QJsonDocument>
#include <QMessageBox>
#include <QPalette>
#include <QTimer>
#include <QWebEnginePage>
#include <QWebEngineProfile>
#include <QWebEngineSettings>
#include <QWebEngineUrlRequestInterceptor>

namespace app {

std::string tooComplexText()
{
    return QCoreApplication::translate("app", "Formula too complex to show (nested more than %1 levels)")
        .arg(kMaxFormulaDepth)
        .toStdString();
}

namespace {

/// Refuses every request that is not one of the app's own resources.
class LocalOnlyInterceptor : public QWebEngineUrlRequestInterceptor {
public:
    using QWebEngineUrlRequestInterceptor::QWebEngineUrlRequestInterceptor;
    void interceptRequest(QWebEngineUrlRequestInfo& info) override
    {
        const QString scheme = info.requestUrl().scheme();
        if (scheme != QLatin1String("qrc") && scheme != QLatin1String("data"))
            info.block(true);
    }
};

/// Allows the first load of the card page and nothing else: a link in a card cannot navigate.
/// A click on an http(s) link is handed to the view, which asks before opening the browser.
class CardPage : public QWebEnginePage {
public:
    CardPage(CardView* view) : QWebEnginePage(view), view_(view) {}

protected:
    bool acceptNavigationRequest(const QUrl& url, NavigationType type, bool isMainFrame) override
    {
        Q_UNUSED(isMainFrame);
        if (type == NavigationTypeLinkClicked
            && (url.scheme() == QLatin1String("https") || url.scheme() == QLatin1String("http")))
            QTimer::singleShot(0, view_, [view = view_, url] { emit view->webLinkRequested(url); });
        return type == NavigationTypeTyped && url == QUrl(QStringLiteral("qrc:/web/card.html"));
    }

private:
    CardView* view_;
};

}  // namespace

CardView::CardView(QWidget* parent) : QWebEngineView(parent)
{
    auto* page = new CardPage(this);
    auto* profile = page->profile();
    profile->setUrlRequestInterceptor(new LocalOnlyInterceptor(profile));
    QWebEngineSettings* s = page->settings();
    s->setAttribute(QWebEngineSettings::LocalContentCanAccessRemoteUrls, false);
    s->setAttribute(QWebEngineSettings::LocalContentCanAccessFileUrls, false);
    s->setAttribute(QWebEngineSettings::PluginsEnabled, false);
    s->setAttribute(QWebEngineSettings::JavascriptCanOpenWindows, false);
    s->setAttribute(QWebEngineSettings::JavascriptCanAccessClipboard, false);
    s->setAttribute(QWebEngineSettings::AutoLoadIconsForPage, false);
    setPage(page);
    setContextMenuPolicy(Qt::NoContextMenu);
    connect(this, &CardView::webLinkRequested, this, &CardView::openWebLink);
    page->setBackgroundColor(QApplication::palette().color(QPalette::Base));
    connect(page, &QWebEnginePage::renderProcessTerminated, this,
            [this](QWebEnginePage::RenderProcessTerminationStatus status, int) {
                if (status != QWebEnginePage::NormalTerminationStatus)
                    recoverFromCrash();
            });
    connect(this, &QWebEngineView::loadFinished, this, [this](bool ok) {
        ready_ = ok;
        if (ok) {
            emit pageReady();
            if (hasPending_)
                apply();
        }
    });
}

namespace {
CardView* g_spare = nullptr;
}  // namespace

void CardView::prewarm()
{
    if (g_spare)
        return;
    g_spare = new CardView(nullptr);
    g_spare->ensureLoaded();
}

CardView* CardView::take(QWidget* parent)
{
    if (!g_spare)
        return new CardView(parent);
    CardView* view = g_spare;
    g_spare = nullptr;
    view->setParent(parent);
    return view;
}

void CardView::dropSpare()
{
    delete g_spare;
    g_spare = nullptr;
}

void CardView::ensureLoaded()
{
    if (loading_)
        return;
    loading_ = true;
    load(QUrl(QStringLiteral("qrc:/web/card.html")));
}

void CardView::showEvent(QShowEvent* event)
{
    ensureLoaded();
    QWebEngineView::showEvent(event);
}

void CardView::recoverFromCrash()
{
    ready_ = false;
    loading_ = false;
    // A page that dies even without math is not reloaded again and again.
    if (++crashesInARow_ > 2) {
        emit cardRendered(0);
        return;
    }
    if (!withoutMath_) {
        withoutMath_ = true;
        const QString notice = QCoreApplication::translate(
            "app", "The card page stopped while drawing this card; it is shown without its formulas.");
        pendingFront_ = QStringLiteral("<div class=\"render-error\">")
                        + QString::fromStdString(escapeHtml(notice.toStdString())) + QStringLiteral("</div>")
                        + pendingFront_;
    }
    hasPending_ = true;
    ensureLoaded();
}

void CardView::showCard(const CardHtml& html, bool revealed)
{
    withoutMath_ = false;
    pendingFront_ = QString::fromStdString(html.front);
    pendingBack_ = QString::fromStdString(html.back);
    pendingRevealed_ = revealed;
    hasPending_ = true;
    ensureLoaded();
    if (ready_)
        apply();
}

void CardView::showMessage(const QString& text)
{
    // A placeholder alone does not load the page: it waits for the view to be shown.
    CardHtml html;
    html.front = "<div class=\"empty\">" + escapeHtml(text.toStdString()) + "</div>";
    pendingFront_ = QString::fromStdString(html.front);
    pendingBack_.clear();
    pendingRevealed_ = false;
    hasPending_ = true;
    if (ready_)
        apply();
}

void CardView::reveal()
{
    pendingRevealed_ = true;
    if (ready_)
        page()->runJavaScript(QStringLiteral("reveal();"));
}

void CardView::apply()
{
    hasPending_ = false;
    // Arguments travel as a JSON array literal, so no card text is ever spliced into script.
    const QJsonArray args{pendingFront_, pendingBack_, pendingRevealed_,
                          paletteIsDark(QApplication::palette()), withoutMath_};
    const QString json = QString::fromUtf8(QJsonDocument(args).toJson(QJsonDocument::Compact));
    page()->runJavaScript(QStringLiteral("setCard.apply(null, %1);").arg(json),
                          [this](const QVariant& nodes) {
                              // No value: the script failed or the page is going away.
                              if (!nodes.isValid()) {
                                  emit cardRendered(0);
                              } else {
                                  crashesInARow_ = 0;
                                  whenFontsLoaded(nodes.toInt(), 0);
                              }
                          });
}

void CardView::whenFontsLoaded(int mathNodes, int attempt)
{
    // KaTeX's fonts load when math first uses them: until they have, the formulas lack their
    // glyphs. "Rendered" means with them (about 2 s at most; then the card counts as shown).
    page()->runJavaScript(QStringLiteral("document.fonts.status"), [this, mathNodes,
                                                                    attempt](const QVariant& status) {
        if (!status.isValid())
            return;  // the page is going away
        if (status.toString() != QLatin1String("loading") || attempt >= 80) {
            emit cardRendered(mathNodes);
            return;
        }
        QTimer::singleShot(25, this, [this, mathNodes, attempt] { whenFontsLoaded(mathNodes, attempt + 1); });
    });
}

void CardView::openWebLink(const QUrl& url)
{
    if (!asksToOpenLinks_)
        return;
    const QString question = tr("Open this link from the card in your web browser?\n\n%1\n\nIt goes to %2.")
                                 .arg(url.toDisplayString(), url.host());
    if (QMessageBox::question(this, tr("Open link"), question) == QMessageBox::Yes)
        QDesktopServices::openUrl(url);
}

}  // namespace app
