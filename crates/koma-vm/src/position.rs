//! Positions: the board, hands and side to move, with make/unmake and Zobrist keys.

use std::sync::Arc;

use crate::bitboard::{Bitboard, Square, MAX_SQUARES};
use crate::rules::{PieceId, Rules, Side, HAND_MAX, MAX_PIECES};

/// A move: a board move or a drop, with the face the piece has after it.
///
/// Promotions and drops of a chosen face are expressed by [`Move::piece`], so the generator, make/unmake
/// and notation treat them alike.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u32);

const DROP: u32 = 0xff;
const PROMOTES: u32 = 1 << 24;

impl Move {
    /// A board move from `from` to `to`, leaving a piece of face `piece` on `to`.
    #[inline(always)]
    pub fn board(from: Square, to: Square, piece: PieceId, promotes: bool) -> Move {
        Move(
            to as u32
                | (from as u32) << 8
                | (piece as u32) << 16
                | if promotes { PROMOTES } else { 0 },
        )
    }

    /// A drop of face `piece` on `to`.
    #[inline(always)]
    pub fn drop(piece: PieceId, to: Square) -> Move {
        Move(to as u32 | DROP << 8 | (piece as u32) << 16)
    }

    /// The origin square, or `None` for a drop.
    #[inline(always)]
    pub fn from(self) -> Option<Square> {
        let f = self.0 >> 8 & 0xff;
        (f != DROP).then_some(f as Square)
    }

    /// The target square.
    #[inline(always)]
    pub fn to(self) -> Square {
        self.0 as u8
    }

    /// The face of the piece on the target square after the move.
    #[inline(always)]
    pub fn piece(self) -> PieceId {
        (self.0 >> 16) as u8
    }

    /// Whether this is a drop.
    #[inline(always)]
    pub fn is_drop(self) -> bool {
        self.0 >> 8 & 0xff == DROP
    }

    /// Whether the move promotes the piece.
    #[inline(always)]
    pub fn is_promotion(self) -> bool {
        self.0 & PROMOTES != 0
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.from() {
            Some(from) => write!(
                f,
                "Move({from}->{} as {}{})",
                self.to(),
                self.piece(),
                if self.is_promotion() { "+" } else { "" }
            ),
            None => write!(f, "Drop({} at {})", self.piece(), self.to()),
        }
    }
}

#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    moved: PieceId,
    captured: u8,
    key: u64,
}

/// A piece on the board: its owner and face.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub side: Side,
    /// Face.
    pub id: PieceId,
}

#[inline(always)]
pub(crate) fn code(side: Side, id: PieceId) -> u8 {
    1 + id + ((side as u8) << 5)
}

#[inline(always)]
pub(crate) fn decode(code: u8) -> Piece {
    let c = code - 1;
    Piece {
        side: if c >> 5 == 0 {
            Side::First
        } else {
            Side::Second
        },
        id: c & 31,
    }
}

/// A game position under some [`Rules`].
#[derive(Clone)]
pub struct Position {
    pub(crate) rules: Arc<Rules>,
    pub(crate) board: [u8; MAX_SQUARES],
    pub(crate) by_side: [Bitboard; 2],
    pub(crate) by_piece: [[Bitboard; MAX_PIECES]; 2],
    pub(crate) hands: [[u8; MAX_PIECES]; 2],
    pub(crate) side: Side,
    pub(crate) key: u64,
    pub(crate) move_number: u32,
    undo: Vec<Undo>,
}

impl Position {
    /// An empty board with empty hands, first player to move.
    pub(crate) fn empty(rules: Arc<Rules>) -> Position {
        Position {
            rules,
            board: [0; MAX_SQUARES],
            by_side: [Bitboard::EMPTY; 2],
            by_piece: [[Bitboard::EMPTY; MAX_PIECES]; 2],
            hands: [[0; MAX_PIECES]; 2],
            side: Side::First,
            key: 0,
            move_number: 1,
            undo: Vec::new(),
        }
    }

    /// The game's start position.
    pub fn start(rules: &Arc<Rules>) -> Position {
        Position::from_sfen(rules, &rules.start_sfen)
            .expect("the start position was validated when the rules were compiled")
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &Arc<Rules> {
        &self.rules
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The Zobrist key of board, hands and side to move.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// The move number written in SFEN.
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on `sq`.
    #[inline(always)]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let c = self.board[sq as usize];
        (c != 0).then(|| decode(c))
    }

    /// How many pieces of face `id` `side` holds in hand.
    pub fn hand_count(&self, side: Side, id: PieceId) -> u8 {
        self.hands[side.index()][id as usize]
    }

    /// Squares occupied by `side`.
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        self.by_side[side.index()]
    }

    /// Squares holding `side`'s pieces of face `id`.
    pub fn pieces(&self, side: Side, id: PieceId) -> Bitboard {
        self.by_piece[side.index()][id as usize]
    }

    /// All occupied squares.
    #[inline(always)]
    pub fn occupied(&self) -> Bitboard {
        self.by_side[0] | self.by_side[1]
    }

    /// Number of moves made with [`Position::make`] and not yet unmade.
    pub fn depth(&self) -> usize {
        self.undo.len()
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, side: Side, id: PieceId, sq: Square) {
        self.board[sq as usize] = code(side, id);
        self.by_side[side.index()].insert(sq);
        self.by_piece[side.index()][id as usize].insert(sq);
        self.key ^= self.rules.zobrist_piece[self.rules.sps(side, id, sq)];
    }

    #[inline(always)]
    fn remove(&mut self, side: Side, id: PieceId, sq: Square) {
        self.board[sq as usize] = 0;
        self.by_side[side.index()].remove(sq);
        self.by_piece[side.index()][id as usize].remove(sq);
        self.key ^= self.rules.zobrist_piece[self.rules.sps(side, id, sq)];
    }

    #[inline(always)]
    fn hand_key(&self, side: Side, id: PieceId) -> u64 {
        let count = self.hands[side.index()][id as usize] as usize;
        self.rules.zobrist_hand[self.rules.sp(side, id) * HAND_MAX + count]
    }

    #[inline(always)]
    pub(crate) fn add_to_hand(&mut self, side: Side, id: PieceId, delta: i8) {
        self.key ^= self.hand_key(side, id);
        let h = &mut self.hands[side.index()][id as usize];
        *h = h.wrapping_add_signed(delta);
        self.key ^= self.hand_key(side, id);
    }

    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        let us = self.side;
        let them = us.flip();
        let to = mv.to();
        let key = self.key;
        match mv.from() {
            Some(from) => {
                let moved = decode(self.board[from as usize]).id;
                let captured = self.board[to as usize];
                if captured != 0 {
                    let cp = decode(captured).id;
                    self.remove(them, cp, to);
                    if self.rules.captures_to_hand {
                        let hand = self.rules.pieces[cp as usize].demoted;
                        self.add_to_hand(us, hand, 1);
                    }
                }
                self.remove(us, moved, from);
                self.put(us, mv.piece(), to);
                self.undo.push(Undo {
                    mv,
                    moved,
                    captured,
                    key,
                });
            }
            None => {
                let tile = self.rules.pieces[mv.piece() as usize].demoted;
                self.add_to_hand(us, tile, -1);
                self.put(us, mv.piece(), to);
                self.undo.push(Undo {
                    mv,
                    moved: mv.piece(),
                    captured: 0,
                    key,
                });
            }
        }
        self.side = them;
        self.key ^= self.rules.zobrist_side;
        if them == Side::First {
            self.move_number += 1;
        }
    }

    /// Takes back the last move made with [`Position::make`]. Returns it, or `None` if there is none.
    #[inline]
    pub fn unmake(&mut self) -> Option<Move> {
        let u = self.undo.pop()?;
        let them = self.side;
        let us = them.flip();
        let to = u.mv.to();
        match u.mv.from() {
            Some(from) => {
                self.remove(us, u.mv.piece(), to);
                self.put(us, u.moved, from);
                if u.captured != 0 {
                    let cp = decode(u.captured).id;
                    if self.rules.captures_to_hand {
                        let hand = self.rules.pieces[cp as usize].demoted;
                        self.add_to_hand(us, hand, -1);
                    }
                    self.put(them, cp, to);
                }
            }
            None => {
                self.remove(us, u.mv.piece(), to);
                let tile = self.rules.pieces[u.mv.piece() as usize].demoted;
                self.add_to_hand(us, tile, 1);
            }
        }
        if them == Side::First {
            self.move_number -= 1;
        }
        self.side = us;
        self.key = u.key;
        Some(u.mv)
    }

    /// The key computed from scratch; equal to [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        let r = &self.rules;
        let mut key = if self.side == Side::Second {
            r.zobrist_side
        } else {
            0
        };
        for sq in self.occupied() {
            let p = decode(self.board[sq as usize]);
            key ^= r.zobrist_piece[r.sps(p.side, p.id, sq)];
        }
        for side in Side::BOTH {
            for id in 0..r.pieces.len() as PieceId {
                let n = self.hands[side.index()][id as usize] as usize;
                key ^= r.zobrist_hand[r.sp(side, id) * HAND_MAX + n];
            }
        }
        key
    }
}

impl PartialEq for Position {
    /// Positions are equal when board, hands and side to move are (history and move number aside).
    fn eq(&self, other: &Position) -> bool {
        Arc::ptr_eq(&self.rules, &other.rules)
            && self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}
