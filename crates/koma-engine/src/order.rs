//! Move ordering: the hash move first, then captures that do not lose material by victim, attacker and
//! capture history, then
//! promotions, killer moves, the counter move, quiet moves by their histories (butterfly and continuation),
//! and last the captures that lose material by static exchange.

use koma_vm::{ExchangeValues, Move, Player, Position, Rules};

use crate::score::MAX_PLY;
use koma_vm::Values;

const HASH_MOVE: i32 = 1 << 30;
/// Below every quiet move's history.
const LOSING_CAPTURE: i32 = -(1 << 22);
const CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 24;
const COUNTER: i32 = KILLER - 1;
const PROMOTION: i32 = 1 << 22;
/// History scores stay within ± this (each update moves a score a share of the way to the bound).
const HISTORY_MAX: i32 = 1 << 14;

/// The entries of a continuation history indexed directly; a larger game's pairs share them by a hash.
const CONTINUATION_ENTRIES: usize = 1 << 22;
/// The entries of the capture history indexed directly; a larger game's share them by a hash.
const CAPTURE_ENTRIES: usize = 1 << 20;
/// A capture's history counts for this share of itself in ordering captures by their victims.
const CAPTURE_HISTORY_DIVISOR: i32 = 2;

/// A move as the continuation histories and counter moves know it: who moved what face to which square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played(u32);

/// What the search learns about moves: two killers per ply, a history score per move shape (butterfly), the
/// move that last refuted each move (counter move), a history per pair of a move and the move one and two
/// plies before it (continuation histories), and a history per capture by face, square and victim (capture
/// history).
#[derive(Clone)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    counters: Vec<Option<Move>>,
    continuation: Vec<i16>,
    captures: Vec<i16>,
    faces: u32,
    squares: u32,
    /// Number of different [`Played`] values.
    keys: usize,
}

impl std::fmt::Debug for Heuristics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Heuristics")
            .field("faces", &self.faces)
            .field("squares", &self.squares)
            .finish_non_exhaustive()
    }
}

/// Where a node is: its ply, and the moves played one and two plies before it (none after a null move or
/// at the root).
#[derive(Debug, Clone, Copy, Default)]
pub struct Context {
    /// Plies from the root.
    pub ply: usize,
    /// The move that led to the node.
    pub prev: Option<Played>,
    /// The move before it.
    pub prev2: Option<Played>,
}

impl Heuristics {
    /// The butterfly history's entry of `player`'s `mv`: by origin (a drop's by its face, after the squares)
    /// and target.
    fn history_index(&self, player: Player, mv: Move) -> usize {
        let from = match mv.from() {
            Some(sq) => sq.index(),
            None => (self.squares as usize) + mv.face_after().index(),
        };
        let origins = (self.squares + self.faces) as usize;
        (player.index() * origins + from) * self.squares as usize + mv.to().index()
    }

    /// Empty heuristics for a game.
    pub fn new(rules: &Rules) -> Heuristics {
        let faces = rules.faces.len() as u32;
        let squares = rules.board().count();
        let keys = 2 * faces as usize * squares as usize;
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * (squares + faces) as usize * squares as usize],
            counters: vec![None; keys],
            continuation: vec![0; (keys * keys).min(CONTINUATION_ENTRIES)],
            captures: vec![0; (keys * faces as usize).min(CAPTURE_ENTRIES)],
            faces,
            squares,
            keys,
        }
    }

    /// Heuristics with no room, in the place of those given back (fit for no game).
    pub(crate) fn spent() -> Heuristics {
        Heuristics {
            killers: Vec::new(),
            history: Vec::new(),
            counters: Vec::new(),
            continuation: Vec::new(),
            captures: Vec::new(),
            faces: 0,
            squares: 0,
            keys: 0,
        }
    }

    /// Forgets the killers, which belong to the plies of one search; the histories stay.
    pub(crate) fn new_search(&mut self) {
        self.killers.fill([None; 2]);
    }

    /// Whether these heuristics were made for a game of this many faces and squares.
    pub fn fits(&self, rules: &Rules) -> bool {
        self.faces == rules.faces.len() as u32 && self.squares == rules.board().count()
    }

    /// `mv` by `player` as the continuation histories know it.
    pub fn played(&self, player: Player, mv: Move) -> Played {
        let piece = player.index() as u32 * self.faces + mv.face_after().index() as u32;
        Played(piece * self.squares + mv.to().index() as u32)
    }

    /// The continuation history entry of `mv` after `prev`.
    fn continuation_index(&self, prev: Played, player: Player, mv: Move) -> usize {
        let pair = prev.0 as usize * self.keys + self.played(player, mv).0 as usize;
        if self.keys * self.keys <= CONTINUATION_ENTRIES {
            pair
        } else {
            ((pair as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 42) as usize
                & (CONTINUATION_ENTRIES - 1)
        }
    }

    /// The capture history entry of `mv` by the side to move in `pos`, if it takes anything (for a move in
    /// two legs, by the first piece it takes).
    fn capture_index(&self, pos: &Position, mv: Move) -> Option<usize> {
        let victim = if mv.mid().is_none() {
            (!mv.is_drop()).then(|| pos.piece_at(mv.to())).flatten()?
        } else {
            pos.taken_by(mv).into_iter().flatten().next()?
        };
        let key = self.played(pos.side_to_move(), mv).0 as usize * self.faces as usize
            + victim.face.index();
        Some(if self.keys * self.faces as usize <= CAPTURE_ENTRIES {
            key
        } else {
            ((key as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 44) as usize
                & (CAPTURE_ENTRIES - 1)
        })
    }

    /// The capture history of `mv` in `pos` (0 for a move that takes nothing).
    fn capture_score(&self, pos: &Position, mv: Move) -> i32 {
        self.capture_index(pos, mv)
            .map_or(0, |i| self.captures[i] as i32)
    }

    /// The history of a quiet move in its context: butterfly and both continuation histories.
    pub fn quiet_score(&self, player: Player, mv: Move, context: Context) -> i32 {
        let mut score = self.history[self.history_index(player, mv)];
        for prev in [context.prev, context.prev2].into_iter().flatten() {
            score += self.continuation[self.continuation_index(prev, player, mv)] as i32;
        }
        score
    }
}

impl Heuristics {
    /// Orders `moves` best first for the side to move in `pos`. With `exchange` (a value per face), captures
    /// that lose material by static exchange go last.
    pub fn order(
        &self,
        pos: &Position,
        moves: &mut [Move],
        hash: Option<Move>,
        values: &Values,
        exchange: Option<&ExchangeValues>,
        context: Context,
    ) {
        let player = pos.side_to_move();
        let killers = self.killers[context.ply.min(MAX_PLY)];
        let counter = context.prev.and_then(|p| self.counters[p.0 as usize]);
        moves.sort_by_cached_key(|&mv| {
            let score = if Some(mv) == hash {
                HASH_MOVE
            } else if let Some(victims) = victims(pos, mv, values) {
                let attacker = mv
                    .from()
                    .and_then(|f| pos.piece_at(f))
                    .map_or(0, |p| values.board[p.face.index()]);
                let losing = exchange
                    .filter(|e| !pos.exchange_at_least(mv, e, 0))
                    .map(|e| pos.exchange_value(mv, e));
                match losing {
                    Some(see) => LOSING_CAPTURE + see.max(-(1 << 20)),
                    _ => {
                        CAPTURE + victims * 16 - attacker / 16
                            + self.capture_score(pos, mv) / CAPTURE_HISTORY_DIVISOR
                    }
                }
            } else if mv.is_promotion() {
                PROMOTION
            } else if killers.contains(&Some(mv)) {
                KILLER
            } else if counter == Some(mv) {
                COUNTER
            } else {
                self.quiet_score(player, mv, context)
            };
            std::cmp::Reverse(score)
        });
    }

    /// `mv` caused a beta cutoff in `pos` at the context's ply with `depth` left, after the moves `tried`
    /// failed. A quiet move becomes a killer and the counter move of the move before, its histories rise and
    /// those of the quiet moves tried fall; a capture's history rises. The captures tried fall either way.
    pub fn cutoff(
        &mut self,
        pos: &Position,
        mv: Move,
        depth: i32,
        tried: &[Move],
        context: Context,
    ) {
        let bonus = history_bonus(depth);
        for &other in tried {
            if let Some(i) = self.capture_index(pos, other) {
                gravity_i16(&mut self.captures[i], -bonus);
            }
        }
        if pos.is_capture(mv) {
            if let Some(i) = self.capture_index(pos, mv) {
                gravity_i16(&mut self.captures[i], bonus);
            }
            return;
        }
        if mv.is_promotion() {
            return;
        }
        let player = pos.side_to_move();
        let k = &mut self.killers[context.ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(prev) = context.prev {
            self.counters[prev.0 as usize] = Some(mv);
        }
        self.update(player, mv, bonus, context);
        for &other in tried {
            if !pos.is_capture(other) && !other.is_promotion() {
                self.update(player, other, -bonus, context);
            }
        }
    }

    /// Moves the histories of `mv` by `bonus`, each less the closer it already is to the bound on that side.
    fn update(&mut self, player: Player, mv: Move, bonus: i32, context: Context) {
        let i = self.history_index(player, mv);
        gravity(&mut self.history[i], bonus);
        for prev in [context.prev, context.prev2].into_iter().flatten() {
            let i = self.continuation_index(prev, player, mv);
            gravity_i16(&mut self.continuation[i], bonus);
        }
    }
}

/// Moves a history score by `bonus`, less the closer it already is to [`HISTORY_MAX`] on that side.
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// [`gravity`] on a history kept in 16 bits.
fn gravity_i16(h: &mut i16, bonus: i32) {
    let mut wide = *h as i32;
    gravity(&mut wide, bonus);
    *h = wide as i16;
}

/// What a cutoff at `depth` adds to a move's history.
fn history_bonus(depth: i32) -> i32 {
    (depth * depth * 16 + depth * 32).min(HISTORY_MAX / 8)
}

/// The value of what `mv` takes, if it takes anything: the piece on its target, or for a move in two legs,
/// the pieces on both of its squares.
#[inline(always)]
fn victims(pos: &Position, mv: Move, values: &Values) -> Option<i32> {
    if mv.mid().is_none() {
        let victim = (!mv.is_drop()).then(|| pos.piece_at(mv.to())).flatten()?;
        return Some(values.board[victim.face.index()]);
    }
    let taken = pos.taken_by(mv);
    taken.iter().any(Option::is_some).then(|| {
        taken
            .iter()
            .flatten()
            .map(|v| values.board[v.face.index()])
            .sum()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    /// Two captures of equal Pawns by the same kind of piece: the one that cut off before comes first, and
    /// falls back behind the other once that one cuts off and it was tried in vain.
    #[test]
    fn a_capture_that_cut_off_orders_before_an_equal_one() {
        let loaded = koma_host::Host::embedded()
            .load_text("t.game", "game \"t\" extends \"minishogi\"\n")
            .unwrap_or_else(|d| panic!("{d:?}"));
        let rules = loaded.rules().clone();
        let values = Evaluator::new(&rules).values;
        // Black's Golds on 4c and 2c may each take a Pawn on 4b or 2b.
        let pos = Position::from_sfen(&rules, "k4/1p1p1/1G1G1/5/4K b - 1").unwrap();
        let take = |usi: &str| pos.parse_usi(usi).unwrap();
        let (left, right) = (take("4c4b"), take("2c2b"));
        let order = |h: &Heuristics| {
            let mut moves = vec![left, right];
            h.order(&pos, &mut moves, None, &values, None, Context::default());
            moves
        };
        let mut h = Heuristics::new(&rules);
        h.cutoff(&pos, right, 6, &[], Context::default());
        assert_eq!(order(&h), vec![right, left]);
        h.cutoff(&pos, left, 8, &[right], Context::default());
        assert_eq!(order(&h), vec![left, right]);
        assert!(
            h.capture_score(&pos, left) > 0
                && h.capture_score(&pos, right) < h.capture_score(&pos, left)
        );
    }
}
