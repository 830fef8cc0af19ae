//! Piece values derived from the rules, with no table written per game.
//!
//! A face's *mobility* is the number of squares its moves reach on this game's empty board, averaged over the
//! squares it may stand on, each square weighed by how far it is (`1 / (1 + (k - 1) / 4)` for the `k`th step
//! along a line), and each move component by what it can do: moving and capturing 1, only moving or only
//! capturing 1/2, hopping 1/2, a lame leap 4/5. Its value is `100 × mobility^0.85` centipawns, so a piece that
//! steps one square forward is worth about a pawn. A face that promotes adds a quarter of what the promotion
//! would add. A tile in hand is worth its starting face's value and up to a tenth more, in proportion to the share
//! of the board it may be dropped on, when captures go to hand. Royal faces are not counted: losing them ends the game.

use crate::face::FaceId;
use crate::player::Player;
use crate::rules::Rules;
use crate::spec::{Captures, Hop, Modality};

/// The value of every face on the board and in hand, in centipawns.
#[derive(Debug, Clone, PartialEq)]
pub struct Values {
    /// Value on the board, by face.
    pub board: Vec<i32>,
    /// Value in hand, by face (meaningful for tiles' starting faces).
    pub hand: Vec<i32>,
    /// Average weighted mobility, by face, as used for the value.
    pub mobility: Vec<f64>,
    /// Whether the game gives the face's value (`value NAME N`) rather than the value being derived.
    pub declared: Vec<bool>,
}

impl Values {
    /// The values of a game's faces, computed from its rules.
    pub fn automatic(rules: &Rules) -> Values {
        let n = rules.faces.len();
        let mobility: Vec<f64> = FaceId::all(n).map(|f| mobility(rules, f)).collect();
        let own: Vec<f64> = mobility.iter().map(|m| 100.0 * m.powf(0.85)).collect();
        let board: Vec<i32> = FaceId::all(n)
            .map(|f| {
                let face = rules.face(f);
                if face.royal {
                    return 0;
                }
                if let Some(v) = face.value {
                    return v as i32;
                }
                let gain = face
                    .promotes_to
                    .map_or(0.0, |p| (own[p.index()] - own[f.index()]).max(0.0) / 4.0);
                (own[f.index()] + gain).round() as i32
            })
            .collect();
        let squares = rules.squares().max(1) as f64;
        let hand = FaceId::all(n)
            .map(|f| {
                let base = board[f.index()] as f64;
                if rules.captures != Captures::GoToHand || !rules.droppable(f) {
                    return base.round() as i32;
                }
                let share = rules.drop_squares(Player::First, f).count() as f64 / squares;
                (base * (1.0 + share / 10.0)).round() as i32
            })
            .collect();
        Values {
            board,
            hand,
            mobility,
            declared: rules.faces.iter().map(|f| f.value.is_some()).collect(),
        }
    }
}

/// The weighted mobility of `face` for the first player, averaged over the squares it may stand on.
fn mobility(rules: &Rules, face: FaceId) -> f64 {
    let mut total = 0.0;
    let mut squares = 0;
    // A walk's squares, worked out once for every square (a hook move's run to thousands).
    let walks: Vec<_> = rules
        .face(face)
        .moves
        .iter()
        .map(|m| m.walk_squares().map(|(squares, _)| squares))
        .collect();
    for sq in rules.board() {
        if !rules.can_stand(Player::First, face, sq) {
            continue;
        }
        squares += 1;
        total += square_mobility(rules, face, sq, &walks);
    }
    if squares == 0 {
        0.0
    } else {
        total / squares as f64
    }
}

/// The weighted mobility of the first player's `face` standing on `sq` of the empty board: each square its
/// moves reach, weighed by what the move can do and how far along its line the square is. `walks` holds, by
/// move, the squares of a walk ([`MoveSpec::walk_squares`](crate::move_spec::MoveSpec::walk_squares)).
fn square_mobility(
    rules: &Rules,
    face: FaceId,
    sq: crate::square::Square,
    walks: &[Option<Vec<(i8, i8)>>],
) -> f64 {
    let f = rules.face(face);
    let (w, h) = (rules.files as i32, rules.ranks as i32);
    let (x, y) = rules.coords(sq);
    let (x, y) = (x as i32, y as i32);
    let mut total = 0.0;
    for (m, walk) in f.moves.iter().zip(walks) {
        // A walk: each square it may end on, as a step that a piece on the way can block.
        if let Some(squares) = walk {
            let last = m
                .second_leg
                .as_ref()
                .map_or(m.modality, |l| l.last_modality());
            let what = if last == Modality::Both { 1.0 } else { 0.5 };
            for &(dx, dy) in squares {
                let (tx, ty) = (x + dx as i32, y + dy as i32);
                let far = (dx as i32).abs().max((dy as i32).abs());
                if (0..w).contains(&tx) && (0..h).contains(&ty) {
                    total += what * 0.8 / (1.0 + (far - 1) as f64 / 4.0);
                }
            }
            continue;
        }
        let what = match m.modality {
            Modality::Both => 1.0,
            Modality::Move | Modality::Capture => 0.5,
        };
        let how = match (m.hop, m.lame) {
            (Hop::Cannon | Hop::Grasshopper, _) => 0.5,
            (Hop::None, true) => 0.8,
            (Hop::None | Hop::Skip, false) => 1.0,
            (Hop::Skip, true) => 0.8,
            (Hop::Over | Hop::Sweep, _) => 1.0,
        };
        // (A rider that passes over its first square starts on the second.)
        let first = if m.hop == Hop::Skip { 2 } else { 1 };
        for &(dx, dy) in &m.vectors {
            let mut k = first;
            loop {
                let (tx, ty) = (x + dx as i32 * k, y + dy as i32 * k);
                if !(0..w).contains(&tx)
                    || !(0..h).contains(&ty)
                    || (m.range != 0 && k > m.range as i32)
                {
                    break;
                }
                total += what * how / (1.0 + (k - 1) as f64 / 4.0);
                k += 1;
            }
        }
    }
    total
}
