//! What can happen under the rules, on an empty board: which faces can appear, which can be held in hand or
//! dropped, and which squares each face can stand on (seen from the first player; the second player's start
//! pieces are turned around into the first player's view).

use std::collections::BTreeSet;
use std::sync::Arc;

use koma_vm::spec::Captures;
use koma_vm::{Bitboard, FaceId, Player, Position, Rules, Square};

/// Which faces can ever appear, be held, be dropped.
pub(crate) struct Reach {
    /// Can stand on the board.
    pub appears: Vec<bool>,
    /// Can be held in hand (as a tile's starting face).
    pub in_hand: Vec<bool>,
    /// Can be dropped showing this face.
    pub droppable: Vec<bool>,
}

/// The faces the start position and the rules can bring into play.
pub(crate) fn faces(rules: &Arc<Rules>) -> Reach {
    let n = rules.faces.len();
    let mut r = Reach {
        appears: vec![false; n],
        in_hand: vec![false; n],
        droppable: vec![false; n],
    };
    let start = Position::start(rules);
    for sq in start.occupied() {
        r.appears[start.piece_at(sq).expect("occupied").face.index()] = true;
    }
    for player in Player::BOTH {
        for &t in &rules.tiles {
            if start.hand_count(player, t) > 0 {
                r.in_hand[t.index()] = true;
            }
        }
    }
    loop {
        let before = (r.appears.clone(), r.in_hand.clone(), r.droppable.clone());
        for f in FaceId::all(n) {
            let face = rules.face(f);
            if r.appears[f.index()] {
                for other in face.promotes_to.into_iter().chain(face.flips_to) {
                    r.appears[other.index()] = true;
                }
                if rules.captures == Captures::GoToHand && rules.tiles.contains(&face.tile) {
                    r.in_hand[face.tile.index()] = true;
                }
            }
            if r.in_hand[f.index()] {
                let either = face.flips_to.filter(|_| rules.drop_either_face);
                for d in std::iter::once(f).chain(either) {
                    if !rules.drop_squares(Player::First, d).is_empty() {
                        r.droppable[d.index()] = true;
                        r.appears[d.index()] = true;
                    }
                }
            }
        }
        if (r.appears.clone(), r.in_hand.clone(), r.droppable.clone()) == before {
            return r;
        }
    }
}

/// Squares `face` of the first player reaches from `from` in one move on an empty board (hoppers as riders).
pub(crate) fn targets(rules: &Rules, face: FaceId, from: Square) -> Vec<Square> {
    let (x0, y0) = rules.coords(from);
    let mut out = Vec::new();
    for m in &rules.face(face).moves {
        for &(dx, dy) in &m.vectors {
            let mut k = 1i32;
            loop {
                let (x, y) = (x0 as i32 + dx as i32 * k, y0 as i32 + dy as i32 * k);
                let on =
                    (0..rules.files as i32).contains(&x) && (0..rules.ranks as i32).contains(&y);
                if !on || (m.range != 0 && k > m.range as i32) {
                    break;
                }
                out.push(rules.square(x as u8, y as u8).expect("on the board"));
                k += 1;
            }
        }
    }
    out
}

/// The squares `face` of the first player can stand on: where it starts, where it is dropped, and where it
/// moves from there. A promoted or flipped face may arise anywhere.
pub(crate) fn squares(rules: &Arc<Rules>, reach: &Reach, face: FaceId) -> Bitboard {
    let f = rules.face(face);
    let arises_anywhere = f.tile != face;
    let mut seeds: BTreeSet<Square> = BTreeSet::new();
    if arises_anywhere {
        seeds.extend(rules.board());
    }
    if reach.droppable[face.index()] {
        seeds.extend(rules.drop_squares(Player::First, face));
    }
    let start = Position::start(rules);
    seeds.extend(start.pieces(Player::First, face));
    for sq in start.pieces(Player::Second, face) {
        let (x, y) = rules.coords(sq);
        seeds.extend(rules.square(rules.files - 1 - x, rules.ranks - 1 - y));
    }
    let mut seen = Bitboard::EMPTY;
    let mut todo: Vec<Square> = seeds.into_iter().collect();
    while let Some(sq) = todo.pop() {
        if seen.has(sq) {
            continue;
        }
        seen.insert(sq);
        todo.extend(
            targets(rules, face, sq)
                .into_iter()
                .filter(|t| !seen.has(*t)),
        );
    }
    seen
}
