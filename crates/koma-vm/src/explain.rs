//! Why a move is not legal, as data: the generator's rules, one reason each.

use std::fmt;
use std::ops::Range;

use crate::position::{Move, Position};
use crate::rules::{PieceId, Rules};

/// The rule a candidate move breaks. [`Position::why_illegal`] gives the first that applies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// There is no piece on the origin square.
    NoPiece(String),
    /// The piece on the origin square belongs to the opponent.
    NotYourPiece(String),
    /// The piece does not move that way, or its path is blocked.
    CannotReach {
        /// Name of the piece.
        piece: String,
        /// Target square.
        to: String,
    },
    /// The target holds one of the mover's own pieces.
    OwnPieceOnTarget(String),
    /// A promotion was asked for, but the piece has no promoted face or the move does not touch the zone.
    CannotPromote(String),
    /// The piece would stand where it could never move again, so it must promote.
    MustPromote {
        /// Name of the piece.
        piece: String,
        /// Where the rule was written.
        origin: Option<Range<usize>>,
    },
    /// The move leaves the mover's king attacked.
    LeavesKingAttacked,
    /// The piece is not in hand.
    NotInHand(String),
    /// The piece may not be dropped with this face up.
    DropFace {
        /// The face asked for.
        piece: String,
        /// The piece in hand.
        tile: String,
    },
    /// The piece may not be dropped on that rank.
    DropOutsideZone {
        /// Name of the piece.
        piece: String,
        /// The square.
        square: String,
    },
    /// The game has already ended.
    GameOver,
    /// Drops go to empty squares.
    DropOnOccupied(String),
    /// The dropped piece could never move from that square.
    DropOnDeadSquare {
        /// Name of the piece.
        piece: String,
        /// Where the rule was written.
        origin: Option<Range<usize>>,
    },
    /// The file already holds an own piece that bars the drop (nifu).
    DropOnBlockedFile {
        /// Name of the dropped piece.
        piece: String,
        /// Name of the piece already on the file.
        blocker: String,
        /// Where the rule was written.
        origin: Option<Range<usize>>,
    },
    /// The drop would checkmate at once (uchifuzume).
    DropMates {
        /// Name of the piece.
        piece: String,
        /// Where the rule was written.
        origin: Option<Range<usize>>,
    },
    /// None of the above; the move is not in the legal list.
    Other,
}

impl IllegalReason {
    /// The `.game` source span of the rule, when the reason comes from one.
    pub fn origin(&self) -> Option<Range<usize>> {
        match self {
            IllegalReason::MustPromote { origin, .. }
            | IllegalReason::DropOnDeadSquare { origin, .. }
            | IllegalReason::DropOnBlockedFile { origin, .. }
            | IllegalReason::DropMates { origin, .. } => origin.clone(),
            _ => None,
        }
    }
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NoPiece(sq) => write!(f, "there is no piece on {sq}"),
            IllegalReason::NotYourPiece(sq) => {
                write!(f, "the piece on {sq} belongs to the opponent")
            }
            IllegalReason::CannotReach { piece, to } => {
                write!(f, "the {piece} cannot reach {to} from there")
            }
            IllegalReason::OwnPieceOnTarget(sq) => write!(f, "{sq} holds one of your own pieces"),
            IllegalReason::CannotPromote(piece) => {
                write!(f, "the {piece} cannot promote on this move")
            }
            IllegalReason::MustPromote { piece, .. } => {
                write!(
                    f,
                    "the {piece} could never move again from there, so it must promote"
                )
            }
            IllegalReason::LeavesKingAttacked => write!(f, "it leaves your king in check"),
            IllegalReason::NotInHand(piece) => write!(f, "you have no {piece} in hand"),
            IllegalReason::DropOnOccupied(sq) => write!(f, "{sq} is not empty"),
            IllegalReason::DropFace { piece, tile } => {
                write!(f, "a {tile} in hand cannot be dropped as a {piece}")
            }
            IllegalReason::DropOutsideZone { piece, square } => {
                write!(f, "a {piece} may not be dropped on {square}")
            }
            IllegalReason::GameOver => write!(f, "the game is already over"),
            IllegalReason::DropOnDeadSquare { piece, .. } => {
                write!(f, "a {piece} dropped there could never move")
            }
            IllegalReason::DropOnBlockedFile { piece, blocker, .. } => {
                write!(
                    f,
                    "a {piece} may not be dropped on a file holding your own {blocker}"
                )
            }
            IllegalReason::DropMates { piece, .. } => {
                write!(f, "a {piece} drop may not give checkmate")
            }
            IllegalReason::Other => write!(f, "it is not a legal move"),
        }
    }
}

impl Position {
    /// The reason `mv` is not legal here, or `None` if it is legal.
    pub fn why_illegal(&self, mv: Move) -> Option<IllegalReason> {
        if self.legal_moves().contains(&mv) {
            return None;
        }
        let r: &Rules = &self.rules;
        let name = |id: PieceId| r.pieces[id as usize].name.clone();
        let us = self.side;
        let to = mv.to();
        if self.immediate_end().is_some() {
            return Some(IllegalReason::GameOver);
        }
        Some(match mv.from() {
            Some(from) => {
                let Some(p) = self.piece_at(from) else {
                    return Some(IllegalReason::NoPiece(r.square_name(from)));
                };
                if p.side != us {
                    return Some(IllegalReason::NotYourPiece(r.square_name(from)));
                }
                if self.occupied_by(us).has(to) {
                    return Some(IllegalReason::OwnPieceOnTarget(r.square_name(to)));
                }
                if !self.targets_from(us, p.id, from).has(to) {
                    return Some(IllegalReason::CannotReach {
                        piece: name(p.id),
                        to: r.square_name(to),
                    });
                }
                let piece = &r.pieces[p.id as usize];
                let zone = r.promotion_zone(us);
                if mv.is_promotion()
                    && (piece.promotes_to.is_none() || !(zone.has(from) || zone.has(to)))
                {
                    return Some(IllegalReason::CannotPromote(name(p.id)));
                }
                if !mv.is_promotion() && r.forced[r.sp(us, p.id)].has(to) {
                    return Some(IllegalReason::MustPromote {
                        piece: name(p.id),
                        origin: r.origins.stranded.clone(),
                    });
                }
                if !self.keeps_royals_safe(mv) {
                    return Some(IllegalReason::LeavesKingAttacked);
                }
                IllegalReason::Other
            }
            None => {
                let id = mv.piece();
                let piece = &r.pieces[id as usize];
                let tile = piece.demoted;
                if self.hand_count(us, tile) == 0 {
                    return Some(IllegalReason::NotInHand(name(tile)));
                }
                if tile != id
                    && !(r.drop_either_face && r.pieces[tile as usize].flips_to == Some(id))
                {
                    return Some(IllegalReason::DropFace {
                        piece: name(id),
                        tile: name(tile),
                    });
                }
                if self.occupied().has(to) {
                    return Some(IllegalReason::DropOnOccupied(r.square_name(to)));
                }
                let dead = r.origins.dead_drops.is_some() && r.dead_squares(us, id).has(to);
                if !dead && !r.drop_mask[r.sp(us, id)].has(to) {
                    return Some(IllegalReason::DropOutsideZone {
                        piece: name(id),
                        square: r.square_name(to),
                    });
                }
                if dead {
                    return Some(IllegalReason::DropOnDeadSquare {
                        piece: name(id),
                        origin: r.origins.dead_drops.clone(),
                    });
                }
                if let Some(b) = piece.drop_file_blocker {
                    let file = r.file_masks[(to % r.files) as usize];
                    if !(self.pieces(us, b) & file).is_empty() {
                        return Some(IllegalReason::DropOnBlockedFile {
                            piece: name(id),
                            blocker: name(b),
                            origin: r.drop_rule_origin(id, DropRuleKind::File),
                        });
                    }
                }
                if !self.keeps_royals_safe(mv) {
                    return Some(IllegalReason::LeavesKingAttacked);
                }
                if piece.drop_not_mate && self.drop_mates(mv) {
                    return Some(IllegalReason::DropMates {
                        piece: name(id),
                        origin: r.drop_rule_origin(id, DropRuleKind::Mate),
                    });
                }
                IllegalReason::Other
            }
        })
    }
}

#[derive(Clone, Copy)]
pub(crate) enum DropRuleKind {
    File,
    Mate,
}
