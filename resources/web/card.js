// The card page's only script. The app passes HTML it has already escaped and marked up
// (app/common/card_html.cpp); this file places it, renders the math and highlights code.
'use strict';

// KaTeX's fonts are fetched when math first uses them; asking for the common ones now fetches
// them while the page is still loading, so the first card does not wait for them.
if (document.fonts && document.fonts.load) {
  ['1em KaTeX_Main', 'italic 1em KaTeX_Math', 'bold 1em KaTeX_Main', '1em KaTeX_Size1'].forEach(function (f) {
    document.fonts.load(f);
  });
}

function renderMath(root) {
  if (typeof renderMathInElement !== 'function') return;
  renderMathInElement(root, {
    delimiters: [
      { left: '$$', right: '$$', display: true },
      { left: '\\[', right: '\\]', display: true },
      { left: '$', right: '$', display: false },
      { left: '\\(', right: '\\)', display: false },
    ],
    throwOnError: false,
    trust: false,
    strict: 'ignore',
    // Bounds on what one formula may make KaTeX do (the app bounds nesting depth before this).
    maxExpand: 1000,
    maxSize: 50,
  });
}

// highlight.js (all its languages, 0.8 MB) is loaded on the first code block, after the
// page has loaded: parsing it up front held the first card back.
var hljsLoading = false;
var hljsWaiting = [];

function highlight(root) {
  var blocks = root.querySelectorAll('pre code');
  if (blocks.length === 0) return;
  if (typeof hljs !== 'undefined') {
    blocks.forEach(function (block) {
      // highlight.js has no CUDA grammar: CUDA C++ reads well as C++.
      if (block.classList.contains('language-cuda')) {
        block.classList.remove('language-cuda');
        block.classList.add('language-cpp');
      }
      hljs.highlightBlock(block);
    });
    return;
  }
  hljsWaiting.push(root);
  if (hljsLoading) return;
  hljsLoading = true;
  var s = document.createElement('script');
  s.src = 'qrc:/web/highlight.min.js';
  s.onload = function () {
    var roots = hljsWaiting;
    hljsWaiting = [];
    roots.forEach(highlight);
  };
  document.head.appendChild(s);
}

// `withoutMath`: the renderer crashed on this card once; show its formulas as plain text.
function setCard(front, back, revealed, dark, withoutMath) {
  // On <html> too: its background (the margin around the body) takes the dark colours as well.
  document.documentElement.classList.toggle('dark', !!dark);
  document.body.classList.toggle('dark', !!dark);
  document.getElementById('hljs-light').disabled = !!dark;
  document.getElementById('hljs-dark').disabled = !dark;
  var f = document.getElementById('front');
  var b = document.getElementById('back');
  f.innerHTML = front;
  b.innerHTML = back;
  b.hidden = !revealed;
  if (!withoutMath) {
    renderMath(f);
    renderMath(b);
  }
  highlight(b);
  window.scrollTo(0, 0);
  return document.querySelectorAll('.katex').length;
}

function reveal() {
  document.getElementById('back').hidden = false;
}

function setExtra(html) {
  var e = document.getElementById('extra');
  e.innerHTML = html;
  renderMath(e);
}
