//! The plain-data description of a game that [`crate::Rules::build`] compiles into tables.
//!
//! A spec is what a `.game` file says, with names resolved to [`FaceId`]s. It carries source spans so that
//! tools can point from a rule back to the line that made it. The small enums here ([`Modality`], [`Hop`],
//! [`Captures`], [`OptionKind`]) are shared with the syntax tree: the language and the VM use one vocabulary.

use crate::end_rule::EndRule;
use crate::face::FaceId;
use crate::span::Span;

/// A whole game.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct GameSpec {
    /// Display name.
    pub name: String,
    /// Number of files (columns).
    pub files: u8,
    /// Number of ranks (rows).
    pub ranks: u8,
    /// Every piece face, promoted faces included. Indices into this list are [`FaceId`]s.
    pub faces: Vec<FaceSpec>,
    /// The promotion zone, counted from the owner's home rank.
    pub promotion_zone: RankSet,
    /// Where the promotion zone was declared.
    pub promotion_zone_origin: Option<Span>,
    /// `stranded pieces must promote`: a piece moving to a square from which it could never move again must
    /// promote.
    pub stranded_must_promote: Option<Span>,
    /// `no piece where it could never move`: no drop on a square from which the dropped piece could never move.
    pub no_drop_on_dead_squares: Option<Span>,
    /// Where captured pieces go.
    pub captures: Captures,
    /// `kings may be captured`: moves are not filtered for king safety (a capture-the-king game).
    pub royals_capturable: bool,
    /// `either face up`: a tile with a flip side may be dropped with either face up.
    pub drop_either_face: bool,
    /// `pieces only on ZONE`: ranks where pieces may be dropped, unless a face says otherwise.
    pub drop_ranks: Option<RankSet>,
    /// Opening options the game declares, with their defaults.
    pub options: Vec<GameOption>,
    /// The start position as SFEN.
    pub start_sfen: String,
    /// End-of-game rules, tried in order.
    pub end_rules: Vec<EndRule>,
}

/// One piece face.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct FaceSpec {
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
    pub promotes_to: Option<FaceId>,
    /// The other face of its tile, turned up whenever it captures (micro shogi); declared on the tile's
    /// starting face.
    pub flips_to: Option<FaceId>,
    /// `no X on a file holding an own Y`: drops of this face are barred from files holding an own face `Y`.
    pub drop_not_on_file_with: Option<(FaceId, Span)>,
    /// `no X giving checkmate`: a drop of this face may not mate at once.
    pub drop_not_mate: Option<Span>,
    /// `X only on ZONE`: ranks where this face may be dropped, overriding the game's default.
    pub drop_ranks: Option<RankSet>,
    /// The declaration in the source.
    pub origin: Option<Span>,
}

/// A set of ranks counted from a player's own side: rank 0 is that player's home rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct RankSet(u32);

impl RankSet {
    /// No rank.
    pub const EMPTY: RankSet = RankSet(0);

    /// The ranks `low..=high` (0-based from the owner's home rank); ranks from 32 on are left out.
    pub fn span(low: u8, high: u8) -> RankSet {
        (low..=high)
            .filter(|&r| r < 32)
            .fold(RankSet::EMPTY, |s, r| RankSet(s.0 | 1 << r))
    }

    /// Whether rank `r` (0-based from the owner's home rank) is in the set.
    pub fn contains(self, r: u8) -> bool {
        r < 32 && self.0 >> r & 1 != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The union of two sets.
    pub fn union(self, other: RankSet) -> RankSet {
        RankSet(self.0 | other.0)
    }
}

/// What a move may do on its target square.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Modality {
    /// Move to an empty square or capture.
    #[default]
    Both,
    /// Only to an empty square (Betza `m`).
    Move,
    /// Only capturing (Betza `c`).
    Capture,
}

/// How a rider treats pieces on its line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Hop {
    /// Stopped by the first piece.
    #[default]
    None,
    /// Passes exactly one screen, then lands up to and including the next piece (Betza `p`).
    Cannon,
    /// Lands right behind the first piece (Betza `g`).
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
    /// Blocked by a piece on the square halfway along the leap (Betza `n`).
    pub lame: bool,
}

/// Where captured pieces go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Captures {
    /// `captured pieces go to hand`: to the captor's hand, as the tile's starting face.
    #[default]
    GoToHand,
    /// `captured pieces leave the game`: the hand is then a stock of pieces to place.
    LeaveTheGame,
}

/// An opening option of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptionKind {
    /// `designate`: before the first move, the second player names the piece the first player must place first.
    Designate,
    /// `pie`: after the first move, the second player may swap sides instead of moving.
    Pie,
}

impl OptionKind {
    /// Every option, in the order the reference lists them.
    pub const ALL: [OptionKind; 2] = [OptionKind::Designate, OptionKind::Pie];

    /// The option's name in the language.
    pub fn name(self) -> &'static str {
        match self {
            OptionKind::Designate => "designate",
            OptionKind::Pie => "pie",
        }
    }
}

/// `NAME: on|off` in an `options` block: an option and whether it is on unless switched.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameOption {
    /// Which option.
    pub kind: OptionKind,
    /// Its default.
    pub on: bool,
}
