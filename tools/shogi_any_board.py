#!/usr/bin/env python3
"""An independent reference for large boards: standard shogi's rules on a board of any size, written
directly from the rules (no koma code), for checking koma's perft on boards above 128 squares.

Rules: King, Rook, Bishop, Gold, Silver, Knight, Lance, Pawn and their promotions as in shogi; promotion
zone the last 3 ranks, optional except where the piece could never move again; captured pieces go to hand;
no drop where the piece could never move, no second unpromoted Pawn on a file, no Pawn drop giving mate;
no move may leave one's own king attacked.

    python3 tools/shogi_any_board.py "SFEN" DEPTH                  prints perft 1..DEPTH
    python3 tools/shogi_any_board.py --suite FILE.perft [CAP]      checks every line of a suite (up to CAP nodes)
    python3 tools/shogi_any_board.py --emit "SFEN" GAME N SEED D   a suite of N random positions, perft 1..D

The check: on 9x9 it gives the well-known shogi counts (30, 900, 25470 from the start).
"""
import re
import sys

from perft_suites import check_suite, perft, position_sfen, print_case, random_walk

# Steps as (dx, dy) for the first player, dy toward the opponent; riders marked True.
STEP = {
    'K': [(dx, dy, False) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy],
    'G': [(0, 1, False), (1, 1, False), (-1, 1, False), (1, 0, False), (-1, 0, False), (0, -1, False)],
    'S': [(0, 1, False), (1, 1, False), (-1, 1, False), (1, -1, False), (-1, -1, False)],
    'N': [(1, 2, False), (-1, 2, False)],
    'L': [(0, 1, True)],
    'P': [(0, 1, False)],
    'R': [(1, 0, True), (-1, 0, True), (0, 1, True), (0, -1, True)],
    'B': [(1, 1, True), (-1, 1, True), (1, -1, True), (-1, -1, True)],
}
STEP['+R'] = STEP['R'] + [(1, 1, False), (-1, 1, False), (1, -1, False), (-1, -1, False)]
STEP['+B'] = STEP['B'] + [(1, 0, False), (-1, 0, False), (0, 1, False), (0, -1, False)]
for p in 'SNLP':
    STEP['+' + p] = STEP['G']
PROMOTES = set('RBSNLP')
HAND_ORDER = 'RBGSNLP'


class Pos:
    def __init__(self, sfen):
        board, side, hand = sfen.split()[:3]
        rows = board.split('/')
        files = sum(int(t) if t.isdigit() else 1 for t in re.findall(r'\d+|\+?[A-Za-z]', rows[0]))
        ranks = len(rows)
        self.w, self.h = files, ranks
        self.sq = {}  # (x, y) -> (player 0/1, kind); x from the first player's left, y from their home rank
        for r, row in enumerate(rows):
            y = ranks - 1 - r
            x = 0
            for tok in re.findall(r'\d+|\+?[A-Za-z]', row):
                if tok.isdigit():
                    x += int(tok)
                    continue
                letter = tok[-1]
                kind = ('+' if tok[0] == '+' else '') + letter.upper()
                self.sq[(x, y)] = (0 if letter.isupper() else 1, kind)
                x += 1
            assert x == files, 'file count in row %d' % r
        self.side = 0 if side == 'b' else 1
        self.hand = [dict.fromkeys(HAND_ORDER, 0), dict.fromkeys(HAND_ORDER, 0)]
        if hand != '-':
            for n, letter in re.findall(r'(\d*)([A-Za-z])', hand):
                self.hand[0 if letter.isupper() else 1][letter.upper()] += int(n or 1)

    def fwd(self, player):
        return 1 if player == 0 else -1

    def own_rank(self, player, y):
        return y if player == 0 else self.h - 1 - y

    def on(self, x, y):
        return 0 <= x < self.w and 0 <= y < self.h

    def targets(self, x, y, player, kind):
        f = self.fwd(player)
        for dx, dy, ride in STEP[kind]:
            dx, dy = dx * f, dy * f
            tx, ty = x + dx, y + dy
            while self.on(tx, ty):
                occ = self.sq.get((tx, ty))
                if occ is None:
                    yield tx, ty
                else:
                    if occ[0] != player:
                        yield tx, ty
                    break
                if not ride:
                    break
                tx, ty = tx + dx, ty + dy

    def dead(self, player, kind, y):
        r = self.own_rank(player, y)
        if kind in ('P', 'L'):
            return r == self.h - 1
        if kind == 'N':
            return r >= self.h - 2
        return False

    def attacked(self, x, y, by):
        for (sx, sy), (p, kind) in self.sq.items():
            if p == by and (x, y) in set(self.targets(sx, sy, p, kind)):
                return True
        return False

    def king(self, player):
        for s, (p, kind) in self.sq.items():
            if p == player and kind == 'K':
                return s
        return None

    def pseudo(self):
        us = self.side
        out = []
        for (x, y), (p, kind) in list(self.sq.items()):
            if p != us:
                continue
            for tx, ty in self.targets(x, y, p, kind):
                zone = self.own_rank(us, y) >= self.h - 3 or self.own_rank(us, ty) >= self.h - 3
                if kind in PROMOTES and zone:
                    out.append(((x, y), (tx, ty), '+' + kind))
                if not self.dead(us, kind, ty):
                    out.append(((x, y), (tx, ty), kind))
        for kind, n in self.hand[us].items():
            if n == 0:
                continue
            pawn_files = {x for (x, y), (p, k) in self.sq.items() if p == us and k == 'P'}
            for x in range(self.w):
                if kind == 'P' and x in pawn_files:
                    continue
                for y in range(self.h):
                    if (x, y) not in self.sq and not self.dead(us, kind, y):
                        out.append((None, (x, y), kind))
        return out

    def make(self, mv):
        """Plays `mv` = (from or None, to, kind after, kind before); returns what it took."""
        frm, to, kind, _ = mv
        us = self.side
        cap = self.sq.get(to)
        if frm is None:
            self.hand[us][kind] -= 1
        else:
            del self.sq[frm]
            if cap is not None:
                self.hand[us][cap[1].lstrip('+')] += 1
        self.sq[to] = (us, kind)
        self.side = 1 - us
        return cap

    def unmake(self, mv, cap):
        frm, to, kind, before = mv
        self.side = 1 - self.side
        us = self.side
        del self.sq[to]
        if frm is None:
            self.hand[us][kind] += 1
        else:
            self.sq[frm] = (us, before)
            if cap is not None:
                self.hand[us][cap[1].lstrip('+')] -= 1
                self.sq[to] = cap

    def legal(self):
        us = self.side
        moves = []
        for frm, to, kind in self.pseudo():
            mv = (frm, to, kind, self.sq[frm][1] if frm else kind)
            cap = self.make(mv)
            k = self.king(us)
            ok = k is None or not self.attacked(k[0], k[1], 1 - us)
            if ok and frm is None and kind == 'P':
                # A pawn drop that checks and leaves no legal reply is not allowed.
                kt = self.king(1 - us)
                if kt and self.attacked(kt[0], kt[1], us) and not self.legal():
                    ok = False
            self.unmake(mv, cap)
            if ok:
                moves.append(mv)
        return moves

    def sfen(self):
        return position_sfen(self.w, self.h, self.sq, self.hand, HAND_ORDER, self.side)

    def perft(self, depth):
        return perft(self, depth)


def suite(path, cap):
    """Checks every `perft` line of a suite up to `cap` nodes; true when all agree."""
    return check_suite(path, cap, lambda sfen, depth: Pos(sfen).perft(depth), 'reference')


def emit(start, game, count, seed, depth):
    """A suite of `count` positions reached by random play from `start`, with the reference's counts."""
    import random
    rng = random.Random(seed)
    print('# Random positions of %s, with counts from tools/shogi_any_board.py (seed %d)' % (game, seed))
    made = 0
    while made < count:
        pos = random_walk(Pos(start), rng, rng.randrange(10, 80))
        if pos is None:
            continue
        made += 1
        print_case('random-%d' % made, game, pos.sfen(), (pos.perft(d) for d in range(1, depth + 1)))


def main():
    args = sys.argv[1:]
    if args[0] == '--suite':
        cap = int(args[2]) if len(args) > 2 else 10 ** 9
        sys.exit(0 if suite(args[1], cap) else 1)
    if args[0] == '--emit':
        start, game, count, seed, depth = args[1], args[2], int(args[3]), int(args[4]), int(args[5])
        emit(start, game, count, seed, depth)
        return
    sfen, depth = args[0], int(args[1])
    pos = Pos(sfen)
    for d in range(1, depth + 1):
        print('perft %d %d' % (d, pos.perft(d)))


if __name__ == '__main__':
    main()
