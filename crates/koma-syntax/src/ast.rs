//! The spanned syntax tree of a `.game` file. Spans are byte ranges into the source text.
//!
//! The small enums that mean the same thing in the language and in the compiled rules (end conditions and
//! results, captures, options, move modality) are the VM's own, re-exported here: one vocabulary.

pub use koma_vm::spec::{Captures, CompulsoryCapture, FlipTrigger, GameOption, OptionKind};
pub use koma_vm::{EndCondition, EndResult, RelativePlayer, Span};

/// A value together with the source text it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Spanned<T> {
    /// The value.
    pub node: T,
    /// Where it was written.
    pub span: Span,
}

impl<T> Spanned<T> {
    /// Wraps `node` with `span`.
    pub fn new(node: T, span: Span) -> Self {
        Spanned { node, span }
    }
}

/// A whole `.game` file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// The game's display name (`game "Mini Shogi"`).
    pub name: Spanned<String>,
    /// `extends "NAME"`: the game this one is built on; its statements apply unless this file overrides them.
    pub extends: Option<Spanned<String>>,
    /// Statements in source order.
    pub statements: Vec<Statement>,
}

/// One top-level statement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    /// `board FILES x RANKS`.
    Board {
        /// Number of files (columns).
        files: Spanned<u32>,
        /// Number of ranks (rows).
        ranks: Spanned<u32>,
        /// The whole statement.
        span: Span,
    },
    /// `piece NAME LETTER moves "BETZA" ...`.
    Piece(Box<PieceDecl>),
    /// `promotion zone ...`.
    PromotionZone(Spanned<Zone>),
    /// `promotion is mandatory [for NAME, ...]`: the pieces named (all promoting pieces when none is) must
    /// promote on every move that starts or ends in the zone.
    MandatoryPromotion(Spanned<Vec<Spanned<String>>>),
    /// `stranded pieces must promote`.
    StrandedMustPromote(Span),
    /// `stranded pieces may promote`.
    StrandedMayPromote(Span),
    /// `promotion only on entering the zone or capturing from it`.
    PromotionOnEntry(Span),
    /// `promotion by capture`: a capture promotes the piece, and nothing else does.
    PromotionByCapture(Span),
    /// `lion rules { ... }`; the span covers the whole block.
    LionRules(Spanned<Vec<Spanned<LionRule>>>),
    /// `captured pieces go to hand` / `captured pieces leave the game`.
    Captures(Spanned<Captures>),
    /// `kings may be captured`: no king-safety rule.
    RoyalsCapturable(Span),
    /// `royal pieces: the last one counts`: the check rules protect a player's royal piece only while it is
    /// their only one; the node says whether `before the move` follows (the count taken before the move, so
    /// that a move making a second royal piece does not lift the protection of the first).
    LastRoyalCounts(Spanned<bool>),
    /// `no royal pieces`: the game has none.
    NoRoyals(Span),
    /// `pieces move as the friendly piece behind them`: borrowed moves (annan shogi).
    BorrowedMoves(Span),
    /// `captures are compulsory [, drops allowed]`.
    CompulsoryCapture(Spanned<CompulsoryCapture>),
    /// `pieces that cannot bare a king: NAME, ...`: the pieces named do not count toward baring a king (`bare
    /// king`).
    CannotBare(Spanned<Vec<Spanned<String>>>),
    /// `range capture: NAME > NAME, NAME > ...`: ranks, highest first, each a group of pieces of equal rank;
    /// the sliding pieces named capture by range.
    RangeCapture(Spanned<Vec<Vec<Spanned<String>>>>),
    /// `burning: NAME, ...`: the pieces named burn the enemy pieces next to where they stop.
    Burning(Spanned<Vec<Spanned<String>>>),
    /// `burning spares NAME, ...`: enemy pieces a burner's move does not burn.
    BurningSpares(Spanned<Vec<Spanned<String>>>),
    /// `pieces that stop next to an enemy burner burn`: passive burning.
    PassiveBurning(Span),
    /// `moves in two legs hold the square they start from`: a piece moving in two legs stands on its square
    /// until the move ends.
    LegsHold(Span),
    /// `range capture { NAME may not jump NAME, ... }`: range capture with a list for each piece that
    /// captures by range instead of ranks.
    RangeCaptureLists(Spanned<Vec<Spanned<RangeCapturer>>>),
    /// `range capture takes every piece it jumps`: taikyoku shogi's reading of range capture.
    RangeCaptureTakes(Span),
    /// `moves anywhere: NAME, ...` (or `moves anywhere not attacked: ...`): the pieces named move to any
    /// empty square and take any enemy piece no other enemy piece protects (the Emperor).
    Anywhere(Spanned<Anywhere>),
    /// `options { ... }`; the span covers the whole block.
    Options(Spanned<Vec<Spanned<GameOption>>>),
    /// `drop rules { ... }`; the span covers the whole block.
    DropRules(Spanned<Vec<Spanned<DropRule>>>),
    /// `start "SFEN"`; the span covers the SFEN text without its quotes.
    Start(Spanned<String>),
    /// `end { ... }`; the span covers the whole block.
    End(Spanned<Vec<Spanned<EndRule>>>),
    /// `lints { allow NAME  warn NAME  deny NAME }`: lint levels for this game.
    Lints(Spanned<Vec<Spanned<LintSetting>>>),
    /// `without ...`: in a game that extends another, a statement or rule of the parent that does not apply.
    Without(Spanned<Without>),
    /// `confine PIECE to files A..B, ZONE` (either part alone too): the region the piece may not leave.
    Confine {
        /// The piece named.
        piece: Spanned<String>,
        /// `files A..B` (`file A` is `A..A`), counted from the owner's right; `None` for every file.
        files: Option<Spanned<(u32, u32)>>,
        /// The ranks, counted from the owner's side; `None` for every rank.
        ranks: Option<Spanned<Zone>>,
        /// The whole statement.
        span: Span,
    },
    /// `value PIECE N`: what the engine counts the piece worth, in pawns (kept in centipawns).
    Value {
        /// The piece named.
        piece: Spanned<String>,
        /// Its value in centipawns.
        centipawns: Spanned<u32>,
        /// The whole statement.
        span: Span,
    },
}

/// One line of `range capture { ... }`: `NAME may not jump NAME, NAME, ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeCapturer {
    /// The piece that captures by range.
    pub piece: Spanned<String>,
    /// The pieces it may not jump, nor take by jumping.
    pub not_jumped: Vec<Spanned<String>>,
}

/// One rule of a `lion rules` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LionRule {
    /// `no lion takes a protected lion that is not adjacent[, unless its first leg took a piece other than
    /// NAME, NAME]`: the pieces named do not lift the rule when the first leg takes them.
    Protected(Vec<Spanned<String>>),
    /// `after a non-lion takes a lion, no non-lion takes a lion elsewhere on the next move`.
    CounterStrike,
}

/// What a `without` statement takes away from the game a file extends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Without {
    /// A statement that is there or not: `stranded pieces must promote`, `kings may be captured`,
    /// `promotion is mandatory`, `royal pieces: the last one counts`, `no royal pieces`, `captures are
    /// compulsory`, `pieces that cannot bare a king`.
    Statement(Box<Statement>),
    /// One rule of the parent's `drop rules` block (`without drop rule no Pawn giving checkmate`).
    DropRule(Spanned<DropRule>),
    /// One rule of the parent's `end` block (`without end rule repetition 4: draw`).
    EndRule(Spanned<EndRule>),
}

/// How seriously a lint is taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LintLevel {
    /// Not reported.
    Allow,
    /// Reported as a warning.
    Warn,
    /// Reported as an error: `koma lint` fails.
    Deny,
}

/// `allow NAME`, `warn NAME` or `deny NAME` in a `lints` block.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LintSetting {
    /// The level.
    pub level: LintLevel,
    /// The lint's name, or `warnings` for every lint at the warn level.
    pub name: Spanned<String>,
}

/// A piece declaration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PieceDecl {
    /// The piece's name, e.g. `Pawn`.
    pub name: Spanned<String>,
    /// Its SFEN letter, with a leading `+` for a promoted face (`P`, `+P`).
    pub letter: Spanned<String>,
    /// The Betza string; the span covers the text between the quotes.
    pub moves: Spanned<String>,
    /// `royal`: the piece is a king.
    pub royal: Option<Span>,
    /// `lion`: the piece is a lion, for the game's `lion rules`.
    pub lion: Option<Span>,
    /// `promotes to NAME`.
    pub promotes_to: Option<Spanned<String>>,
    /// `flips to NAME`.
    pub flips_to: Option<Spanned<String>>,
    /// `on capture` / `on every move` after `flips to NAME`, when written.
    pub flip_trigger: Option<Spanned<FlipTrigger>>,
    /// `kanji "歩"`: a one-character name for boards drawn with kanji; the span covers the text between the quotes.
    pub kanji: Option<Spanned<String>>,
    /// `kanji "玉" "王"`: the second player's kanji, when it differs from the first player's.
    pub kanji_second: Option<Spanned<String>>,
    /// The whole declaration.
    pub span: Span,
}

/// A set of ranks counted from the owner's side (rank 1 is the owner's home rank).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Zone {
    /// The last `n` ranks, as seen by the owner.
    Last(u32),
    /// Ranks `from..=to`, counted from the owner's home rank.
    Ranks(u32, u32),
}

/// A restriction on drops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DropRule {
    /// `no piece where it could never move`: no drop on a square that is dead for the piece.
    NoDeadSquares,
    /// `no PIECE on a file holding an own OTHER` (nifu when both name the pawn), or `N own OTHERs`.
    NotOnFileWith {
        /// The dropped piece.
        piece: Spanned<String>,
        /// How many own `blocker`s bar the drop (`an` is 1).
        count: Spanned<u32>,
        /// The piece whose presence on the file forbids the drop.
        blocker: Spanned<String>,
    },
    /// `no PIECE giving checkmate [or stalemate] [in front of a royal piece]` (uchifuzume for the pawn).
    NotGivingCheckmate {
        /// The dropped piece.
        piece: Spanned<String>,
        /// `or stalemate`: a drop that leaves no legal move is barred, check or not.
        stalemate: bool,
        /// `in front of a royal piece`: only the drop on the square in front of an enemy royal piece.
        in_front: bool,
    },
    /// `pieces only on ZONE`, `PIECE only on ZONE`, `PIECE anywhere` (zone `None`).
    Zone {
        /// The piece, or `None` for every piece.
        piece: Option<Spanned<String>>,
        /// Where it may be dropped; `None` is anywhere.
        zone: Option<Zone>,
    },
    /// `either face up`.
    EitherFace,
}

/// One line of the `end { ... }` block: a condition and what it means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndRule {
    /// When the rule applies, with its zone as written and its piece by name.
    pub condition: Spanned<EndCondition<Zone, Spanned<String>>>,
    /// The result it gives.
    pub result: Spanned<EndResult>,
}

/// `moves anywhere: NAME, ...`, `moves anywhere not attacked: NAME, ...` or `moves anywhere and protects: NAME,
/// ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anywhere {
    /// `not attacked`: the pieces go only to squares that no enemy piece attacks; without it, to any empty
    /// square, and they take only enemy pieces that no other enemy piece protects.
    pub not_attacked: bool,
    /// `and protects`: each piece named protects every other piece of its side.
    pub protects: bool,
    /// The pieces named.
    pub pieces: Vec<Spanned<String>>,
}
