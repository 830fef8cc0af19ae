//! Move ordering: the hash move first, then captures that do not lose material by victim and attacker, then
//! promotions, killer moves, quiet moves by their history, and last the captures that lose material by
//! static exchange.

use koma_vm::{MAX_FACES, MAX_SQUARES, Move, Player, Position};

use crate::score::MAX_PLY;
use crate::values::Values;

const HASH_MOVE: i32 = 1 << 30;
/// Below every quiet move's history.
const LOSING_CAPTURE: i32 = -(1 << 22);
const CAPTURE: i32 = 1 << 26;
const KILLER: i32 = 1 << 24;
const PROMOTION: i32 = 1 << 22;
/// History scores stay within ± this (each update moves a score a share of the way to the bound).
const HISTORY_MAX: i32 = 1 << 14;

/// What the search learns about quiet moves: two killers per ply and a history score per move shape.
#[derive(Debug, Clone)]
pub struct Heuristics {
    killers: Vec<[Option<Move>; 2]>,
    history: Vec<i32>,
}

impl Default for Heuristics {
    fn default() -> Heuristics {
        Heuristics {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: vec![0; 2 * (MAX_SQUARES + MAX_FACES) * MAX_SQUARES],
        }
    }
}

fn history_index(player: Player, mv: Move) -> usize {
    let from = match mv.from() {
        Some(sq) => sq.index(),
        None => MAX_SQUARES + mv.face_after().index(),
    };
    (player.index() * (MAX_SQUARES + MAX_FACES) + from) * MAX_SQUARES + mv.to().index()
}

impl Heuristics {
    /// Orders `moves` best first for the side to move in `pos`. With `exchange` (a value per face), captures
    /// that lose material by static exchange go last.
    pub fn order(
        &self,
        pos: &Position,
        moves: &mut [Move],
        hash: Option<Move>,
        ply: usize,
        values: &Values,
        exchange: Option<&[i32]>,
    ) {
        let player = pos.side_to_move();
        let killers = self.killers[ply.min(MAX_PLY)];
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
            } else {
                self.history[history_index(player, mv)]
            };
            std::cmp::Reverse(score)
        });
    }

    /// A quiet move caused a beta cutoff at `ply` with `depth` left, after the quiet moves `tried` failed:
    /// it becomes a killer, its history rises and theirs falls.
    pub fn cutoff(&mut self, player: Player, mv: Move, ply: usize, depth: i32, tried: &[Move]) {
        let k = &mut self.killers[ply.min(MAX_PLY)];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
        let bonus = history_bonus(depth);
        self.update(player, mv, bonus);
        for &other in tried {
            self.update(player, other, -bonus);
        }
    }

    /// The history score of a quiet move, within ± [`HISTORY_MAX`].
    pub fn history(&self, player: Player, mv: Move) -> i32 {
        self.history[history_index(player, mv)]
    }

    /// Moves a history score by `bonus`, less the closer it already is to the bound on that side.
    fn update(&mut self, player: Player, mv: Move, bonus: i32) {
        let h = &mut self.history[history_index(player, mv)];
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }
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
