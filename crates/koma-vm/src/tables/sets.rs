//! The tables made of square sets, built for the set type that fits the board: [`Sets`] for one type, and
//! [`Tables`], the choice a game's rules made.

use std::sync::Arc;

use super::Layout;
use super::ends::ImmediateEnds;
use super::geometry::Geometry;
use super::leaps::Leaps;
use super::lines::Lines;
use super::promotion::Promotion;
use super::rays::Rays;
use crate::bitboard::{BitSet, Bitboard, Narrow};
use crate::spec::GameSpec;

/// Every table of square sets, in one set type `B`.
#[derive(Debug, Clone)]
pub(crate) struct Sets<B> {
    /// The board's shape.
    pub geometry: Geometry,
    /// Every square of the board.
    pub all: B,
    /// Per file: its squares.
    pub file_masks: Vec<B>,
    pub lines: Lines<B>,
    pub leaps: Leaps<B>,
    pub rays: Rays<B>,
    /// Per (player, face): squares from which the face could never move (on an empty board).
    pub dead: Vec<B>,
    pub promotion: Promotion<B>,
    /// Per (player, face): squares a drop may go to.
    pub drop_mask: Vec<B>,
    pub immediate_ends: ImmediateEnds<B>,
    /// Per square: the squares next to it (a king's step away), in a game with burning; else empty.
    pub neighbours: Vec<B>,
}

impl<B: BitSet> Sets<B> {
    /// The set tables of `spec` on `geometry`.
    pub fn build(geometry: &Geometry, layout: Layout, spec: &GameSpec) -> Sets<B> {
        let lines = Lines::build(geometry, &spec.faces);
        let dead = super::dead::build(geometry, layout, &spec.faces);
        Sets {
            geometry: *geometry,
            all: geometry.all(),
            file_masks: geometry.file_masks(),
            leaps: Leaps::build(geometry, layout, &spec.faces),
            rays: Rays::build(geometry, &lines, layout, &spec.faces),
            promotion: super::promotion::build(geometry, layout, spec, &dead),
            drop_mask: super::drops::build(geometry, layout, spec, &dead),
            immediate_ends: super::ends::build(geometry, layout, spec, &dead),
            dead,
            lines,
            neighbours: if spec.burning.is_some() {
                super::neighbours::build(geometry)
            } else {
                Vec::new()
            },
        }
    }
}

impl<B: BitSet> Sets<B> {
    /// The squares of the file of `sq`.
    #[inline(always)]
    pub fn file_of(&self, sq: crate::square::Square) -> B {
        self.file_masks[sq.index() % self.geometry.files as usize]
    }
}

/// The set tables of a game, in the narrow 128-bit sets when the board has at most 128 squares (the common,
/// faster case), else in [`Bitboard`]s.
#[derive(Debug, Clone)]
pub(crate) enum Tables {
    Narrow(Arc<Sets<Narrow>>),
    Wide(Arc<Sets<Bitboard>>),
}

impl Tables {
    /// The tables of `spec` on `geometry`, in the narrowest set type that holds the board (or wide ones when
    /// `force_wide` asks, to compare the two).
    pub fn build(geometry: &Geometry, layout: Layout, spec: &GameSpec, force_wide: bool) -> Tables {
        if geometry.squares <= Narrow::CAPACITY && !force_wide {
            Tables::Narrow(Arc::new(Sets::build(geometry, layout, spec)))
        } else {
            Tables::Wide(Arc::new(Sets::build(geometry, layout, spec)))
        }
    }
}

/// Evaluates `$e` with `$s` bound to the [`Sets`] of `$tables`, whichever set type they use.
macro_rules! with_sets {
    ($tables:expr, $s:ident => $e:expr) => {
        match $tables {
            $crate::tables::sets::Tables::Narrow($s) => $e,
            $crate::tables::sets::Tables::Wide($s) => $e,
        }
    };
}
pub(crate) use with_sets;
