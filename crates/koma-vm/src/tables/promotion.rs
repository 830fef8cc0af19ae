//! Promotion: the zone of each player, and the squares where a face must promote on arriving.

use super::Layout;
use super::geometry::Geometry;
use crate::bitboard::BitSet;
use crate::player::Player;
use crate::spec::GameSpec;

/// The promotion zone per player, and per (player, face) the squares where promotion is forced.
#[derive(Debug, Clone)]
pub(crate) struct Promotion<B> {
    pub zone: [B; 2],
    pub forced: Vec<B>,
    /// Per (player, face): squares where the face may promote on arriving whatever the zone rules say (its
    /// dead squares, under `stranded pieces may promote`).
    pub stranded: Vec<B>,
}

/// With `stranded pieces must promote`, a promoting face must promote on arriving at one of its dead squares
/// (with `stranded pieces may promote`, it may);
/// a face whose promotion is mandatory must promote on arriving in the zone (and, move generation adds, on
/// leaving it).
pub(crate) fn build<B: BitSet>(
    geometry: &Geometry,
    layout: Layout,
    spec: &GameSpec,
    dead: &[B],
) -> Promotion<B> {
    let zone = Player::BOTH.map(|p| geometry.rank_mask(p, spec.promotion_zone));
    let mut forced = vec![B::EMPTY; layout.pairs()];
    let mut stranded = vec![B::EMPTY; layout.pairs()];
    for (player, face) in layout.each_pair() {
        let f = &spec.faces[face.index()];
        if f.promotes_to.is_none() {
            continue;
        }
        let i = layout.pf(player, face);
        if spec.stranded_may_promote.is_some() {
            stranded[i] = dead[i];
        }
        if spec.stranded_must_promote.is_some() {
            forced[i] |= dead[i];
        }
        if f.promotion_mandatory.is_some() {
            forced[i] |= zone[player.index()];
        }
    }
    Promotion {
        zone,
        forced,
        stranded,
    }
}
