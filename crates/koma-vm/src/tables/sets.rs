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
use crate::bitboard::{BitSet, Bitboard, Narrow, Wide};
use crate::spec::GameSpec;

/// Every table of square sets, in one set type `B`.
#[derive(Debug, Clone)]
pub(crate) struct Sets<B: BitSet> {
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
            rays: Rays::build(
                geometry,
                &lines,
                layout,
                super::specials::ranked_slides_taken_out(spec)
                    .as_deref()
                    .unwrap_or(&spec.faces),
            ),
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

/// The set type a game's tables and positions use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SetType {
    /// [`Narrow`]: boards of up to 128 squares (11x11), the common and fastest case.
    Narrow,
    /// [`Wide`]: boards of up to 256 squares (16x16).
    Wide,
    /// [`Bitboard`]: every board, up to 36x36.
    Any,
}

impl SetType {
    /// The narrowest set type that holds a board of `squares` squares.
    pub fn fitting(squares: usize) -> SetType {
        if squares <= Narrow::CAPACITY {
            SetType::Narrow
        } else if squares <= Wide::CAPACITY {
            SetType::Wide
        } else {
            SetType::Any
        }
    }
}

/// The set tables of a game, in the set type its rules chose.
#[derive(Debug, Clone)]
pub(crate) enum Tables {
    Narrow(Arc<Sets<Narrow>>),
    Wide(Arc<Sets<Wide>>),
    Any(Arc<Sets<Bitboard>>),
}

impl Tables {
    /// The tables of `spec` on `geometry`, in `set_type` (which holds the board).
    pub fn build(
        geometry: &Geometry,
        layout: Layout,
        spec: &GameSpec,
        set_type: SetType,
    ) -> Tables {
        match set_type {
            SetType::Narrow => Tables::Narrow(Arc::new(Sets::build(geometry, layout, spec))),
            SetType::Wide => Tables::Wide(Arc::new(Sets::build(geometry, layout, spec))),
            SetType::Any => Tables::Any(Arc::new(Sets::build(geometry, layout, spec))),
        }
    }

    /// The set type of these tables.
    pub(crate) fn set_type(&self) -> SetType {
        match self {
            Tables::Narrow(_) => SetType::Narrow,
            Tables::Wide(_) => SetType::Wide,
            Tables::Any(_) => SetType::Any,
        }
    }
}

/// Evaluates `$e` with `$s` bound to the [`Sets`] of `$tables`, whichever set type they use.
macro_rules! with_sets {
    ($tables:expr, $s:ident => $e:expr) => {
        match $tables {
            $crate::tables::sets::Tables::Narrow($s) => $e,
            $crate::tables::sets::Tables::Wide($s) => $e,
            $crate::tables::sets::Tables::Any($s) => $e,
        }
    };
}
pub(crate) use with_sets;
