//! Why a move is not legal, as data: the generator's rules, one reason each.

use std::fmt;

use crate::face::FaceId;
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::span::Span;

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
        origin: Option<Span>,
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
        origin: Option<Span>,
    },
    /// The file already holds an own piece that bars the drop (nifu).
    DropOnBlockedFile {
        /// Name of the dropped piece.
        piece: String,
        /// Name of the piece already on the file.
        blocker: String,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// The drop would checkmate at once (uchifuzume).
    DropMates {
        /// Name of the piece.
        piece: String,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// None of the above; the move is not in the legal list.
    Other,
}

impl IllegalReason {
    /// The `.game` source span of the rule, when the reason comes from one.
    pub fn origin(&self) -> Option<Span> {
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
        if self.immediate_end().is_some() {
            return Some(IllegalReason::GameOver);
        }
        Some(match mv.from() {
            Some(_) => self.why_board_move_illegal(mv),
            None => self.why_drop_illegal(mv),
        })
    }

    fn why_board_move_illegal(&self, mv: Move) -> IllegalReason {
        let r: &Rules = &self.rules;
        let name = |id: FaceId| r.face(id).name.clone();
        let (us, to) = (self.side, mv.to());
        let from = mv.from().expect("a board move");
        let Some(p) = self.piece_at(from) else {
            return IllegalReason::NoPiece(r.square_name(from));
        };
        if p.owner != us {
            return IllegalReason::NotYourPiece(r.square_name(from));
        }
        if self.occupied_by(us).has(to) {
            return IllegalReason::OwnPieceOnTarget(r.square_name(to));
        }
        if !self.targets_from(us, p.face, from).has(to) {
            return IllegalReason::CannotReach {
                piece: name(p.face),
                to: r.square_name(to),
            };
        }
        let zone = r.promotion_zone(us);
        let touches_zone = zone.has(from) || zone.has(to);
        if mv.is_promotion() && (r.face(p.face).promotes_to.is_none() || !touches_zone) {
            return IllegalReason::CannotPromote(name(p.face));
        }
        if !mv.is_promotion() && r.forced_promotion_squares(us, p.face).has(to) {
            return IllegalReason::MustPromote {
                piece: name(p.face),
                origin: r.origins.stranded.clone(),
            };
        }
        if !self.keeps_royals_safe(mv) {
            return IllegalReason::LeavesKingAttacked;
        }
        IllegalReason::Other
    }

    fn why_drop_illegal(&self, mv: Move) -> IllegalReason {
        let r: &Rules = &self.rules;
        let name = |id: FaceId| r.face(id).name.clone();
        let (us, to, face) = (self.side, mv.to(), mv.face_after());
        let f = r.face(face);
        if self.hand_count(us, f.tile) == 0 {
            return IllegalReason::NotInHand(name(f.tile));
        }
        if f.tile != face && !(r.drop_either_face && r.face(f.tile).flips_to == Some(face)) {
            return IllegalReason::DropFace {
                piece: name(face),
                tile: name(f.tile),
            };
        }
        if self.occupied().has(to) {
            return IllegalReason::DropOnOccupied(r.square_name(to));
        }
        let dead = r.origins.dead_drops.is_some() && r.dead_squares(us, face).has(to);
        if dead {
            return IllegalReason::DropOnDeadSquare {
                piece: name(face),
                origin: r.origins.dead_drops.clone(),
            };
        }
        if !r.drop_squares(us, face).has(to) {
            return IllegalReason::DropOutsideZone {
                piece: name(face),
                square: r.square_name(to),
            };
        }
        if let Some((blocker, origin)) = &f.drop_file_rule
            && !(self.pieces(us, *blocker) & r.file_of(to)).is_empty()
        {
            return IllegalReason::DropOnBlockedFile {
                piece: name(face),
                blocker: name(*blocker),
                origin: Some(origin.clone()),
            };
        }
        if !self.keeps_royals_safe(mv) {
            return IllegalReason::LeavesKingAttacked;
        }
        if f.drop_mate_rule.is_some() && self.drop_mates(mv) {
            return IllegalReason::DropMates {
                piece: name(face),
                origin: f.drop_mate_rule.clone(),
            };
        }
        IllegalReason::Other
    }
}
