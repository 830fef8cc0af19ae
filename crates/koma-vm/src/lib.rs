//! The koma rule VM: compiled rule tables, positions, legal moves, make/unmake, game outcome and perft.
//!
//! A [`GameSpec`] (plain data, produced by `koma-compile` from a `.game` file) is compiled once by
//! [`Rules::build`] into move tables, with its start position validated. A [`Position`] under those rules
//! generates legal moves from the tables alone: no strings or syntax trees are consulted while generating.
//! [`Game`] adds the history that repetition rules need.
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
//!
//! # Where it lives
//!
//! | concept | file |
//! |---|---|
//! | players ([`Player`]) | `player.rs` |
//! | squares ([`Square`]) and sets of squares: [`Narrow`], [`Wide`] and [`Bitboard`] (any board), one chosen per game ([`SetType`]); the distinct sets of the largest boards' tables ([`Pool`]) | `square.rs`, `bitboard/*.rs` |
//! | piece faces and tiles ([`FaceId`], [`Face`]); when a tile turns over and how many own pieces bar a drop on a file | `face.rs` |
//! | moves ([`Move`]) | `moves.rs` |
//! | the plain-data game description ([`GameSpec`]) and its shared vocabulary; regions a piece may not leave | `spec.rs`, `move_spec.rs`, `ranks.rs`, `region.rs`, `span.rs` |
//! | end rules: what each condition means and when it applies ([`EndCondition`]) | `end_rule.rs` |
//! | compiled rules ([`Rules`]); building them from a spec, start position included | `rules.rs`, `build.rs`, `setup.rs` |
//! | one builder per table: board, lines, leaps, rays, hoppers, dead squares, promotion, drops, faces, immediate ends; the set tables in the set type that fits the board | `tables/*.rs`, `tables/sets.rs` |
//! | Zobrist keys | `zobrist.rs` |
//! | positions ([`Position`], [`Piece`]): the public face, the state in one set type, make/unmake; a position read in its own set type ([`SetView`]) | `position.rs`, `pos.rs`, `make.rs`, `set_view.rs` |
//! | attacks and pseudo-legal targets; king safety and pins | `attacks.rs`, `safety.rs` |
//! | legal move generation; perft | `movegen.rs`, `perft.rs` |
//! | long walks under watch: stop flag, deadline, progress, the measured time guard ([`Watch`], [`Stopped`]) | `walk.rs` |
//! | ends that act at once ([`ImmediateEnd`]); bare kings | `immediate_end.rs`, `bare.rs` |
//! | SFEN; USI and action text; the text diagram | `sfen.rs`, `usi.rs`, `diagram.rs` |
//! | the rules in the language's words: zones, end rules, results | `words.rs` |
//! | why a move is illegal ([`IllegalReason`]) | `explain.rs` |
//! | a game with history ([`Game`]); its opening options; its outcome | `game.rs`, `options.rs`, `outcome.rs` |
//! | what may be played now, read from text ([`Game::parse_action`], [`ActionError`]) | `playable.rs` |
//! | piece values derived from the pieces' moves on the board ([`Values`]), for cards, diffs and the engine | `values.rs` |
//! | a seeded generator for random positions, openings and tests ([`Rng`]) | `rng.rs` |

mod anywhere;
mod attacks;
mod bare;
mod bitboard;
mod build;
mod burning;
mod diagram;
mod end_rule;
mod exchange;
mod explain;
mod face;
mod game;
mod gives_check;
mod immediate_end;
mod kanji;
mod legal;
mod lions;
mod make;
mod move_spec;
mod movegen;
mod moves;
mod options;
mod outcome;
mod perft;
mod piece_letter;
mod playable;
mod player;
mod pos;
mod position;
mod range_capture;
mod ranks;
mod region;
mod rng;
mod rules;
mod safety;
mod set_view;
mod setup;
mod sfen;
mod span;
pub mod spec;
mod square;
mod sweep;
mod tables;
mod two_legs;
mod usi;
mod values;
mod walk;
mod walked;
mod walks;
mod words;
mod zobrist;

pub use bitboard::{BitSet, Bitboard, Mailbox, Narrow, Pool, Wide};
pub use build::RulesError;
pub use end_rule::{EndCondition, EndResult, EndRule, ImmediateEnd, RelativePlayer};
pub use exchange::ExchangeValues;
pub use explain::IllegalReason;
pub use face::{DropMateBan, Face, FaceId, MAX_FACES};
pub use game::Game;
pub use kanji::{Kanji, MAX_KANJI_CHARS};
pub use moves::Move;
pub use options::{Action, OptionError};
pub use outcome::{GameResult, Outcome};
pub use piece_letter::{MAX_MARKS, PIECE_LETTERS, PieceLetter, is_mark};
pub use playable::ActionError;
pub use player::Player;
pub use position::{Piece, Position};
pub use rng::Rng;
pub use rules::{RuleOrigins, Rules};
pub use set_view::{SetReader, SetView};
pub use sfen::SfenError;
pub use span::Span;
pub use spec::GameSpec;
pub use square::{MAX_SIDE, MAX_SQUARES, Square, rank_letters, read_rank_letters};
pub use tables::sets::SetType;
pub use usi::UsiError;
pub use values::Values;
pub use walk::{Progress, SAMPLE, Stopped, Watch, duration_words, walk_limits};
