//! A piece's move components in words, one sentence each: what it may do on the square it reaches, how far,
//! in which directions, and how it treats the pieces on its way, so that every component (a cannon's hopping
//! capture beside its quiet slide) is named.

use koma_vm::spec::{Hop, Modality, MoveSpec};
use koma_vm::{FaceId, Rules};

/// The move components of `face` in words, for its owner (forward is toward the opponent): one clause per
/// kind of move (`moves or captures`, `moves (to an empty square only)`, `captures only`), naming each
/// component of that kind.
pub fn component_words(rules: &Rules, face: FaceId) -> Vec<String> {
    let mut kinds: Vec<(&str, Vec<String>)> = Vec::new();
    for m in &rules.face(face).moves {
        let (what, how) = words(m);
        match kinds.iter_mut().find(|(w, _)| *w == what) {
            Some((_, list)) => list.push(how),
            None => kinds.push((what, vec![how])),
        }
    }
    kinds
        .into_iter()
        .map(|(what, list)| format!("{what}: {}", list.join(", or ")))
        .collect()
}

/// What a component may do on its target square, and how it gets there.
fn words(m: &MoveSpec) -> (&'static str, String) {
    if let Some(walk) = walk_words(m) {
        return walk;
    }
    let what = match m.modality {
        Modality::Both => "moves or captures",
        Modality::Move => "moves (to an empty square only)",
        Modality::Capture => "captures only",
    };
    let unit = m
        .vectors
        .iter()
        .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1);
    let how_far = match (m.range, unit) {
        (1, true) => "one step".to_string(),
        (1, false) => leap_words(&m.vectors),
        (0, _) => "any distance".to_string(),
        (n, _) => format!("up to {n} squares"),
    };
    let whither = if unit {
        directions(&m.vectors)
    } else if m.range == 1 {
        leap_whither(&m.vectors)
    } else {
        format!(
            "along {} lines of {}",
            m.vectors.len(),
            leap_words(&m.vectors)
        )
    };
    let mut out = format!("{how_far} {whither}");
    match m.hop {
        Hop::Cannon => out.push_str(", hopping over exactly one piece on the way"),
        Hop::Grasshopper => out.push_str(", landing just past the first piece on its line"),
        Hop::Skip => out.push_str(", passing over the first square whatever stands there"),
        Hop::Over => out.push_str(", passing over every piece on its line"),
        Hop::Sweep => out.push_str(", taking every enemy piece it passes over, stopped by its own"),
        Hop::None => {}
    }
    if m.lame {
        out.push_str(", blocked by a piece on the square halfway");
    }
    // A capture one step away whose second step always comes back (`cKabK`): igui, taking without moving.
    let back = m.range == 1
        && m.second_leg.as_ref().is_some_and(|second| {
            m.vectors
                .iter()
                .zip(&second.vectors)
                .all(|(&(x, y), steps)| steps.as_slice() == [(-x, -y)])
        });
    if back && m.modality == Modality::Capture {
        out.push_str(", and back: it takes without moving (igui)");
    } else if let Some(second) = &m.second_leg {
        let then = match second.modality {
            Modality::Both => "moving or capturing",
            Modality::Move => "moving to an empty square",
            Modality::Capture => "capturing",
        };
        let far = match second.range {
            1 => "a second step".to_string(),
            0 => "a second slide".to_string(),
            n => format!("a second slide of up to {n} squares"),
        };
        out.push_str(&format!(
            ", then {far} from there ({then}; see its two-leg diagram)"
        ));
    }
    (what, out)
}

/// Which way a leap's squares lie: one leap's way exactly, else forward, backward or sideways with how many
/// squares, else how many directions.
fn leap_whither(vectors: &[(i8, i8)]) -> String {
    if let [(dx, dy)] = vectors {
        return match (dx.signum(), dy.signum()) {
            (0, 1) => "forward",
            (0, _) => "backward",
            (1, 0) => "to the right",
            (_, 0) => "to the left",
            (1, 1) => "forward and to the right",
            (_, 1) => "forward and to the left",
            (1, _) => "backward and to the right",
            _ => "backward and to the left",
        }
        .to_string();
    }
    let n = vectors.len();
    let squares = format!("{n} squares");
    if vectors.iter().all(|&(_, dy)| dy > 0) {
        format!("forward ({squares})")
    } else if vectors.iter().all(|&(_, dy)| dy < 0) {
        format!("backward ({squares})")
    } else if vectors.iter().all(|&(dx, dy)| dy == 0 && dx > 0) {
        format!("to the right ({squares})")
    } else if vectors.iter().all(|&(dx, dy)| dy == 0 && dx < 0) {
        format!("to the left ({squares})")
    } else if vectors.iter().all(|&(_, dy)| dy == 0) {
        format!("sideways ({squares})")
    } else {
        format!("in {n} directions")
    }
}

/// A walk (`mKaK`, `mKamKaK`, the hook move `mRasR`) in words: what it may do where it stops, and its steps.
fn walk_words(m: &MoveSpec) -> Option<(&'static str, String)> {
    let (_, legs) = m.walk_squares()?;
    let leg = m.second_leg.as_ref()?;
    let what = match leg.last_modality() {
        Modality::Both => "moves or captures",
        Modality::Move => "moves (to an empty square only)",
        Modality::Capture => "captures only",
    };
    if m.rides_in_walk() {
        let far = |range: u8| match range {
            0 => "any distance".to_string(),
            1 => "one step".to_string(),
            n => format!("up to {n} squares"),
        };
        let mut turns: Vec<(i8, i8)> = leg.vectors.iter().flatten().copied().collect();
        turns.sort_unstable();
        turns.dedup();
        let square = m.vectors.iter().zip(&leg.vectors).all(|(&(ax, ay), next)| {
            next.iter()
                .all(|&(bx, by)| ax as i32 * bx as i32 + ay as i32 * by as i32 == 0)
        });
        let then = if square {
            "turns square to its line".to_string()
        } else {
            format!("goes on {}", directions(&turns))
        };
        return Some((
            what,
            format!(
                "a hook move: {} {} through empty squares, then it {then} on any of them and goes {} (taking only where it stops)",
                far(m.range),
                directions(&m.vectors),
                far(leg.range)
            ),
        ));
    }
    // A first leg that leaps (the Wooden Dove's `mGafF`) is named by its shape; a step by its directions.
    let steps = m
        .vectors
        .iter()
        .all(|&(dx, dy)| dx.abs() <= 1 && dy.abs() <= 1);
    let text = if steps {
        format!(
            "a walk of {legs} steps, the first {}, through empty squares (taking only where it stops)",
            directions(&m.vectors)
        )
    } else {
        format!(
            "a walk of {legs} legs, the first {}, then steps, through empty squares (taking only where it stops)",
            leap_words(&m.vectors)
        )
    };
    Some((what, text))
}

/// `a (1, 2) leap`: the shape of a leap, its shorter side first.
fn leap_words(vectors: &[(i8, i8)]) -> String {
    let mut shapes: Vec<(i8, i8)> = vectors
        .iter()
        .map(|&(dx, dy)| {
            let (a, b) = (dx.abs(), dy.abs());
            (a.min(b), a.max(b))
        })
        .collect();
    shapes.sort();
    shapes.dedup();
    let list: Vec<String> = shapes.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    format!("a {} leap", list.join(" or "))
}

/// The directions of unit vectors: `orthogonally`, `diagonally`, `in every direction`, else each named.
fn directions(vectors: &[(i8, i8)]) -> String {
    let has = |v: (i8, i8)| vectors.contains(&v);
    let orthogonal = [(0, 1), (0, -1), (1, 0), (-1, 0)].into_iter().all(has);
    let diagonal = [(1, 1), (-1, 1), (1, -1), (-1, -1)].into_iter().all(has);
    match (orthogonal, diagonal, vectors.len()) {
        (true, true, 8) => return "in every direction".into(),
        (true, false, 4) => return "orthogonally".into(),
        (false, true, 4) => return "diagonally".into(),
        _ => {}
    }
    // Mirror pairs first, then what is left one by one.
    let pairs = [
        ((1, 1), (-1, 1), "diagonally forward"),
        ((1, -1), (-1, -1), "diagonally backward"),
        ((1, 0), (-1, 0), "sideways"),
        ((0, 1), (0, -1), "forward and backward"),
    ];
    let mut left: Vec<(i8, i8)> = vectors.to_vec();
    let mut names: Vec<&str> = Vec::new();
    for (a, b, name) in pairs {
        if left.contains(&a) && left.contains(&b) {
            left.retain(|&v| v != a && v != b);
            names.push(name);
        }
    }
    for v in left {
        names.push(match v {
            (0, 1) => "forward",
            (0, -1) => "backward",
            (1, 0) => "right",
            (-1, 0) => "left",
            (1, 1) => "diagonally forward right",
            (-1, 1) => "diagonally forward left",
            (1, -1) => "diagonally backward right",
            (-1, -1) => "diagonally backward left",
            _ => "in place",
        });
    }
    names.dedup();
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => names.concat(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(vectors: &[(i8, i8)], range: u8, modality: Modality, hop: Hop) -> MoveSpec {
        MoveSpec {
            vectors: vectors.to_vec(),
            range,
            modality,
            hop,
            ..MoveSpec::default()
        }
    }

    #[test]
    fn a_cannons_two_components_are_both_named() {
        let rook = [(0, 1), (0, -1), (1, 0), (-1, 0)];
        assert_eq!(
            words(&spec(&rook, 0, Modality::Move, Hop::None)),
            (
                "moves (to an empty square only)",
                "any distance orthogonally".to_string()
            )
        );
        assert_eq!(
            words(&spec(&rook, 0, Modality::Capture, Hop::Cannon)),
            (
                "captures only",
                "any distance orthogonally, hopping over exactly one piece on the way".to_string()
            )
        );
    }

    #[test]
    fn a_walk_that_starts_with_a_leap_names_the_leap() {
        // The Wooden Dove's `mGafF`: a (3, 3) leap to an empty square, then a step straight on.
        let leaps = [(3, 3), (-3, 3), (3, -3), (-3, -3)];
        let walk = MoveSpec {
            second_leg: Some(koma_vm::spec::SecondLeg {
                vectors: leaps.iter().map(|&(x, y)| vec![(x / 3, y / 3)]).collect(),
                modality: Modality::Both,
                range: 1,
                third: None,
            }),
            ..spec(&leaps, 1, Modality::Move, Hop::None)
        };
        assert_eq!(
            words(&walk).1,
            "a walk of 2 legs, the first a (3, 3) leap, then steps, through empty squares (taking only where it stops)"
        );
    }

    #[test]
    fn steps_leaps_and_lines_have_their_words() {
        let how = |m: MoveSpec| words(&m).1;
        assert_eq!(
            how(spec(&[(0, 1)], 1, Modality::Both, Hop::None)),
            "one step forward"
        );
        assert_eq!(
            how(spec(&[(1, 2), (-1, 2)], 1, Modality::Both, Hop::None)),
            "a (1, 2) leap forward (2 squares)"
        );
        // Taikyoku's Vice General writes its sideways jumps one by one (`rDlD`), its Wooden Dove its
        // diagonal ones (`frG`).
        assert_eq!(
            how(spec(&[(2, 0)], 1, Modality::Both, Hop::None)),
            "a (0, 2) leap to the right"
        );
        assert_eq!(
            how(spec(&[(3, 3)], 1, Modality::Both, Hop::None)),
            "a (3, 3) leap forward and to the right"
        );
        assert_eq!(
            how(spec(&[(2, 0), (-2, 0)], 1, Modality::Both, Hop::None)),
            "a (0, 2) leap sideways (2 squares)"
        );
        assert_eq!(
            how(spec(&[(1, 1), (-1, 1)], 2, Modality::Both, Hop::None)),
            "up to 2 squares diagonally forward"
        );
        assert_eq!(
            how(spec(
                &[(1, 0), (-1, 0), (0, 1), (1, -1)],
                1,
                Modality::Both,
                Hop::None
            )),
            "one step sideways, forward and diagonally backward right"
        );
    }
}
