//! Text drawings of positions and pieces, shared by the REPL and the rules cards.
//!
//! [`card`] renders a whole rules card. Everything here is a pure function from compiled rules and positions to text. [`Style`] says whether to
//! use ANSI colours (a terminal) or plain text (pipes, files, snapshots), and whether pieces are drawn by
//! their SFEN letters or by the kanji the game gives them.

mod board;
mod card;
mod components;
mod html;
mod paint;
mod piece;
mod section;
pub mod words;

pub use board::{Marks, board};
pub use card::{Format, card};
pub use components::component_words;
pub use html::{board_svg, escape};
pub use paint::Style;
pub use piece::{LEGEND, piece_diagram, two_leg_diagram};
