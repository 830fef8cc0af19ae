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
                });
            }
            quiet_before = !pos.is_capture(mv);
            game.play(mv);
        }
    }
    out
}
