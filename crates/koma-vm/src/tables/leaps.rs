//! Leap tables: the squares each face reaches in one step, and who attacks a square by a leap.

use super::geometry::Geometry;
use super::{Layout, absolute};
use crate::bitboard::BitSet;
use crate::spec::{FaceSpec, Modality};

/// Per (player, face, square) targets of plain leaps (not hopping, not lame, in one leg), by modality. The
/// per-square tables hold [`BitSet::Cell`]s: read them through the methods.
#[derive(Debug, Clone)]
pub(crate) struct Leaps<B: BitSet> {
    /// Move or capture.
    any: Vec<B::Cell>,
    /// Move only (`m`).
    quiet: Vec<B::Cell>,
    /// Capture only (`c`).
    capture: Vec<B::Cell>,
    /// Per (player, face, square): the squares from which that face attacks the square by a leap.
    attackers: Vec<B::Cell>,
    /// The sets the cells stand for.
    cells: B::Cells,
    /// Per (player, square): the squares from which some face of the player attacks the square by a leap
    /// (the union of `attackers` over the faces), so that a search for attackers looks only at the pieces
    /// standing there.
    near: Vec<B>,
    /// For a set type that walks ([`BitSet::WALKS_LINES`]), per (player, face): its leaps as steps, when it
    /// is not confined to a region (`None`: read the tables). Empty for the other types.
    steps: Vec<Option<Vec<LeapStep>>>,
    squares: usize,
}

/// A plain leap as a step from the square the piece stands on, seen from the board.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LeapStep {
    pub dx: i8,
    pub dy: i8,
    pub modality: Modality,
}

/// One (player, face)'s leap tables, by square, while they are built.
struct FaceLeaps<B> {
    any: Vec<B>,
    quiet: Vec<B>,
    capture: Vec<B>,
    attackers: Vec<B>,
}

impl<B: BitSet> Leaps<B> {
    /// The leap tables of `faces` on `geometry`. A confined face leaps only into its region, and attacks only
    /// the squares there.
    pub fn build(geometry: &Geometry, layout: Layout, faces: &[FaceSpec]) -> Leaps<B> {
        let size = layout.pairs() * layout.squares;
        let mut t = Leaps {
            any: Vec::with_capacity(size),
            quiet: Vec::with_capacity(size),
            capture: Vec::with_capacity(size),
            attackers: Vec::with_capacity(size),
            cells: B::Cells::default(),
            near: vec![B::EMPTY; 2 * layout.squares],
            steps: Vec::new(),
            squares: layout.squares,
        };
        // Pairs in index order, so that each pair's squares follow the previous pair's.
        for (player, face) in layout.each_pair() {
            let empty = vec![B::EMPTY; layout.squares];
            let mut f = FaceLeaps {
                any: empty.clone(),
                quiet: empty.clone(),
                capture: empty.clone(),
                attackers: empty,
            };
            let region: B = geometry.region_mask(player, faces[face.index()].region.as_ref());
            let leaps = faces[face.index()]
                .moves
                .iter()
                .filter(|m| m.is_plain_leap());
            if B::WALKS_LINES {
                let confined = faces[face.index()].region.is_some();
                let steps = leaps.clone().flat_map(|m| {
                    m.vectors.iter().map(|&v| {
                        let (dx, dy) = absolute(player, v);
                        LeapStep {
                            dx,
                            dy,
                            modality: m.modality,
                        }
                    })
                });
                t.steps.push((!confined).then(|| steps.collect()));
            }
            for m in leaps {
                for &v in &m.vectors {
                    for from in geometry.each() {
                        let Some(&to) = geometry.walk(from, absolute(player, v), 1).first() else {
                            continue;
                        };
                        if !region.has(to) {
                            continue;
                        }
                        let i = from.index();
                        let target = B::from_square(to);
                        match m.modality {
                            Modality::Both => f.any[i] |= target,
                            Modality::Move => f.quiet[i] |= target,
                            Modality::Capture => f.capture[i] |= target,
                        }
                        if m.modality != Modality::Move {
                            f.attackers[to.index()].insert(from);
                            t.near[player.index() * layout.squares + to.index()].insert(from);
                        }
                    }
                }
            }
            for (table, sets) in [
                (&mut t.any, f.any),
                (&mut t.quiet, f.quiet),
                (&mut t.capture, f.capture),
                (&mut t.attackers, f.attackers),
            ] {
                table.extend(sets.into_iter().map(|s| s.store(&mut t.cells)));
            }
        }
        B::cells_built(&mut t.cells);
        t
    }

    /// The squares from which some face of `player` attacks `sq` by a leap.
    #[inline(always)]
    pub fn near(&self, player: crate::player::Player, sq: crate::square::Square) -> B {
        self.near[player.index() * self.squares + sq.index()]
    }

    /// Targets of a face on a square, by its table index, that it may move or capture to.
    #[inline(always)]
    pub fn any(&self, i: usize) -> B {
        B::load(&self.cells, self.any[i])
    }

    /// Targets it may only move to.
    #[inline(always)]
    pub fn quiet(&self, i: usize) -> B {
        B::load(&self.cells, self.quiet[i])
    }

    /// Targets it may only capture on.
    #[inline(always)]
    pub fn capture(&self, i: usize) -> B {
        B::load(&self.cells, self.capture[i])
    }

    /// By the table index of a (player, face, square): the squares from which that face attacks the square.
    #[inline(always)]
    pub fn attackers(&self, i: usize) -> B {
        B::load(&self.cells, self.attackers[i])
    }

    /// A (player, face)'s leaps as steps, by its pair index, when its set type walks and it is not confined.
    #[inline(always)]
    pub fn steps(&self, pf: usize) -> Option<&[LeapStep]> {
        self.steps.get(pf)?.as_deref()
    }

    /// Capture-capable leap targets of a face on a square, by its table index.
    #[inline(always)]
    pub fn attacks(&self, i: usize) -> B {
        self.any(i) | self.capture(i)
    }
}
