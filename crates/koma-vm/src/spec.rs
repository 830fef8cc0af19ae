//! The plain-data description of a game that [`crate::Rules::build`] compiles into tables.
//!
//! A spec is what a `.game` file says, with names resolved to indices. It carries source spans
//! (`origin`) so that tools can point from a rule back to the line that made it.

use std::ops::Range;

/// A byte range in the `.game` source that a rule came from.
pub type Origin = Option<Range<usize>>;

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameSpec {
    /// Display name.
    pub name: String,
    /// Number of files (columns).
    pub files: u8,
    /// Number of ranks (rows).
    pub ranks: u8,
    /// Every piece face, promoted faces included. Indices into this list are piece ids.
    pub pieces: Vec<PieceSpec>,
    /// The promotion zone as ranks counted from the owner's home rank (0 = home rank).
    pub promotion_ranks: Vec<u8>,
    /// Where the promotion zone was declared.
    pub promotion_origin: Origin,
    /// A piece moving to a square from which it could never move again must promote.
    pub stranded_must_promote: Option<Range<usize>>,
    /// No drop on a square from which the dropped piece could never move.
    pub no_drop_on_dead_squares: Option<Range<usize>>,
    /// Captured pieces go to the captor's hand (demoted); otherwise they leave the game.
    pub captures_to_hand: bool,
    /// Royal pieces may be captured: moves are not filtered for king safety (a capture-the-king game).
    pub royals_capturable: bool,
    /// A piece with a flip side may be dropped with either face up.
    pub drop_either_face: bool,
    /// Ranks (from the owner's side, 0 = home rank) where pieces may be dropped, unless a piece says otherwise.
    pub drop_ranks: Option<Vec<u8>>,
    /// Options that can be switched on for a game (`pie`, `designate`), with their defaults.
    pub options: Vec<GameOption>,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// End-of-game rules, tried in order.
    pub end_rules: Vec<EndRuleSpec>,
}

/// One piece face.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PieceSpec {
    /// Name, e.g. `Pawn`.
    pub name: String,
    /// SFEN letter (uppercase).
    pub letter: char,
    /// Written with a `+` in SFEN.
    pub promoted: bool,
    /// A king: it must not be left attacked.
    pub royal: bool,
    /// Its moves: the union of these components.
    pub moves: Vec<MoveSpec>,
    /// The face it may promote to.
    pub promotes_to: Option<usize>,
    /// `no X on a file holding an own Y`: drops of this piece are barred from files holding an own piece `Y`.
    pub drop_not_on_file_with: Option<(usize, Range<usize>)>,
    /// `no X giving checkmate`: a drop of this piece may not mate at once.
    pub drop_not_mate: Option<Range<usize>>,
    /// The face it turns into whenever it captures (micro shogi's flip); the flip is mandatory and mutual.
    pub flips_to: Option<usize>,
    /// Ranks (from the owner's side) where this piece may be dropped, overriding the game's default.
    pub drop_ranks: Option<Vec<u8>>,
    /// The declaration in the source.
    pub origin: Origin,
}

/// What a move may do on its target square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Modality {
    /// Move to an empty square or capture.
    #[default]
    Both,
    /// Only to an empty square.
    Move,
    /// Only capturing.
    Capture,
}

/// How a rider treats pieces on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Hop {
    /// Stopped by the first piece.
    #[default]
    None,
    /// Passes exactly one screen, then lands up to and including the next piece.
    Cannon,
    /// Lands right behind the first piece.
    Grasshopper,
}

/// One move component: a set of owner-relative step vectors and how they are used.
#[derive(Debug, Clone, PartialEq, Eq, Default, Hash)]
pub struct MoveSpec {
    /// Step vectors `(dx, dy)`: `dx > 0` to the owner's right, `dy > 0` forward.
    pub vectors: Vec<(i8, i8)>,
    /// Steps along a line: 1 for a leap, 0 for unlimited.
    pub range: u8,
    /// Move, capture or both.
    pub modality: Modality,
    /// Hopping behaviour.
    pub hop: Hop,
    /// Blocked by a piece on the square halfway along the leap.
    pub lame: bool,
}

/// An opening option of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// Before the first move, the second player names the piece the first player must place first.
    Designate,
    /// After the first move, the second player may swap sides instead of moving.
    Pie,
}

/// An option and whether it is on unless switched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOption {
    /// Which option.
    pub kind: OptionKind,
    /// Its default.
    pub on: bool,
}

/// One end-of-game rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EndRuleSpec {
    /// When it applies.
    pub condition: EndCondition,
    /// What it gives.
    pub result: EndResult,
    /// The line in the source.
    pub origin: Option<(usize, usize)>,
}

/// When an end rule applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndCondition {
    /// The side to move has no legal move.
    NoLegalMove,
    /// The position has occurred this many times.
    Repetition(u32),
    /// The position has occurred this many times and one side gave check with every move since the first time.
    PerpetualCheck(u32),
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The side to move has lost its royal pieces (none on the board or in hand).
    KingCaptured,
    /// The player who just moved has a royal piece on one of these ranks (bit `r` = rank `r` from its side).
    KingReaches(u32),
    /// This many plies have passed without a capture or a move of the given piece.
    NoProgress {
        /// Plies (a move of each player is two).
        plies: u32,
        /// A piece whose moves also count as progress.
        piece: Option<usize>,
    },
}

/// The result of an end rule, relative to the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndResult {
    /// A draw.
    Draw,
    /// This player wins.
    Wins(Role),
    /// This player loses.
    Loses(Role),
}

/// A player named by role.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// The side to move.
    SideToMove,
    /// The player who moved first in the game.
    FirstPlayer,
    /// The player who moved second.
    SecondPlayer,
    /// The player who gave perpetual check.
    Checker,
    /// The player who made the last move.
    Mover,
}
