"""What the second implementations in tools/ share: reading and checking `.perft` suites, writing their cases,
and writing an SFEN board. Each reference brings its own rules; this module knows none."""


def perft(pos, depth):
    """The leaves of the legal move tree of any position object with `legal()`, `make(move)` (which returns
    what `unmake(move, undo)` needs) and `unmake`."""
    moves = pos.legal()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        undo = pos.make(move)
        total += perft(pos, depth - 1)
        pos.unmake(move, undo)
    return total


def random_walk(pos, rng, plies):
    """Plays up to `plies` random legal moves on `pos`; returns it, or None when it has no legal move then."""
    for _ in range(plies):
        moves = pos.legal()
        if not moves:
            break
        pos.make(rng.choice(moves))
    return pos if pos.legal() else None


def board_sfen(width, height, piece_at):
    """The board field of an SFEN: `piece_at(x, y)` gives the text of a piece or None; x counts from the first
    player's left, y from their home rank."""
    rows = []
    for y in range(height - 1, -1, -1):
        row, empty = '', 0
        for x in range(width):
            text = piece_at(x, y)
            if text is None:
                empty += 1
                continue
            row += (str(empty) if empty else '') + text
            empty = 0
        rows.append(row + (str(empty) if empty else ''))
    return '/'.join(rows)


def position_sfen(width, height, squares, hands, order, side):
    """A whole SFEN of a position held as `squares` {(x, y): (player 0/1, kind)} and `hands` [{kind: count}]
    for each player, the hand written in `order`; the move number is 1."""
    def at(x, y):
        p = squares.get((x, y))
        return None if p is None else (p[1] if p[0] == 0 else p[1].lower())
    hand = ''
    for player in (0, 1):
        for kind in order:
            count = hands[player][kind]
            if count:
                hand += (str(count) if count > 1 else '') + (kind if player == 0 else kind.lower())
    return '%s %s %s 1' % (board_sfen(width, height, at), 'bw'[side], hand or '-')


def check_suite(path, cap, perft, reference):
    """Checks every `perft DEPTH NODES` line of a suite with at most `cap` nodes against `perft(sfen, depth)`;
    true when all agree and at least one line ran."""
    bad = ran = 0
    case = {}
    for line in open(path):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        key, _, value = line.partition(' ')
        if key in ('id', 'game', 'sfen'):
            case[key] = value
        elif key == 'perft':
            depth, nodes = (int(v) for v in value.split())
            if nodes > cap:
                continue
            got = perft(case['sfen'], depth)
            ran += 1
            if got != nodes:
                bad += 1
                print('MISMATCH %s perft %d: suite %d, %s %d' % (case['id'], depth, nodes, reference, got))
    print('%s: %d lines checked, %d mismatches' % (path, ran, bad))
    return bad == 0 and ran > 0


def print_case(ident, game, sfen, counts):
    """Writes one case of a suite: `counts` yields the perft counts from depth 1 on, printed as they come."""
    print()
    print('id %s' % ident)
    print('game %s' % game)
    print('sfen %s' % sfen)
    for depth, nodes in enumerate(counts, 1):
        print('perft %d %d' % (depth, nodes), flush=True)
