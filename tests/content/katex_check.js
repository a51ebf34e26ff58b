#!/usr/bin/env node
// Checks that every math span in the given .cards files parses with KaTeX (the same KaTeX 0.16
// that the app renders with, from Debian's libjs-katex/katex packages).
// Usage: node katex_check.js FILE.cards...   Exit status 1 and one line per failure otherwise.
'use strict';
const fs = require('fs');
let katex;
for (const p of ['/usr/share/nodejs/katex/dist/katex.js', '/usr/share/javascript/katex/katex.js']) {
  try { katex = require(p); break; } catch (e) { /* try the next location */ }
}
if (!katex) { console.error('katex_check: KaTeX not found (install the Debian package katex)'); process.exit(2); }

// Math spans: $$...$$ (may cross lines) and $...$ on one line. Code spans and fences are skipped,
// and \$ is a literal dollar.
function mathSpans(text) {
  const spans = [];
  const noCode = text.replace(/```[\s\S]*?```/g, m => m.replace(/[^\n]/g, ' '))
                     .replace(/`[^`\n]*`/g, m => ' '.repeat(m.length));
  const re = /\$\$([\s\S]+?)\$\$|(?<![\\$])\$(?!\$)((?:\\\$|[^$\n])+?)\$/g;
  let m;
  while ((m = re.exec(noCode)) !== null) {
    const display = m[1] !== undefined;
    const line = noCode.slice(0, m.index).split('\n').length;
    spans.push({ tex: display ? m[1] : m[2], display, offsetLine: line });
  }
  return spans;
}

let failures = 0, checked = 0;
for (const file of process.argv.slice(2)) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  // Group the answer/points text of each card with the line it starts on.
  let section = null, startLine = 0, buf = [];
  const flush = () => {
    if (buf.length) {
      for (const s of mathSpans(buf.join('\n'))) {
        checked++;
        try { katex.renderToString(s.tex, { displayMode: s.display, throwOnError: true, strict: 'ignore' }); }
        catch (e) { failures++; console.log(`${file}:${startLine + s.offsetLine - 1}: ${e.message}`); }
      }
    }
    buf = [];
  };
  lines.forEach((line, i) => {
    if (/^@card /.test(line) || /^(answer|points|sources):\s*$/.test(line)) {
      flush();
      section = line.startsWith('@card') ? null : line.replace(/:.*/, '');
      startLine = i + 2;
      return;
    }
    if (section === 'answer' || section === 'points') buf.push(line);
  });
  flush();
}
console.log(`katex_check: ${checked} math spans, ${failures} failures`);
process.exit(failures ? 1 : 0);
