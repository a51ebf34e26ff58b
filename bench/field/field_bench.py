#!/usr/bin/env python3
"""The importer's field benchmark: real interview reports, labelled by hand, run through
`infracards-cli import FILE --dry-run --json`, scored on what a user needs from an import.

Labels (facts only; the reports' text is read from --reports, never from the repository):
  * the 181 reports of the collection caomaolufei/AIInfraGuide: the deck's own sightings and
    ledger (resources/deck/sightings/aiinfraguide*.tsv) say, for every numbered item of every
    report, its round and the card that asks it (or why it asks none); the company is the rows'.
  * further reports of varied shapes: bench/field/reports.tsv (file, url, company, split) and
    bench/field/items.tsv (file, line, round, card): the line each question starts on.

Split: a report is "tune" or "eval" by the first hex digit of the SHA-1 of its file name
(0-7 tune, 8-f eval) unless reports.tsv names its split. Figures are reported on eval; tune is
for whoever changes the parser.

Metrics:
  question P/R/F1  an extracted question is a true positive when it matches a labelled item
                   (character-bigram overlap of at least 0.6 of the shorter text), each item
                   matched at most once;
  company          share of reports whose first extracted company equals the label (an
                   unlabelled company must come out empty);
  rounds           share of matched items whose round equals the label (技术面 and an empty
                   label both accept "not stated"; an English label such as "first round"
                   equals the importer's 一面);
  top-1 card       share of matched items labelled with a card whose first proposed card (the
                   merge target, else the closest card the preview suggests) is that card.

usage: field_bench.py --cli build/app/infracards-cli --deck build/resources/default_deck.sqlite
                      --reports DIR [--extra DIR] [--split eval|tune|all] [--per-report]
  DIR: the collection's docs/interview/ folder at the pinned commit;
  --extra: the folder holding the files named in bench/field/reports.tsv.
"""
import argparse, collections, hashlib, json, os, re, subprocess, sys, tempfile, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SIGHTINGS = os.path.join(ROOT, 'resources', 'deck', 'sightings')
NUMBERED = re.compile(r'^[0-9]+\. ')


def read_tsv(path):
    rows, header = [], None
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.rstrip('\n')
            if not line.strip() or line.startswith('#'):
                continue
            cells = line.split('\t')
            if header is None:
                header = cells
                continue
            rows.append(dict(zip(header, cells)))
    return rows


def norm(text):
    text = re.sub(r'^\s*(?:[0-9]+[.、)]|[-*•]|Q[0-9]*[:：.]?)\s*', '', text)
    return re.sub(r'[\s`*_#>|，。？！：；、,.?!:;()（）\[\]"“”‘’]+', '', text.lower())


def bigrams(s):
    return collections.Counter(s[i:i + 2] for i in range(max(1, len(s) - 1)))


def overlap(a, b):
    if not a or not b:
        return 0.0
    ba, bb = bigrams(a), bigrams(b)
    common = sum((ba & bb).values())
    return common / max(1, min(sum(ba.values()), sum(bb.values())))


# English round names of the hand labels and the importer's canonical ids (import/round_names.cpp)
# name the same round.
SAME_ROUND = {'first round': '一面', 'second round': '二面', 'third round': '三面', 'fourth round': '四面',
              'phone screen': '电话面', 'hiring manager': '主管面'}


def same_round(got, label):
    label = SAME_ROUND.get(label, label)
    if label in ('', '技术面'):
        return got in ('', '技术面')
    return got == label


def split_of(name, named=None):
    if named:
        return named
    return 'tune' if hashlib.sha1(name.encode('utf-8')).hexdigest()[0] in '01234567' else 'eval'


def collection_labels(reports_dir, tables=SIGHTINGS):
    """{file path: {'company', 'url', 'items': [(text, round, card)]}} from the deck's tables."""
    reports = read_tsv(os.path.join(tables, 'aiinfraguide-reports.tsv'))
    rows = read_tsv(os.path.join(tables, 'aiinfraguide.tsv'))
    ledger = read_tsv(os.path.join(tables, 'aiinfraguide-ledger.tsv'))
    by_item = {}
    for r in rows:
        by_item[(r['url'], int(r['item']))] = (r['round'], r['card'], r['company'])
    for r in ledger:
        by_item[(r['url'], int(r['item']))] = (r['round'], '', r['company'])
    out = {}
    for rep in reports:
        name = urllib.parse.unquote(rep['url'].rsplit('/', 1)[1])
        path = os.path.join(reports_dir, name)
        if not os.path.exists(path):
            sys.exit(f'{path}: not found (pass the collection\'s docs/interview/ folder at the pinned commit)')
        lines = [l for l in open(path, encoding='utf-8').read().split('\n') if NUMBERED.match(l)]
        items, companies = [], collections.Counter()
        for i, text in enumerate(lines, 1):
            rnd, card, company = by_item.get((rep['url'], i), ('', '', ''))
            companies[company] += 1
            items.append((text, rnd, card))
        out[path] = {'company': companies.most_common(1)[0][0] if companies else '',
                     'items': items, 'split': split_of(name)}
    return out


def extra_labels(extra_dir):
    rp, ip = os.path.join(ROOT, 'bench', 'field', 'reports.tsv'), os.path.join(ROOT, 'bench', 'field', 'items.tsv')
    if not extra_dir or not os.path.exists(rp):
        return {}
    out = {}
    for r in read_tsv(rp):
        path = os.path.join(extra_dir, r['file'])
        if not os.path.exists(path):
            print(f'skipped: {path} not found', file=sys.stderr)
            continue
        out[path] = {'company': r.get('company', ''), 'items': [], 'split': split_of(r['file'], r.get('split')),
                     '_lines': open(path, encoding='utf-8').read().split('\n')}
    short = set()
    for it in read_tsv(ip):
        path = os.path.join(extra_dir, it['file'])
        if path in out:
            if int(it['line']) > len(out[path]['_lines']):
                short.add(path)  # not the text that was labelled (a shorter copy of the page)
                continue
            text = out[path]['_lines'][int(it['line']) - 1]
            out[path]['items'].append((text, it.get('round', ''), it.get('card', '')))
    for path in sorted(short):
        print(f'skipped: {path} is shorter than its labels (another copy of the page?)', file=sys.stderr)
        del out[path]
    return out


def run_import(cli, deck, path, home):
    env = dict(os.environ, INFRACARDS_DEFAULT_DECK=deck, XDG_DATA_HOME=home, QT_QPA_PLATFORM='offscreen')
    p = subprocess.run([cli, 'import', path, '--dry-run', '--json'], capture_output=True, text=True, env=env, timeout=120)
    if p.returncode != 0:
        return None, (p.stderr or p.stdout).strip().splitlines()[-1:] or ['exit %d' % p.returncode]
    try:
        return json.loads(p.stdout), None
    except json.JSONDecodeError as e:
        return None, [f'not JSON: {e}']


def extracted(result):
    """[(text, round, card_uid)] and the first company, from the dry run's JSON."""
    qs, company = [], None
    files = result if isinstance(result, list) else result.get('files', [result])
    for f in files:
        for r in f.get('reports', []):
            if company is None and r.get('company'):
                company = r['company']
            for rd in r.get('rounds', []):
                sugg = rd.get('suggestions') or [None] * len(rd.get('questions', []))
                for q, m, s in zip(rd.get('questions', []), rd.get('matches', []), sugg):
                    qs.append((q, rd.get('round') or '', ((m or s) or {}).get('card_uid') or ''))
        for c in f.get('cards', []):
            qs.append((c.get('question', ''), '', ((c.get('match') or c.get('suggestion') or {}).get('card_uid')) or ''))
    return qs, company or ''


def score(labels, cli, deck, split, per_report):
    tot = collections.Counter()
    failures = []
    with tempfile.TemporaryDirectory() as home:
        for path, lab in sorted(labels.items()):
            if split != 'all' and lab['split'] != split:
                continue
            result, err = run_import(cli, deck, path, home)
            got, company = ([], '') if result is None else extracted(result)
            if err:
                failures.append(f'{os.path.basename(path)}: {err[0]}')
            items = [(norm(t), r, c) for t, r, c in lab['items']]
            used = set()
            tp = 0
            rounds_ok = cards_ok = cards_n = 0
            for q, qround, quid in got:
                nq = norm(q)
                best, best_i = 0.0, None
                for i, (nt, _, _) in enumerate(items):
                    if i in used:
                        continue
                    o = overlap(nq, nt)
                    if o > best:
                        best, best_i = o, i
                if best >= 0.6:
                    used.add(best_i)
                    tp += 1
                    _, lround, lcard = items[best_i]
                    if same_round(qround, lround):
                        rounds_ok += 1
                    if lcard and not lcard.startswith('skip'):
                        cards_n += 1
                        cards_ok += quid == lcard
            tot['reports'] += 1
            tot['company_ok'] += company == lab['company']
            tot['tp'] += tp
            tot['extracted'] += len(got)
            tot['labelled'] += len(items)
            tot['rounds_ok'] += rounds_ok
            tot['cards_ok'] += cards_ok
            tot['cards_n'] += cards_n
            if per_report:
                print(f"{os.path.basename(path)}\tcompany {company or '-'} / {lab['company'] or '-'}\t"
                      f"questions {len(got)} / {len(items)}, matched {tp}\tcards {cards_ok}/{cards_n}")
    return tot, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--cli', required=True)
    ap.add_argument('--deck', required=True)
    ap.add_argument('--reports', required=True)
    ap.add_argument('--extra')
    ap.add_argument('--tables', default=SIGHTINGS, help='the sightings tables to read the labels from')
    ap.add_argument('--split', default='eval', choices=['eval', 'tune', 'all'])
    ap.add_argument('--per-report', action='store_true')
    a = ap.parse_args()
    labels = collection_labels(a.reports, a.tables)
    labels.update(extra_labels(a.extra))
    t, failures = score(labels, a.cli, a.deck, a.split, a.per_report)
    p = t['tp'] / t['extracted'] if t['extracted'] else 0.0
    r = t['tp'] / t['labelled'] if t['labelled'] else 0.0
    f1 = 2 * p * r / (p + r) if p + r else 0.0
    print(f"split {a.split}: {t['reports']} reports, {t['labelled']} labelled questions, {t['extracted']} extracted")
    print(f"question extraction  precision {p:.3f}  recall {r:.3f}  F1 {f1:.3f}")
    print(f"company right        {t['company_ok']}/{t['reports']} = {t['company_ok'] / max(1, t['reports']):.3f}")
    print(f"rounds right         {t['rounds_ok']}/{t['tp']} = {t['rounds_ok'] / max(1, t['tp']):.3f} of matched questions")
    print(f"top-1 card right     {t['cards_ok']}/{t['cards_n']} = {t['cards_ok'] / max(1, t['cards_n']):.3f} of matched questions that have a card")
    for f in failures:
        print('import failed:', f)


if __name__ == '__main__':
    main()
