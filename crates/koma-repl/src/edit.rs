//! Editing the position: `put`, `remove`, `hand`, `turn`, `clear`. An edit makes a new start position (the
//! history is cleared); a position the rules refuse changes nothing.

use koma_vm::{FaceId, Player, Position, Rules, Square};

use crate::command::shorten;
use crate::session::Session;

/// Board, hands and side to move, as plain data to edit.
struct Grid {
    cells: Vec<Option<(Player, FaceId)>>,
    hands: Vec<[u8; 2]>,
    side: Player,
}

impl Grid {
    fn of(pos: &Position) -> Grid {
        let r = pos.rules();
        Grid {
            cells: (0..r.squares() as u16)
                .map(|i| pos.piece_at(Square::new(i)).map(|p| (p.owner, p.face)))
                .collect(),
            hands: FaceId::all(r.faces.len())
                .map(|f| {
                    [
                        pos.hand_count(Player::First, f),
                        pos.hand_count(Player::Second, f),
                    ]
                })
                .collect(),
            side: pos.side_to_move(),
        }
    }

    fn sfen(&self, r: &Rules) -> String {
        let mut rows = Vec::new();
        for y in (0..r.ranks).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for x in 0..r.files {
                let sq = r.square(x, y).expect("on the board");
                match self.cells[sq.index()] {
                    None => empty += 1,
                    Some((owner, face)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.extend(r.face_text(face).chars().map(|c| owner.letter_case(c)));
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let mut hand = String::new();
        for player in Player::BOTH {
            for &t in &r.tiles {
                match self.hands[t.index()][player.index()] {
                    0 => {}
                    1 => hand.push_str(&r.face(t).letter.text(player)),
                    n => hand.push_str(&format!("{n}{}", r.face(t).letter.text(player))),
                }
            }
        }
        let side = if self.side == Player::First { "b" } else { "w" };
        let hand = if hand.is_empty() {
            "-".to_string()
        } else {
            hand
        };
        format!("{} {side} {hand} 1", rows.join("/"))
    }
}

/// Applies an edit to the current position and makes the result the new start, if the rules accept it.
fn edit(
    s: &mut Session,
    change: impl FnOnce(&mut Grid, &Rules) -> Result<String, String>,
) -> Result<String, String> {
    let rules = s.rules().clone();
    let mut grid = Grid::of(s.position());
    let what = change(&mut grid, &rules)?;
    let sfen = grid.sfen(&rules);
    Position::from_sfen(&rules, &sfen)
        .map_err(|e| format!("refused: {e}; the position is unchanged"))?;
    let view = s.set_position(Some(sfen), Vec::new())?;
    Ok(format!("{what}; the history starts here\n\n{view}"))
}

/// A square by USI name.
pub(crate) fn square(r: &Rules, text: &str) -> Result<Square, String> {
    match r.parse_square(text) {
        Some((sq, used)) if used == text.len() => Ok(sq),
        _ => Err(format!(
            "`{}` is not a square of this board (files 1-{}, ranks a-{})",
            shorten(text),
            r.files,
            koma_vm::rank_letters(r.ranks - 1)
        )),
    }
}

/// A piece by SFEN text: `P` is the first player's, `p` the second's, `+P` promoted.
fn piece(r: &Rules, text: &str) -> Result<(Player, FaceId), String> {
    let face = r.face_by_text(text).map(|(face, owner)| (owner, face));
    face.ok_or_else(|| {
        let letters: Vec<String> = FaceId::all(r.faces.len()).map(|f| r.face_text(f)).collect();
        format!(
            "`{}` is not a piece letter of this game ({}; lowercase for the second player)",
            shorten(text),
            letters.join(" ")
        )
    })
}

pub(crate) fn put(s: &mut Session, text: &str, sq: &str) -> Result<String, String> {
    edit(s, |g, r| {
        let (owner, face) = piece(r, text)?;
        let at = square(r, sq)?;
        g.cells[at.index()] = Some((owner, face));
        Ok(format!(
            "put {} on {}",
            r.face(face).name,
            r.square_name(at)
        ))
    })
}

pub(crate) fn remove(s: &mut Session, sq: &str) -> Result<String, String> {
    edit(s, |g, r| {
        let at = square(r, sq)?;
        match g.cells[at.index()].take() {
            Some((_, face)) => Ok(format!(
                "removed the {} from {}",
                r.face(face).name,
                r.square_name(at)
            )),
            None => Err(format!("{} is already empty", r.square_name(at))),
        }
    })
}

pub(crate) fn hand(s: &mut Session, add: bool, text: &str) -> Result<String, String> {
    edit(s, |g, r| {
        let (owner, face) = piece(r, text)?;
        if !r.tiles.contains(&face) {
            let tiles: Vec<String> = r.tiles.iter().map(|&t| r.face_text(t)).collect();
            return Err(format!(
                "a {} is never held in hand; hands hold {}",
                r.face(face).name,
                tiles.join(" ")
            ));
        }
        let count = &mut g.hands[face.index()][owner.index()];
        if add {
            *count = count.saturating_add(1);
        } else if *count == 0 {
            return Err(format!(
                "the {} holds no {} in hand",
                owner.words(),
                r.face(face).name
            ));
        } else {
            *count -= 1;
        }
        let verb = if add { "added a" } else { "took a" };
        let prep = if add { "to" } else { "from" };
        Ok(format!(
            "{verb} {} {prep} the {}'s hand",
            r.face(face).name,
            owner.words()
        ))
    })
}

pub(crate) fn turn(s: &mut Session) -> Result<String, String> {
    edit(s, |g, _| {
        g.side = g.side.opponent();
        Ok(format!("the {} is to move", g.side.words()))
    })
}

pub(crate) fn clear(s: &mut Session) -> Result<String, String> {
    edit(s, |g, _| {
        g.cells.iter_mut().for_each(|c| *c = None);
        g.hands.iter_mut().for_each(|h| *h = [0, 0]);
        Ok("cleared the board and both hands".to_string())
    })
}
