//! Compiled rules: the tables the move generator reads, built once by [`Rules::build`](crate::Rules::build).

use crate::bitboard::BitSet;
use crate::bitboard::Bitboard;
use crate::end_rule::EndRule;
use crate::face::{Face, FaceId};
use crate::piece_letter::PieceLetter;
use crate::player::Player;
use crate::setup::Setup;
use crate::span::Span;
use crate::spec::LionRules;
use crate::spec::{Captures, CompulsoryCapture, GameOption};
use crate::square::Square;
use crate::tables::Layout;
use crate::tables::geometry::Geometry;
use crate::tables::legs::TwoLeg;
use crate::tables::sets::{Tables, with_sets};
use crate::tables::specials::Special;
use crate::zobrist::Zobrist;

/// The compiled rules of a game: everything the VM needs, as tables.
#[derive(Debug, Clone)]
pub struct Rules {
    /// Display name.
    pub name: String,
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Piece faces, indexed by [`FaceId`].
    pub faces: Vec<Face>,
    /// The faces by which tiles are held in hand (or stock), in SFEN order.
    pub tiles: Vec<FaceId>,
    /// Where captured pieces go.
    pub captures: Captures,
    /// Royal pieces may be captured; no move is filtered for king safety.
    pub royals_capturable: bool,
    /// `royal pieces: the last one counts`: a player's royal pieces are protected by the check rules only
    /// while it has one.
    pub last_royal_counts: bool,
    /// `royal pieces: the last one counts before the move`: the count is taken before the move, so that a
    /// move making a second royal piece must still keep the first safe.
    pub royals_counted_before: bool,
    /// `no royal pieces`.
    pub no_royals: bool,
    /// `pieces move as the friendly piece behind them`.
    pub borrowed_moves: bool,
    /// `promotion only on entering the zone or capturing from it`.
    pub promotion_on_entry: bool,
    /// `promotion by capture`: a capture promotes, compulsorily, and nothing else does (with a promotion zone,
    /// only a capture that ends in it).
    pub promotion_by_capture: bool,
    /// `lion rules { ... }`.
    pub lion_rules: LionRules,
    /// `pieces that cannot bare a king`: faces that do not count toward baring a king.
    pub cannot_bare: Vec<FaceId>,
    /// Whether any face is a lion under a lion rule: moves are then checked against the lion rules.
    pub(crate) has_lion_rules: bool,
    /// Whether move generation takes the general path for a piece: some face moves in two legs, or the lion
    /// rules apply.
    pub(crate) has_paths: bool,
    /// Whether promotion follows a rule beyond the zone's: `promotion only on entering the zone or capturing
    /// from it`, `promotion by capture`, or `stranded pieces may promote`.
    pub(crate) promotion_by_rule: bool,
    /// `has_paths`, `promotion_by_rule` or burning: move generation takes its general path.
    pub(crate) general_moves: bool,
    /// `captures are compulsory [, drops allowed]`.
    pub compulsory_capture: Option<CompulsoryCapture>,
    /// Tiles with a flip side may be dropped either face up.
    pub drop_either_face: bool,
    /// Opening options and their defaults.
    pub options: Vec<GameOption>,
    /// End rules in order.
    pub end_rules: Vec<EndRule>,
    /// Start position (SFEN), as written.
    pub start_sfen: String,
    /// Where board-wide rules were written.
    pub origins: RuleOrigins,
    pub(crate) layout: Layout,
    pub(crate) geometry: Geometry,
    /// The tables of square sets, in the set type that fits the board.
    pub(crate) tables: Tables,
    /// Per (player, face): hoppers and lame leapers.
    pub(crate) specials: Vec<Vec<Special>>,
    /// Per (player, face): moves in two legs.
    pub(crate) two_legs: Vec<Vec<TwoLeg>>,
    /// Per (player, face): walks (`mKaK`, `mKamKaK`, `mRasR`).
    pub(crate) walks: Vec<crate::tables::walks::Walks>,
    /// Whether any piece hops, is lame or moves in two legs: the fast legality shortcut is then unsafe.
    pub(crate) has_specials: bool,
    /// Per face: whether it burns (`burning: ...`); empty in a game without burning.
    pub(crate) burns: Vec<bool>,
    /// The faces that move anywhere (`moves anywhere: ...`).
    pub(crate) anywhere_faces: Vec<FaceId>,
    /// `moves anywhere not attacked`: they go only to squares no enemy piece attacks.
    pub(crate) anywhere_not_attacked: bool,
    /// `moves anywhere and protects`: each protects every other piece of its side.
    pub(crate) anywhere_protects: bool,
    /// Per face: whether a burner's move spares it (`burning spares ...`); empty in a game without burning.
    pub(crate) burn_spared: Vec<bool>,
    /// `pieces that stop next to an enemy burner burn`.
    pub(crate) passive_burning: bool,
    /// `range capture takes every piece it jumps`.
    pub(crate) range_capture_takes: bool,
    /// `moves in two legs hold the square they start from`.
    pub(crate) legs_hold: bool,
    /// Whether some face sweeps (`w`): its moves take the enemy pieces they pass over.
    pub(crate) sweeps: bool,
    /// A row per face, a column per face: whether a range capture by the row's face stops before a piece
    /// showing the column's (see [`Special::stops`](crate::tables::specials::Special)); empty without range
    /// capture.
    pub(crate) range_stops: Vec<bool>,
    /// Whether some face burns.
    pub(crate) burning: bool,
    /// Whether king safety is tested by making the move on a copy: under range capture (ranks are read from
    /// the board), burning (what burns depends on what stands next to where a burner stops) and sweeps (a
    /// sweep takes more than the piece on its target).
    pub(crate) safety_by_making: bool,
    /// Per face: its rank under `range capture` (higher is senior; 0 for a face not named, and in a game
    /// without the statement).
    pub piece_ranks: Vec<u8>,
    /// Whether a royal face may be dropped (the drops' safety test then depends on the face dropped).
    pub(crate) royal_drops: bool,
    pub(crate) royals: Vec<FaceId>,
    /// The faces marked `lion`, for the lion rules.
    pub(crate) lions: Vec<FaceId>,
    pub(crate) zobrist: Zobrist,
    pub(crate) start: Setup,
}

/// Source spans of board-wide rules.
#[derive(Debug, Clone, Default)]
pub struct RuleOrigins {
    /// `stranded pieces must promote`.
    pub stranded: Option<Span>,
    /// `stranded pieces may promote`.
    pub stranded_may_promote: Option<Span>,
    /// `promotion only on entering the zone or capturing from it`.
    pub promotion_on_entry: Option<Span>,
    /// `promotion by capture`.
    pub promotion_by_capture: Option<Span>,
    /// `no piece where it could never move`.
    pub dead_drops: Option<Span>,
    /// `promotion zone ...`.
    pub promotion_zone: Option<Span>,
    /// `royal pieces: the last one counts`.
    pub last_royal: Option<Span>,
    /// `no royal pieces`.
    pub no_royals: Option<Span>,
    /// `pieces move as the friendly piece behind them`.
    pub borrowed_moves: Option<Span>,
    /// `captures are compulsory`.
    pub compulsory_capture: Option<Span>,
    /// `pieces that cannot bare a king`.
    pub cannot_bare: Option<Span>,
    /// `range capture: ...`.
    pub range_capture: Option<Span>,
    /// `range capture takes every piece it jumps`.
    pub range_capture_takes: Option<Span>,
    /// `burning: ...`.
    pub burning: Option<Span>,
    /// `burning spares ...`.
    pub burning_spares: Option<Span>,
    /// `pieces that stop next to an enemy burner burn`.
    pub passive_burning: Option<Span>,
    /// `moves in two legs hold the square they start from`.
    pub legs_hold: Option<Span>,
    /// `moves anywhere: ...`.
    pub anywhere: Option<Span>,
}

impl Rules {
    /// The smallest N of the game's `N checks` end rules: the SFEN's check field counts down from it.
    pub fn check_goal(&self) -> Option<u32> {
        with_sets!(&self.tables, s => s.immediate_ends.checks)
    }

    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.geometry.squares
    }

    /// The set type of this game's tables and positions: the narrowest that holds the board, unless
    /// [`Rules::build_in`] asked for another.
    pub fn set_type(&self) -> crate::SetType {
        self.tables.set_type()
    }

    /// Index of a (player, face) pair in the per-face tables.
    #[inline(always)]
    pub(crate) fn pf(&self, player: Player, face: FaceId) -> usize {
        self.layout.pf(player, face)
    }

    /// Index of a (player, face, square) triple in the per-square tables.
    #[inline(always)]
    pub(crate) fn pfs(&self, player: Player, face: FaceId, sq: Square) -> usize {
        self.layout.pfs(player, face, sq)
    }

    /// A face by id.
    #[inline(always)]
    pub fn face(&self, id: FaceId) -> &Face {
        &self.faces[id.index()]
    }

    /// The squares where `face` of `player` could never move again (dead squares).
    pub fn dead_squares(&self, player: Player, face: FaceId) -> Bitboard {
        with_sets!(&self.tables, s => s.dead[self.pf(player, face)].widen())
    }

    /// The squares where `face` of `player` must promote on arriving.
    pub fn forced_promotion_squares(&self, player: Player, face: FaceId) -> Bitboard {
        with_sets!(&self.tables, s => s.promotion.forced[self.pf(player, face)].widen())
    }

    /// The squares where `face` of `player` may promote on any move that reaches them, under `stranded pieces
    /// may promote`: those it could never move from.
    pub fn stranded_promotion_squares(&self, player: Player, face: FaceId) -> Bitboard {
        with_sets!(&self.tables, s => s.promotion.stranded[self.pf(player, face)].widen())
    }

    /// Whether a game from the start position can ever drop a piece: captured pieces go to the captor's hand,
    /// or a hand holds pieces at the start.
    pub fn drops_arise(&self) -> bool {
        self.captures == Captures::GoToHand
            || self
                .start
                .hands
                .iter()
                .any(|hand| hand.iter().any(|&n| n > 0))
    }

    /// Whether a legal game can bring `face` of `player` to `sq`: by a move that need not promote there, or
    /// by a drop. SFEN accepts exactly these placements (the start position too).
    pub fn can_stand(&self, player: Player, face: FaceId, sq: Square) -> bool {
        if !self.forced_promotion_squares(player, face).has(sq) {
            return true;
        }
        self.droppable(face) && self.drop_squares(player, face).has(sq)
    }

    /// Whether `face` can be dropped: it is held in hand (or stock) itself, or it is the other face of such a
    /// tile under `either face up`.
    pub fn droppable(&self, face: FaceId) -> bool {
        let tile = self.face(face).tile;
        self.tiles.contains(&face)
            || (self.drop_either_face
                && self.tiles.contains(&tile)
                && self.face(tile).flips_to == Some(face))
    }

    /// The squares where `face` of `player` may be dropped, on an empty board.
    pub fn drop_squares(&self, player: Player, face: FaceId) -> Bitboard {
        with_sets!(&self.tables, s => s.drop_mask[self.pf(player, face)].widen())
    }

    /// The squares `face` of `player` is confined to (`confine NAME to ...`): every square when it has no
    /// region.
    pub fn region_squares(&self, player: Player, face: FaceId) -> Bitboard {
        self.geometry
            .region_mask(player, self.face(face).region.as_ref())
    }

    /// The promotion zone of `player`.
    pub fn promotion_zone(&self, player: Player) -> Bitboard {
        with_sets!(&self.tables, s => s.promotion.zone[player.index()].widen())
    }

    /// Every square where a royal piece of `player` reaches the goal zone of some `king reaches` rule.
    pub fn goal_squares(&self, player: Player) -> Bitboard {
        with_sets!(&self.tables, s => s.immediate_ends.goal_union[player.index()].widen())
    }

    /// The squares of the file of `sq`.
    pub fn file_of(&self, sq: Square) -> Bitboard {
        with_sets!(&self.tables, s => s.file_masks[sq.index() % self.files as usize].widen())
    }

    /// Every square of the board.
    pub fn board(&self) -> Bitboard {
        Bitboard::first(self.geometry.squares)
    }

    /// The file (0 = the first player's left) and rank (0 = the first player's home rank) of a square.
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        let (x, y) = self.geometry.coords(sq);
        (x as u8, y as u8)
    }

    /// The square one rank ahead of `sq` as `player` faces (toward the opponent), if on the board: in front of
    /// `player`'s piece there.
    pub fn ahead(&self, player: Player, sq: Square) -> Option<Square> {
        let (x, y) = self.geometry.coords(sq);
        let step = match player {
            Player::First => 1,
            Player::Second => -1,
        };
        self.geometry.square(x, y + step)
    }

    /// The square at a file and rank, if on the board.
    pub fn square(&self, x: u8, y: u8) -> Option<Square> {
        self.geometry.square(x as i32, y as i32)
    }

    /// Finds a face by its SFEN letter (with its marks) and promoted flag.
    pub fn face_by_letter(&self, letter: PieceLetter, promoted: bool) -> Option<FaceId> {
        FaceId::all(self.faces.len())
            .find(|&id| self.face(id).letter == letter && self.face(id).promoted == promoted)
    }

    /// Finds a face by its SFEN text, `P`, `+P`, `N'` (either case): the face and the player the case names.
    pub fn face_by_text(&self, text: &str) -> Option<(FaceId, Player)> {
        let (promoted, written) = match text.strip_prefix('+') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let (letter, owner) = PieceLetter::parse(written)?;
        Some((self.face_by_letter(letter, promoted)?, owner))
    }

    /// How many columns the longest face's SFEN text takes, at least two (`+P`; `+N'` where letters carry
    /// marks): what a board drawn in letters makes room for in every cell.
    pub fn face_text_width(&self) -> usize {
        let widest = FaceId::all(self.faces.len())
            .map(|f| self.face_text(f).len())
            .max();
        widest.unwrap_or(2).max(2)
    }

    /// The SFEN text of a face as the first player writes it: `P`, `+P`.
    pub fn face_text(&self, face: FaceId) -> String {
        let f = self.face(face);
        if f.promoted {
            format!("+{}", f.letter)
        } else {
            f.letter.to_string()
        }
    }
}
