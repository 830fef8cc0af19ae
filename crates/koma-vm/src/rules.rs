//! Compiled rules: a [`GameSpec`] checked and turned into tables once, for the move generator.

use crate::bitboard::Bitboard;
use crate::end_rule::{EndCondition, EndRule};
use crate::face::{Face, FaceId, MAX_FACES};
use crate::player::Player;
use crate::position::Setup;
use crate::sfen::SfenError;
use crate::span::Span;
use crate::spec::{Captures, GameOption, GameSpec};
use crate::square::{MAX_SQUARES, Square};
use crate::tables::ends::ImmediateEnds;
use crate::tables::geometry::Geometry;
use crate::tables::leaps::Leaps;
use crate::tables::lines::Lines;
use crate::tables::promotion::Promotion;
use crate::tables::rays::Rays;
use crate::tables::specials::Special;
use crate::tables::{self, Layout};
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
    pub(crate) lines: Lines,
    pub(crate) leaps: Leaps,
    pub(crate) rays: Rays,
    /// Per (player, face): hoppers and lame leapers.
    pub(crate) specials: Vec<Vec<Special>>,
    /// Whether any piece hops or is lame: the fast legality shortcut is then unsafe.
    pub(crate) has_specials: bool,
    /// Per (player, face): squares from which the face could never move (on an empty board).
    pub(crate) dead: Vec<Bitboard>,
    pub(crate) promotion: Promotion,
    /// Per (player, face): squares a drop may go to.
    pub(crate) drop_mask: Vec<Bitboard>,
    pub(crate) royals: Vec<FaceId>,
    pub(crate) immediate_ends: ImmediateEnds,
    pub(crate) zobrist: Zobrist,
    pub(crate) start: Setup,
}

/// Source spans of board-wide rules.
#[derive(Debug, Clone, Default)]
pub struct RuleOrigins {
    /// `stranded pieces must promote`.
    pub stranded: Option<Span>,
    /// `no piece where it could never move`.
    pub dead_drops: Option<Span>,
    /// `promotion zone ...`.
    pub promotion_zone: Option<Span>,
}

/// The spec cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The board is empty or too large.
    #[error(
        "a {0}x{1} board is not supported: boards have 1 to {MAX_SQUARES} squares (up to 11x11)"
    )]
    BoardSize(u8, u8),
    /// Too many piece faces.
    #[error("{0} piece faces declared; at most {MAX_FACES} are supported")]
    TooManyFaces(usize),
    /// A rule names a face the game does not declare.
    #[error("face {0} is named by a rule but the game declares only {1} faces")]
    UnknownFace(usize, usize),
    /// The start position is not a position of these rules.
    #[error("bad start position: {0}")]
    StartPosition(SfenError),
}

impl Rules {
    /// Checks a spec and compiles it into tables, with its start position validated.
    pub fn build(spec: &GameSpec) -> Result<Rules, RulesError> {
        let geometry = Geometry::new(spec.files, spec.ranks)
            .ok_or(RulesError::BoardSize(spec.files, spec.ranks))?;
        check_face_references(spec)?;
        let layout = Layout {
            faces: spec.faces.len(),
            squares: geometry.squares,
        };
        let lines = Lines::build(&geometry, &spec.faces);
        let specials = tables::specials::build(layout, &spec.faces);
        let dead = tables::dead::build(&geometry, layout, &spec.faces);
        let faces = tables::faces::build(spec);
        let rules = Rules {
            name: spec.name.clone(),
            files: spec.files,
            ranks: spec.ranks,
            faces: faces.faces,
            tiles: faces.tiles,
            captures: spec.captures,
            royals_capturable: spec.royals_capturable,
            drop_either_face: spec.drop_either_face,
            options: spec.options.clone(),
            end_rules: spec.end_rules.clone(),
            start_sfen: spec.start_sfen.clone(),
            origins: RuleOrigins {
                stranded: spec.stranded_must_promote.clone(),
                dead_drops: spec.no_drop_on_dead_squares.clone(),
                promotion_zone: spec.promotion_zone_origin.clone(),
            },
            leaps: Leaps::build(&geometry, layout, &spec.faces),
            rays: Rays::build(&geometry, &lines, layout, &spec.faces),
            has_specials: specials.iter().any(|s| !s.is_empty()),
            specials,
            promotion: tables::promotion::build(&geometry, layout, spec, &dead),
            drop_mask: tables::drops::build(&geometry, layout, spec, &dead),
            dead,
            royals: faces.royals,
            immediate_ends: tables::ends::build(&geometry, &spec.end_rules),
            zobrist: Zobrist::build(layout),
            start: Setup::default(),
            layout,
            geometry,
            lines,
        };
        tables::start::build(rules, &spec.start_sfen).map_err(RulesError::StartPosition)
    }

    /// Number of squares.
    pub fn squares(&self) -> usize {
        self.geometry.squares
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
        self.dead[self.pf(player, face)]
    }

    /// The squares where `face` of `player` must promote on arriving.
    pub fn forced_promotion_squares(&self, player: Player, face: FaceId) -> Bitboard {
        self.promotion.forced[self.pf(player, face)]
    }

    /// The squares where `face` of `player` may be dropped, on an empty board.
    pub fn drop_squares(&self, player: Player, face: FaceId) -> Bitboard {
        self.drop_mask[self.pf(player, face)]
    }

    /// The promotion zone of `player`.
    pub fn promotion_zone(&self, player: Player) -> Bitboard {
        self.promotion.zone[player.index()]
    }

    /// The squares of the file of `sq`.
    pub fn file_of(&self, sq: Square) -> Bitboard {
        self.geometry.file_masks[sq.index() % self.files as usize]
    }

    /// Every square of the board.
    pub fn board(&self) -> Bitboard {
        self.geometry.all
    }

    /// The file (0 = the first player's left) and rank (0 = the first player's home rank) of a square.
    pub fn coords(&self, sq: Square) -> (u8, u8) {
        let (x, y) = self.geometry.coords(sq);
        (x as u8, y as u8)
    }

    /// The square at a file and rank, if on the board.
    pub fn square(&self, x: u8, y: u8) -> Option<Square> {
        self.geometry.square(x as i32, y as i32)
    }

    /// Finds a face by its SFEN letter (either case) and promoted flag.
    pub fn face_by_letter(&self, letter: char, promoted: bool) -> Option<FaceId> {
        let up = letter.to_ascii_uppercase();
        FaceId::all(self.faces.len())
            .find(|&id| self.face(id).letter == up && self.face(id).promoted == promoted)
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

/// Every face a spec names must be declared.
fn check_face_references(spec: &GameSpec) -> Result<(), RulesError> {
    let n = spec.faces.len();
    if n > MAX_FACES {
        return Err(RulesError::TooManyFaces(n));
    }
    let by_faces = spec.faces.iter().flat_map(|f| {
        [
            f.promotes_to,
            f.flips_to,
            f.drop_not_on_file_with.as_ref().map(|(b, _)| *b),
        ]
    });
    let by_end_rules = spec.end_rules.iter().map(|r| match r.condition {
        EndCondition::NoProgress { piece, .. } => piece,
        _ => None,
    });
    match by_faces
        .chain(by_end_rules)
        .flatten()
        .find(|f| f.index() >= n)
    {
        Some(f) => Err(RulesError::UnknownFace(f.index(), n)),
        None => Ok(()),
    }
}
