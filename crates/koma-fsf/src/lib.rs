//! Fairy-Stockfish's `variants.ini` and koma's games.
//!
//! [`export`] writes a game's compiled rules as a `variants.ini` section that Fairy-Stockfish (and pyffish,
//! ffish.js, pychess, fairyground) load and play. A rule the format cannot say is never dropped in silence:
//! the export fails with an [`Unsaid`] for each, naming the text of the `.game` file that made it. Which
//! statement becomes which key is the table in the language reference (`grammar/README.md`, "Fairy-Stockfish's
//! variants.ini").

mod betza;
mod drops;
mod end_rules;
mod export;
mod fen;
mod letters;
mod pieces;
mod promotion;
mod squares;

pub use export::{Unsaid, export, section_name};
