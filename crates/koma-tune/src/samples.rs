//! Positions with the results of the games they came from, read from self-play records.

use koma_engine::{Evaluator, Trace};
use koma_selfplay::GameRecord;
use koma_vm::{Game, Rules};
use std::sync::Arc;

/// A quiet position's terms and its game's result for the first player (1 a win, 1/2 a draw, 0 a loss).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The position's terms, from the first player's side.
    pub trace: Trace,
    /// The first player's score in the game.
    pub result: f64,
    /// The self-play search's score of the position, from the first player's side, in centipawns (clipped
    /// to ±3000), when the record holds it.
    pub score: Option<i32>,
    /// The position's key: the same position reached in several games has one key, so that a split by key
    /// keeps it on one side.
    pub key: u64,
}

/// The quiet positions of finished games, skipping each game's first `skip` plies: those not in check where
/// the move played takes nothing and promotes nothing, after a move that took nothing. A record whose moves
/// do not replay is skipped.
pub fn samples(
    rules: &Arc<Rules>,
    eval: &Evaluator,
    records: &[GameRecord],
    skip: u32,
) -> Vec<Sample> {
    let mut out = Vec::new();
    for record in records {
        if record.result == "unfinished" {
            continue;
        }
        let result = record.first_player_score();
        let mut game = Game::start(rules);
        let mut quiet_before = true;
        for (ply, name) in record.moves.iter().enumerate() {
            let Ok(mv) = game.position().parse_usi(name) else {
                break;
            };
            if !game.legal_moves().contains(&mv) {
                break;
            }
            let pos = game.position();
            let quiet = !pos.is_capture(mv) && !mv.is_promotion();
            if ply as u32 >= skip && quiet && quiet_before && !pos.in_check() {
                out.push(Sample {
                    trace: eval.trace(pos),
                    result,
                    score: record.evaluation.get(ply).copied(),
                    key: pos.key(),
                });
            }
            quiet_before = !pos.is_capture(mv);
            game.play(mv);
        }
    }
    out
}

/// At most `n` of `samples`, in their order: all of them when there are no more, else `n` chosen by a draw
/// that depends only on `seed`.
pub fn pick(samples: Vec<Sample>, n: usize, seed: u64) -> Vec<Sample> {
    let total = samples.len();
    if total <= n {
        return samples;
    }
    // The first n places of a shuffle of 0..total (Fisher-Yates, stopped after n draws).
    let mut rng = koma_vm::Rng::mixed(seed, total as u64);
    let mut order: Vec<usize> = (0..total).collect();
    for i in 0..n {
        let j = i + rng.below(total - i);
        order.swap(i, j);
    }
    let mut keep = vec![false; total];
    for &i in &order[..n] {
        keep[i] = true;
    }
    samples
        .into_iter()
        .zip(keep)
        .filter_map(|(s, k)| k.then_some(s))
        .collect()
}
