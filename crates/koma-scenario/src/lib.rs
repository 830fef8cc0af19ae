//! Scenario files: rule behaviour a game's author writes down and `koma test` checks.
//!
//! A `.scenarios` file holds named scenarios; each starts from a position and runs steps in order: play
//! moves, and assert the exact set of legal moves (or one piece's), that a move is legal, that one is illegal for
//! a given reason, a perft count, the position (SFEN), or the game's result and the end rule that decided it.
//! [`parse`] reads the file with its own pest grammar (`grammar/scenario.pest`); [`run`] checks it against
//! compiled rules; a failure carries the span of the step that failed.

mod ast;
mod parse;
mod run;

pub use ast::{From, Scenario, ScenarioFile, Spanned, Step, Verdict};
pub use parse::{SyntaxError, parse};
pub use run::{Failure, REASONS, ScenarioResult, run, summary};
