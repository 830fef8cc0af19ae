#!/usr/bin/env python3
"""A second implementation of the historic large shogi games, for checking koma's examples: it reads the piece
tables of Steve Evans' ShogiVar 1.55b (Debian's package shogivar-data, /usr/share/games/shogivar/NAME.dat) and
plays by the rules ShogiVar's own rule text (NAME.rul) states. No koma code and no `.game` file is read.

From the table it takes each piece's moves in eight directions, its promoted piece, whether it must promote on
the last rank, which piece is royal, the board's size, the depth of the promotion zone and the start position.
A direction's entry is a number of steps (64: any number), plus 128 for a jump to the second square, or 1024
for the two knight's jumps on that side, or 512 for a lion's power along that line; a piece marked L is a lion.

Rules (ShogiVar's Wa.rul and Dai.rul, the shogi family's): promotion is optional on entering, moving within or
leaving the zone, and forced where the piece could never move again (the table marks the pieces, and the knight's
last two ranks). In wa shogi no move may leave one's own king attacked (a player with no legal move has lost);
with drops, a captured piece goes to the captor's hand unpromoted; no drop where it could never move, no second
unpromoted pawn on a file, no pawn drop that mates. In dai shogi kings are captured: a player whose King (and
Crown Prince, the table's second royal piece) are all taken has lost, and no move is filtered for its safety.
A lion (Dai.rul) moves to any square one or two away, jumping, or steps to an adjacent square that does not hold
a friend and steps once more from there: onward, taking what it finds there too, or back to where it started
(taking without moving, or passing). A lion's power along one line does the same on that line only.

Moves are counted as koma's USI writes them: a lion's step through a middle square is a move of its own for each
middle square, beside the direct move to the same square (lishogi's chu shogi counts them so too).

    python3 tools/shogivar_tables.py GAME "SFEN" DEPTH            perft 1..DEPTH
    python3 tools/shogivar_tables.py GAME --suite FILE.perft [CAP]  checks every line of a suite (up to CAP nodes)
    python3 tools/shogivar_tables.py GAME --emit FILE.game N SEED D   a suite of N random positions, perft 1..D
    python3 tools/shogivar_tables.py GAME --scatter FILE.game N SEED D   N positions of pieces thrown together
    python3 tools/shogivar_tables.py GAME --lines FILE.game N SEED D     N positions of pieces on jumpers' lines
    python3 tools/shogivar_tables.py GAME --burning FILE.game N SEED D   N positions of pieces around Fire Demons
    python3 tools/shogivar_tables.py GAME --tetrarchs FILE.game N SEED D N positions of pieces around Tetrarchs
    python3 tools/shogivar_tables.py GAME --hooks FILE.game N SEED D     N positions of pieces around hook movers
    python3 tools/shogivar_tables.py GAME --emperors FILE.game N SEED D  N positions of pieces around Emperors
    python3 tools/shogivar_tables.py GAME --start                  the start position as SFEN

GAME names a table and the SFEN letters of koma's example (below): `wa` (with drops, as modern players play
it), `wa-no-drops` (captured pieces leave the game), `dai`, `tenjiku`, `tenjiku-checks` (tenjiku's pieces
under check rules), `tenjiku-hooks` (tenjiku's pieces with the hook movers of dai-dai, maka-dai-dai and tai
shogi's tables beside them), `tenjiku-hooks-checks` (the same under check rules), `tenjiku-captures`
(tenjiku's pieces promoting by capture, as dai-dai and maka-dai-dai shogi do), `daidai` (dai-dai shogi:
DaiDai.dat's 64 kinds on 17x17, promotion by capture as DaiDai.rul states it, kings captured), `maka`
(maka-dai-dai shogi: Maka.dat's 50 kinds on 19x19, the same rules, the King promoting to the Emperor, which
moves anywhere as Maka.rul states it) or `maka-not-attacked` (the same, the Emperor going only to squares no
enemy piece attacks), `tai` (tai shogi: Tai.dat's 93 kinds on 25x25, the same rules, an Emperor on each side from
the start, which protects every other piece of its side as Tai.rul states it).
"""
import os
import random
import re
import sys

from perft_suites import board_sfen, check_suite, perft, position_sfen, print_case, random_walk

TABLES = os.environ.get('SHOGIVAR_DATA', '/usr/share/games/shogivar')

# ShogiVar's abbreviation of each unpromoted piece -> the SFEN letter (HaChu's, which koma's example uses).
WA_LETTERS = {
    'CK': 'K', 'CE': 'E', 'FFa': 'F', 'SW': 'S', 'TFo': 'X', 'RR': 'R', 'VW': 'W', 'VSt': 'V', 'FGs': 'G',
    'FC': 'C', 'SC': 'U', 'SO': 'L', 'BDg': 'D', 'CM': 'M', 'LH': 'H', 'OC': 'O', 'SP': 'P',
}
# The same for dai shogi; its marked letters are HaChu's too (its start, read square by square beside the table's).
DAI_LETTERS = {
    'K': 'K', 'P': 'P', 'L': 'L', 'S': 'S', 'G': 'G', 'C': 'C', 'B': 'B', 'R': 'R', 'BT': 'T', 'DH': 'H',
    'DK': 'D', 'DE': 'E', 'FL': 'F', 'FK': 'Q', 'GB': "P'", 'Ky': 'O', 'Ph': 'X', 'Ln': 'L!', 'RC': 'A',
    'SM': 'M', 'VM': 'V', 'AB': "A'", 'CSw': "C'", 'EW': 'W', 'FD': "F'", 'I': 'I', 'St': 'U', 'VO': "X'",
    'N': 'N',
}
# The same for tenjiku shogi, koma's letters: HaChu reads tenjiku but crashes on it, so its letters are not
# followed; marks (`'`) give the kinds that dai shogi does not have.
TENJIKU_LETTERS = {
    'K': 'K', 'P': 'P', 'L': 'L', 'S': 'S', 'G': 'G', 'C': 'C', 'B': 'B', 'R': 'R', 'BT': 'T', 'DH': 'H',
    'DK': 'D', 'DE': 'E', 'FL': 'F', 'FK': 'Q', 'N': 'N', 'Ky': 'O', 'Ph': 'X', 'Ln': 'L!', 'RC': 'A',
    'SM': 'M', 'VM': 'V', 'I': 'I', 'Dg': "D'", 'HF': "H'", 'SE': "E'", 'LHk': "L'", 'VSo': 'U', 'SSo': 'Y',
    'ChS': "C'", 'WBf': 'W', 'FEg': "Q'", 'FiD': "F'", 'BGn': "B'", 'RGn': "R'", 'GGn': "G'", 'VGn': "V'",
}
# The same for dai-dai shogi, koma's letters: tenjiku's where the piece is the same (the Hook Mover and the Long-Nosed
# Goblin as in koma's hook test game), marks for the rest.
DAIDAI_LETTERS = {
    'K': 'K', 'P': 'P', 'L': 'L', 'S': 'S', 'G': 'G', 'C': 'C', 'B': 'B', 'R': 'R', 'DH': 'H', 'DK': 'D',
    'FL': 'F', 'FK': 'Q', 'Ky': 'O', 'Ph': 'X', 'Ln': 'L!', 'RC': 'A', 'SM': 'M', 'VM': 'V', 'I': 'I', 'WBf': 'W',
    'HM': 'J', 'LGn': "Z'", 'AB': "A'", 'BM': "M'", 'BD': "D'", 'WB': "W'", 'CSw': "C'", 'D': 'D!', 'EB': 'E',
    'EBa': "B'", 'EF': "F'", 'EW': 'W!', 'FCh': 'C!', 'FD': "D''", 'FH': "H'", 'FEl': "E'", 'FDe': "D'!",
    'FTp': 'T', 'GBd': "G'", 'GD': 'G!', 'HD': 'H!', 'LCh': "C''", 'LG': "G''", 'LD': "L'", 'NK': 'N',
    'NB': "N'", 'OK': "K'", 'OR': "R'", 'PS': "S'", 'PSt': "T'", 'RCh': "C'!", 'RG': "G'!", 'RB': 'R!',
    'ST': 'T!', 'SD': 'S!', 'SB': "S''", 'SMo': 'M!', 'SBr': 'B!', 'St': "S'!", 'VBe': "B''", 'VO': "O'",
    'WE': 'E!', 'WT': "T''", 'Wo': "W''",
}
# The same for maka-dai-dai shogi: dai-dai's letters where the piece is the same (by name and move), and where
# another koma example has the piece (the Knight, the Drunk Elephant, the Blind Tiger, the Go-Between of dai
# shogi; the Capricorn of the hook test game), theirs; marks for the rest.
MAKA_LETTERS = {
    'K': 'K', 'P': 'P', 'L': 'L', 'S': 'S', 'G': 'G', 'C': 'C', 'B': 'B', 'R': 'R', 'AB': "A'", 'DH': 'H',
    'DK': 'D', 'FL': 'F', 'FK': 'Q', 'Ky': 'O', 'Ph': 'X', 'Ln': 'L!', 'RC': 'A', 'SM': 'M', 'VM': 'V',
    'CSw': "C'", 'EW': 'W!', 'FD': "D''", 'HM': 'J', 'I': 'I', 'LCh': "C''", 'LD': "L'", 'RCh': "C'!",
    'SD': 'S!', 'St': "S'!", 'VO': "O'", 'OR': "R'", 'N': 'N', 'DE': 'E', 'BT': 'T', 'GB': "P'", 'Ca': 'Z',
    'BB': "B'", 'BDe': "D'", 'CC': 'C!', 'CS': "S'", 'DSp': 'D!', 'DV': "V'", 'Do': "N'", 'Ea': "E'",
    'GG': "G'", 'OM': "M'", 'RD': 'R!', 'SF': "F'", 'T': "T'", 'Wr': 'W',
}
# The same for tai shogi: the letters of koma's other examples where they have the piece (by name: maka-dai-dai's
# first, then dai-dai's, tenjiku's and dai's), K for the Emperor and K! for the Crown Prince (the royal pieces),
# and for the rest the first letter of ShogiVar's abbreviation with the first marks free.
TAI_LETTERS = {
    'E': 'K', 'P': 'P', 'L': 'L', 'S': 'S', 'G': 'G', 'C': 'C', 'B': 'B', 'R': 'R', 'AB': "A'", 'DH': 'H',
    'DK': 'D', 'BB': "B'", 'FL': 'F', 'FK': 'Q', 'BT': 'T', 'Ky': 'O', 'Ph': 'X', 'Ln': 'L!', 'RC': 'A', 'SM': 'M',
    'VM': 'V', 'BDe': "D'", 'CSw': "C'", 'Ca': 'Z', 'CC': 'C!', 'CS': "S'", 'DSp': 'D!', 'EW': 'W!', 'DV': "V'",
    'FD': "D''", 'Do': "N'", 'DE': 'E', 'Ea': "E'", 'GB': "P'", 'GG': "G'", 'N': 'N', 'HM': 'J', 'OM': "M'",
    'I': 'I', 'LCh': "C''", 'RD': 'R!', 'LD': "L'", 'BD': "B'!", 'T': "T'", 'Wr': 'W', 'RCh': "C'!", 'SD': 'S!',
    'St': "S'!", 'VO': "O'", 'OR': "R'", 'BM': "B!'", 'CP': 'K!', 'D': "D!'", 'EB': "E''", 'EBa': "E'!",
    'FH': "H'", 'FDe': "D'!", 'FTp': "F'", 'GBd': "G!'", 'GD': 'G!', 'HD': 'H!', 'LG': "G''", 'RG': "G'!",
    'LGn': "Z'", 'NK': 'N!', 'NB': "N''", 'OK': "K'", 'RB': "R''", 'SB': "S''", 'SBr': 'B!', 'WBf': "W'!",
    'WB': "W'", 'W': "W!'", 'WE': 'E!', 'WH': 'W!!', 'WT': "T''", 'Wo': "W''", 'FE': 'F!', 'FO': "F''",
    'GDe': 'G!!', 'HF': "H''", 'PC': 'P!', 'PS': "P''", 'PSt': "P'!", 'RS': "R'!", 'SDr': "S!'", 'SCh': 'S!!',
    'SDe': "S'''", 'SE': "S''!", 'So': "S'!'", 'TS': 'T!', 'VS': 'V!', 'VBe': "B''",
}
# Tenjiku.rul's ranks of the range-jumping generals, highest first; every other piece ranks below them.
TENJIKU_RANKS = [['K'], ['GGn'], ['VGn'], ['RGn', 'BGn']]
# name: (table, letters, the pawn of the drop rules, drops, kings may be captured)
GAMES = {
    'wa': ('Wa.dat', WA_LETTERS, 'SP', True, False),
    'wa-no-drops': ('Wa.dat', WA_LETTERS, 'SP', False, False),
    'dai': ('Dai.dat', DAI_LETTERS, 'P', False, True),
    'tenjiku': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, True),
    # Tenjiku's pieces and burning under check rules (no move may leave a royal piece attacked, burnt or
    # about to be burnt; with two royal pieces, neither is protected until one is left), for koma's check rules
    # with burning; not a game ShogiVar plays.
    'tenjiku-checks': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, False),
    # Tenjiku's pieces with the hook movers of EXTRA_PIECES beside them.
    'tenjiku-hooks': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, True),
    # The same under check rules, as `tenjiku-checks`: a hook mover's turn gives check.
    'tenjiku-hooks-checks': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, False),
    # Tenjiku's pieces under the promotion of CAPTURE_PROMOTION.
    'tenjiku-captures': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, True),
    'tenjiku-captures-zone': ('Tenjiku.dat', TENJIKU_LETTERS, 'P', False, True),
    # Dai-dai shogi: DaiDai.rul's promotion by capture (CAPTURE_PROMOTION), kings captured.
    'daidai': ('DaiDai.dat', DAIDAI_LETTERS, 'P', False, True),
    # Maka-dai-dai shogi: Maka.rul's promotion by capture, the King promoting to the Emperor, kings captured.
    'maka': ('Maka.dat', MAKA_LETTERS, 'P', False, True),
    # The same with the Emperor going only to squares no enemy piece attacks (koma's `moves anywhere not
    # attacked`, tai shogi's modern reading); not a game ShogiVar plays.
    'maka-not-attacked': ('Maka.dat', MAKA_LETTERS, 'P', False, True),
    # Tai shogi: Tai.rul's promotion by capture, the Emperor from the start (protecting its side, EMPEROR_PROTECTS),
    # kings captured (the Emperor and the Crown Prince, and a second Crown Prince made by promotion).
    'tai': ('Tai.dat', TAI_LETTERS, 'P', False, True),
}
# Maka.rul's Emperor (flag E): "it may move in one turn to almost any square on the board, jumping over any
# number of pieces of either side in the process. The only restriction on the movement of the 'Emperor' is that
# it may not capture an enemy piece that is protected by another piece." Read here: it goes to any empty square,
# and takes an enemy piece unless, with the Emperor standing on its square (the one it left empty), another
# enemy piece could take there; an Emperor protects nothing (what it may take depends on protection itself).
# The games of EMPEROR_NOT_ATTACKED send it only to squares no enemy piece attacks so, empty or not.
EMPEROR_NOT_ATTACKED = {'maka-not-attacked'}
# Tai.rul adds: "It should be noted that any otherwise unprotected piece is always protected by its own 'Emperor'."
# In the games of EMPEROR_PROTECTS an Emperor therefore takes no enemy piece but an enemy Emperor, and that only
# while it is the enemy's one Emperor and no other enemy piece protects it (koma's `moves anywhere and protects`).
EMPEROR_PROTECTS = {'tai'}
# Games promoting by capture, as DaiDai.rul and Maka.rul state it: "there are no Promotion Zones. A piece is
# promoted when it captures an enemy piece. If a piece has a promoted rank and makes a capture, promotion is
# compulsory. A piece that reaches the last rank of the board and does not have the power to retreat is left in
# play on the last rank until captured." A capture on either square of a lion's move counts (taking without
# moving too); burning does not. The value: whether only a capture that ends in the table's promotion zone
# promotes (koma's `promotion by capture` with a zone; no source plays it so).
CAPTURE_PROMOTION = {'tenjiku-captures': False, 'tenjiku-captures-zone': True, 'daidai': False, 'maka': False,
                     'maka-not-attacked': False, 'tai': False}
# Pieces of other tables played beside a game's own: (table, ShogiVar's abbreviation, SFEN letter). They do not
# promote there. `tenjiku-hooks` brings the hook movers of the larger games (table code 2048 along a line): the
# Hook Mover and the Long-Nosed Goblin of DaiDai.dat, the Capricorn of Maka.dat, the Peacock of Tai.dat. Their
# rule text (DaiDai.rul, Maka.rul, Tai.rul alike): "a Double Rook move, being able to move any number of squares
# in any orthogonal direction, immediately followed by a further move at right angles to the first ... it is not
# compulsory that it make the 2nd Rook move ... not a jumping piece, and must end its move on making a capture";
# the Capricorn and the Goblin along the diagonals, the Peacock "in the forward diagonal directions only".
HOOK_MOVERS = [('DaiDai.dat', 'HM', 'J'), ('Maka.dat', 'Ca', 'Z'), ('Tai.dat', 'PC', "J'"), ('DaiDai.dat', 'LGn', "Z'")]
EXTRA_PIECES = {'tenjiku-hooks': HOOK_MOVERS, 'tenjiku-hooks-checks': HOOK_MOVERS}
# Powers of tenjiku shogi this tool does not play: none left. (A piece named here may stand in a position, but
# asking it to move is refused.)
NOT_PLAYED = set()
# Tenjiku.rul's Heavenly Tetrarchs (flag T): it does not move to the eight squares next to it, but takes a piece
# on any of them without moving (igui); it jumps over the square next to it, whatever stands there, to move on
# from the second square diagonally as a ranging piece, or sideways to the second or third square. Its table row
# (131 sideways, 64 diagonally) is read so, not as plain steps.
TETRARCHS_LINES = [(1, 1, 99), (-1, 1, 99), (1, -1, 99), (-1, -1, 99), (1, 0, 3), (-1, 0, 3)]
# Tenjiku.rul's burning: after a Fire Demon (flag F) stops, the enemy pieces on the eight squares next to it are
# burnt (removed), except an enemy Fire Demon ("if a Fire Demon lands next to an opposing Fire Demon it is the
# moving piece that is burnt"); then a piece that ended its move next to an enemy Fire Demon still on the
# board is burnt itself (passive burning, a Fire Demon too). A piece promoting to a Fire Demon on its move burns
# as one: the piece that stops there is a Fire Demon.
# Tenjiku.rul's area movers and their number of king steps: the Vice General (its table entry does not mark
# it) and the Lion Hawk (flag D; Tenjiku.rul's first version, its default, which George Hodges holds to be the
# historical move). An area mover reaches any square within that many king steps through empty squares, and
# takes only where it stops ("a piece moving as an area mover can not continue its move after making a
# capture"); its own square counts as empty, and it does not end where it started.
AREA_STEPS = {'VGn': 3, 'LHk': 2, 'FiD': 3}

# The eight directions of a table row, for the player moving up the board: forward, backward, the two
# sideways, the two forward diagonals, the two backward diagonals.
DIRECTIONS = [(0, 1), (0, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (-1, -1), (1, -1)]
ANY_NUMBER = 64
JUMP_TWO = 128
RANGE_JUMP = 256
LION_LINE = 512
KNIGHT = 1024
HOOK = 2048
KING_STEPS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def next_to(a, b):
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def neighbours(square, n):
    x, y = square
    return [(x + dx, y + dy) for dx, dy in KING_STEPS if 0 <= x + dx < n and 0 <= y + dy < n]


class Piece:
    """One row of a ShogiVar table."""

    def __init__(self, fields):
        self.index = int(fields[0])
        self.name = fields[1]
        self.abbr = fields[2]
        flag = fields[16]
        # A royal piece is worth 999, or in Maka.dat 666 (the King, whose promoted face, the Emperor, is the 999);
        # a Crown Prince or Prince is marked C.
        self.royal = fields[3] in ('999', '666') or flag == 'C'
        self.promotes_to = int(fields[5])
        codes = fields[8:16]
        self.played = self.abbr not in NOT_PLAYED
        self.area = AREA_STEPS.get(self.abbr, 0)
        self.burns = flag == 'F'
        self.tetrarchs = flag == 'T'
        self.emperor = flag == 'E'
        if self.played and (flag not in ('0', '1', '2', 'L', 'C', 'G', 'D', 'F', 'T', 'E')
                            or any(not c.isdigit() for c in codes)):
            raise SystemExit('%s: table entry %s is not read here' % (self.name, ','.join(fields)))
        self.rank = 0  # the range-jumping rank (higher is senior), set by the table
        self.range_jumps = []  # (dx, dy): lines along which it jumps lower-ranked pieces to capture
        self.stranded_ranks = int(flag) if flag.isdigit() else 0  # last ranks where it could never move
        self.steps = []   # (dx, dy, limit, first): slides of up to `limit` squares from the `first`th on
        self.jumps = []   # (dx, dy): jumps over anything
        self.hooks = []   # (dx, dy): hook moves, a slide along the line that may turn square to it once
        self.lion = flag == 'L'  # a lion: its power along every line, and its steps on in any direction
        self.lion_lines = list(KING_STEPS) if self.lion else []  # lines along which it has a lion's power
        for (dx, dy), code in zip(DIRECTIONS, (int(c) if c.isdigit() else 0 for c in codes)):
            if not self.played or self.tetrarchs:
                break
            if code & RANGE_JUMP:
                self.range_jumps.append((dx, dy))
                code &= ~RANGE_JUMP
            if code & LION_LINE:
                self.lion_lines.append((dx, dy))
                code &= ~LION_LINE
            if code & HOOK:
                self.hooks.append((dx, dy))
                code &= ~HOOK
            if code & KNIGHT:
                self.jumps += [(-1, 2 * dy), (1, 2 * dy)]
                code &= ~KNIGHT
            if code & JUMP_TWO:
                self.jumps.append((2 * dx, 2 * dy))
                code &= ~JUMP_TWO
            if code & ~(JUMP_TWO - 1):
                raise SystemExit('%s: direction code %d is not read here' % (self.name, code))
            if code:
                self.steps.append((dx, dy, 99 if code >= ANY_NUMBER else code, 1))
        if self.tetrarchs:
            # From the second square on: the square next to it is passed over.
            self.steps = [(dx, dy, reach - 1, 2) for dx, dy, reach in TETRARCHS_LINES]


class Table:
    """A game's table: its pieces (by SFEN kind: `P`, `+P`), board size, zone and start."""

    def __init__(self, game):
        file, letters, pawn, drops, capture_kings = GAMES[game]
        lines = [l.strip() for l in open(os.path.join(TABLES, file), encoding='latin-1')]
        head = lines[2].split(',')
        self.size, self.zone = int(head[1]), int(head[3])
        rows = [l.split(',') for l in lines[3:] if l]
        pieces = [Piece(r) for r in rows if len(r) > 16 and not r[1].lstrip('-').isdigit()]
        numbers = [int(v) for r in rows if all(re.fullmatch(r'-?\d+', v) for v in r) for v in r]
        cells = numbers[:self.size * self.size]
        self.kinds = {}
        self.index_kind = {}
        if file in ('Tenjiku.dat', 'DaiDai.dat', 'Maka.dat', 'Tai.dat'):
            # Tenjiku.dat's, DaiDai.dat's, Maka.dat's and Tai.dat's promotion column is right, and a promoted piece has an entry of its
            # own, with the abbreviation of what it moves as: a piece of the start is its abbreviation's letter,
            # the entry it promotes to `+` and that letter.
            by_index = {p.index: p for p in pieces}
            for i in sorted({abs(c) for c in cells if c}):
                p = by_index[i]
                self.kinds[letters[p.abbr]] = p
                self.index_kind[i] = letters[p.abbr]
            self.promoted = {}
            for kind, p in list(self.kinds.items()):
                if p.promotes_to:
                    self.kinds['+' + kind] = by_index[p.promotes_to]
                    self.promoted[kind] = '+' + kind
            base = {p.abbr: p for k, p in self.kinds.items() if not k.startswith('+')}
            for rank, group in enumerate(reversed(TENJIKU_RANKS) if file == 'Tenjiku.dat' else [], 1):
                for p in self.kinds.values():
                    if p.abbr in group:
                        p.rank = rank
        else:
            base = {p.abbr: p for p in pieces if not p.abbr.startswith('+')}
            for p in pieces:
                plain = p.abbr.lstrip('+')
                kind = ('+' if p.abbr.startswith('+') else '') + letters[plain]
                self.kinds[kind] = p
                self.index_kind[p.index] = kind
            # A piece promotes to the entry written with its abbreviation and a `+`. (Dai.dat's promotion
            # column sends the Silver and the Copper to the unpromoted Vertical and Side Movers, entries 21 and
            # 20, which could then promote again, against its Dai.rul; its entries `+S` and `+C` are those
            # movers too.)
            self.promoted = {k: '+' + k for k, p in self.kinds.items()
                             if p.promotes_to and '+' + k in self.kinds}
        for extra_file, abbr, letter in EXTRA_PIECES.get(game, []):
            extra_lines = [l.strip() for l in open(os.path.join(TABLES, extra_file), encoding='latin-1')]
            row = next(r for r in (l.split(',') for l in extra_lines[3:]) if len(r) > 16 and r[2] == abbr)
            piece = Piece(row)
            piece.promotes_to = 0
            self.kinds[letter] = piece
        self.range_jumps = True  # off only to count the moves that range jumps add
        self.hooks = True  # off only to count the positions where a hook's turn changes the count
        self.emperor_not_attacked = game in EMPEROR_NOT_ATTACKED
        self.emperor_protects = game in EMPEROR_PROTECTS
        self.capture_promotion = game in CAPTURE_PROMOTION
        self.capture_promotion_zone = CAPTURE_PROMOTION.get(game, False)
        self.burning = True  # off only to count the positions where burning changes the count
        self.pawn = letters[pawn]
        self.drops = drops
        self.capture_kings = capture_kings
        self.hand_order = [letters[a] for a in base] + [e[2] for e in EXTRA_PIECES.get(game, [])]
        self.start_cells = [(0 if c > 0 else 1, self.index_kind[abs(c)]) if c else None for c in cells]
        for kind in self.kinds:
            assert kind.startswith('+') or kind in self.hand_order or self.kinds[kind].royal

    def start_sfen(self):
        n = self.size

        def at(x, y):
            c = self.start_cells[(n - 1 - y) * n + x]
            return None if c is None else (c[1] if c[0] == 0 else c[1].lower())
        return board_sfen(n, n, at) + ' b - 1'


class Pos:
    def __init__(self, table, sfen):
        self.t = table
        board, side, hand = sfen.split()[:3]
        n = table.size
        self.sq = {}  # (x, y) -> (player 0/1, kind); x from the first player's left, y from their home rank
        ranks = board.split('/')
        assert len(ranks) == n, 'rank count'
        for r, text in enumerate(ranks):
            y, x = n - 1 - r, 0
            for tok in re.findall(r"\d+|\+?[A-Za-z]['!]*", text):
                if tok.isdigit():
                    x += int(tok)
                    continue
                kind = tok.upper()
                assert kind in table.kinds, 'unknown piece ' + tok
                self.sq[(x, y)] = (0 if tok.lstrip('+')[0].isupper() else 1, kind)
                x += 1
            assert x == n, 'file count in rank %d' % (r + 1)
        self.side = 0 if side == 'b' else 1
        self.hand = [dict.fromkeys(table.hand_order, 0) for _ in range(2)]
        if hand != '-':
            for count, letter in re.findall(r"(\d*)([A-Za-z]['!]*)", hand):
                self.hand[0 if letter[0].isupper() else 1][letter.upper()] += int(count or 1)

    def own_rank(self, player, y):
        return y if player == 0 else self.t.size - 1 - y

    def targets(self, x, y, player, kind):
        piece, n, sq = self.t.kinds[kind], self.t.size, self.sq
        if not piece.played:
            raise SystemExit('%s: this tool does not play its moves (position %s)' % (piece.name, self.sfen()))
        f = 1 if player == 0 else -1
        if piece.emperor:
            yield from self.emperor_targets(x, y, player, kind)
        for dx, dy in piece.range_jumps if self.t.range_jumps else []:
            # Tenjiku.rul: beyond the first piece on its line (which its slide takes), a range jumper jumps any
            # number of pieces of lower rank, of either side, and may take an enemy of lower rank where it lands.
            dx, dy = dx * f, dy * f
            tx, ty, first = x + dx, y + dy, True
            while 0 <= tx < n and 0 <= ty < n:
                occ = sq.get((tx, ty))
                if occ is not None:
                    lower = self.t.kinds[occ[1]].rank < piece.rank
                    if not first and lower and occ[0] != player:
                        yield tx, ty
                    if not lower:
                        break
                    first = False
                tx, ty = tx + dx, ty + dy
        if piece.area:
            reached, edge = {(x, y)}, [(x, y)]
            for _ in range(piece.area):
                onward = []
                for ex, ey in edge:
                    for kx, ky in KING_STEPS:
                        tx, ty = ex + kx, ey + ky
                        if not (0 <= tx < n and 0 <= ty < n) or (tx, ty) in reached:
                            continue
                        reached.add((tx, ty))
                        occ = sq.get((tx, ty))
                        if occ is None:
                            onward.append((tx, ty))
                            yield tx, ty
                        elif occ[0] != player:
                            yield tx, ty  # taken where it stops
                edge = onward
        for dx, dy, limit, first in piece.steps:
            dx, dy = dx * f, dy * f
            for target, _ in self.slide(x + (first - 1) * dx, y + (first - 1) * dy, dx, dy, player, limit):
                yield target
        for dx, dy in piece.hooks:
            # A hook move: a slide along the line, and from any empty square of it a slide square to the line
            # (either way), taking only where it stops.
            dx, dy = dx * f, dy * f
            for (tx, ty), empty in self.slide(x, y, dx, dy, player):
                yield tx, ty
                for ex, ey in ((-dy, dx), (dy, -dx)) if empty and self.t.hooks else ():
                    for target, _ in self.slide(tx, ty, ex, ey, player):
                        yield target
        for dx, dy in piece.jumps:
            tx, ty = x + dx * f, y + dy * f
            if 0 <= tx < n and 0 <= ty < n:
                occ = sq.get((tx, ty))
                if occ is None or occ[0] != player:
                    yield tx, ty

    def emperor_targets(self, x, y, player, kind):
        """The Emperor's squares (EMPEROR_NOT_ATTACKED's reading where the game takes it): every empty square,
        and every enemy piece no other enemy piece protects."""
        n, sq = self.t.size, self.sq
        for tx in range(n):
            for ty in range(n):
                occ = sq.get((tx, ty))
                if (tx, ty) == (x, y) or occ is not None and occ[0] == player:
                    continue
                if (occ is not None or self.t.emperor_not_attacked) and self.guarded(x, y, (tx, ty)):
                    continue
                if occ is not None and self.t.emperor_protects and any(
                        p != player and self.t.kinds[k].emperor and s != (tx, ty) for s, (p, k) in sq.items()):
                    continue  # protected by its own Emperor
                yield tx, ty

    def guarded(self, x, y, target):
        """Whether, with the piece on (x, y) moved onto `target` (taking what stands there), an enemy piece that
        is not an Emperor could take it there."""
        sq = self.sq
        mover = sq.pop((x, y))
        taken = sq.get(target)
        sq[target] = mover
        try:
            return self.attacked(target, 1 - mover[0], emperors=False)
        finally:
            del sq[target]
            if taken is not None:
                sq[target] = taken
            sq[(x, y)] = mover

    def slide(self, x, y, dx, dy, player, limit=99):
        """(square, empty) of a slide of `player`'s piece from (x, y) along (dx, dy), up to `limit` squares: the
        empty squares, then an enemy piece to take."""
        n, sq = self.t.size, self.sq
        tx, ty = x + dx, y + dy
        while limit and 0 <= tx < n and 0 <= ty < n:
            occ = sq.get((tx, ty))
            if occ is not None:
                if occ[0] != player:
                    yield (tx, ty), False
                return
            yield (tx, ty), True
            tx, ty, limit = tx + dx, ty + dy, limit - 1

    def lion_moves(self, x, y, player, kind):
        """(to, middle square or None) of a lion's power: one or two away along its lines (a lion: any square
        two away), jumping, or a step to a square without a friend and a step on from there (along the line, or
        any way for a lion) or back."""
        piece, n, sq = self.t.kinds[kind], self.t.size, self.sq
        f = 1 if player == 0 else -1

        def open_to(tx, ty):
            if not (0 <= tx < n and 0 <= ty < n):
                return False
            occ = sq.get((tx, ty))
            return occ is None or occ[0] != player or (tx, ty) == (x, y)

        lines = [(dx * f, dy * f) for dx, dy in piece.lion_lines]
        if piece.lion:
            reach = [(ex, ey) for ex in range(-2, 3) for ey in range(-2, 3) if ex or ey]
        else:
            reach = [(k * dx, k * dy) for dx, dy in lines for k in (1, 2)]
        out = {((x + ex, y + ey), None) for ex, ey in reach if open_to(x + ex, y + ey)}
        for dx, dy in lines:
            mx, my = x + dx, y + dy
            if not open_to(mx, my):
                continue
            for ex, ey in (KING_STEPS if piece.lion else [(dx, dy), (-dx, -dy)]):
                if open_to(mx + ex, my + ey):
                    out.add(((mx + ex, my + ey), (mx, my)))
        return sorted(out, key=lambda move: (move[0], move[1] or (-1, -1)))  # the same order on every run

    def capture_promotes(self, player, to, mid, frm=None):
        """Under promotion by capture: whether a move of `player` from `frm` through `mid` to `to` captures (on
        either square; `to` is `frm` again when it takes without moving), and ends in the zone where only such a
        capture promotes."""
        if not self.t.capture_promotion:
            return False
        takes = to != frm and to in self.sq or mid is not None and mid in self.sq
        return takes and (not self.t.capture_promotion_zone
                          or self.own_rank(player, to[1]) >= self.t.size - self.t.zone)

    def dead(self, player, kind, y):
        """A piece on the last ranks the table marks for it could never move again there."""
        return self.own_rank(player, y) >= self.t.size - self.t.kinds[kind].stranded_ranks

    def attacked(self, square, by, emperors=True):
        """Whether a piece of `by` could take what stands on `square`: move there, or (a Fire Demon) stop next to
        it and burn it (an enemy Fire Demon is not burnt so); without `emperors`, not counting Emperors."""
        target = self.sq.get(square)
        burnable = self.t.burning and not (target and self.t.kinds[target[1]].burns)
        for (sx, sy), (p, kind) in list(self.sq.items()):
            if p != by or not emperors and self.t.kinds[kind].emperor:
                continue
            promoted = self.t.promoted.get(kind)
            # A piece that may promote to a Fire Demon on a move burns as one where it stops so.
            demon = promoted and self.t.kinds[promoted].burns
            for t in self.targets(sx, sy, p, kind):
                if t == square:
                    return True
                if self.t.capture_promotion:
                    in_zone = self.capture_promotes(p, t, None)  # it promotes where it captures
                else:
                    in_zone = max(self.own_rank(p, sy), self.own_rank(p, t[1])) >= self.t.size - self.t.zone
                if burnable and next_to(t, square) and (self.t.kinds[kind].burns or demon and in_zone):
                    return True
            if self.t.kinds[kind].tetrarchs and next_to((sx, sy), square):
                return True  # igui
            # A lion's power takes on both squares of its move.
            if self.t.kinds[kind].lion_lines and any(
                    square in (to, mid) for to, mid in self.lion_moves(sx, sy, p, kind)):
                return True
        return False

    def burn(self, to):
        """Burning after the piece now on `to` has moved: [(square, what stood there)] of what it took away."""
        if not self.t.burning:
            return []
        player, kind = self.sq[to]
        burnt = []
        if self.t.kinds[kind].burns:
            for s in neighbours(to, self.t.size):
                occ = self.sq.get(s)
                if occ and occ[0] != player and not self.t.kinds[occ[1]].burns:
                    burnt.append((s, self.sq.pop(s)))
        if any(self.sq.get(s, (player,))[0] != player and self.t.kinds[self.sq[s][1]].burns
               for s in neighbours(to, self.t.size)):
            burnt.append((to, self.sq.pop(to)))
        return burnt

    def royal_attacked(self, player):
        """Whether the check rules see a royal piece of `player` attacked: while a player has two (the King and a
        Crown Prince), they protect neither, and the last one left like a king."""
        if self.royal_count(player) > 1:
            return False
        return any(p == player and self.t.kinds[k].royal and self.attacked(s, 1 - player)
                   for s, (p, k) in list(self.sq.items()))

    def royal_left(self, player):
        return any(p == player and self.t.kinds[k].royal for p, k in self.sq.values())

    def royal_count(self, player):
        return sum(p == player and self.t.kinds[k].royal for p, k in self.sq.values())

    def pseudo(self):
        """(from or None, to, kind after, middle square or None) of every move, before the king's safety."""
        us, t = self.side, self.t
        out = []
        for (x, y), (p, kind) in list(self.sq.items()):
            if p != us:
                continue
            # (A square reached two ways, by a jump and by a slide as the Free Eagle's second square, is one move.)
            for tx, ty in dict.fromkeys(self.targets(x, y, p, kind)):
                if t.capture_promotion:
                    captures = self.capture_promotes(us, (tx, ty), None)
                    out.append(((x, y), (tx, ty), t.promoted[kind] if captures and kind in t.promoted else kind, None))
                    continue
                in_zone = max(self.own_rank(us, y), self.own_rank(us, ty)) >= t.size - t.zone
                if kind in t.promoted and in_zone:
                    out.append(((x, y), (tx, ty), t.promoted[kind], None))
                if not self.dead(us, kind, ty):
                    out.append(((x, y), (tx, ty), kind, None))
            if t.kinds[kind].tetrarchs:
                for s in neighbours((x, y), t.size):
                    if s in self.sq and self.sq[s][0] != us:
                        after = t.promoted.get(kind, kind) if self.capture_promotes(us, (x, y), s) else kind
                        out.append(((x, y), (x, y), after, s))  # igui: takes without moving
            if t.kinds[kind].lion_lines:
                direct = set(self.targets(x, y, p, kind))
                for to, mid in self.lion_moves(x, y, p, kind):
                    if mid is None and to in direct:
                        continue
                    if t.capture_promotion:
                        captures = self.capture_promotes(us, to, mid, (x, y))
                        out.append(((x, y), to, t.promoted[kind] if captures and kind in t.promoted else kind, mid))
                        continue
                    in_zone = max(self.own_rank(us, y), self.own_rank(us, to[1])) >= t.size - t.zone
                    if kind in t.promoted and in_zone:
                        out.append(((x, y), to, t.promoted[kind], mid))  # tenjiku's Lion, Falcon, Eagle
                    out.append(((x, y), to, kind, mid))
        if not t.drops:
            return out
        pawn_files = {x for (x, y), (p, k) in self.sq.items() if p == us and k == t.pawn}
        for kind, count in self.hand[us].items():
            if count == 0:
                continue
            for x in range(t.size):
                if kind == t.pawn and x in pawn_files:
                    continue
                for y in range(t.size):
                    if (x, y) not in self.sq and not self.dead(us, kind, y):
                        out.append((None, (x, y), kind, None))
        return out

    def make(self, mv):
        """Plays `mv` = (from or None, to, kind after, kind before, middle); returns what it took (to, middle)."""
        frm, to, kind, _, mid = mv
        us = self.side
        took_mid = self.sq.pop(mid, None) if mid is not None else None
        if frm is None:
            self.hand[us][kind] -= 1
        else:
            del self.sq[frm]
        cap = self.sq.get(to)
        for c in (cap, took_mid):
            if c is not None and self.t.drops:
                self.hand[us][c[1].lstrip('+')] += 1
        self.sq[to] = (us, kind)
        burnt = self.burn(to) if frm is not None else []
        self.side = 1 - us
        return cap, took_mid, burnt

    def unmake(self, mv, caps):
        frm, to, kind, before, mid = mv
        cap, took_mid, burnt = caps
        self.side = 1 - self.side
        us = self.side
        for s, piece in reversed(burnt):
            self.sq[s] = piece
        del self.sq[to]
        if cap is not None:
            self.sq[to] = cap
        if frm is None:
            self.hand[us][kind] += 1
        else:
            self.sq[frm] = (us, before)
        if took_mid is not None:
            self.sq[mid] = took_mid
        for c in (cap, took_mid):
            if c is not None and self.t.drops:
                self.hand[us][c[1].lstrip('+')] -= 1

    def legal(self):
        us = self.side
        if self.t.capture_kings:
            if not (self.royal_left(us) and self.royal_left(1 - us)):
                return []  # the game is over
            return [(frm, to, kind, self.sq[frm][1], mid) for frm, to, kind, mid in self.pseudo()]
        moves = []
        for frm, to, kind, mid in self.pseudo():
            mv = (frm, to, kind, self.sq[frm][1] if frm else kind, mid)
            royals = self.royal_count(us)
            caps = self.make(mv)
            left = self.royal_count(us)
            # (A royal piece that burns moving next to an enemy Fire Demon is lost as if taken.)
            ok = royals > 1 or left >= royals and not self.royal_attacked(us)
            if ok and frm is None and kind == self.t.pawn and self.royal_attacked(1 - us) and not self.legal():
                ok = False  # a pawn drop that mates
            self.unmake(mv, caps)
            if ok:
                moves.append(mv)
        return moves

    def sfen(self):
        return position_sfen(self.t.size, self.t.size, self.sq, self.hand, self.t.hand_order, self.side)

    def perft(self, depth):
        return perft(self, depth)


def suite(table, path, cap):
    """Checks every `perft` line of a suite up to `cap` nodes; true when all agree."""
    return check_suite(path, cap, lambda sfen, depth: Pos(table, sfen).perft(depth), 'ShogiVar tables')


def emit(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions reached by random play from the start, with this tool's counts."""
    rng = random.Random(seed)
    print('# Random positions of %s, with counts from tools/shogivar_tables.py %s (seed %d)'
          % (game_file, game_name, seed))
    made = 0
    while made < count:
        pos = random_walk(Pos(table, table.start_sfen()), rng, rng.randrange(10, 120))
        if pos is None:
            continue
        made += 1
        print_case('random-%d' % made, game_file, pos.sfen(), (pos.perft(d) for d in range(1, depth + 1)))


def scatter(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions with a few pieces of every kind (promoted ones too) thrown close together
    around both kings, so that lions, their powers along a line, jumps and promotions meet friends and foes;
    with drops, a few pieces in hand too."""
    rng = random.Random(seed)
    print('# Scattered positions of %s, with counts from tools/shogivar_tables.py %s --scatter (seed %d)'
          % (game_file, game_name, seed))
    n = table.size
    kinds = [k for k, p in table.kinds.items() if not p.royal and p.played]
    if not table.capture_kings:
        # Under check rules every piece's moves are asked for on the next ply: none that promotes to a piece
        # this tool does not play.
        kinds = [k for k in kinds if k not in table.promoted or table.kinds[table.promoted[k]].played]
    royals = [k for k, p in table.kinds.items() if p.royal]
    # Range jumpers, a few in every position where the game has them, so that their lines cross pieces of
    # every rank, friend and foe.
    jumpers = [k for k in kinds if table.kinds[k].range_jumps]
    made = 0
    while made < count:
        pos = Pos(table, '/'.join([str(n)] * n) + ' b - 1')
        pos.side = rng.randrange(2)
        lo = rng.randrange(0, n - 6)
        area = [(x, y) for x in range(lo, lo + 6) for y in range(lo, lo + 6)]
        rng.shuffle(area)
        for player in (0, 1):
            pos.sq[area.pop()] = (player, royals[0])
            if len(royals) > 1 and rng.random() < 0.3:
                pos.sq[area.pop()] = (player, rng.choice(royals[1:]))
        for _ in range(rng.randrange(6, 14)):
            square, player = area.pop(), rng.randrange(2)
            kind = rng.choice(jumpers if jumpers and rng.random() < 0.3 else kinds)
            if not pos.dead(player, kind, square[1]):
                pos.sq[square] = (player, kind)
        if table.drops:
            for _ in range(rng.randrange(0, 4)):
                pos.hand[rng.randrange(2)][rng.choice([k for k in table.hand_order if k not in royals])] += 1
        if not table.capture_kings and pos.royal_attacked(1 - pos.side):
            continue  # the side that has just moved cannot have left its king attacked
        if not pos.legal():
            continue
        made += 1
        print_case('scatter-%d' % made, game_file, pos.sfen(), (pos.perft(d) for d in range(1, depth + 1)))


def lines(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions built for range capture: range jumpers of both sides, each with two to five
    pieces of every rank (kings, generals, others), friend and foe, strewn along one of its lines, and both
    kings somewhere on the board."""
    rng = random.Random(seed)
    print('# Range-capture positions of %s, with counts from tools/shogivar_tables.py %s --lines (seed %d)'
          % (game_file, game_name, seed))
    n = table.size
    kinds = [k for k, p in table.kinds.items() if not p.royal and p.played]
    jumpers = [k for k in kinds if table.kinds[k].range_jumps]
    made = 0
    while made < count:
        pos = Pos(table, '/'.join([str(n)] * n) + ' b - 1')
        pos.side = rng.randrange(2)
        free = [(x, y) for x in range(n) for y in range(n)]
        rng.shuffle(free)
        for player in (0, 1):
            pos.sq[free.pop()] = (player, 'K')
        for _ in range(rng.randrange(1, 4)):
            player, kind = rng.randrange(2), rng.choice(jumpers)
            x, y = free.pop()
            if (x, y) in pos.sq:
                continue
            pos.sq[(x, y)] = (player, kind)
            f = 1 if player == 0 else -1
            dx, dy = rng.choice(table.kinds[kind].range_jumps)
            tx, ty = x, y
            for _ in range(rng.randrange(2, 6)):
                step = rng.randrange(1, 3)
                tx, ty = tx + dx * f * step, ty + dy * f * step
                if not (0 <= tx < n and 0 <= ty < n) or (tx, ty) in pos.sq:
                    break
                other = rng.choice(jumpers if rng.random() < 0.4 else kinds)
                owner = rng.randrange(2)
                if rng.random() < 0.1 and not any(k == 'K' and p == owner for p, k in pos.sq.values()):
                    other = 'K'
                if not pos.dead(owner, other, ty):
                    pos.sq[(tx, ty)] = (owner, other)
        for player in (0, 1):
            if not any(k == 'K' and p == player for p, k in pos.sq.values()):
                pos.sq[next(s for s in free if s not in pos.sq)] = (player, 'K')
        moves = len(pos.legal())
        table.range_jumps = False
        plain = len(pos.legal())
        table.range_jumps = True
        if moves == plain:
            continue  # no range capture to make at once
        made += 1
        print_case('lines-%d' % made, game_file, pos.sfen(), (pos.perft(d) for d in range(1, depth + 1)))


def around(table, game_file, count, rng, centres, keep):
    """Positions with one to three pieces of the kinds `centres` of either side, each with pieces of both sides
    (centre kinds among them) strewn within three squares of it, and both kings somewhere; yields each position
    for which `keep(pos)` holds, until `count` have been kept."""
    n = table.size
    kinds = [k for k, p in table.kinds.items() if not p.royal and p.played]
    royals = [k for k, p in table.kinds.items() if p.royal]
    made = 0
    while made < count:
        pos = Pos(table, '/'.join([str(n)] * n) + ' b - 1')
        pos.side = rng.randrange(2)
        for _ in range(rng.randrange(1, 4)):
            x, y = rng.randrange(n), rng.randrange(n)
            if (x, y) in pos.sq:
                continue
            pos.sq[(x, y)] = (rng.randrange(2), rng.choice(centres))
            near = [(x + dx, y + dy) for dx in range(-3, 4) for dy in range(-3, 4)
                    if 0 <= x + dx < n and 0 <= y + dy < n and (x + dx, y + dy) not in pos.sq]
            rng.shuffle(near)
            for square in near[:rng.randrange(3, 9)]:
                owner, kind = rng.randrange(2), rng.choice(centres if rng.random() < 0.15 else kinds)
                if rng.random() < 0.15 and not any(p == owner and table.kinds[k].royal for p, k in pos.sq.values()):
                    kind = rng.choice(royals)
                if not pos.dead(owner, kind, square[1]):
                    pos.sq[square] = (owner, kind)
        free = [(x, y) for x in range(n) for y in range(n) if (x, y) not in pos.sq]
        for player in (0, 1):
            if not pos.royal_left(player):
                pos.sq[free.pop(rng.randrange(len(free)))] = (player, royals[0])
        if not table.capture_kings and pos.royal_attacked(1 - pos.side):
            continue
        if not pos.legal() or not keep(pos):
            continue
        made += 1
        yield made, pos


def around_suite(table, game_name, game_file, count, seed, depth, mode, what, centres, keep):
    """Prints a suite of `count` positions built by `around` for the pieces `centres`, kept where `keep(pos)`
    holds: the `--MODE` suites below."""
    rng = random.Random(seed)
    print('# %s positions of %s, with counts from tools/shogivar_tables.py %s --%s (seed %d)'
          % (what, game_file, game_name, mode, seed))
    for made, pos in around(table, game_file, count, rng, centres, keep):
        print_case('%s-%d' % (mode, made), game_file, pos.sfen(), (pos.perft(d) for d in range(1, depth + 1)))


def burning(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions built for burning: Fire Demons with pieces around them (`around`), kept only
    where burning changes the count at depth 2."""
    def changes(pos):
        table.burning = False
        plain = pos.perft(2)
        table.burning = True
        return pos.perft(2) != plain
    demons = [k for k, p in table.kinds.items() if p.burns]
    around_suite(table, game_name, game_file, count, seed, depth, 'burning', 'Burning', demons, changes)


def tetrarchs(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions built for the Heavenly Tetrarchs: Tetrarchs with pieces around them
    (`around`), kept only where the side to move has a Tetrarchs that takes without moving or jumps a piece."""
    def exercised(pos):
        for frm, to, kind, mid in pos.pseudo():
            if not table.kinds[kind].tetrarchs:
                continue
            step = (to[0] - frm[0], to[1] - frm[1])
            unit = (step[0] and step[0] // abs(step[0]), step[1] and step[1] // abs(step[1]))
            if mid is not None or (frm[0] + unit[0], frm[1] + unit[1]) in pos.sq:
                return True
        return False
    pieces = [k for k, p in table.kinds.items() if p.tetrarchs]
    around_suite(table, game_name, game_file, count, seed, depth, 'tetrarchs', 'Tetrarchs', pieces, exercised)


def hooks(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions built for hook moves: hook movers with pieces around them (`around`), kept
    only where turning changes the side to move's moves (a turn that is blocked, or takes, or reaches a square no
    plain slide does)."""
    def changes(pos):
        table.hooks = False
        plain = len(pos.legal())
        table.hooks = True
        return len(pos.legal()) != plain
    pieces = [k for k, p in table.kinds.items() if p.hooks]
    around_suite(table, game_name, game_file, count, seed, depth, 'hooks', 'Hook-move', pieces, changes)


def emperors(table, game_name, game_file, count, seed, depth):
    """A suite of `count` positions built for the Emperor: Emperors with pieces around them (`around`), kept
    where the side to move has an Emperor kept off an enemy piece by its protection, so that protection changes
    the count."""
    emperor = next(k for k, p in table.kinds.items() if p.emperor)

    def keep(pos):
        us = pos.side
        mine = [s for s, (p, k) in pos.sq.items() if p == us and pos.t.kinds[k].emperor]
        enemies = [s for s, (p, _) in pos.sq.items() if p != us]
        return any(pos.guarded(x, y, s) for x, y in mine for s in enemies)
    around_suite(table, game_name, game_file, count, seed, depth, 'emperors', 'Emperor', [emperor], keep)


def main():
    args = sys.argv[1:]
    if len(args) < 2 or args[0] not in GAMES:
        raise SystemExit(__doc__.strip().split('\n\n')[-2] + '\n\ngames: ' + ', '.join(GAMES))
    table = Table(args[0])
    if args[1] == '--start':
        print(table.start_sfen())
    elif args[1] == '--suite':
        cap = int(args[3]) if len(args) > 3 else 10 ** 9
        sys.exit(0 if suite(table, args[2], cap) else 1)
    elif args[1] in ('--emit', '--scatter', '--lines', '--burning', '--tetrarchs', '--hooks', '--emperors'):
        make = {'--emit': emit, '--scatter': scatter, '--lines': lines, '--burning': burning,
                '--tetrarchs': tetrarchs, '--hooks': hooks, '--emperors': emperors}[args[1]]
        make(table, args[0], args[2], int(args[3]), int(args[4]), int(args[5]))
    else:
        pos = Pos(table, args[1])
        for d in range(1, int(args[2]) + 1):
            print('perft %d %d' % (d, pos.perft(d)))
            sys.stdout.flush()


if __name__ == '__main__':
    main()
