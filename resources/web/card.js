// The card page's only script. The app passes HTML it has already escaped and marked up
// (app/common/card_html.cpp); this file places it, renders the math and highlights code.
'use strict';

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
  });
}

function highlight(root) {
  if (typeof hljs === 'undefined') return;
  root.querySelectorAll('pre code').forEach(function (block) { hljs.highlightBlock(block); });
}

function setCard(front, back, revealed, dark) {
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
  renderMath(f);
  renderMath(b);
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
