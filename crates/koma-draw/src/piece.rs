//! A piece's moves drawn on an empty board from a central square, from its owner's side (forward is up).

use koma_vm::spec::{Hop, Modality};
use koma_vm::{FaceId, Rules};

use crate::paint::{Style, pad_left};

/// What the marks of [`piece_diagram`] mean.
pub const LEGEND: &str = "o leap   * slide   m move only   x capture only   n lame leap (blocked by a piece on the way)   ~ hops over a piece (after another mark: also reached by hopping)";

/// The board a diagram is drawn on: the game's, or a larger one (at least 5x5, and wide enough for the
/// longest leap) so that every move shows. `true` when it is the game's own board.
pub(crate) fn diagram_size(rules: &Rules, face: FaceId) -> (i32, i32, bool) {
    let reach = rules
        .face(face)
        .moves
        .iter()
        .filter(|m| m.range == 1)
        .flat_map(|m| {
            let walk = m.walk_squares().map(|(squares, _)| squares);
            walk.unwrap_or_else(|| m.vectors.clone())
        })
        .map(|(dx, dy)| (dx as i32).abs().max((dy as i32).abs()))
        .max()
        .unwrap_or(1);
    let need = (2 * reach + 1).clamp(5, 15);
    let (w, h) = (
        (rules.files as i32).max(need),
        (rules.ranks as i32).max(need),
    );
    (w, h, (w, h) == (rules.files as i32, rules.ranks as i32))
}

/// The marks of `face`'s moves from the centre of an empty board, by `[y][x]`, and the centre square. A
/// square reached by a hopping component and by another shows both marks (`m~`: a cannon's quiet slide and
/// its hopping capture).
pub(crate) fn marks(rules: &Rules, face: FaceId) -> (Vec<Vec<String>>, (i32, i32)) {
    let (w, h, _) = diagram_size(rules, face);
    let (cx, cy) = ((w - 1) / 2, h / 2);
    let mut marks = vec![vec!['.'; w as usize]; h as usize];
    let mut hops = vec![vec![false; w as usize]; h as usize];
    if rules.anywhere_words(face).is_some() {
        // A move anywhere reaches every square, jumping.
        for row in &mut marks {
            row.fill('o');
        }
        marks[cy as usize][cx as usize] = '.';
    }
    for m in &rules.face(face).moves {
        // A walk: the squares it may end on, as leaps (it passes only empty squares).
        if let Some((squares, _)) = m.walk_squares() {
            // (A hook move's squares are slides'.)
            let mark = match m.second_leg.as_ref().map(|leg| leg.last_modality()) {
                Some(Modality::Move) => 'm',
                Some(Modality::Capture) => 'x',
                _ if m.rides_in_walk() => '*',
                _ => 'o',
            };
            for (dx, dy) in squares {
                let (x, y) = (cx + dx as i32, cy + dy as i32);
                if (0..w).contains(&x) && (0..h).contains(&y) {
                    let cell = &mut marks[y as usize][x as usize];
                    if *cell == '.' || rank(mark) > rank(*cell) {
                        *cell = mark;
                    }
                }
            }
            continue;
        }
        if m.second_leg.is_some() {
            continue;
        }
        for &(dx, dy) in &m.vectors {
            let mut k = 1;
            loop {
                let (x, y) = (cx + dx as i32 * k, cy + dy as i32 * k);
                if !(0..w).contains(&x)
                    || !(0..h).contains(&y)
                    || (m.range != 0 && k > m.range as i32)
                {
                    break;
                }
                k += 1;
                if m.hop == Hop::Skip && k == 2 {
                    continue;
                }
                if matches!(m.hop, Hop::Cannon | Hop::Grasshopper) {
                    hops[y as usize][x as usize] = true;
                    continue;
                }
                let mark = match (m.modality, m.range == 1) {
                    (Modality::Move, _) => 'm',
                    (Modality::Capture, _) => 'x',
                    _ if m.lame => 'n',
                    (Modality::Both, true) => 'o',
                    (Modality::Both, false) => '*',
                };
                let cell = &mut marks[y as usize][x as usize];
                if *cell == '.' || rank(mark) > rank(*cell) {
                    *cell = mark;
                }
            }
        }
    }
    let cells = marks
        .iter()
        .zip(&hops)
        .map(|(row, hop_row)| {
            row.iter()
                .zip(hop_row)
                .map(|(&mark, &hop)| match (mark, hop) {
                    ('.', true) => "~".to_string(),
                    (mark, true) => format!("{mark}~"),
                    (mark, false) => mark.to_string(),
                })
                .collect()
        })
        .collect();
    (cells, (cx, cy))
}

/// Three columns a square, or a space and the face's name where it is wider: a letter with marks (` +N'`),
/// two kanji (` 奔王`).
fn cell_width(rules: &Rules, face: FaceId, style: &Style) -> usize {
    let name = match (style.kanji, rules.face(face).kanji) {
        (true, Some(k)) => 2 * k.len(),
        _ => rules.face_text(face).len(),
    };
    1 + name.max(2)
}

/// The squares `face` reaches from the centre of an empty board, for the first player. The board is the
/// game's, with its coordinates, unless the game's is too small to show every move.
pub fn piece_diagram(rules: &Rules, face: FaceId, style: &Style) -> String {
    let (marks, (cx, cy)) = marks(rules, face);
    let (w, h, own) = diagram_size(rules, face);
    let width = cell_width(rules, face, style);
    let mut out = Vec::new();
    if own {
        let mut line = String::from("   ");
        for f in (1..=rules.files).rev() {
            line.push_str(&pad_left(&f.to_string(), width));
        }
        out.push(line);
    }
    for row in 0..h {
        let y = h - 1 - row;
        let rank = if own {
            koma_vm::rank_letters(row as u8)
        } else {
            String::new()
        };
        let mut line = format!(" {rank:<2}");
        for x in 0..w {
            line.push_str(&pad_left(
                &cell(rules, face, style, &marks, (x, y), (cx, cy)),
                width,
            ));
        }
        out.push(line);
    }
    out.join("\n")
}

/// Which mark wins where two components reach one square: the less restricted move.
fn rank(mark: char) -> u8 {
    match mark {
        'o' | '*' => 3,
        _ => 2,
    }
}

/// A move component in two legs drawn from one of its first steps: see [`two_leg_marks`].
pub(crate) struct TwoLegMarks {
    /// By `[y][x]`: `1` every square a first leg reaches, `@` the first step shown, `2` where the second leg
    /// goes on from it.
    pub marks: Vec<Vec<char>>,
    /// The piece's square, in the middle.
    pub centre: (i32, i32),
    /// Whether the second leg may also come back to the centre.
    pub back: bool,
    /// Whether a leg slides (the hook mover's `RaR`): its squares are lines, not steps.
    pub rides: bool,
    /// Whether the game's moves in two legs hold the square they start from.
    pub held: bool,
    /// What the first leg may do where it stops: move, capture or both.
    pub first: Modality,
}

/// How far a diagram follows a leg that slides from its square.
const SLIDE_SHOWN: i32 = 4;

/// A move component in two legs drawn from one of its first steps, on a small empty board. A first leg that
/// slides is shown stopping on its second square, so that its second leg may be seen going every way.
pub(crate) fn two_leg_marks(rules: &Rules, face: FaceId, component: usize) -> Option<TwoLegMarks> {
    let m = rules.face(face).moves.get(component)?;
    let leg = m.second_leg.as_ref()?;
    let rides = m.range != 1 || leg.range != 1;
    let held = rules.legs_hold_words().is_some();
    let reach = if rides {
        SLIDE_SHOWN
    } else {
        m.vectors
            .iter()
            .map(|&(dx, dy)| (dx as i32).abs().max((dy as i32).abs()) + 1)
            .max()
            .unwrap_or(1)
    };
    let size = (2 * reach + 1).max(5);
    let c = size / 2;
    let inside = |x: i32, y: i32| (0..size).contains(&x) && (0..size).contains(&y);
    // The squares `k` = 1, 2, ... along `(dx, dy)` from `(x, y)`, up to `range` of them (0: to the edge).
    let line = move |(x, y): (i32, i32), (dx, dy): (i8, i8), range: u8| {
        (1..)
            .take_while(move |&k| range == 0 || k <= range as i32)
            .map(move |k| (x + dx as i32 * k, y + dy as i32 * k))
            .take_while(move |&(tx, ty)| inside(tx, ty))
    };
    let mut marks = vec![vec!['.'; size as usize]; size as usize];
    // The first step shown: the most forward one, then the one nearest the centre line.
    let (shown, _) = m
        .vectors
        .iter()
        .enumerate()
        .max_by_key(|(_, v)| (v.1, -(v.0 as i32).abs(), v.0))?;
    for &v in &m.vectors {
        for (x, y) in line((c, c), v, m.range) {
            marks[y as usize][x as usize] = '1';
        }
    }
    let (fx, fy) = m.vectors[shown];
    let k = if m.range == 1 { 1 } else { 2 };
    let (mx, my) = (c + fx as i32 * k, c + fy as i32 * k);
    let mut back = false;
    for &v in &leg.vectors[shown] {
        for (x, y) in line((mx, my), v, leg.range) {
            if (x, y) == (c, c) {
                if held {
                    break;
                }
                back = true;
            } else {
                marks[y as usize][x as usize] = '2';
            }
        }
    }
    marks[my as usize][mx as usize] = '@';
    Some(TwoLegMarks {
        marks,
        centre: (c, c),
        back,
        rides,
        held,
        first: m.modality,
    })
}

/// The caption of [`two_leg_diagram`]: what the marks mean for this component.
pub(crate) fn two_leg_caption(marks: &TwoLegMarks) -> String {
    let (first, second) = if marks.rides {
        ("a first leg", "a second leg")
    } else {
        ("a first step", "a second step")
    };
    let there = match marks.first {
        Modality::Both => "taking a piece there or not",
        Modality::Capture => "taking a piece there",
        Modality::Move => "which must be empty",
    };
    let mut text = format!(
        "In two legs: {first} to a square marked 1, {there}, then {second}; from the square marked @ it goes \
         on to a square marked 2"
    );
    if marks.back {
        text.push_str(
            ", or back to its own square (taking on @ without moving, or, over an empty square, passing)",
        );
    }
    text.push_str(&two_leg_caption_end(marks));
    text
}

/// The end of a two-leg diagram's caption, in the card and on the web page: that the piece's square is held,
/// where moves in two legs hold it, and that each first step has second steps of its own.
pub(crate) fn two_leg_caption_end(marks: &TwoLegMarks) -> String {
    let mut text = String::new();
    if marks.held {
        text.push_str(
            ", never back to the piece's own square nor over it: the piece stands there until its move ends",
        );
    }
    text.push_str(if marks.rides {
        ". Each square of the first leg has its own second leg, turned the same way."
    } else {
        ". Each first step has its own second steps, turned the same way."
    });
    text
}

/// A face's move component in two legs, drawn from one first step (see [`two_leg_marks`]), and its caption.
pub fn two_leg_diagram(
    rules: &Rules,
    face: FaceId,
    component: usize,
    style: &Style,
) -> (String, String) {
    let Some(drawn) = two_leg_marks(rules, face, component) else {
        return (String::new(), String::new());
    };
    let TwoLegMarks {
        marks,
        centre: (cx, cy),
        ..
    } = &drawn;
    let (cx, cy) = (*cx, *cy);
    let size = marks.len() as i32;
    let width = cell_width(rules, face, style);
    let mut out = Vec::new();
    for row in 0..size {
        let y = size - 1 - row;
        let mut line = String::from("   ");
        for x in 0..size {
            line.push_str(&pad_left(
                &cell(rules, face, style, marks, (x, y), (cx, cy)),
                width,
            ));
        }
        out.push(line);
    }
    (out.join("\n"), two_leg_caption(&drawn))
}

/// What a diagram shows on `(x, y)`: the piece on the centre square, its mark elsewhere.
fn cell<M: ToString>(
    rules: &Rules,
    face: FaceId,
    style: &Style,
    marks: &[Vec<M>],
    (x, y): (i32, i32),
    centre: (i32, i32),
) -> String {
    if (x, y) != centre {
        return marks[y as usize][x as usize].to_string();
    }
    match (style.kanji, rules.face(face).kanji) {
        (true, Some(k)) => k.to_string(),
        _ => rules.face_text(face),
    }
}
