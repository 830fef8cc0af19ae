//! A piece's moves drawn on an empty board from a central square, from its owner's side (forward is up).

use koma_vm::spec::{Hop, Modality};
use koma_vm::{FaceId, Rules};

use crate::paint::{Style, pad_left};

/// What the marks of [`piece_diagram`] mean.
pub const LEGEND: &str = "o leap   * slide   m move only   x capture only   n lame leap (blocked by a piece on the way)   ~ hops over one piece";

/// The board a diagram is drawn on: the game's, or a larger one (at least 5x5, and wide enough for the
/// longest leap) so that every move shows. `true` when it is the game's own board.
pub(crate) fn diagram_size(rules: &Rules, face: FaceId) -> (i32, i32, bool) {
    let reach = rules
        .face(face)
        .moves
        .iter()
        .filter(|m| m.range == 1)
        .flat_map(|m| &m.vectors)
        .map(|&(dx, dy)| (dx as i32).abs().max((dy as i32).abs()))
        .max()
        .unwrap_or(1);
    let need = (2 * reach + 1).clamp(5, 15);
    let (w, h) = (
        (rules.files as i32).max(need),
        (rules.ranks as i32).max(need),
    );
    (w, h, (w, h) == (rules.files as i32, rules.ranks as i32))
}

/// The marks of `face`'s moves from the centre of an empty board, by `[y][x]`, and the centre square.
pub(crate) fn marks(rules: &Rules, face: FaceId) -> (Vec<Vec<char>>, (i32, i32)) {
    let (w, h, _) = diagram_size(rules, face);
    let (cx, cy) = ((w - 1) / 2, h / 2);
    let mut marks = vec![vec!['.'; w as usize]; h as usize];
    for m in &rules.face(face).moves {
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
                let mark = match (m.hop, m.modality, m.range == 1) {
                    (Hop::Cannon | Hop::Grasshopper, _, _) => '~',
                    (_, Modality::Move, _) => 'm',
                    (_, Modality::Capture, _) => 'x',
                    _ if m.lame => 'n',
                    (_, Modality::Both, true) => 'o',
                    (_, Modality::Both, false) => '*',
                };
                let cell = &mut marks[y as usize][x as usize];
                if *cell == '.' || rank(mark) > rank(*cell) {
                    *cell = mark;
                }
                k += 1;
            }
        }
    }
    (marks, (cx, cy))
}

/// The squares `face` reaches from the centre of an empty board, for the first player. The board is the
/// game's, with its coordinates, unless the game's is too small to show every move.
pub fn piece_diagram(rules: &Rules, face: FaceId, style: &Style) -> String {
    let (marks, (cx, cy)) = marks(rules, face);
    let (w, h, own) = diagram_size(rules, face);
    let mut out = Vec::new();
    if own {
        let mut line = String::from("   ");
        for f in (1..=rules.files).rev() {
            line.push_str(&pad_left(&f.to_string(), 3));
        }
        out.push(line);
    }
    for row in 0..h {
        let y = h - 1 - row;
        let rank_letter = if own { (b'a' + row as u8) as char } else { ' ' };
        let mut line = format!(" {rank_letter} ");
        for x in 0..w {
            let text = if (x, y) == (cx, cy) {
                match (style.kanji, rules.face(face).kanji) {
                    (true, Some(k)) => k.to_string(),
                    _ => rules.face_text(face),
                }
            } else {
                marks[y as usize][x as usize].to_string()
            };
            line.push_str(&pad_left(&text, 3));
        }
        out.push(line);
    }
    out.join("\n")
}

/// Which mark wins where two components reach one square: the less restricted move.
fn rank(mark: char) -> u8 {
    match mark {
        'o' | '*' => 3,
        'm' | 'x' | 'n' => 2,
        _ => 1,
    }
}
