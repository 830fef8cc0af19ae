//! Why a move is not legal, as data: the generator's rules, one reason each.

use std::fmt;

use crate::bitboard::BitSet;
use crate::face::FaceId;
use crate::lions::LionRefusal;
use crate::moves::Move;
use crate::pos::{Pos, decode};
use crate::rules::Rules;
use crate::span::Span;
use crate::spec::Hop;
use crate::square::Square;
use crate::tables::absolute;

/// The rule a candidate move breaks. [`Position::why_illegal`] gives the first that applies.
///
/// Reasons that come from a line of the `.game` file carry its span (`origin`), so tools can quote it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalReason {
    /// There is no piece on the origin square.
    NoPiece(String),
    /// The piece on the origin square belongs to the opponent.
    NotYourPiece(String),
    /// The piece is confined to a region (`confine NAME to ...`) and the target lies outside it.
    OutsideRegion {
        /// Name of the piece.
        piece: String,
        /// Target square.
        to: String,
        /// Where the `confine` statement was written.
        origin: Option<Span>,
    },
    /// The piece does not move that way.
    CannotReach {
        /// Name of the piece.
        piece: String,
        /// Target square.
        to: String,
        /// The piece's declaration.
        origin: Option<Span>,
    },
    /// The piece moves that way, but another piece stands in its path.
    Blocked {
        /// Name of the piece.
        piece: String,
        /// Target square.
        to: String,
        /// The first square of the path that is occupied.
        at: String,
    },
    /// The piece walks there on an empty board (`mKaK`, `mKamKaK`), but every way passes a piece.
    WalkBlocked {
        /// Name of the piece.
        piece: String,
        /// Target square.
        to: String,
    },
    /// The target holds one of the mover's own pieces.
    OwnPieceOnTarget(String),
    /// A promotion was asked for, but the piece has no promoted face or the move does not touch the zone.
    CannotPromote {
        /// Name of the piece.
        piece: String,
        /// The promotion zone's line, or the piece's declaration when it does not promote.
        origin: Option<Span>,
    },
    /// The piece must promote: its promotion is mandatory in the zone, or it would stand where it could never
    /// move again.
    MustPromote {
        /// Name of the piece.
        piece: String,
        /// Whether by `promotion is mandatory` (otherwise by `stranded pieces must promote`).
        mandatory: bool,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// Under `promotion by capture`, the piece captures and so must promote.
    MustPromoteOnCapture {
        /// Name of the piece.
        piece: String,
        /// Where `promotion by capture` was written.
        origin: Option<Span>,
    },
    /// The move leaves a royal piece of the mover attacked.
    LeavesKingAttacked {
        /// Name and square of an enemy piece that would attack it.
        attacker: Option<(String, String)>,
    },
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
        /// Where the drop zone was written.
        origin: Option<Span>,
    },
    /// The game ended the moment the last move was made (a king captured or in its goal zone).
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
        /// How many of them bar the drop (1 is nifu).
        count: u8,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// The drop would checkmate at once (uchifuzume), or under `or stalemate` leave no legal move.
    DropMates {
        /// Name of the piece.
        piece: String,
        /// Whether the drop checks (a mate); else it stalemates.
        checks: bool,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// A capture is compulsory (`captures are compulsory`), and this move does not capture.
    CaptureCompulsory {
        /// A capture that could be made, in USI.
        capture: String,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// A lion may not take a protected lion that is not adjacent (`lion rules`).
    LionProtected {
        /// Name of the moving lion.
        piece: String,
        /// The square of the lion it would take.
        lion: String,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// After a lion was taken by a piece that is not a lion, such a piece may take a lion only on that square
    /// (`lion rules`).
    LionCounterStrike {
        /// Name of the moving piece.
        piece: String,
        /// The square of the lion it would take.
        lion: String,
        /// The counter-strike square, where it may take one.
        at: String,
        /// Where the rule was written.
        origin: Option<Span>,
    },
    /// A range capture would jump, or take by jumping, a piece of the mover's rank or higher
    /// (`range capture`).
    Outranked {
        /// Name of the moving piece.
        piece: String,
        /// The piece that outranks the jump, with its square (`BishopGeneral on 8f`).
        by: String,
        /// Whether that piece stands on the target square (it would be taken) rather than before it.
        on_target: bool,
        /// Whether the mover's list (`range capture { ... }`) names that piece, rather than ranks.
        listed: bool,
        /// Where the ranks were written.
        origin: Option<Span>,
    },
    /// A range capture would end on an empty square beyond a piece it jumped: it jumps only to capture.
    JumpWithoutCapture {
        /// Name of the moving piece.
        piece: String,
        /// Target square.
        to: String,
        /// Where the ranks were written.
        origin: Option<Span>,
    },
    /// A piece that moves anywhere would take a piece that another enemy piece protects (`moves anywhere`).
    Protected {
        /// Name of the moving piece.
        piece: String,
        /// What stops it, in words: `may not take a protected piece, and the Rook on 10b protects the
        /// GoldGeneral on 10e` (or, under `moves anywhere not attacked`, that an enemy piece attacks the square).
        why: String,
        /// Where `moves anywhere` was written.
        origin: Option<Span>,
    },
    /// A royal piece would stop next to an enemy burner and burn (passive burning).
    RoyalBurns {
        /// Name of the royal piece.
        piece: String,
        /// The enemy burner, with its square (`FireDemon on 5m`).
        burner: String,
        /// Where passive burning was written.
        origin: Option<Span>,
    },
    /// None of the above; the move is not in the legal list.
    Other,
}

impl IllegalReason {
    /// A stable kebab-case name for the reason, as scenario files write it (`drop-on-blocked-file`).
    pub fn name(&self) -> &'static str {
        match self {
            IllegalReason::NoPiece(_) => "no-piece",
            IllegalReason::NotYourPiece(_) => "not-your-piece",
            IllegalReason::CannotReach { .. } => "cannot-reach",
            IllegalReason::OutsideRegion { .. } => "outside-region",
            IllegalReason::Blocked { .. } | IllegalReason::WalkBlocked { .. } => "blocked",
            IllegalReason::OwnPieceOnTarget(_) => "own-piece-on-target",
            IllegalReason::CannotPromote { .. } => "cannot-promote",
            IllegalReason::MustPromote { .. } => "must-promote",
            IllegalReason::MustPromoteOnCapture { .. } => "must-promote",
            IllegalReason::LeavesKingAttacked { .. } => "leaves-king-in-check",
            IllegalReason::NotInHand(_) => "not-in-hand",
            IllegalReason::DropFace { .. } => "drop-face",
            IllegalReason::DropOutsideZone { .. } => "drop-outside-zone",
            IllegalReason::GameOver => "game-over",
            IllegalReason::DropOnOccupied(_) => "drop-on-occupied",
            IllegalReason::DropOnDeadSquare { .. } => "drop-on-dead-square",
            IllegalReason::DropOnBlockedFile { .. } => "drop-on-blocked-file",
            IllegalReason::DropMates { .. } => "drop-mates",
            IllegalReason::CaptureCompulsory { .. } => "capture-compulsory",
            IllegalReason::LionProtected { .. } => "lion-protected",
            IllegalReason::LionCounterStrike { .. } => "lion-counter-strike",
            IllegalReason::Outranked { .. } => "outranked",
            IllegalReason::JumpWithoutCapture { .. } => "jump-without-capture",
            IllegalReason::RoyalBurns { .. } => "royal-burns",
            IllegalReason::Protected { .. } => "protected",
            IllegalReason::Other => "other",
        }
    }

    /// The `.game` source span of the rule or declaration that decides it, when there is one.
    pub fn origin(&self) -> Option<Span> {
        match self {
            IllegalReason::CannotReach { origin, .. }
            | IllegalReason::OutsideRegion { origin, .. }
            | IllegalReason::CannotPromote { origin, .. }
            | IllegalReason::MustPromote { origin, .. }
            | IllegalReason::MustPromoteOnCapture { origin, .. }
            | IllegalReason::DropOutsideZone { origin, .. }
            | IllegalReason::DropOnDeadSquare { origin, .. }
            | IllegalReason::DropOnBlockedFile { origin, .. }
            | IllegalReason::DropMates { origin, .. }
            | IllegalReason::CaptureCompulsory { origin, .. }
            | IllegalReason::LionProtected { origin, .. }
            | IllegalReason::LionCounterStrike { origin, .. }
            | IllegalReason::Outranked { origin, .. }
            | IllegalReason::JumpWithoutCapture { origin, .. }
            | IllegalReason::RoyalBurns { origin, .. }
            | IllegalReason::Protected { origin, .. } => origin.clone(),
            _ => None,
        }
    }
}

impl IllegalReason {
    /// The promotion refusals in words.
    fn fmt_promotion(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::CannotPromote { piece, .. } => {
                write!(f, "the {piece} cannot promote on this move")
            }
            IllegalReason::MustPromote {
                piece,
                mandatory: true,
                ..
            } => write!(
                f,
                "the {piece} must promote on a move in the promotion zone"
            ),
            IllegalReason::MustPromote { piece, .. } => {
                write!(
                    f,
                    "the {piece} could never move again from there, so it must promote"
                )
            }
            IllegalReason::MustPromoteOnCapture { piece, .. } => {
                write!(
                    f,
                    "the {piece} captures, so it must promote (write the move with `+`)"
                )
            }
            _ => Ok(()),
        }
    }

    /// The words of a drop rule's refusal: the file limit (nifu) or the ban on mating drops.
    fn fmt_drop_rule(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::DropOnBlockedFile {
                piece,
                blocker,
                count: 0 | 1,
                ..
            } => write!(
                f,
                "a {piece} may not be dropped on a file holding your own {blocker}"
            ),
            IllegalReason::DropOnBlockedFile {
                piece,
                blocker,
                count,
                ..
            } => write!(
                f,
                "a {piece} may not be dropped on a file holding {count} of your own {blocker}s"
            ),
            IllegalReason::DropMates { piece, checks, .. } => {
                let what = if *checks {
                    "give checkmate"
                } else {
                    "leave the opponent without a legal move (stalemate)"
                };
                write!(f, "a {piece} drop may not {what}")
            }
            _ => Ok(()),
        }
    }

    /// The words of a range capture's refusal.
    fn fmt_range_capture(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::Outranked {
                piece,
                by,
                on_target,
                listed: true,
                ..
            } => {
                let what = if *on_target { "take by a jump" } else { "jump" };
                write!(f, "the {piece} may not {what} the {by} (range capture)")
            }
            IllegalReason::Outranked {
                piece,
                by,
                on_target,
                ..
            } => {
                let what = if *on_target {
                    "may take by a jump only a piece of lower rank"
                } else {
                    "may jump only pieces of lower rank"
                };
                write!(
                    f,
                    "the {piece} {what}, and the {by} ranks as high or higher (range capture)"
                )
            }
            IllegalReason::JumpWithoutCapture { piece, to, .. } => write!(
                f,
                "the {piece} jumps only to capture, and {to} is empty (range capture)"
            ),
            _ => Ok(()),
        }
    }

    /// The words of a lion rule's refusal.
    fn fmt_lion(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::LionProtected { piece, lion, .. } => write!(
                f,
                "the {piece} may not take the protected lion on {lion}, which is not next to it (lion rules)"
            ),
            IllegalReason::LionCounterStrike {
                piece, lion, at, ..
            } => write!(
                f,
                "a lion was just taken by a piece that is not a lion: the {piece} may take a lion only on {at}, not on {lion} (lion rules)"
            ),
            _ => Ok(()),
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
            IllegalReason::CannotReach { piece, to, .. } => {
                write!(f, "the {piece} cannot reach {to} from there")
            }
            IllegalReason::OutsideRegion { piece, to, .. } => {
                write!(
                    f,
                    "the {piece} is confined to its region, and {to} lies outside it"
                )
            }
            IllegalReason::Blocked { piece, to, at } => {
                write!(f, "the {piece}'s path to {to} is blocked at {at}")
            }
            IllegalReason::WalkBlocked { piece, to } => write!(
                f,
                "the {piece} walks to {to} only through empty squares, and every way there is blocked"
            ),
            IllegalReason::OwnPieceOnTarget(sq) => write!(f, "{sq} holds one of your own pieces"),
            IllegalReason::CannotPromote { .. }
            | IllegalReason::MustPromote { .. }
            | IllegalReason::MustPromoteOnCapture { .. } => self.fmt_promotion(f),
            IllegalReason::LeavesKingAttacked {
                attacker: Some((piece, sq)),
            } => {
                write!(f, "it leaves your king in check from the {piece} on {sq}")
            }
            IllegalReason::LeavesKingAttacked { attacker: None } => {
                write!(f, "it leaves your king in check")
            }
            IllegalReason::NotInHand(piece) => write!(f, "you have no {piece} in hand"),
            IllegalReason::DropOnOccupied(sq) => write!(f, "{sq} is not empty"),
            IllegalReason::DropFace { piece, tile } => {
                write!(f, "a {tile} in hand cannot be dropped as a {piece}")
            }
            IllegalReason::DropOutsideZone { piece, square, .. } => {
                write!(f, "a {piece} may not be dropped on {square}")
            }
            IllegalReason::GameOver => write!(f, "the game is already over"),
            IllegalReason::DropOnDeadSquare { piece, .. } => {
                write!(f, "a {piece} dropped there could never move")
            }
            IllegalReason::DropOnBlockedFile { .. } | IllegalReason::DropMates { .. } => {
                self.fmt_drop_rule(f)
            }
            IllegalReason::CaptureCompulsory { capture, .. } => {
                write!(f, "a capture is compulsory here, such as {capture}")
            }
            IllegalReason::LionProtected { .. } | IllegalReason::LionCounterStrike { .. } => {
                self.fmt_lion(f)
            }
            IllegalReason::Outranked { .. } | IllegalReason::JumpWithoutCapture { .. } => {
                self.fmt_range_capture(f)
            }
            IllegalReason::RoyalBurns { piece, burner, .. } => write!(
                f,
                "the {piece} would stop next to the enemy {burner} and burn (passive burning)"
            ),
            IllegalReason::Protected { piece, why, .. } => {
                write!(f, "the {piece} {why} (moves anywhere)")
            }
            IllegalReason::Other => write!(f, "it is not a legal move"),
        }
    }
}

impl<B: BitSet> Pos<B> {
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
        let moving = self.moves_as(us, from, p.face, self.occupied_by(us));
        if let Some(reason) = self.outside_region(moving, to).or_else(|| {
            let mid = mv.mid()?;
            Some(self.why_two_legs_illegal(mv, from, mid, p.face, moving))
        }) {
            return reason;
        }
        if !self.targets_from(us, moving, from).has(to) {
            return self.unreachable(from, to, p.face, moving);
        }
        if let Some(reason) = self.lion_reason(from, p.face, None, to) {
            return reason;
        }
        let zone = r.promotion_zone(us);
        let touches_zone = zone.has(from) || zone.has(to);
        let captures = self.occupied_by(us.opponent()).has(to);
        if mv.is_promotion()
            && (r.face(p.face).promotes_to.is_none()
                || !self.may_promote(from, to, captures, p.face))
        {
            let origin = match r.face(p.face).promotes_to {
                None => r.face(p.face).origin.clone(),
                Some(_) if r.promotion_on_entry => r.origins.promotion_on_entry.clone(),
                Some(_) if r.promotion_by_capture => r.origins.promotion_by_capture.clone(),
                Some(_) => r.origins.promotion_zone.clone(),
            };
            return IllegalReason::CannotPromote {
                piece: name(p.face),
                origin,
            };
        }
        if !mv.is_promotion()
            && r.promotion_by_capture
            && r.face(p.face).promotes_to.is_some()
            && self.may_promote(from, to, captures, p.face)
        {
            return IllegalReason::MustPromoteOnCapture {
                piece: name(p.face),
                origin: r.origins.promotion_by_capture.clone(),
            };
        }
        let mandatory = r
            .face(p.face)
            .promotion_mandatory
            .clone()
            .filter(|_| touches_zone);
        if !mv.is_promotion()
            && (mandatory.is_some() || r.forced_promotion_squares(us, p.face).has(to))
        {
            return IllegalReason::MustPromote {
                piece: name(p.face),
                mandatory: mandatory.is_some(),
                origin: mandatory.or_else(|| r.origins.stranded.clone()),
            };
        }
        if !self.checkable_royals(self.side).is_empty() && !self.keeps_royals_safe(mv) {
            return self.leaves_king_attacked(mv);
        }
        self.capture_compulsory(mv).unwrap_or(IllegalReason::Other)
    }

    /// Why the lion rules refuse the side to move's piece showing `face` on `from` to take a lion on `sq`
    /// (after a first leg through `mid`); `None` when `sq` holds no enemy lion or the rules allow it.
    fn lion_reason(
        &self,
        from: Square,
        face: FaceId,
        mid: Option<Square>,
        sq: Square,
    ) -> Option<IllegalReason> {
        let r = &*self.rules;
        let target = self.piece_at(sq).filter(|p| p.owner != self.side)?;
        if !r.has_lion_rules || !r.face(target.face).lion {
            return None;
        }
        let piece = r.face(face).name.clone();
        let lion = r.square_name(sq);
        Some(match self.lion_refusal(from, face, mid, sq)? {
            LionRefusal::Protected => IllegalReason::LionProtected {
                piece,
                lion,
                origin: r.lion_rules.protected.as_ref().map(|(_, s)| s.clone()),
            },
            LionRefusal::CounterStrike(at) => IllegalReason::LionCounterStrike {
                piece,
                lion,
                at: r.square_name(at),
                origin: r.lion_rules.counter_strike.clone(),
            },
        })
    }

    /// Why the move in two legs `mv` of the piece on `from` (showing `face`, moving as `moving`) through
    /// `mid` is not legal.
    fn why_two_legs_illegal(
        &self,
        mv: Move,
        from: Square,
        mid: Square,
        face: FaceId,
        moving: FaceId,
    ) -> IllegalReason {
        let r = &*self.rules;
        let to = mv.to();
        let mut has_path = false;
        self.two_leg_paths(from, moving, |m, t, _| has_path |= m == mid && t == to);
        if !has_path {
            return IllegalReason::CannotReach {
                piece: r.face(face).name.clone(),
                to: format!("{} through {}", r.square_name(to), r.square_name(mid)),
                origin: r.face(moving).origin.clone(),
            };
        }
        if let Some(reason) = self.lion_reason(from, face, None, mid) {
            return reason;
        }
        if to != from
            && let Some(reason) = self.lion_reason(from, face, Some(mid), to)
        {
            return reason;
        }
        if !self.checkable_royals(self.side).is_empty() && !self.keeps_royals_safe(mv) {
            return self.leaves_king_attacked(mv);
        }
        self.capture_compulsory(mv).unwrap_or(IllegalReason::Other)
    }

    /// Why the piece showing `face` on `from`, moving as `moving`, cannot go to `to`: its path is blocked, or
    /// it does not move that way. Under borrowed moves, the piece is named with the piece whose moves it makes,
    /// and that piece's line is quoted.
    fn unreachable(&self, from: Square, to: Square, face: FaceId, moving: FaceId) -> IllegalReason {
        let r = &*self.rules;
        let piece = if moving == face {
            r.face(face).name.clone()
        } else {
            format!(
                "{} (moving as the {} behind it)",
                r.face(face).name,
                r.face(moving).name
            )
        };
        if let Some(refusal) = self.range_refusal(from, to, moving) {
            return refusal;
        }
        if let Some(refusal) = self.anywhere_refusal(from, to, moving) {
            return refusal;
        }
        if self.walks_to_on_empty_board(from, to, moving) {
            return IllegalReason::WalkBlocked {
                piece,
                to: r.square_name(to),
            };
        }
        match self.blocker(from, to) {
            Some(at) => IllegalReason::Blocked {
                piece,
                to: r.square_name(to),
                at: r.square_name(at),
            },
            None => IllegalReason::CannotReach {
                piece,
                to: r.square_name(to),
                origin: r.face(moving).origin.clone(),
            },
        }
    }

    /// Under `confine NAME to ...`: the refusal of a move or drop of the side to move's `face` to `to` beyond
    /// the face's region.
    fn outside_region(&self, face: FaceId, to: Square) -> Option<IllegalReason> {
        let r = &*self.rules;
        let region = r.face(face).region.as_ref()?;
        (!r.region_squares(self.side, face).has(to)).then(|| IllegalReason::OutsideRegion {
            piece: r.face(face).name.clone(),
            to: r.square_name(to),
            origin: Some(region.origin.clone()),
        })
    }

    /// Under `captures are compulsory`: the reason a move that does not capture is refused, naming a capture.
    fn capture_compulsory(&self, mv: Move) -> Option<IllegalReason> {
        let r = &*self.rules;
        let rule = r.compulsory_capture?;
        if mv.is_drop() && rule.drops_allowed {
            return None;
        }
        let capture = self
            .legal_moves()
            .into_iter()
            .find(|&m| self.is_capture(m))?;
        Some(IllegalReason::CaptureCompulsory {
            capture: r.move_name(capture),
            origin: r.origins.compulsory_capture.clone(),
        })
    }

    fn why_drop_illegal(&self, mv: Move) -> IllegalReason {
        let r: &Rules = &self.rules;
        let name = |id: FaceId| r.face(id).name.clone();
        let (us, to, face) = (self.side, mv.to(), mv.face_after());
        let f = r.face(face);
        if self.hand_count(us, f.tile) == 0 {
            return IllegalReason::NotInHand(name(f.tile));
        }
        if !r.droppable(face) {
            return IllegalReason::DropFace {
                piece: name(face),
                tile: name(f.tile),
            };
        }
        if self.occupied().has(to) {
            return IllegalReason::DropOnOccupied(r.square_name(to));
        }
        if let Some(reason) = self.outside_region(face, to) {
            return reason;
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
                origin: f.drop_zone_rule.clone(),
            };
        }
        if let Some(limit) = &f.drop_file_rule
            && (self.pieces(us, limit.blocker) & self.sets.file_of(to)).len()
                >= u32::from(limit.count.max(1))
        {
            return IllegalReason::DropOnBlockedFile {
                piece: name(face),
                blocker: name(limit.blocker),
                count: limit.count,
                origin: Some(limit.origin.clone()),
            };
        }
        if !self.checkable_royals(self.side).is_empty() && !self.keeps_royals_safe(mv) {
            return self.leaves_king_attacked(mv);
        }
        if let Some(ban) = &f.drop_mate_rule
            && self.drop_mates(mv, ban)
        {
            let mut after = self.clone();
            after.make(mv);
            return IllegalReason::DropMates {
                piece: name(face),
                checks: after.royal_attacked(self.side.opponent()),
                origin: Some(ban.origin.clone()),
            };
        }
        self.capture_compulsory(mv).unwrap_or(IllegalReason::Other)
    }

    /// For a rider move whose line from `from` reaches `to` on an empty board: the first occupied square
    /// before `to`.
    fn blocker(&self, from: Square, to: Square) -> Option<Square> {
        let r = &*self.rules;
        let face = self.piece_at(from)?.face;
        let g = &r.geometry;
        let riders = r
            .face(face)
            .moves
            .iter()
            .filter(|m| m.range != 1 && m.hop == Hop::None);
        for m in riders {
            for &v in &m.vectors {
                let (dx, dy) = absolute(self.side, v);
                let path = g.walk(from, (dx, dy), m.range);
                let Some(k) = path.iter().position(|&s| s == to) else {
                    continue;
                };
                if let Some(&at) = path[..k].iter().find(|&&s| self.occupied().has(s)) {
                    return Some(at);
                }
            }
        }
        None
    }

    /// The reason for a move that exposes a royal piece, naming an attacker (or the burner a royal piece would
    /// burn next to).
    fn leaves_king_attacked(&self, mv: Move) -> IllegalReason {
        let r = &*self.rules;
        let mut after = self.clone();
        after.make(mv);
        let us = self.side;
        if after.royals(us).len() < self.royals(us).len() {
            let them = us.opponent();
            let burner = (self.sets.neighbours[mv.to().index()] & self.by_player[them.index()])
                .into_iter()
                .find(|&sq| r.burns[decode(self.board[sq.index()]).face.index()])
                .map_or_else(String::new, |sq| {
                    let face = decode(self.board[sq.index()]).face;
                    format!("{} on {}", r.face(face).name, r.square_name(sq))
                });
            return IllegalReason::RoyalBurns {
                piece: r.face(mv.face_after()).name.clone(),
                burner,
                origin: r.origins.passive_burning.clone(),
            };
        }
        let occ = after.occupied();
        let royals = after.royals(us);
        let attacker = after.occupied_by(us.opponent()).find_map(|sq| {
            let p = after.piece_at(sq)?;
            let hits = !(after.attacks_of(sq, occ) & royals).is_empty();
            hits.then(|| (r.face(p.face).name.clone(), r.square_name(sq)))
        });
        IllegalReason::LeavesKingAttacked { attacker }
    }
}
