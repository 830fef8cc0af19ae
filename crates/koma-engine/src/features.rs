//! The evaluation's terms read from a position: for each player, how many times each weight of the game's
//! [`Layout`] counts, handed to a [`Sink`] that either sums the weights (the search's evaluation) or records the
//! counts (tuning). King danger is apart: its units are summed per king and the penalty grows with their square.

use std::any::Any;
use std::sync::Arc;

use koma_vm::{
    BitSet, Bitboard, FaceId, Narrow, Player, Position, Rules, SetReader, SetType, SetView, Square,
    Wide,
};

use crate::weights::{Layout, Term, relative_squares};

/// Where the terms of a position go.
pub trait Sink {
    /// `player`'s term at `index` counts `count` times.
    fn term(&mut self, player: Player, index: usize, count: i32);
    /// The term at `index` adds `count` times its weight to the danger of `player`'s king.
    fn danger(&mut self, player: Player, index: usize, count: i32);
    /// Whether the terms read from attacks (mobility, threats, attacks on the king's neighbours) are wanted:
    /// a sink whose weights for all of them are nothing skips computing every piece's attacks.
    fn attacks(&self) -> bool {
        true
    }
}

/// What reading the terms of a game's positions needs, computed once from the rules.
#[derive(Debug, Clone)]
pub struct Terms {
    layout: Layout,
    /// By player, each square as its owner sees it.
    relative: [Vec<Square>; 2],
    /// By face, its group: the faces ranked by value, cheapest first, faces of equal value together.
    group: Vec<u8>,
    /// By face, whether it is royal.
    royal: Vec<bool>,
    /// The royal faces.
    royal_faces: Vec<FaceId>,
    /// The tiles (faces that can be in hand).
    tiles: Vec<FaceId>,
    /// The [`TermSets`] in the set type of the game's positions.
    sets: Arc<dyn Any + Send + Sync>,
    king_safety: bool,
}

/// The sets the terms read, in the set type `B` of the game's positions.
struct TermSets<B> {
    /// By player, by tile (in the order of [`Terms::tiles`]), where the player may drop it on an empty board.
    drop_squares: [Vec<B>; 2],
    /// By square, the squares one and up to two steps away.
    near1: Vec<B>,
    near2: Vec<B>,
}

impl<B: BitSet> TermSets<B> {
    fn new(rules: &Rules) -> TermSets<B> {
        let squares: Vec<Square> = rules.board().collect();
        let mut near1 = vec![B::EMPTY; rules.squares()];
        let mut near2 = vec![B::EMPTY; rules.squares()];
        for &a in &squares {
            let (ax, ay) = rules.coords(a);
            for &b in &squares {
                let (bx, by) = rules.coords(b);
                let d = ax.abs_diff(bx).max(ay.abs_diff(by));
                if d == 1 {
                    near1[a.index()].insert(b);
                }
                if (1..=2).contains(&d) {
                    near2[a.index()].insert(b);
                }
            }
        }
        let in_b = |set: Bitboard| set.fold(B::EMPTY, |b, sq| b | B::from_square(sq));
        TermSets {
            drop_squares: [Player::First, Player::Second].map(|p| {
                rules
                    .tiles
                    .iter()
                    .map(|&t| in_b(rules.drop_squares(p, t)))
                    .collect()
            }),
            near1,
            near2,
        }
    }
}

impl Terms {
    /// The terms of a game whose faces are worth `value` (by face) on the board.
    pub fn new(rules: &Rules, value: &[i32]) -> Terms {
        let faces: Vec<FaceId> = FaceId::all(rules.faces.len()).collect();
        let royal: Vec<bool> = faces.iter().map(|&f| rules.face(f).royal).collect();
        let worth = |f: FaceId| {
            if royal[f.index()] {
                i32::MAX
            } else {
                value[f.index()]
            }
        };
        let mut worths: Vec<i32> = faces.iter().map(|&f| worth(f)).collect();
        worths.sort_unstable();
        worths.dedup();
        // Ranks past 254 share the last one: `u8::MAX` stands for "no attacker".
        let group: Vec<u8> = faces
            .iter()
            .map(|&f| worths.partition_point(|&w| w < worth(f)).min(254) as u8)
            .collect();
        Terms {
            layout: Layout::new(rules),
            relative: [
                relative_squares(rules, Player::First),
                relative_squares(rules, Player::Second),
            ],
            group,
            royal_faces: faces.iter().copied().filter(|f| royal[f.index()]).collect(),
            royal,
            tiles: rules.tiles.clone(),
            sets: match rules.set_type() {
                SetType::Narrow => Arc::new(TermSets::<Narrow>::new(rules)),
                SetType::Wide => Arc::new(TermSets::<Wide>::new(rules)),
                SetType::Any => Arc::new(TermSets::<Bitboard>::new(rules)),
            },
            king_safety: !rules.royals_capturable,
        }
    }

    /// Hands every term of `pos` to `sink`.
    #[inline(always)]
    pub fn read<S: Sink>(&self, pos: &Position, sink: &mut S) {
        pos.read_sets(Reading { terms: self, sink });
    }

    /// [`Terms::read`] in the set type `B` of the position.
    #[inline(always)]
    fn read_in<B: BitSet, S: Sink>(&self, pos: SetView<'_, B>, sink: &mut S) {
        let sets: &TermSets<B> = self
            .sets
            .downcast_ref()
            .expect("the terms' sets are built in the set type of the game's positions");
        let with_attacks = sink.attacks();
        let l = &self.layout;
        let players = [Player::First, Player::Second];
        let own = players.map(|p| pos.occupied_by(p));
        let royals = players.map(|p| self.royals(&pos, p));
        // A king's neighbourhood, where one player has exactly one king that can be checked.
        let king = players.map(|p| {
            (self.king_safety && royals[p.index()].len() == 1).then(|| royals[p.index()].lowest())
        });
        // By square, the cheapest group of the enemy pieces that attack the piece standing there, as
        // `NO_GROUP - group` (0: no attacker), in a board-sized array of the set type.
        let mut least_attacker = B::EMPTY_MAILBOX;
        // The attacks of each player's pieces.
        let mut all = [B::EMPTY; 2];
        // The attacks of each player's pieces but the royal ones.
        let mut guards = [B::EMPTY; 2];
        pos.for_each_piece(with_attacks, |sq, piece, attacks| {
            let (player, face) = (piece.owner, piece.face);
            let p = player.index();
            sink.term(
                player,
                l.index(Term::Square(face, self.relative[p][sq.index()])),
                1,
            );
            all[p] |= attacks;
            let group = NO_GROUP - self.group[face.index()] as u16;
            for target in attacks & own[1 - p] {
                let least = &mut least_attacker[target.index()];
                *least = (*least).max(group);
            }
            if with_attacks {
                sink.term(
                    player,
                    l.index(Term::Mobility(face)),
                    (attacks & !own[p]).len() as i32,
                );
            }
            if self.royal[face.index()] {
                return;
            }
            guards[p] |= attacks;
            if let Some(k) = king[1 - p] {
                if sets.near2[k.index()].has(sq) {
                    sink.danger(player.opponent(), l.index(Term::NearKing(face)), 1);
                } else if with_attacks && !(attacks & sets.near1[k.index()]).is_empty() {
                    sink.danger(player.opponent(), l.index(Term::AttacksKing(face)), 1);
                }
            }
        });
        for player in players {
            let p = player.index();
            // Attacked pieces: threatened when a cheaper enemy piece attacks them, hanging when no friend
            // defends them (a king is not hanging: its attack is check).
            let undefended = !royals[p] & !all[p];
            for sq in own[p] & all[1 - p] {
                let Some(piece) = pos.piece_at(sq) else {
                    continue;
                };
                if least_attacker[sq.index()] > NO_GROUP - self.group[piece.face.index()] as u16 {
                    sink.term(player, l.index(Term::Threatened(piece.face)), 1);
                }
                if undefended.has(sq) {
                    sink.term(player, l.index(Term::Hanging(piece.face)), 1);
                }
            }
            // With attacks, a safe square for `player` to drop on: one the enemy does not attack, or one
            // `player` attacks too that no enemy piece but a royal one attacks.
            let safe = with_attacks.then(|| !all[1 - p] | (all[p] & !guards[1 - p]));
            self.read_hand(&pos, sets, sink, player, king[1 - p], safe);
            if let Some(k) = king[p] {
                let defenders = (sets.near1[k.index()] & own[p] & !royals[p]).len() as i32;
                sink.danger(player, l.index(Term::Defender), defenders);
            }
        }
        sink.term(pos.side_to_move(), l.index(Term::Tempo), 1);
    }

    /// The terms of `player`'s hand: each copy of each tile, and the danger it brings to the enemy's king
    /// on `enemy_king` (a drop that would give check from a `safe` square, when the attacks are read).
    #[inline(always)]
    fn read_hand<B: BitSet, S: Sink>(
        &self,
        pos: &SetView<'_, B>,
        sets: &TermSets<B>,
        sink: &mut S,
        player: Player,
        enemy_king: Option<Square>,
        safe: Option<B>,
    ) {
        let l = &self.layout;
        for (t, &tile) in self.tiles.iter().enumerate() {
            let n = pos.hand_count(player, tile) as i32;
            for copy in 0..n.min(crate::weights::HAND_COPIES as i32) {
                let rest = if copy as usize == crate::weights::HAND_COPIES - 1 {
                    n - copy
                } else {
                    1
                };
                sink.term(player, l.index(Term::Hand(tile, copy as usize)), rest);
            }
            if n > 0
                && let Some(k) = enemy_king
            {
                sink.danger(player.opponent(), l.index(Term::HandAttacker(tile)), 1);
                if let Some(safe) = safe {
                    // Where the tile would give check from: what the king's side would attack with it from
                    // the king's square (moves are the same turned half a circle).
                    let checks = pos.attacks_as(player.opponent(), tile, k)
                        & !pos.occupied()
                        & sets.drop_squares[player.index()][t];
                    if !(checks & safe).is_empty() {
                        sink.danger(player.opponent(), l.index(Term::DropCheck(tile)), 1);
                    }
                }
            }
        }
    }

    fn royals<B: BitSet>(&self, pos: &SetView<'_, B>, player: Player) -> B {
        let mut b = B::EMPTY;
        for &face in &self.royal_faces {
            b |= pos.pieces(player, face);
        }
        b
    }
}

/// Above every group: [`Terms::read`] keeps `NO_GROUP - group` of the cheapest attacker, so that 0 (an empty
/// board-sized array) stands for no attacker.
const NO_GROUP: u16 = 255;

/// A reading of the terms, handed to [`Position::read_sets`].
struct Reading<'a, S> {
    terms: &'a Terms,
    sink: &'a mut S,
}

impl<S: Sink> SetReader for Reading<'_, S> {
    type Output = ();

    #[inline(always)]
    fn read<B: BitSet>(self, view: SetView<'_, B>) {
        self.terms.read_in(view, self.sink)
    }
}
