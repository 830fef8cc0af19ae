//! Piece faces: what a piece is, as the rules know it.
//!
//! A *face* is one side of a piece with its own moves (`Pawn`, `Tokin`). A *tile* is the physical piece:
//! one face, or two when it promotes or flips. A captured tile goes to hand as its starting face.

use crate::kanji::Kanji;
use crate::move_spec::MoveSpec;
use crate::span::Span;

/// `flips to NAME on capture` / `flips to NAME on every move`: when a tile turns over.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum FlipTrigger {
    /// Whenever the piece captures (the default; micro shogi).
    #[default]
    OnCapture,
    /// On every board move, capture or not (Kyoto shogi).
    OnEveryMove,
}

/// `no X on a file holding N own Y`: a drop of X is barred from a file that holds `count` own `blocker`s.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FileLimit {
    /// The face counted on the file.
    pub blocker: FaceId,
    /// How many of them bar the drop (1 is shogi's nifu).
    pub count: u8,
    /// Where the rule was written.
    pub origin: Span,
}

/// `no X giving checkmate`: a drop of X may not win at once by leaving the opponent without a legal move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DropMateBan {
    /// `or stalemate`: a drop that leaves the opponent without a legal move is barred whether it checks or not
    /// (without it, only a drop that checks).
    pub stalemate: bool,
    /// `in front of a royal piece`: only a drop on the square in front of an enemy royal piece (one rank from
    /// it toward the dropper) is barred; the same drop elsewhere may mate.
    pub in_front: bool,
    /// Where the rule was written.
    pub origin: Span,
}

/// The most piece faces a game may declare: as many as piece letters can name, every letter with up to
/// [`crate::piece_letter::MAX_MARKS`] marks, promoted (`+`) or not: 780, beyond the largest historic game's
/// few hundred. (A move's face field holds more.)
pub const MAX_FACES: usize = 2 * crate::piece_letter::PIECE_LETTERS;

/// A piece face: an index into [`crate::Rules::faces`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct FaceId(u16);

impl FaceId {
    /// The face declared at this index.
    #[inline(always)]
    pub const fn new(index: u16) -> FaceId {
        FaceId(index)
    }

    /// The face's index, for indexing tables.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Every face id of a game with `count` faces.
    pub fn all(count: usize) -> impl Iterator<Item = FaceId> {
        (0..count.min(MAX_FACES) as u16).map(FaceId)
    }
}

impl std::fmt::Debug for FaceId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "FaceId({})", self.0)
    }
}

/// A compiled piece face.
#[derive(Debug, Clone)]
pub struct Face {
    /// Name, e.g. `Pawn`.
    pub name: String,
    /// SFEN letter and its marks (the first player's form), without the `+` of a promoted face.
    pub letter: crate::PieceLetter,
    /// Written with a `+` in SFEN.
    pub promoted: bool,
    /// A king: must not be left attacked.
    pub royal: bool,
    /// The face it may promote to.
    pub promotes_to: Option<FaceId>,
    /// The starting face of its tile: what a capture puts in hand (itself unless it is a promoted face or the
    /// flip side of another).
    pub tile: FaceId,
    /// The other face of its tile, turned up (both ways, without choice) when [`Face::flip_trigger`] says.
    pub flips_to: Option<FaceId>,
    /// When its tile turns over.
    pub flip_trigger: FlipTrigger,
    /// A move of it that starts or ends in the zone must promote, by the rule written there.
    pub promotion_mandatory: Option<Span>,
    /// Drops of it are barred from files holding that many own pieces of a face, by the rule written there.
    pub drop_file_rule: Option<FileLimit>,
    /// A drop of it may not checkmate at once, by this rule.
    pub drop_mate_rule: Option<DropMateBan>,
    /// Where the zone its drops are limited to was written.
    pub drop_zone_rule: Option<Span>,
    /// Its kanji name (one or two characters), when the game gives one.
    pub kanji: Option<Kanji>,
    /// The second player's kanji for it, when the game gives one of its own (`kanji "玉" "王"`).
    pub kanji_second: Option<Kanji>,
    /// Its move components, as declared.
    pub moves: Vec<MoveSpec>,
    /// Where it was declared.
    pub origin: Option<Span>,
    /// The value the game gives it (`value NAME N`), in centipawns.
    pub value: Option<u32>,
    /// A lion, for the game's `lion rules`.
    pub lion: bool,
    /// The region it may not leave (`confine NAME to ...`), when it has one.
    pub region: Option<crate::region::Region>,
}

impl Face {
    /// The kanji a board shows for `owner`'s piece of this face: the second player's own, if the game gives
    /// one, else the face's kanji.
    pub fn kanji_of(&self, owner: crate::Player) -> Option<Kanji> {
        match owner {
            crate::Player::Second => self.kanji_second.or(self.kanji),
            crate::Player::First => self.kanji,
        }
    }

    /// Its kanji as a description shows them: `玉`, or `玉/王` when the second player's differs.
    pub fn kanji_words(&self) -> Option<String> {
        let first = self.kanji?;
        Some(match self.kanji_second {
            Some(second) if second != first => format!("{first}/{second}"),
            _ => first.to_string(),
        })
    }
}
