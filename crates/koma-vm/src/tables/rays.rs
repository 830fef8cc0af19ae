//! Slider rays: the lines each rider face moves along from each square, and the sliders that can attack
//! along each direction.

use super::geometry::{Geometry, squares_to_bitboard};
use super::lines::Lines;
use super::{Layout, absolute};
use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::player::Player;
use crate::spec::{FaceSpec, Hop, Modality};

/// A slider line from one square.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ray<B: BitSet> {
    /// The squares of the line, up to the edge or the slider's range ([`Rays::mask`] reads it).
    mask: B::Cell,
    /// Its direction in [`Lines`].
    pub dir: u16,
    /// Whether square numbers increase along it.
    pub ascending: bool,
    /// What the slider may do on the squares it reaches.
    pub modality: Modality,
    /// How many squares the line has (for a walk along it: [`BitSet::WALKS_LINES`]).
    pub len: u8,
    /// The difference of square numbers from one square of the line to the next.
    pub step: i16,
}

/// Sliders of one player along one direction, for attack detection.
#[derive(Debug, Clone)]
pub(crate) struct SliderGroup {
    /// The direction (in [`Lines`]) looking from the attacked square toward the attacker.
    pub look: u16,
    /// Whether square numbers increase along `look` (as [`Lines::ascending`] says of it), kept here so that
    /// the attack tests do not look it up.
    pub ascending: bool,
    /// Faces that slide this way, with their range (0 = unlimited).
    pub faces: Vec<(FaceId, u8)>,
}

/// Rays per (player, face, square), and slider groups per player.
#[derive(Debug, Clone)]
pub(crate) struct Rays<B: BitSet> {
    /// Every ray, grouped by (player, face, square).
    pub rays: Vec<Ray<B>>,
    /// The sets the rays' cells stand for.
    cells: B::Cells,
    /// Per (player, face, square): the range of its rays in `rays`.
    pub index: Vec<(u32, u32)>,
    /// Per player: the sliders that attack along each direction.
    pub sliders: [Vec<SliderGroup>; 2],
    /// Per (player, square): the squares on the lines along which some slider of the player would attack the
    /// square (the lines of `sliders` from it, to the edge), so that a search for sliders skips a square no
    /// piece of the player stands in line with.
    pub lines_to: Vec<B>,
    squares: usize,
}

impl<B: BitSet> Rays<B> {
    /// The rays of every plain rider component (not hopping) of `faces`.
    pub fn build(
        geometry: &Geometry,
        lines: &Lines<B>,
        layout: Layout,
        faces: &[FaceSpec],
    ) -> Rays<B> {
        let mut t = Rays {
            rays: Vec::new(),
            cells: B::Cells::default(),
            index: vec![(0, 0); layout.pairs() * layout.squares],
            sliders: [
                slider_groups(lines, faces, Player::First),
                slider_groups(lines, faces, Player::Second),
            ],
            lines_to: vec![B::EMPTY; 2 * layout.squares],
            squares: layout.squares,
        };
        for player in Player::BOTH {
            for sq in geometry.each() {
                for g in &t.sliders[player.index()] {
                    t.lines_to[player.index() * layout.squares + sq.index()] |=
                        lines.beyond(g.look, sq);
                }
            }
        }
        for (player, face) in layout.each_pair() {
            let riders: Vec<_> = faces[face.index()]
                .moves
                .iter()
                .filter(|m| m.range != 1 && m.hop == Hop::None && !m.lame)
                .collect();
            for from in geometry.each() {
                let start = t.rays.len() as u32;
                for m in &riders {
                    for &v in &m.vectors {
                        let a = absolute(player, v);
                        let path = geometry.walk(from, a, m.range);
                        if path.is_empty() {
                            continue;
                        }
                        let dir = lines.index_of(a);
                        let files = geometry.files as i32;
                        t.rays.push(Ray {
                            mask: squares_to_bitboard::<B>(&path).store(&mut t.cells),
                            dir,
                            ascending: lines.ascending[dir as usize],
                            modality: m.modality,
                            len: path.len() as u8,
                            step: (a.1 as i32 * files + a.0 as i32) as i16,
                        });
                    }
                }
                t.index[layout.pfs(player, face, from)] = (start, t.rays.len() as u32);
            }
        }
        B::cells_built(&mut t.cells);
        t
    }
}

impl<B: BitSet> Rays<B> {
    /// The squares of a ray.
    #[inline(always)]
    pub fn mask(&self, ray: &Ray<B>) -> B {
        B::load(&self.cells, ray.mask)
    }

    /// The squares in line with `sq` along which some slider of `player` would attack it.
    #[inline(always)]
    pub fn lines_to(&self, player: Player, sq: crate::square::Square) -> B {
        self.lines_to[player.index() * self.squares + sq.index()]
    }
}

/// `player`'s capture-capable sliders grouped by the direction one looks along to find them.
fn slider_groups<B: BitSet>(
    lines: &Lines<B>,
    faces: &[FaceSpec],
    player: Player,
) -> Vec<SliderGroup> {
    let mut groups: Vec<SliderGroup> = Vec::new();
    for (i, face) in faces.iter().enumerate() {
        let riders = face.moves.iter().filter(|m| {
            m.range != 1 && m.hop == Hop::None && !m.lame && m.modality != Modality::Move
        });
        for m in riders {
            for &v in &m.vectors {
                let a = absolute(player, v);
                let look = lines.index_of((-a.0, -a.1));
                let entry = (FaceId::new(i as u16), m.range);
                match groups.iter_mut().find(|g| g.look == look) {
                    Some(g) if g.faces.contains(&entry) => {}
                    Some(g) => g.faces.push(entry),
                    None => groups.push(SliderGroup {
                        look,
                        ascending: lines.ascending[look as usize],
                        faces: vec![entry],
                    }),
                }
            }
        }
    }
    groups
}
