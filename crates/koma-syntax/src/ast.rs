//! The spanned syntax tree of a `.game` file. Spans are byte ranges into the source text.

/// A byte range in the source text.
pub type Span = std::ops::Range<usize>;

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
    Piece(PieceDecl),
    /// `promotion zone ...`.
    PromotionZone(Spanned<Zone>),
    /// `stranded pieces must promote`.
    StrandedMustPromote(Span),
    /// `captured pieces go to hand` / `captured pieces leave the game`.
    Captures(Spanned<CaptureDestination>),
    /// `kings may be captured`: no king-safety rule.
    RoyalsCapturable(Span),
    /// `options { ... }`.
    Options(Vec<Spanned<OptionSetting>>),
    /// `drop rules { ... }`.
    DropRules(Vec<Spanned<DropRule>>),
    /// `start "SFEN"`; the span covers the SFEN text without its quotes.
    Start(Spanned<String>),
    /// `end { ... }`.
    End(Vec<Spanned<EndRule>>),
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
    /// `promotes to NAME`.
    pub promotes_to: Option<Spanned<String>>,
    /// `flips to NAME`.
    pub flips_to: Option<Spanned<String>>,
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

/// Where captured pieces go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CaptureDestination {
    /// To the captor's hand, demoted to the piece's unpromoted face.
    Hand,
    /// Out of the game.
    Removed,
}

/// An opening option.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionName {
    /// The second player names the first player's first piece.
    Designate,
    /// The second player may swap sides after the first move.
    Pie,
}

/// `NAME: on|off` in an `options` block.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OptionSetting {
    /// Which option.
    pub name: OptionName,
    /// Its default.
    pub on: bool,
}

/// A restriction on drops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DropRule {
    /// `no piece where it could never move`: no drop on a square that is dead for the piece.
    NoDeadSquares,
    /// `no PIECE on a file holding an own OTHER` (nifu when both name the pawn).
    NotOnFileWith {
        /// The dropped piece.
        piece: Spanned<String>,
        /// The piece whose presence on the file forbids the drop.
        blocker: Spanned<String>,
    },
    /// `no PIECE giving checkmate` (uchifuzume for the pawn).
    NotGivingCheckmate {
        /// The dropped piece.
        piece: Spanned<String>,
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
    /// When the rule applies.
    pub condition: Spanned<EndCondition>,
    /// The result it gives.
    pub result: Spanned<EndResult>,
}

/// The condition of an end rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EndCondition {
    /// The side to move has no legal move.
    NoLegalMove,
    /// The position occurs for the `n`th time.
    Repetition(u32),
    /// The position occurs for the `n`th time and one side checked with every move since its first occurrence.
    PerpetualCheck(u32),
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// The side to move has lost its king.
    KingCaptured,
    /// The player who just moved has a king in the zone.
    KingReaches(Zone),
    /// `N moves without capture [or PIECE move]`.
    NoProgress {
        /// Moves of each player (plies / 2).
        moves: u32,
        /// A piece whose moves count as progress too.
        piece: Option<Spanned<String>>,
    },
}

/// The result of an end rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EndResult {
    /// Nobody wins.
    Draw,
    /// `player` wins.
    Wins(Player),
    /// `player` loses.
    Loses(Player),
}

/// A player named relative to the situation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// The side to move in the final position.
    SideToMove,
    /// The player who made the first move of the game.
    FirstPlayer,
    /// The other player.
    SecondPlayer,
    /// The player who gave perpetual check.
    Checker,
    /// The player who made the last move.
    Mover,
}
