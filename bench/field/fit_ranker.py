#!/usr/bin/env python3
"""Fits the weights of the import matcher's ranking score on the tune half of the field benchmark.

For every labelled question of a *tune* report that has a card, `match_features` (built with the
benchmarks) lists the term matcher's candidate cards with their features (import/term_matcher.h,
RankFeature). A pairwise logistic regression learns weights that put the labelled card above
the others; they are written to import/term_ranker_weights.h. The eval half is never read here:
field_bench.py --split eval measures the result.

usage: fit_ranker.py --features build/bench/match_features --deck build/resources/default_deck.sqlite \\
           --reports AIInfraGuide/docs/interview [--extra fieldreports] \\
           [--corrections ~/.local/share/InfraCards/import-corrections.tsv] [--write]

--corrections adds the cards users picked in the import window for a question ("other-card" rows
of the file the window keeps, import/import_corrections.h) as further labelled questions.
"""
import argparse
import collections
import datetime
import math
import os
import random
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import field_bench  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WEIGHTS = os.path.join(ROOT, 'import', 'term_ranker_weights.h')
LEADING_NUMBER = re.compile(r'^\s*\d+\s*[.)、．]\s*')


def labelled_questions(args):
    labels = field_bench.collection_labels(args.reports)
    labels.update(field_bench.extra_labels(args.extra))
    out = []
    for lab in labels.values():
        if lab['split'] != 'tune':
            continue
        for text, _round, card in lab['items']:
            if card and not card.startswith('skip'):
                out.append((card, LEADING_NUMBER.sub('', text).replace('\t', ' ').strip()))
    return out


def corrected_questions(path):
    """(chosen card, question) of every "other-card" row of an import-corrections file."""
    out = []
    with open(path, encoding='utf-8') as f:
        header = None
        for line in f:
            if line.startswith('#') or not line.strip():
                continue
            cells = line.rstrip('\n').split('\t')
            if header is None:
                header = cells
                continue
            row = dict(zip(header, cells))
            if row.get('action') == 'other-card' and row.get('chosen') and row.get('question'):
                out.append((row['chosen'], row['question']))
    return out


def features(args, questions):
    stdin = ''.join(f'{card}\t{text}\n' for card, text in questions)
    p = subprocess.run([args.features, args.deck], input=stdin, capture_output=True, text=True, check=True)
    by_question = collections.defaultdict(list)
    for line in p.stdout.splitlines():
        f = line.split('\t')
        by_question[int(f[0])].append((f[2] == '1', [float(x) for x in f[3:]]))
    return [by_question[i] for i in range(len(questions))]


def score(w, x):
    return sum(a * b for a, b in zip(w, x))


def top1(data, w):
    right = 0
    for cands in data:
        if cands:
            best = max(range(len(cands)), key=lambda i: (score(w, cands[i][1]), -i))
            right += cands[best][0]
    return right / max(1, len(data))


def fit(data, dims, epochs=60, rate=0.05, l2=1e-3, negatives=10, seed=1):
    """Pairwise logistic loss: log(1 + exp(-(w·x_label - w·x_other))) over the labelled card and
    its strongest competitors, stochastic gradient descent with L2 shrinkage."""
    rng = random.Random(seed)
    w = [1.0] + [0.0] * (dims - 1)
    order = [c for c in data if any(is_label for is_label, _ in c)]
    for _ in range(epochs):
        rng.shuffle(order)
        for cands in order:
            pos = next(x for is_label, x in cands if is_label)
            others = sorted((x for is_label, x in cands if not is_label), key=lambda x: -score(w, x))[:negatives]
            for neg in others:
                d = [a - b for a, b in zip(pos, neg)]
                g = 1.0 / (1.0 + math.exp(min(50.0, score(w, d))))
                w = [wi + rate * (g * di - l2 * wi) for wi, di in zip(w, d)]
    return w


def write_weights(w, n, before, after):
    today = datetime.date.today().isoformat()
    body = ', '.join(f'{x:.4f}' for x in w)
    with open(WEIGHTS, 'w', encoding='utf-8') as f:
        f.write(f'''#pragma once
// The weights of the term matcher's ranking score, in the order of importer::RankFeature
// (term_matcher.h). Written by bench/field/fit_ranker.py ({today}) from {n} labelled questions of
// the field benchmark's tune half: top-1 card {before:.3f} with coverage alone, {after:.3f} with
// these weights. Run it again to refit when the deck or the features change.

namespace importer {{

inline constexpr double kRankerWeights[] = {{{body}}};

}} // namespace importer
''')


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--features', required=True, help='the match_features program')
    ap.add_argument('--deck', required=True)
    ap.add_argument('--reports', required=True, help="the collection's docs/interview/ folder at the pinned commit")
    ap.add_argument('--extra', help='folder of the further reports (bench/field/reports.tsv)')
    ap.add_argument('--corrections', help="an import-corrections.tsv from the import window")
    ap.add_argument('--write', action='store_true', help='write import/term_ranker_weights.h')
    args = ap.parse_args()
    questions = labelled_questions(args)
    if args.corrections:
        extra = corrected_questions(args.corrections)
        print(f'{len(extra)} questions from {args.corrections}')
        questions += extra
    data = features(args, questions)
    dims = len(next(x for c in data for _, x in c))
    base = [1.0] + [0.0] * (dims - 1)
    reach = sum(any(is_label for is_label, _ in c) for c in data) / max(1, len(data))
    w = fit(data, dims)
    before, after = top1(data, base), top1(data, w)
    print(f'tune: {len(data)} questions with a card; labelled card among the candidates {reach:.3f}')
    print(f'top-1 card: coverage alone {before:.3f}, fitted {after:.3f}')
    print('weights:', ', '.join(f'{x:.4f}' for x in w))
    if args.write:
        write_weights(w, len(data), before, after)
        print('written:', os.path.relpath(WEIGHTS, ROOT))


if __name__ == '__main__':
    main()
