#!/usr/bin/env python3
"""Breakthrough positions from played games, each scored by a reference engine's search.

usage: bt_collect.py OUT.json COUNT DEPTH ENGINE GAMES.pgn [MORE.pgn ...]

Every position of every game in the PGN files (wyrm match records), except the first two
plies of a game and positions with a man on its last step (the game is all but over),
is a candidate; COUNT of them, drawn at random (seed 1), are searched by the UCI engine
ENGINE (`go depth DEPTH`, UCI_Variant breakthrough, Hash 64), and OUT.json receives
[FEN, score] pairs, the score as ["cp", n] or ["mate", n] from the side to move.
"""
import json
import random
import re
import subprocess
import sys


def parse_fen(fen):
    board, side = {}, 0 if fen.split()[1] == 'w' else 1
    for i, row in enumerate(fen.split()[0].split('/')):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board[(7 - i) * 8 + f] = 0 if c == 'P' else 1
                f += 1
    return board, side


def fen_of(board, side):
    rows = []
    for r in range(7, -1, -1):
        row, empty = '', 0
        for f in range(8):
            v = board.get(r * 8 + f)
            if v is None:
                empty += 1
                continue
            row += (str(empty) if empty else '') + ('P' if v == 0 else 'p')
            empty = 0
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows) + (' w' if side == 0 else ' b')


def square(s):
    return (int(s[1]) - 1) * 8 + ord(s[0]) - ord('a')


def positions(pgn):
    for game in open(pgn).read().split('[Event ')[1:]:
        m = re.search(r'\[FEN "([^"]+)"', game)
        if not m or '[Variant "breakthrough"]' not in game:
            continue
        board, side = parse_fen(m.group(1))
        body = re.sub(r'\{[^}]*\}', '', game.split('\n\n', 1)[1])
        moves = [t for t in body.split() if re.fullmatch(r'[a-h][1-8][a-h][1-8]', t)]
        for ply, move in enumerate(moves):
            near_goal = any((v == 0 and s >= 48) or (v == 1 and s < 16) for s, v in board.items())
            if ply >= 2 and not near_goal:
                yield fen_of(board, side)
            board[square(move[2:])] = board.pop(square(move[:2]))
            side ^= 1


def main():
    if len(sys.argv) < 6:
        sys.exit(__doc__)
    out, count, depth, engine = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
    fens = sorted({f for pgn in sys.argv[5:] for f in positions(pgn)})
    random.seed(1)
    random.shuffle(fens)
    fens = fens[:count]
    proc = subprocess.Popen(engine.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            text=True, bufsize=1)
    proc.stdin.write('uci\nsetoption name UCI_Variant value breakthrough\n'
                     'setoption name Hash value 64\nisready\n')
    while proc.stdout.readline().strip() != 'readyok':
        pass
    scored = []
    for fen in fens:
        proc.stdin.write('position fen %s - - 0 1\ngo depth %d\n' % (fen, depth))
        score = None
        for line in proc.stdout:
            m = re.search(r'score (cp|mate) (-?\d+)', line)
            if m:
                score = [m.group(1), int(m.group(2))]
            if line.startswith('bestmove'):
                break
        scored.append([fen, score])
    proc.stdin.write('quit\n')
    json.dump(scored, open(out, 'w'))
    print('%d positions scored' % len(scored))


if __name__ == '__main__':
    main()
