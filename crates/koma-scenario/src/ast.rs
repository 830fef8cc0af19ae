//! The syntax tree of a scenario file. Spans are byte ranges into the file.

use koma_vm::Span;

/// A value and the text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

/// A whole scenario file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ScenarioFile {
    /// `game "NAME"`: the game, a `.game` file beside this one or an embedded name.
    pub game: Option<Spanned<String>>,
    /// The scenarios in order.
    pub scenarios: Vec<Scenario>,
}

/// One named scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Its name.
    pub name: Spanned<String>,
    /// Where it starts.
    pub from: Spanned<From>,
    /// What it does and expects, in order.
    pub steps: Vec<Spanned<Step>>,
}

/// Where a scenario starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum From {
    /// `from start`: the game's start position.
    Start,
    /// `from "SFEN"`.
    Sfen(String),
}

/// The result a scenario expects.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// No end rule applies.
    Ongoing,
    /// A draw.
    Draw,
    /// The first player wins.
    FirstPlayerWins,
    /// The second player wins.
    SecondPlayerWins,
}

/// A step of a scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `play ACTION...`: moves (USI), `swap` or `designate X`.
    Play(Vec<Spanned<String>>),
    /// `option NAME on|off`.
    Option {
        /// The option.
        name: String,
        /// On or off.
        on: bool,
    },
    /// `moves are ...`: the exact set of legal actions (empty for `none`).
    MovesAre(Vec<String>),
    /// `moves of SQUARE are ...`: the exact legal moves of the piece on a square.
    MovesOf {
        /// The square.
        square: String,
        /// Its moves.
        moves: Vec<String>,
    },
    /// `legal ACTION...`.
    Legal(Vec<Spanned<String>>),
    /// `illegal ACTION because REASON`.
    Illegal {
        /// The action.
        action: String,
        /// The reason's name.
        reason: Spanned<String>,
    },
    /// `perft DEPTH is COUNT`.
    Perft {
        /// The depth.
        depth: u32,
        /// The expected count.
        count: u64,
    },
    /// `sfen is "SFEN"`.
    SfenIs(String),
    /// `result is VERDICT [by "CONDITION"]`.
    ResultIs {
        /// The expected verdict.
        verdict: Verdict,
        /// The condition of the end rule that decides, as the game writes it.
        by: Option<String>,
    },
}
