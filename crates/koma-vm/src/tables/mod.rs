//! The rule tables, one builder per table. [`crate::Rules::build`] calls them in order.
//!
//! Per-(player, face) tables are indexed `player * faces + face`, per-(player, face, square) tables
//! `(player * faces + face) * squares + square`; [`Layout`] computes both.

pub(crate) mod dead;
pub(crate) mod drops;
pub(crate) mod ends;
pub(crate) mod faces;
pub(crate) mod geometry;
pub(crate) mod leaps;
pub(crate) mod legs;
pub(crate) mod lines;
pub(crate) mod neighbours;
pub(crate) mod promotion;
pub(crate) mod rays;
pub(crate) mod sets;
pub(crate) mod specials;
pub(crate) mod walks;

use crate::face::FaceId;
use crate::player::Player;
use crate::square::Square;

/// The sizes that index the per-face tables.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    pub faces: usize,
    pub squares: usize,
}

impl Layout {
    /// Index of a (player, face) pair.
    #[inline(always)]
    pub fn pf(self, player: Player, face: FaceId) -> usize {
        player.index() * self.faces + face.index()
    }

    /// Index of a (player, face, square) triple.
    #[inline(always)]
    pub fn pfs(self, player: Player, face: FaceId, sq: Square) -> usize {
        self.pf(player, face) * self.squares + sq.index()
    }

    /// Number of (player, face) pairs.
    pub fn pairs(self) -> usize {
        2 * self.faces
    }

    /// Every (player, face) pair.
    pub fn each_pair(self) -> impl Iterator<Item = (Player, FaceId)> {
        Player::BOTH
            .into_iter()
            .flat_map(move |p| FaceId::all(self.faces).map(move |f| (p, f)))
    }
}

/// A step vector seen from the board: the owner-relative vector turned for `player`.
#[inline]
pub(crate) fn absolute(player: Player, (dx, dy): (i8, i8)) -> (i8, i8) {
    match player {
        Player::First => (dx, dy),
        Player::Second => (-dx, -dy),
    }
}
