#!/usr/bin/env python3
"""Least-squares fit of Breakthrough evaluation terms to reference scores.

usage: bt_fit.py WYRM FIT_LEAF SCORES.json [MORE.json ...]

SCORES files come from bt_collect.py. Each position is first resolved by a capture search
(FIT_LEAF: `make fit-tools` builds build/release/fit-leaf); the terms are measured at the
leaf, from the side to move there (the score's sign follows it). Positions scored as mates
or beyond 800 are left out. The features, each ours minus theirs: men by rank from home
and file pair (a/h, b/g, c/f, d/e), men on b and c of the home row (key guards), men
defended from behind, safe steps, men with a friend beside them, wing pressure, men
attacked and not defended, men in contact, and WYRM's goal-paths term (from `eval`);
plus a constant (the side to move's tempo). Prints the R^2 of WYRM's own evaluation and
of the fit, and the fitted weights scaled so that a man on a1 weighs 100.
"""
import json
import subprocess
import sys

from bt_collect import parse_fen

WINGS = ((0, 2), (2, 5), (5, 7))


def parse(fen):
    """The board as {(rank, file): 0 white / 1 black}, and the side to move."""
    board, side = parse_fen(fen)
    return {divmod(sq, 8): v for sq, v in board.items()}, side


def attacks(board, side):
    step, count = 1 if side == 0 else -1, {}
    for (r, f), v in board.items():
        if v == side:
            for df in (-1, 1):
                t = (r + step, f + df)
                if 0 <= t[0] < 8 and 0 <= t[1] < 8:
                    count[t] = count.get(t, 0) + 1
    return count


def side_features(board, side):
    rel = (lambda r: r) if side == 0 else (lambda r: 7 - r)
    step = 1 if side == 0 else -1
    own, opp = attacks(board, side), attacks(board, 1 - side)
    men = [sq for sq, v in board.items() if v == side]
    enemy = [sq for sq, v in board.items() if v != side]
    table = [sum(1 for r, f in men if rel(r) == k and min(f, 7 - f) == g)
             for k in range(6) for g in range(4)]
    keys = sum(1 for r, f in men if rel(r) == 0 and min(f, 7 - f) in (1, 2))
    defended = sum(1 for m in men if m in own)
    safe = sum(1 for r, f in men for df in (-1, 0, 1)
               if 0 <= f + df < 8 and (r + step, f + df) not in board
               and opp.get((r + step, f + df), 0) <= own.get((r + step, f + df), 0))
    phalanx = sum(1 for r, f in men if board.get((r, f + 1)) == side)
    pressure = 0
    for lo, hi in WINGS:
        ours = sum(1 for r, f in men if rel(r) >= 3 and lo <= f <= hi)
        theirs = sum(1 for r, f in enemy if rel(r) >= 5 and lo <= f <= hi)
        pressure += max(0, ours - theirs)
    hanging = sum(1 for m in men if m in opp and m not in own)
    contact = sum(1 for m in men if m in opp)
    return table + [keys, defended, safe, phalanx, pressure, hanging, contact]


NAMES = (['r%d%s' % (k, 'ABCD'[g]) for k in range(6) for g in range(4)] +
         ['keys', 'defended', 'safe', 'phalanx', 'pressure', 'hanging', 'contact', 'paths',
          'tempo'])


def solve(rows, ys):
    n = len(rows[0])
    m = [[sum(r[i] * r[j] for r in rows) + (1e-6 if i == j else 0) for j in range(n)] +
         [sum(r[i] * y for r, y in zip(rows, ys))] for i in range(n)]
    for i in range(n):
        p = max(range(i, n), key=lambda k: abs(m[k][i]))
        m[i], m[p] = m[p], m[i]
        for k in range(n):
            if k != i:
                q = m[k][i] / m[i][i]
                m[k] = [a - q * b for a, b in zip(m[k], m[i])]
    return [m[i][n] / m[i][i] for i in range(n)]


def r2(ys, pred):
    mean = sum(ys) / len(ys)
    return 1 - sum((y - p) ** 2 for y, p in zip(ys, pred)) / sum((y - mean) ** 2 for y in ys)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    wyrm = subprocess.Popen([sys.argv[1]], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    wyrm.stdin.write('setoption name UCI_Variant value breakthrough\n')
    leaf = subprocess.Popen([sys.argv[2], 'breakthrough'], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, bufsize=1)
    rows, ys, totals = [], [], []
    for name in sys.argv[3:]:
        for fen, score in json.load(open(name)):
            if not score or score[0] != 'cp' or abs(score[1]) > 800:
                continue
            leaf.stdin.write(fen + ' 0 1\n')
            at, plies = leaf.stdout.readline().strip().split('|')
            if at in ('end', 'error'):
                continue
            at = ' '.join(at.split()[:2])
            y = score[1] if int(plies) % 2 == 0 else -score[1]
            board, stm = parse(at)
            wyrm.stdin.write('position fen %s 0 1\neval\n' % at)
            paths = total = None
            for line in wyrm.stdout:
                words = line.split()
                if words and words[0] == 'paths':
                    paths = int(words[1]) - int(words[2])
                    paths = paths if stm == 0 else -paths
                if words and words[0] == 'total':
                    total = int(words[1])
                    break
            ours, theirs = side_features(board, stm), side_features(board, 1 - stm)
            rows.append([a - b for a, b in zip(ours, theirs)] + [paths, 1])
            ys.append(y)
            totals.append(total)
    scale = sum(t * y for t, y in zip(totals, ys)) / sum(t * t for t in totals)
    print('%d positions' % len(ys))
    print('wyrm eval: R^2 %.3f (reference = %.3f x eval)' %
          (r2(ys, [scale * t for t in totals]), scale))
    weights = solve(rows, ys)
    print('fit: R^2 %.3f' % r2(ys, [sum(a * b for a, b in zip(r, weights)) for r in rows]))
    unit = weights[0] / 100
    for name, w in zip(NAMES, weights):
        print('%-9s %8.2f' % (name, w / unit))


if __name__ == '__main__':
    main()
