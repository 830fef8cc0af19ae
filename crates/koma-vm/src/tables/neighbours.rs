//! The squares next to each square (a king's step away), for burning.

use super::geometry::Geometry;
use crate::bitboard::BitSet;

/// Per square: the up to eight squares next to it.
pub(crate) fn build<B: BitSet>(geometry: &Geometry) -> Vec<B> {
    geometry
        .each()
        .map(|sq| {
            let (x, y) = geometry.coords(sq);
            let mut near = B::EMPTY;
            for dx in -1..=1 {
                for dy in -1..=1 {
                    if (dx, dy) != (0, 0)
                        && let Some(t) = geometry.square(x + dx, y + dy)
                    {
                        near.insert(t);
                    }
                }
            }
            near
        })
        .collect()
}
