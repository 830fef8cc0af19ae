//! Promotion: the zone of each player, and the squares where a face must promote on arriving.

use super::Layout;
use super::geometry::Geometry;
use crate::bitboard::Bitboard;
use crate::player::Player;
use crate::spec::GameSpec;

/// The promotion zone per player, and per (player, face) the squares where promotion is forced.
#[derive(Debug, Clone)]
pub(crate) struct Promotion {
    pub zone: [Bitboard; 2],
    pub forced: Vec<Bitboard>,
}

/// With `stranded pieces must promote`, a promoting face must promote on arriving at one of its dead squares.
pub(crate) fn build(
    geometry: &Geometry,
    layout: Layout,
    spec: &GameSpec,
    dead: &[Bitboard],
) -> Promotion {
    let zone = Player::BOTH.map(|p| geometry.rank_mask(p, spec.promotion_zone));
    let mut forced = vec![Bitboard::EMPTY; layout.pairs()];
    if spec.stranded_must_promote.is_some() {
        for (player, face) in layout.each_pair() {
            if spec.faces[face.index()].promotes_to.is_some() {
                let i = layout.pf(player, face);
                forced[i] = dead[i];
            }
        }
    }
    Promotion { zone, forced }
}
