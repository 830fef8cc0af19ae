//! Drop masks: where each face may be dropped, with dead squares, drop zones and regions folded in.

use super::Layout;
use super::geometry::Geometry;
use crate::bitboard::BitSet;
use crate::spec::GameSpec;

/// Per (player, face): the squares a drop of the face may go to, before occupancy and file rules.
pub(crate) fn build<B: BitSet>(
    geometry: &Geometry,
    layout: Layout,
    spec: &GameSpec,
    dead: &[B],
) -> Vec<B> {
    let mut masks = vec![geometry.all::<B>(); layout.pairs()];
    for (player, face) in layout.each_pair() {
        let i = layout.pf(player, face);
        masks[i] &= geometry.region_mask::<B>(player, spec.faces[face.index()].region.as_ref());
        if spec.no_drop_on_dead_squares.is_some() {
            masks[i] &= !dead[i];
        }
        if let Some(ranks) = spec.faces[face.index()].drop_ranks.or(spec.drop_ranks) {
            masks[i] &= geometry.rank_mask(player, ranks);
        }
    }
    masks
}
