//! Building compiled rules from a spec: checks first, then one table builder after another, then the start
//! position read under the finished tables.

use std::sync::Arc;

use crate::end_rule::EndCondition;
use crate::face::MAX_FACES;
use crate::position::Position;
use crate::rules::{RuleOrigins, Rules};
use crate::setup::Setup;
use crate::sfen::SfenError;
use crate::spec::{GameSpec, Hop};
use crate::square::MAX_SIDE;
use crate::tables::geometry::Geometry;
use crate::tables::sets::{SetType, Tables};
use crate::tables::{self, Layout};
use crate::zobrist::Zobrist;

/// The spec cannot be compiled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The board is empty or too large.
    #[error(
        "a {0}x{1} board is not supported: boards have 1 to {MAX_SIDE} files and ranks (up to 36x36)"
    )]
    BoardSize(u8, u8),
    /// Too many piece faces.
    #[error("{0} piece faces declared; at most {MAX_FACES} are supported")]
    TooManyFaces(usize),
    /// A rule names a face the game does not declare.
    #[error("face {0} is named by a rule but the game declares only {1} faces")]
    UnknownFace(usize, usize),
    /// A face confined to a region moves otherwise than by plain steps and leaps.
    #[error(
        "{0} is confined to a region, but only a piece that steps or leaps may be (it slides, hops or moves in two legs)"
    )]
    ConfinedRider(String),
    /// The start position is not a position of these rules.
    #[error("bad start position: {0}")]
    StartPosition(SfenError),
}

impl Rules {
    /// Checks a spec and compiles it into tables, with its start position validated.
    pub fn build(spec: &GameSpec) -> Result<Rules, RulesError> {
        Rules::build_in(spec, None)
    }

    /// [`Rules::build`], with the tables in the 256-bit sets of 16x16 boards whatever the board's size
    /// ([`Rules::build_in`]).
    pub fn build_wide(spec: &GameSpec) -> Result<Rules, RulesError> {
        Rules::build_in(spec, Some(SetType::Wide))
    }

    /// [`Rules::build`], with the tables and positions in `set_type` rather than the narrowest that holds the
    /// board (a type too narrow for the board is not taken): the same game through another set type, for
    /// tests that compare them.
    pub fn build_in(spec: &GameSpec, set_type: Option<SetType>) -> Result<Rules, RulesError> {
        let geometry = Geometry::new(spec.files, spec.ranks)
            .ok_or(RulesError::BoardSize(spec.files, spec.ranks))?;
        let fitting = SetType::fitting(geometry.squares);
        let set_type = set_type.map_or(fitting, |t| t.max(fitting));
        check_spec(spec)?;
        let layout = Layout {
            faces: spec.faces.len(),
            squares: geometry.squares,
        };
        let piece_ranks = tables::specials::piece_ranks(spec);
        let ranged = spec.range_capture.is_some() || spec.range_capture_lists.is_some();
        let specials = tables::specials::build(layout, spec, &tables::specials::range_marks(spec));
        let two_legs = tables::legs::build(layout, &spec.faces);
        let sweeps = sweeps(spec);
        let walks = tables::walks::build(layout, &spec.faces);
        let has_lion_rules = spec.faces.iter().any(|f| f.lion)
            && (spec.lion_rules.protected.is_some() || spec.lion_rules.counter_strike.is_some());
        let has_paths = has_lion_rules || two_legs.iter().any(|l| !l.is_empty());
        let promotion_by_rule = spec.promotion_on_entry.is_some()
            || spec.stranded_may_promote.is_some()
            || spec.promotion_by_capture.is_some();
        let faces = tables::faces::build(spec);
        let royal_drops = royal_drops(spec, &faces);
        let rules = Rules {
            name: spec.name.clone(),
            files: spec.files,
            ranks: spec.ranks,
            faces: faces.faces,
            tiles: faces.tiles,
            captures: spec.captures,
            royals_capturable: spec.royals_capturable,
            last_royal_counts: spec.last_royal_counts.is_some(),
            royals_counted_before: spec.royals_counted_before,
            no_royals: spec.no_royals.is_some(),
            borrowed_moves: spec.borrowed_moves.is_some(),
            promotion_on_entry: spec.promotion_on_entry.is_some(),
            promotion_by_capture: spec.promotion_by_capture.is_some(),
            has_lion_rules,
            has_paths,
            promotion_by_rule,
            general_moves: has_paths || promotion_by_rule || spec.burning.is_some(),
            lion_rules: spec.lion_rules.clone(),
            cannot_bare: spec
                .cannot_bare
                .as_ref()
                .map_or_else(Vec::new, |(faces, _)| faces.clone()),
            compulsory_capture: spec.compulsory_capture,
            drop_either_face: spec.drop_either_face,
            royal_drops,
            options: spec.options.clone(),
            end_rules: spec.end_rules.clone(),
            start_sfen: spec.start_sfen.clone(),
            origins: origins(spec),
            burns: face_flags(spec, |b| &b.burners),
            anywhere_faces: spec.anywhere.iter().flat_map(|a| a.faces.clone()).collect(),
            anywhere_not_attacked: spec.anywhere.as_ref().is_some_and(|a| a.not_attacked),
            anywhere_protects: spec.anywhere.as_ref().is_some_and(|a| a.protects),
            burn_spared: face_flags(spec, |b| &b.spared),
            passive_burning: spec.burning.as_ref().is_some_and(|b| b.passive.is_some()),
            range_capture_takes: ranged && spec.range_capture_takes.is_some(),
            legs_hold: spec.legs_hold.is_some(),
            sweeps,
            range_stops: tables::specials::range_stops(spec),
            burning: spec.burning.is_some(),
            safety_by_making: ranged || sweeps || spec.burning.is_some() || spec.anywhere.is_some(),
            piece_ranks,
            tables: Tables::build(&geometry, layout, spec, set_type),
            has_specials: has_specials(&specials, &two_legs, &walks) || spec.burning.is_some(),
            walks,
            two_legs,
            specials,
            royals: faces.royals,
            lions: faces.lions,
            zobrist: Zobrist::build(layout),
            start: Setup::empty(spec.faces.len()),
            layout,
            geometry,
        };
        read_start(rules, &spec.start_sfen).map_err(RulesError::StartPosition)
    }
}

/// Whether some face sweeps (`w`), in one leg or on the first of two.
fn sweeps(spec: &GameSpec) -> bool {
    spec.faces
        .iter()
        .flat_map(|f| &f.moves)
        .any(|m| m.hop == Hop::Sweep)
}

/// Whether some face has special components, moves in two legs or walks: the general path of attacks.
fn has_specials<S, L>(
    specials: &[Vec<S>],
    two_legs: &[Vec<L>],
    walks: &[tables::walks::Walks],
) -> bool {
    specials.iter().any(|s| !s.is_empty())
        || two_legs.iter().any(|l| !l.is_empty())
        || walks.iter().any(|w| !w.is_empty())
}

/// Where the board-wide rules of `spec` were written.
fn origins(spec: &GameSpec) -> RuleOrigins {
    RuleOrigins {
        stranded: spec.stranded_must_promote.clone(),
        stranded_may_promote: spec.stranded_may_promote.clone(),
        promotion_on_entry: spec.promotion_on_entry.clone(),
        promotion_by_capture: spec.promotion_by_capture.clone(),
        dead_drops: spec.no_drop_on_dead_squares.clone(),
        promotion_zone: spec.promotion_zone_origin.clone(),
        last_royal: spec.last_royal_counts.clone(),
        no_royals: spec.no_royals.clone(),
        borrowed_moves: spec.borrowed_moves.clone(),
        compulsory_capture: spec.compulsory_capture_origin.clone(),
        cannot_bare: spec.cannot_bare.as_ref().map(|(_, span)| span.clone()),
        range_capture: (spec.range_capture.as_ref().map(|(_, span)| span))
            .or(spec.range_capture_lists.as_ref().map(|(_, span)| span))
            .cloned(),
        range_capture_takes: spec.range_capture_takes.clone(),
        burning: spec.burning.as_ref().map(|b| b.span.clone()),
        burning_spares: spec.burning.as_ref().and_then(|b| b.spares_span.clone()),
        passive_burning: spec.burning.as_ref().and_then(|b| b.passive.clone()),
        legs_hold: spec.legs_hold.clone(),
        anywhere: spec.anywhere.as_ref().map(|a| a.span.clone()),
    }
}

/// Per face, whether the list of the game's `burning` that `list` picks names it; empty without burning.
fn face_flags(
    spec: &GameSpec,
    list: impl Fn(&crate::spec::Burning) -> &Vec<crate::FaceId>,
) -> Vec<bool> {
    spec.burning.as_ref().map_or_else(Vec::new, |b| {
        let named = list(b);
        (0..spec.faces.len())
            .map(|i| named.iter().any(|f| f.index() == i))
            .collect()
    })
}

/// Whether a royal face may be dropped: a tile in hand is royal, or its other face is under `either face up`.
fn royal_drops(spec: &GameSpec, faces: &tables::faces::Faces) -> bool {
    faces.tiles.iter().any(|&tile| {
        let face = &faces.faces[tile.index()];
        face.royal
            || (spec.drop_either_face
                && face
                    .flips_to
                    .is_some_and(|other| faces.faces[other.index()].royal))
    })
}

/// The checks of `spec` that the compiler makes on source text, made again for a spec built otherwise: its
/// face references and its regions.
fn check_spec(spec: &GameSpec) -> Result<(), RulesError> {
    check_face_references(spec)?;
    check_regions(spec)
}

/// Every face a spec names must be declared.
fn check_face_references(spec: &GameSpec) -> Result<(), RulesError> {
    let n = spec.faces.len();
    if n > MAX_FACES {
        return Err(RulesError::TooManyFaces(n));
    }
    let by_faces = spec.faces.iter().flat_map(|f| {
        [
            f.promotes_to,
            f.flips_to,
            f.drop_not_on_file_with.as_ref().map(|l| l.blocker),
        ]
    });
    let by_end_rules = spec.end_rules.iter().map(|r| match r.condition {
        EndCondition::NoProgress { piece, .. } => piece,
        _ => None,
    });
    let by_lists = spec
        .cannot_bare
        .iter()
        .chain(&spec.lion_rules.protected)
        .flat_map(|(faces, _)| faces.iter().copied().map(Some))
        .chain(
            spec.range_capture
                .iter()
                .flat_map(|(groups, _)| groups.iter().flatten().copied().map(Some)),
        )
        .chain(spec.range_capture_lists.iter().flat_map(|(lists, _)| {
            lists
                .iter()
                .flat_map(|(mover, list)| std::iter::once(mover).chain(list))
                .copied()
                .map(Some)
        }))
        .chain(
            spec.burning
                .iter()
                .flat_map(|b| b.burners.iter().chain(&b.spared).copied().map(Some)),
        );
    match by_faces
        .chain(by_end_rules)
        .chain(by_lists)
        .flatten()
        .find(|f| f.index() >= n)
    {
        Some(f) => Err(RulesError::UnknownFace(f.index(), n)),
        None => Ok(()),
    }
}

/// A confined face must move by plain steps and leaps alone: its region masks the leap tables, and nothing
/// else.
fn check_regions(spec: &GameSpec) -> Result<(), RulesError> {
    match spec
        .faces
        .iter()
        .find(|f| f.region.is_some() && f.moves.iter().any(|m| !m.is_plain_leap()))
    {
        Some(f) => Err(RulesError::ConfinedRider(f.name.clone())),
        None => Ok(()),
    }
}

/// Reads the start SFEN under the finished tables and stores it in them, so that
/// [`Position::start`](crate::Position::start) cannot fail.
fn read_start(rules: Rules, sfen: &str) -> Result<Rules, SfenError> {
    let rules = Arc::new(rules);
    let setup = Position::from_sfen(&rules, sfen)?.setup();
    let mut rules = Arc::into_inner(rules).expect("the position that read the SFEN is gone");
    rules.start = setup;
    Ok(rules)
}
