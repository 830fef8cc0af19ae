//! Fairy-Stockfish's `variants.ini` and koma's games, both ways.
//!
//! [`import`] reads a `variants.ini` text into `.game` texts, one per section, following `[child:parent]`
//! inheritance through the file and Fairy-Stockfish's built-in shogi variants; a key koma cannot say is an
//! [`Issue`] with its line, and that section is not written.
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
pub mod import;
mod letters;
mod pieces;
mod promotion;
mod squares;

pub use export::{Unsaid, export, section_name};
pub use import::{Imported, Issue, import};
