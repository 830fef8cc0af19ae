//! The state of a position in one set type: the board, both hands, the side to move and the checks given,
//! with their Zobrist key. [`crate::Position`] holds one of these, in the set type its rules chose.

use std::sync::Arc;

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::moves::Move;
use crate::player::Player;
use crate::rules::Rules;
use crate::setup::Setup;
use crate::square::Square;
use crate::tables::sets::Sets;

/// A piece on the board: its owner and the face it shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub owner: Player,
    /// The face it shows.
    pub face: FaceId,
}

/// A board square's content as a 16-bit code: 0 for empty, else `1 + face + 2^14 * player` (any face below
/// [`crate::MAX_FACES`] fits).
#[inline(always)]
pub(crate) fn encode(owner: Player, face: FaceId) -> u16 {
    1 + face.index() as u16 + ((owner as u16) << OWNER_SHIFT)
}

const OWNER_SHIFT: u32 = 14;

#[inline(always)]
pub(crate) fn decode(code: u16) -> Piece {
    let c = code - 1;
    Piece {
        owner: if c >> OWNER_SHIFT == 0 {
            Player::First
        } else {
            Player::Second
        },
        face: FaceId::new(c & ((1 << OWNER_SHIFT) - 1)),
    }
}

/// What a move took away, so that [`Pos::unmake`] can put it back.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub mv: Move,
    pub moved: FaceId,
    pub captured: u16,
    /// What a move in two legs took on its middle square.
    pub captured_mid: u16,
    pub key: u64,
    /// The move gave a check that an `N checks` rule counted.
    pub counted_check: bool,
    /// How many pieces the move burnt or took by jumping them: the last entries of [`Pos::burnt`].
    pub burnt: u8,
}

/// A game position under some [`Rules`], with its squares in sets of type `B`.
#[derive(Clone)]
pub(crate) struct Pos<B: BitSet> {
    pub(crate) rules: Arc<Rules>,
    /// The rules' tables, in the same set type.
    pub(crate) sets: Arc<Sets<B>>,
    pub(crate) board: B::Mailbox,
    pub(crate) by_player: [B; 2],
    /// The squares of each player's pieces by the face they show, one set per (player, face) pair, indexed
    /// as the rules' per-face tables are ([`Rules::pf`]).
    pub(crate) by_face: Box<[B]>,
    /// Each player's pieces in hand, a count per (player, face) pair, indexed as `by_face` (nonzero only for
    /// starting faces).
    pub(crate) hands: Box<[u8]>,
    pub(crate) side: Player,
    pub(crate) key: u64,
    pub(crate) move_number: u32,
    /// Checks given by each player, counted only when an `N checks` end rule asks.
    pub(crate) checks: [u8; 2],
    /// The counter-strike square the position was set up with (the SFEN's); after a move,
    /// [`Pos::counter_strike`] reads it from the move.
    pub(crate) root_counter_strike: Option<Square>,
    /// The rules' `has_lion_rules`, kept here where make reads it without going through the rules.
    pub(crate) lion_rules: bool,
    /// The rules' `burning`, kept here where move generation reads it.
    pub(crate) burning: bool,
    /// Whether a board move may remove pieces besides the one it takes where it stops (burning, a range
    /// capture that takes every piece it jumps): the one flag make reads for both.
    pub(crate) removes_more: bool,
    pub(crate) undo: Vec<Undo>,
    /// The pieces burnt by the moves on the undo stack, and those their range captures jumped and took, as
    /// (square, board code), in the order removed.
    pub(crate) burnt: Vec<(Square, u16)>,
}

impl<B: BitSet> Pos<B> {
    /// An empty board with empty hands, first player to move.
    pub(crate) fn empty(rules: Arc<Rules>, sets: Arc<Sets<B>>) -> Pos<B> {
        let faces = rules.faces.len();
        Pos {
            lion_rules: rules.has_lion_rules,
            burning: rules.burning,
            removes_more: rules.burning || rules.range_capture_takes || rules.sweeps,
            rules,
            sets,
            board: B::EMPTY_MAILBOX,
            by_player: [B::EMPTY; 2],
            by_face: vec![B::EMPTY; 2 * faces].into(),
            hands: vec![0; 2 * faces].into(),
            side: Player::First,
            key: 0,
            move_number: 1,
            checks: [0; 2],
            root_counter_strike: None,
            undo: Vec::new(),
            burnt: Vec::new(),
        }
    }

    /// The position a setup describes (which [`Rules::build`] or the SFEN reader has validated).
    pub(crate) fn from_setup(rules: &Arc<Rules>, sets: &Arc<Sets<B>>, setup: &Setup) -> Pos<B> {
        let mut pos = Pos::empty(rules.clone(), sets.clone());
        for sq in rules.geometry.each() {
            let code = setup.board[sq.index()];
            if code != 0 {
                let p = decode(code);
                pos.put(p.owner, p.face, sq);
            }
        }
        let faces = rules.faces.len();
        for (hand, counts) in pos.hands.chunks_mut(faces).zip(&setup.hands) {
            hand.copy_from_slice(&counts[..faces]);
        }
        pos.side = setup.side;
        pos.move_number = setup.move_number;
        pos.checks = setup.checks;
        pos.root_counter_strike = setup.counter_strike;
        pos.key = pos.compute_key();
        pos
    }

    /// Board, hands, side to move and move number.
    pub(crate) fn setup(&self) -> Setup {
        let mut board = Setup::empty(0).board;
        let n = self.rules.geometry.squares;
        board[..n].copy_from_slice(&self.board.as_ref()[..n]);
        Setup {
            board,
            hands: [Player::First, Player::Second].map(|p| self.hand(p).to_vec()),
            side: self.side,
            move_number: self.move_number,
            checks: self.checks,
            counter_strike: self.counter_strike(),
        }
    }

    /// How many checks `player` has given, where an `N checks` end rule counts them (0 elsewhere).
    pub fn checks_given(&self, player: Player) -> u8 {
        self.checks[player.index()]
    }

    /// Whether the side to move has no piece, on the board or in hand (`no pieces left`).
    pub fn no_pieces_left(&self) -> bool {
        self.by_player[self.side.index()].is_empty() && self.hand(self.side).iter().all(|&n| n == 0)
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq.index()];
        (c != 0).then(|| decode(c))
    }

    /// How many tiles of starting face `tile` `player` holds in hand.
    #[inline(always)]
    pub fn hand_count(&self, player: Player, tile: FaceId) -> u8 {
        self.hands[self.rules.pf(player, tile)]
    }

    /// `player`'s hand: a count per face.
    pub(crate) fn hand(&self, player: Player) -> &[u8] {
        let faces = self.rules.faces.len();
        &self.hands[player.index() * faces..][..faces]
    }

    /// Squares occupied by `player`.
    pub fn occupied_by(&self, player: Player) -> B {
        self.by_player[player.index()]
    }

    /// Squares holding `player`'s pieces showing `face`.
    #[inline(always)]
    pub fn pieces(&self, player: Player, face: FaceId) -> B {
        self.by_face[self.rules.pf(player, face)]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_player[0] | self.by_player[1]
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, owner: Player, face: FaceId, sq: Square) {
        let pf = self.rules.pf(owner, face);
        self.board[sq.index()] = encode(owner, face);
        self.by_player[owner.index()].insert(sq);
        self.by_face[pf].insert(sq);
        self.key ^= self.rules.zobrist.piece[pf * self.rules.layout.squares + sq.index()];
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, owner: Player, face: FaceId, sq: Square) {
        let pf = self.rules.pf(owner, face);
        self.board[sq.index()] = 0;
        self.by_player[owner.index()].remove(sq);
        self.by_face[pf].remove(sq);
        self.key ^= self.rules.zobrist.piece[pf * self.rules.layout.squares + sq.index()];
    }

    #[inline(always)]
    pub(crate) fn add_to_hand(&mut self, player: Player, tile: FaceId, delta: i8) {
        let pf = self.rules.pf(player, tile);
        let count = &mut self.hands[pf];
        let before = *count;
        *count = count.wrapping_add_signed(delta);
        self.key ^= self.rules.zobrist.hand(pf, before) ^ self.rules.zobrist.hand(pf, *count);
    }

    /// The key computed from scratch; equal to [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        let r = &self.rules;
        let mut key = match self.side {
            Player::First => 0,
            Player::Second => r.zobrist.side,
        };
        for sq in self.occupied() {
            let p = decode(self.board[sq.index()]);
            key ^= r.zobrist.piece[r.pfs(p.owner, p.face, sq)];
        }
        for player in Player::BOTH {
            key ^= r.zobrist.checks[player.index()][self.checks[player.index()] as usize];
            for face in FaceId::all(r.faces.len()) {
                key ^= r
                    .zobrist
                    .hand(r.pf(player, face), self.hand_count(player, face));
            }
        }
        if let Some(sq) = self.counter_strike() {
            key ^= r.zobrist.counter_strike[sq.index()];
        }
        key
    }
}

impl<B: BitSet> Pos<B> {
    /// Whether board, hands, side to move and checks given are equal (history and move number aside).
    pub(crate) fn same(&self, other: &Pos<B>) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules)
            && self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.checks == other.checks
            && self.counter_strike() == other.counter_strike()
    }
}
