//! Betza text as Fairy-Stockfish reads it, written from a face's compiled move components.
//!
//! Fairy-Stockfish gives each leap atom `(a, b)` eight directions and selects them by two-letter tokens
//! (`ff`, `rf`, `fs`, ...; a lone letter counts as doubled). The text is written from the vectors koma
//! compiled, not copied from the game file, so that what Fairy-Stockfish reads is what koma plays; every
//! group of directions is checked by reading it back the way Fairy-Stockfish does.

use std::collections::BTreeSet;

use koma_vm::spec::{Hop, Modality, MoveSpec};

/// The leap atoms Fairy-Stockfish's Betza knows, by their two distances (larger first).
const ATOMS: [((i8, i8), char); 9] = [
    ((1, 0), 'W'),
    ((1, 1), 'F'),
    ((2, 0), 'D'),
    ((2, 1), 'N'),
    ((2, 2), 'A'),
    ((3, 0), 'H'),
    ((3, 1), 'C'),
    ((3, 2), 'Z'),
    ((3, 3), 'G'),
];

/// The direction tokens Fairy-Stockfish's reader gives each of an atom's eight directions.
const TOKENS_OF_DIRECTION: [&[&str]; 8] = [
    &["ff", "vv", "rf", "rv", "fh", "rh", "hr"],
    &["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
    &["rr", "ss", "br", "bs", "bh", "rh", "hr"],
    &["ll", "ss", "fl", "fs", "fh", "lh", "hr"],
    &["rr", "ss", "fr", "fs", "fh", "rh", "hl"],
    &["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
    &["bb", "vv", "rb", "rv", "bh", "rh", "hl"],
    &["ff", "vv", "lf", "lv", "fh", "lh", "hl"],
];

/// The tokens tried, widest first, when a group of directions is written.
const CANDIDATES: [&str; 22] = [
    "ff", "bb", "ll", "rr", "vv", "ss", "fs", "bs", "lv", "rv", "fh", "bh", "lh", "rh", "fl", "fr",
    "bl", "br", "lf", "rf", "lb", "rb",
];

type Vector = (i8, i8);

/// An atom's eight directions as `(dx, dy)` (`dx` to the owner's right, `dy` forward), in Fairy-Stockfish's
/// order, for the atom with distances `a >= b`.
fn directions((a, b): (i8, i8)) -> [Vector; 8] {
    [
        (b, a),
        (-b, -a),
        (a, -b),
        (-a, b),
        (a, b),
        (-a, -b),
        (b, -a),
        (-b, a),
    ]
}

/// The atom a vector belongs to, as its distances (larger first).
fn atom_of((dx, dy): Vector) -> (i8, i8) {
    let (x, y) = (dx.unsigned_abs() as i8, dy.unsigned_abs() as i8);
    (x.max(y), x.min(y))
}

/// The letter of an atom.
fn letter((a, b): (i8, i8)) -> Option<char> {
    ATOMS.iter().find(|(d, _)| *d == (a, b)).map(|(_, c)| *c)
}

/// Splits modifier text into tokens as Fairy-Stockfish's reader pairs its letters.
fn tokens(text: &str) -> Vec<String> {
    const VERTICAL: &str = "fbvh";
    const HORIZONTAL: &str = "rlsh";
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if let Some(&c2) = chars.get(i + 1) {
            let pairs = c2 == c
                || (VERTICAL.contains(c) && HORIZONTAL.contains(c2))
                || (HORIZONTAL.contains(c) && VERTICAL.contains(c2));
            if pairs {
                out.push(format!("{c}{c2}"));
                i += 2;
                continue;
            }
        }
        out.push(format!("{c}{c}"));
        i += 1;
    }
    out
}

/// The vectors Fairy-Stockfish reads from modifier text before one atom.
fn read(text: &str, atom: (i8, i8)) -> BTreeSet<Vector> {
    read_split(text, atom, true)
}

/// As [`read`]; `split` is whether mixed tokens split for an orthogonal atom (Fairy-Stockfish splits them
/// only for a letter of one atom, not for `K` or `Q`).
fn read_split(text: &str, atom: (i8, i8), split: bool) -> BTreeSet<Vector> {
    let mut toks = tokens(text);
    if split && atom.1 == 0 {
        // An orthogonal atom splits mixed tokens: `fs` is `ff` and `ss`.
        toks = toks
            .into_iter()
            .flat_map(|t| {
                let c: Vec<char> = t.chars().collect();
                if c[0] == c[1] {
                    vec![t]
                } else {
                    vec![format!("{0}{0}", c[0]), format!("{0}{0}", c[1])]
                }
            })
            .collect();
    }
    directions(atom)
        .into_iter()
        .enumerate()
        .filter(|(i, _)| {
            toks.is_empty()
                || toks
                    .iter()
                    .any(|t| TOKENS_OF_DIRECTION[*i].contains(&t.as_str()))
        })
        .map(|(_, v)| v)
        .collect()
}

/// Modifier text that Fairy-Stockfish reads as exactly `wanted` (a subset of the atom's directions): none
/// for all of them, else tokens chosen greedily, each written as one letter where that reads the same.
fn modifiers(wanted: &BTreeSet<Vector>, atom: (i8, i8)) -> String {
    if *wanted == read("", atom) {
        return String::new();
    }
    let mut chosen: Vec<&str> = Vec::new();
    let mut covered = BTreeSet::new();
    while covered != *wanted {
        let mut best: Option<(&str, usize)> = None;
        for t in CANDIDATES {
            let set = read(t, atom);
            let gain = set.difference(&covered).count();
            if set.is_subset(wanted) && best.is_none_or(|(_, g)| gain > g) {
                best = Some((t, gain));
            }
        }
        let Some((best, _)) = best else { break };
        if read(best, atom).is_subset(&covered) {
            break;
        }
        covered.extend(read(best, atom));
        chosen.push(best);
    }
    let short: String = chosen
        .iter()
        .map(|t| if t[..1] == t[1..] { &t[..1] } else { t })
        .collect();
    if read(&short, atom) == *wanted {
        short
    } else {
        chosen.concat()
    }
}

/// The Betza text of one move component, or why Fairy-Stockfish cannot read it.
fn component(spec: &MoveSpec) -> Result<String, String> {
    if spec.second_leg.is_some() {
        return Err("a move in two legs".into());
    }
    if spec.lame && spec.range != 1 {
        return Err("a lame rider".into());
    }
    if spec.range > 9 {
        return Err(format!("a slide limited to {} squares", spec.range));
    }
    let mut prefix = String::new();
    match spec.modality {
        Modality::Both => {}
        Modality::Move => prefix.push('m'),
        Modality::Capture => prefix.push('c'),
    }
    match spec.hop {
        Hop::None => {}
        Hop::Cannon => prefix.push('p'),
        Hop::Grasshopper => prefix.push('g'),
        Hop::Skip => return Err("a rider that passes over its first square (`j`)".into()),
        Hop::Over => return Err("a rider that passes over every piece on its line (`jj`)".into()),
        Hop::Sweep => {
            return Err("a sweep that takes every enemy piece it passes over (`w`)".into());
        }
    }
    if spec.lame {
        prefix.push('n');
    }
    let mut groups: Vec<((i8, i8), BTreeSet<Vector>)> = Vec::new();
    for &v in &spec.vectors {
        let atom = atom_of(v);
        match groups.iter_mut().find(|(a, _)| *a == atom) {
            Some((_, set)) => {
                set.insert(v);
            }
            None => groups.push((atom, BTreeSet::from([v]))),
        }
    }
    groups.sort_by_key(|(a, _)| *a);
    let full = |atom: (i8, i8), set: &BTreeSet<Vector>| *set == read("", atom);
    let king = groups.len() == 2
        && groups[0].0 == (1, 0)
        && groups[1].0 == (1, 1)
        && full((1, 0), &groups[0].1)
        && full((1, 1), &groups[1].1);
    if king && spec.range == 1 {
        return Ok(format!("{prefix}K"));
    }
    if king && spec.range == 0 {
        return Ok(format!("{prefix}Q"));
    }
    let mut out = String::new();
    for (atom, set) in &groups {
        let Some(c) = letter(*atom) else {
            return Err(format!(
                "a leap of ({}, {}) squares, which has no Betza letter",
                atom.0, atom.1
            ));
        };
        out.push_str(&prefix);
        out.push_str(&modifiers(set, *atom));
        match (spec.range, c) {
            (1, _) => out.push(c),
            (0, 'W') => out.push('R'),
            (0, 'F') => out.push('B'),
            (0, _) => {
                out.push(c);
                out.push(c);
            }
            (n, _) => out.push_str(&format!("{c}{n}")),
        }
    }
    Ok(out)
}

/// The Betza text of a face's moves, as Fairy-Stockfish reads it, or what it cannot read.
pub fn write(moves: &[MoveSpec]) -> Result<String, String> {
    moves.iter().map(component).collect()
}

/// One way a piece moves, for comparing two readings of a Betza text: a step vector, the range (1 a leap,
/// 0 unlimited), `m` (1) or `c` (2), the hop (0 none, 1 `p`, 2 `g`), and lameness.
pub(crate) type Way = (Vector, u8, u8, u8, bool);

/// The ways Fairy-Stockfish reads from a Betza text, or the letter it would read otherwise than koma or not
/// at all.
pub(crate) fn read_fsf(text: &str) -> Result<BTreeSet<Way>, String> {
    const LEAPERS: &str = "WFDNAHLCJZGK";
    const RIDERS: &str = "RBQ";
    let chars: Vec<char> = text.chars().collect();
    let mut out = BTreeSet::new();
    let (mut modalities, mut hop, mut lame, mut dirs) = (Vec::new(), 0u8, false, String::new());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => modalities.push(1u8),
            'c' => modalities.push(2u8),
            'p' => hop = 1,
            'g' => hop = 2,
            'n' => lame = true,
            'f' | 'b' | 'v' | 'h' | 'r' | 'l' | 's' => dirs.push(c),
            _ if LEAPERS.contains(c) || RIDERS.contains(c) => {
                let mut rider = RIDERS.contains(c);
                let mut range = 0u8;
                if let Some(&next) = chars.get(i + 1)
                    && (next.is_ascii_digit() || next == c)
                {
                    rider = true;
                    if let Some(d) = next.to_digit(10) {
                        range = d as u8;
                    }
                    i += 1;
                }
                if rider && lame {
                    return Err("a lame rider".into());
                }
                let atoms: &[(i8, i8)] = match c {
                    'K' | 'Q' => &[(1, 0), (1, 1)],
                    'R' => &[(1, 0)],
                    'B' => &[(1, 1)],
                    'L' => &[(3, 1)],
                    'J' => &[(3, 2)],
                    _ => &[ATOMS
                        .iter()
                        .find(|(_, l)| *l == c)
                        .map_or((0, 0), |(d, _)| *d)],
                };
                let range = if rider { range } else { 1 };
                let mods = if modalities.is_empty() {
                    vec![1, 2]
                } else {
                    modalities.clone()
                };
                for &atom in atoms {
                    for v in read_split(&dirs, atom, atoms.len() == 1) {
                        for &m in &mods {
                            out.insert((v, range, m, hop, lame));
                        }
                    }
                }
                (modalities, hop, lame, dirs) = (Vec::new(), 0, false, String::new());
            }
            _ => {
                return Err(format!(
                    "`{c}`, which koma does not read as Fairy-Stockfish does"
                ));
            }
        }
        i += 1;
    }
    if !dirs.is_empty() || !modalities.is_empty() || hop != 0 || lame {
        return Err("modifiers with no atom after them".into());
    }
    Ok(out)
}

/// The ways koma reads from the same Betza text, or why it cannot read it as a move of Fairy-Stockfish's.
pub(crate) fn read_koma(text: &str) -> Result<BTreeSet<Way>, String> {
    let betza = koma_syntax::betza::parse(text).map_err(|d| d.message)?;
    let mut out = BTreeSet::new();
    for c in &betza.components {
        if c.initial || c.second_leg.is_some() {
            return Err("a move koma reads in two legs or for an unmoved piece".into());
        }
        let mods: &[u8] = match c.modality {
            Modality::Both => &[1, 2],
            Modality::Move => &[1],
            Modality::Capture => &[2],
        };
        let hop = match c.hop {
            Hop::None => 0,
            Hop::Cannon => 1,
            Hop::Grasshopper => 2,
            Hop::Skip => return Err("a rider that passes over its first square (`j`)".into()),
            Hop::Over => {
                return Err("a rider that passes over every piece on its line (`jj`)".into());
            }
            Hop::Sweep => {
                return Err("a sweep that takes every enemy piece it passes over (`w`)".into());
            }
        };
        for &v in c.vectors() {
            for &m in mods {
                out.insert((v, c.range, m, hop, c.lame));
            }
        }
    }
    Ok(out)
}

/// A way's range, modality (0 both), hop and lameness: what one move component shares.
type WayKind = (u8, u8, u8, bool);

/// The Betza text koma reads as Fairy-Stockfish reads `text`: the text itself when both read it alike, else
/// one written from Fairy-Stockfish's reading (`pB2` becomes `pF2`); or why there is none.
pub(crate) fn for_koma(text: &str) -> Result<String, String> {
    let ways = read_fsf(text)?;
    if read_koma(text).is_ok_and(|k| k == ways) {
        return Ok(text.to_string());
    }
    let mut groups: Vec<(WayKind, Vec<Vector>)> = Vec::new();
    for &(v, range, m, hop, lame) in &ways {
        let both =
            ways.contains(&(v, range, 1, hop, lame)) && ways.contains(&(v, range, 2, hop, lame));
        let modality = if both { 0 } else { m };
        if both && m == 2 {
            continue;
        }
        let key = (range, modality, hop, lame);
        match groups.iter_mut().find(|(k, _)| *k == key) {
            Some((_, vs)) => vs.push(v),
            None => groups.push((key, vec![v])),
        }
    }
    let specs: Vec<MoveSpec> = groups
        .into_iter()
        .map(|((range, modality, hop, lame), vectors)| MoveSpec {
            vectors,
            range,
            modality: match modality {
                1 => Modality::Move,
                2 => Modality::Capture,
                _ => Modality::Both,
            },
            hop: match hop {
                1 => Hop::Cannon,
                2 => Hop::Grasshopper,
                _ => Hop::None,
            },
            lame,
            second_leg: None,
        })
        .collect();
    let written = write(&specs)?;
    if read_koma(&written).is_ok_and(|k| k == ways) {
        Ok(written)
    } else {
        Err("koma reads it otherwise than Fairy-Stockfish".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(vectors: &[Vector], range: u8) -> MoveSpec {
        MoveSpec {
            vectors: vectors.to_vec(),
            range,
            ..MoveSpec::default()
        }
    }

    #[test]
    fn shogi_pieces_are_written_as_fairy_stockfish_names_them() {
        assert_eq!(write(&[spec(&[(0, 1)], 1)]).unwrap(), "fW");
        assert_eq!(write(&[spec(&[(0, 1)], 0)]).unwrap(), "fR");
        assert_eq!(write(&[spec(&[(1, 2), (-1, 2)], 1)]).unwrap(), "fN");
        let gold = [(0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1)];
        let silver = [(1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1)];
        assert_eq!(read("fF", (1, 1)), BTreeSet::from([(1, 1), (-1, 1)]));
        for moves in [&gold[..], &silver[..]] {
            let text = write(&[spec(moves, 1)]).unwrap();
            let mut got = BTreeSet::new();
            for (atom, rest) in [((1, 0), 'W'), ((1, 1), 'F')] {
                if let Some(i) = text.find(rest) {
                    let start = text[..i]
                        .rfind(|c: char| c.is_ascii_uppercase())
                        .map_or(0, |j| j + 1);
                    got.extend(read(&text[start..i], atom));
                }
            }
            assert_eq!(got, moves.iter().copied().collect(), "{text}");
        }
        assert_eq!(
            write(&[spec(
                &[
                    (0, 1),
                    (0, -1),
                    (1, 0),
                    (-1, 0),
                    (1, 1),
                    (-1, 1),
                    (1, -1),
                    (-1, -1)
                ],
                1
            )])
            .unwrap(),
            "K"
        );
    }

    #[test]
    fn every_single_direction_of_every_atom_reads_back() {
        for ((a, b), _) in ATOMS {
            for v in directions((a, b)) {
                let want = BTreeSet::from([v]);
                assert_eq!(
                    read(&modifiers(&want, (a, b)), (a, b)),
                    want,
                    "{v:?} of {a},{b}"
                );
            }
        }
    }

    #[test]
    fn a_limited_hopper_is_written_as_koma_reads_it() {
        let text = for_koma("mRpRmFpB2").unwrap();
        assert_eq!(
            read_koma(&text).unwrap(),
            read_fsf("mRpRmFpB2").unwrap(),
            "{text}"
        );
        assert_eq!(for_koma("fRbrBblF").unwrap(), "fRbrBblF");
    }

    #[test]
    fn moves_fairy_stockfish_cannot_read_are_named() {
        let mut two = spec(&[(0, 1)], 1);
        two.second_leg = Some(Default::default());
        assert_eq!(write(&[two]).unwrap_err(), "a move in two legs");
        assert!(write(&[spec(&[(4, 0)], 1)]).unwrap_err().contains("(4, 0)"));
    }
}
