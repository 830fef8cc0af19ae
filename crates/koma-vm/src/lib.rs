//! The koma rule VM: compiled rule tables, positions, legal moves, make/unmake, game outcome and perft.
//!
//! A [`GameSpec`] (plain data, produced by `koma-compile` from a `.game` file) is compiled once by
//! [`Rules::build`] into move tables. A [`Position`] under those rules generates legal moves from the
//! tables alone: no strings or syntax trees are consulted while generating. [`Game`] adds the history
//! that repetition rules need.
//!
//! ```
//! # use koma_vm::*;
//! # fn demo(rules: std::sync::Arc<Rules>) {
//! let mut pos = Position::start(&rules);
//! let moves = pos.legal_moves();
//! pos.make(moves[0]);
//! pos.unmake();
//! let leaves = pos.perft(3);
//! # }
//! ```

mod bitboard;
mod explain;
mod game;
mod movegen;
mod notation;
mod position;
mod rules;
pub mod spec;

pub use bitboard::{Bitboard, Square, MAX_SQUARES};
pub use explain::IllegalReason;
pub use game::{Game, GameResult, OptionError, Outcome};
pub use movegen::ImmediateEnd;
pub use notation::{SfenError, UsiError};
pub use position::{Move, Piece, Position};
pub use rules::{PieceId, PieceType, RuleOrigins, Rules, RulesError, Side, MAX_PIECES};
pub use spec::GameSpec;
