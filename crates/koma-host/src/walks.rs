//! How long a walk of the move tree (perft, bench, a scenario's perft step, a rules card's perft table, a
//! rule diff) may take in each front end before it is refused, and the progress line a terminal shows.
//!
//! Every front end measures a walk before it starts it ([`koma_vm::Position::divide_within`]): shallower
//! depths are timed on this machine and carried on, so the estimate knows the machine's speed and the game's
//! branching. A walk over its limit is refused with the estimate; one that outruns its estimate is stopped at
//! the limit. Ctrl-C stops any walk.

use std::time::Duration;

use koma_vm::{Progress, duration_words};

pub use koma_vm::walk_limits::{CARD_TABLE, COMMAND, INTERACTIVE};

/// The progress line of a long walk: `perft 9: 1,204 of 5,210 pieces (23%), 3.1e9 leaves, 1 min, about 3 min
/// left`.
pub fn progress_line(what: &str, p: Progress) -> String {
    let share = p.done as f64 / p.pieces.max(1) as f64;
    let left = if share > 0.0 {
        let total = p.elapsed.as_secs_f64() / share;
        format!(
            ", about {} left",
            duration_words(Duration::from_secs_f64(
                (total - p.elapsed.as_secs_f64()).max(0.0)
            ))
        )
    } else {
        String::new()
    };
    format!(
        "{what}: {} of {} pieces ({:.0}%), {:.2e} leaves, {}{left}",
        p.done,
        p.pieces,
        share * 100.0,
        p.leaves as f64,
        duration_words(p.elapsed)
    )
}
