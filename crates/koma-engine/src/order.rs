//! Move ordering: the hash move first, then captures that do not lose material by victim and attacker, then
//! promotions, killer moves, the counter move, quiet moves by their histories (butterfly and continuation),
//! and last the captures that lose material by static exchange.

use koma_vm::{MAX_FACES, MAX_SQUARES, Move, Player, Position, Rules};

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

/// A move as the continuation histories and counter moves know it: who moved what face to which square.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played(u32);

/// What the search learns about quiet moves: two killers per ply, a history score per move shape
/// (butterfly), the move that last refuted each move (counter move), and a history per pair of a move and
/// the move one and two plies before it (continuation histories).
#[derive(Clone)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
    counters: Vec<Option<Move>>,
    continuation: Vec<i16>,
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

fn history_index(player: Player, mv: Move) -> usize {
    let from = match mv.from() {
        Some(sq) => sq.index(),
        None => MAX_SQUARES + mv.face_after().index(),
    };
    (player.index() * (MAX_SQUARES + MAX_FACES) + from) * MAX_SQUARES + mv.to().index()
}

impl Heuristics {
    /// Empty heuristics for a game.
    pub fn new(rules: &Rules) -> Heuristics {
        let faces = rules.faces.len() as u32;
        let squares = rules.board().count();
        let keys = 2 * faces as usize * squares as usize;
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * (MAX_SQUARES + MAX_FACES) * MAX_SQUARES],
            counters: vec![None; keys],
            continuation: vec![0; (keys * keys).min(CONTINUATION_ENTRIES)],
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

    /// The history of a quiet move in its context: butterfly and both continuation histories.
    pub fn quiet_score(&self, player: Player, mv: Move, context: Context) -> i32 {
        let mut score = self.history[history_index(player, mv)];
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
        exchange: Option<&[i32]>,
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
                match exchange.map(|e| pos.exchange_value(mv, e)) {
                    Some(see) if see < 0 => LOSING_CAPTURE + see.max(-(1 << 20)),
                    _ => CAPTURE + victims * 16 - attacker / 16,
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

    /// A quiet move caused a beta cutoff at the context's ply with `depth` left, after the quiet moves `tried` failed:
    /// it becomes a killer and the counter move of the move before, its histories rise and theirs fall.
    pub fn cutoff(
        &mut self,
        player: Player,
        mv: Move,
        depth: i32,
        tried: &[Move],
        context: Context,
    ) {
        let k = &mut self.killers[context.ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        if let Some(prev) = context.prev {
            self.counters[prev.0 as usize] = Some(mv);
        }
        let bonus = history_bonus(depth);
        self.update(player, mv, bonus, context);
        for &other in tried {
            self.update(player, other, -bonus, context);
        }
    }

    /// Moves the histories of `mv` by `bonus`, each less the closer it already is to the bound on that side.
    fn update(&mut self, player: Player, mv: Move, bonus: i32, context: Context) {
        gravity(&mut self.history[history_index(player, mv)], bonus);
        for prev in [context.prev, context.prev2].into_iter().flatten() {
            let i = self.continuation_index(prev, player, mv);
            let mut h = self.continuation[i] as i32;
            gravity(&mut h, bonus);
            self.continuation[i] = h as i16;
        }
    }
}

/// Moves a history score by `bonus`, less the closer it already is to [`HISTORY_MAX`] on that side.
fn gravity(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
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
