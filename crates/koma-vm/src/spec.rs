//! The plain-data description of a game that [`crate::Rules::build`] compiles into tables.
//!
//! A spec is what a `.game` file says, with names resolved to [`FaceId`]s. It carries source spans so that
//! tools can point from a rule back to the line that made it. The small enums here ([`Modality`], [`Hop`],
//! [`Captures`], [`OptionKind`]) are shared with the syntax tree: the language and the VM use one vocabulary.

use crate::end_rule::EndRule;
use crate::face::FaceId;
pub use crate::face::{DropMateBan, FileLimit, FlipTrigger};
pub use crate::move_spec::{
    Hop, Modality, MoveSpec, RIDING_WALK_REACH, SecondLeg, StepsAfter, ThirdLeg,
};
pub use crate::ranks::RankSet;
pub use crate::region::Region;
use crate::span::Span;

/// `range capture { ... }`'s lines: each piece that captures by range, with the faces it may not jump.
pub type RangeLists = Vec<(FaceId, Vec<FaceId>)>;

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
    /// `stranded pieces may promote`: a piece moving to a square from which it could never move again may
    /// promote there, whatever the zone rules say.
    pub stranded_may_promote: Option<Span>,
    /// `promotion only on entering the zone or capturing from it`: a move may promote when it enters the zone,
    /// or captures starting in the zone; not a quiet move inside it, nor one that leaves it without capturing.
    pub promotion_on_entry: Option<Span>,
    /// `promotion by capture`: a move that captures promotes its piece, compulsorily, and no other move does
    /// (with a promotion zone, only a capture that ends in it).
    pub promotion_by_capture: Option<Span>,
    /// `lion rules { ... }`: what faces marked `lion` may not capture.
    pub lion_rules: LionRules,
    /// `pieces that cannot bare a king: NAME, ...`: faces that do not count among the pieces that bare the
    /// other player's king (`bare king`), with where it was written.
    pub cannot_bare: Option<(Vec<FaceId>, Span)>,
    /// `range capture: NAME > NAME, NAME > ...`: the piece ranks, highest first, each a group of faces of one
    /// rank (faces not named rank below all), with where it was written. The named faces that slide capture by
    /// range along their slides.
    pub range_capture: Option<(Vec<Vec<FaceId>>, Span)>,
    /// `range capture { NAME may not jump NAME, ... }`: the other form of range capture, each piece that
    /// captures by range with the faces it may not jump (nor take by jumping), with where it was written.
    pub range_capture_lists: Option<(RangeLists, Span)>,
    /// `range capture takes every piece it jumps`: taikyoku shogi's reading of range capture, where it was
    /// written. A piece of the mover's rank or higher ends the line before it; every other piece is jumped,
    /// friend or foe, and taken; the mover stops on any empty square or enemy piece it reaches so.
    pub range_capture_takes: Option<Span>,
    /// `burning: NAME, ...` with `burning spares ...` and passive burning: pieces that burn the enemy pieces
    /// next to where they stop (tenjiku shogi's Fire Demon).
    pub burning: Option<Burning>,
    /// `moves in two legs hold the square they start from`, where it was written: a piece moving in two legs
    /// (not a walk) stands on its square until its move ends, so that its second leg never comes back to that
    /// square nor passes over it.
    pub legs_hold: Option<Span>,
    /// `moves anywhere: NAME, ...`: pieces that move to any square in one move (the Emperor).
    pub anywhere: Option<Anywhere>,
    /// `no piece where it could never move`: no drop on a square from which the dropped piece could never move.
    pub no_drop_on_dead_squares: Option<Span>,
    /// Where captured pieces go.
    pub captures: Captures,
    /// `kings may be captured`: moves are not filtered for king safety (a capture-the-king game).
    pub royals_capturable: bool,
    /// `royal pieces: the last one counts`: while a player has two or more royal pieces, the check rules
    /// protect none of them; the last one is protected like a king.
    pub last_royal_counts: Option<Span>,
    /// `royal pieces: the last one counts before the move`: whether a player's royal piece is protected is
    /// decided by their count before the move, so a move that makes a second royal piece must still keep the
    /// first safe.
    pub royals_counted_before: bool,
    /// `no royal pieces`: the game has none, and no check rules.
    pub no_royals: Option<Span>,
    /// `pieces move as the friendly piece behind them`: a piece with a friendly piece directly behind it moves
    /// (and attacks) as that piece.
    pub borrowed_moves: Option<Span>,
    /// `captures are compulsory [, drops allowed]`.
    pub compulsory_capture: Option<CompulsoryCapture>,
    /// Where it was written.
    pub compulsory_capture_origin: Option<Span>,
    /// `either face up`: a tile with a flip side may be dropped with either face up.
    pub drop_either_face: bool,
    /// `pieces only on ZONE`: ranks where pieces may be dropped, unless a face says otherwise.
    pub drop_ranks: Option<RankSet>,
    /// Where that default drop zone was written.
    pub drop_ranks_origin: Option<Span>,
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
    /// SFEN letter and its marks, without the `+` of a promoted face.
    pub letter: crate::PieceLetter,
    /// Written with a `+` in SFEN.
    pub promoted: bool,
    /// A king: it must not be left attacked.
    pub royal: bool,
    /// Its moves: the union of these components.
    pub moves: Vec<MoveSpec>,
    /// The face it may promote to.
    pub promotes_to: Option<FaceId>,
    /// The other face of its tile, turned up when [`FaceSpec::flip_trigger`] says; declared on the tile's
    /// starting face.
    pub flips_to: Option<FaceId>,
    /// When the tile turns over: on a capture (micro shogi) or on every board move (Kyoto shogi).
    pub flip_trigger: FlipTrigger,
    /// `promotion is mandatory [for X]`: a move that starts or ends in the zone must promote; where it was written.
    pub promotion_mandatory: Option<Span>,
    /// `no X on a file holding N own Y`: drops of this face are barred from files holding that many own `Y`.
    pub drop_not_on_file_with: Option<FileLimit>,
    /// `no X giving checkmate`: a drop of this face may not mate at once.
    pub drop_not_mate: Option<DropMateBan>,
    /// `X only on ZONE`: ranks where this face may be dropped, overriding the game's default.
    pub drop_ranks: Option<RankSet>,
    /// Where its drop zone was written.
    pub drop_ranks_origin: Option<Span>,
    /// `kanji "歩"`: a name of one or two characters for boards drawn with kanji.
    pub kanji: Option<crate::Kanji>,
    /// `kanji "玉" "王"`: the second player's, when it differs.
    pub kanji_second: Option<crate::Kanji>,
    /// The declaration in the source.
    pub origin: Option<Span>,
    /// `value NAME N`: what the engine counts this face worth, in centipawns, instead of its derived value.
    pub value: Option<u32>,
    /// `lion`: the face is a lion, for the game's `lion rules`.
    pub lion: bool,
    /// `confine NAME to ...`: the region the face may not leave; `None` for the whole board.
    pub region: Option<Region>,
}

/// `lion rules { ... }`: chu shogi's limits on capturing a lion, over the faces marked `lion`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LionRules {
    /// `no lion takes a protected lion that is not adjacent [unless its first leg took a piece other than
    /// X, Y]`: the faces whose capture on a first leg does not lift the rule, and where it was written.
    pub protected: Option<(Vec<FaceId>, Span)>,
    /// `after a lion is taken by another piece, no other piece takes a lion elsewhere`: on the move after a
    /// piece that is not a lion takes a lion, a piece that is not a lion may take a lion only on that same
    /// square (a counter-strike); where it was written.
    pub counter_strike: Option<Span>,
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

/// `captures are compulsory [, drops allowed]`: when the side to move has a legal capture, its other board
/// moves are not legal, and neither are its drops unless `drops allowed` says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CompulsoryCapture {
    /// `drops allowed`: a drop may be made instead of the capture.
    pub drops_allowed: bool,
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

/// `moves anywhere: NAME, ...` (maka-dai-dai and tai shogi's Emperor): the faces named move to any empty square of
/// the board, jumping, and take any enemy piece that no other enemy piece protects; with `not attacked`, they
/// go only to squares (empty or not) that no enemy piece attacks. Pieces that move anywhere do not protect by
/// their moves (their captures depend on protection themselves); with `and protects`, each protects every other
/// piece of its side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Anywhere {
    /// The faces that move anywhere.
    pub faces: Vec<FaceId>,
    /// `not attacked`: only to squares no enemy piece attacks.
    pub not_attacked: bool,
    /// `and protects`: each protects every other piece of its side.
    pub protects: bool,
    /// Where the statement was written.
    pub span: Span,
}

/// Burning (tenjiku shogi's Fire Demon): when a burner stops at the end of a board move, the enemy pieces on
/// the eight squares next to it are removed from the game, except the faces spared; with passive burning, a
/// piece whose board move ends next to an enemy burner (once its own move has burnt what it burns) is removed
/// too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Burning {
    /// The faces that burn (`burning: NAME, ...`).
    pub burners: Vec<FaceId>,
    /// The enemy faces a burner's move does not burn (`burning spares NAME, ...`).
    pub spared: Vec<FaceId>,
    /// `pieces that stop next to an enemy burner burn`: where it was written, if it was.
    pub passive: Option<Span>,
    /// Where `burning: ...` was written.
    pub span: Span,
    /// Where `burning spares ...` was written, if it was.
    pub spares_span: Option<Span>,
}
