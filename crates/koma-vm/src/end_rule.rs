//! End rules: what each condition means and when it applies to a game.
//!
//! [`EndCondition`] is generic over how a zone and a piece are named, so the syntax tree (zones as written,
//! piece names) and the compiled rules ([`RankSet`], [`FaceId`]) share one enum. A new condition is a
//! variant here, its evaluation in [`EndCondition::applies`], a grammar rule and a parser arm.

use crate::face::FaceId;
use crate::game::Game;
use crate::immediate_end::ImmediateEnd;
use crate::player::Player;
use crate::span::Span;
use crate::spec::RankSet;

/// One end-of-game rule of the compiled rules: `CONDITION: RESULT`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EndRule {
    /// When it applies.
    pub condition: EndCondition,
    /// What it gives.
    pub result: EndResult,
    /// The line in the source.
    pub origin: Option<Span>,
}

/// When an end rule applies. `Z` names a zone and `P` a piece: [`RankSet`] and [`FaceId`] once compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndCondition<Z = RankSet, P = FaceId> {
    /// `no legal move`: the side to move has no legal move.
    NoLegalMove,
    /// `repetition N`: the position has occurred N times.
    Repetition(u32),
    /// `repetition N with perpetual check`: as above, and one player gave check with every one of its moves
    /// since the first of those occurrences.
    PerpetualCheck(u32),
    /// `stalemate`: the side to move has no legal move and is not in check.
    Stalemate,
    /// `king captured`: the side to move has lost its royal pieces (none on the board or in hand).
    KingCaptured,
    /// `king reaches ZONE`: the player who just moved has a royal piece in the zone, counted from its side.
    KingReaches(Z),
    /// `N moves without capture [or PIECE move]`: N moves of each player passed with no capture (and no move
    /// of the piece).
    NoProgress {
        /// Moves of each player (plies / 2).
        moves: u32,
        /// A piece whose moves count as progress too.
        piece: Option<P>,
    },
}

/// The result of an end rule, relative to the final position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndResult {
    /// `draw`.
    Draw,
    /// `PLAYER wins`.
    Wins(RelativePlayer),
    /// `PLAYER loses`.
    Loses(RelativePlayer),
}

/// A player as an end rule names it, relative to the final position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RelativePlayer {
    /// `side to move`: the player to move in the final position.
    SideToMove,
    /// `first player`: the player who made the first move of the game.
    FirstPlayer,
    /// `second player`: the other one.
    SecondPlayer,
    /// `checker`: the player who gave perpetual check.
    Checker,
    /// `mover`: the player who made the last move.
    Mover,
}

/// Whether an end condition applies, and who gave perpetual check when that is what it asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applies {
    No,
    Yes { checker: Option<Player> },
}

impl<Z, P> EndCondition<Z, P> {
    /// The same condition with its zone and piece translated; `None` if either translation fails.
    pub fn try_map<Z2, P2>(
        &self,
        zone: impl FnOnce(&Z) -> Option<Z2>,
        piece: impl FnOnce(&P) -> Option<P2>,
    ) -> Option<EndCondition<Z2, P2>> {
        Some(match self {
            EndCondition::NoLegalMove => EndCondition::NoLegalMove,
            EndCondition::Repetition(n) => EndCondition::Repetition(*n),
            EndCondition::PerpetualCheck(n) => EndCondition::PerpetualCheck(*n),
            EndCondition::Stalemate => EndCondition::Stalemate,
            EndCondition::KingCaptured => EndCondition::KingCaptured,
            EndCondition::KingReaches(z) => EndCondition::KingReaches(zone(z)?),
            EndCondition::NoProgress { moves, piece: p } => EndCondition::NoProgress {
                moves: *moves,
                piece: match p {
                    Some(p) => Some(piece(p)?),
                    None => None,
                },
            },
        })
    }
}

impl EndCondition {
    /// Whether the condition applies to the current position of `game`.
    pub(crate) fn applies(&self, game: &Game) -> Applies {
        let pos = game.position();
        let yes = |b: bool| {
            if b {
                Applies::Yes { checker: None }
            } else {
                Applies::No
            }
        };
        match *self {
            EndCondition::NoLegalMove => yes(!pos.has_legal_move()),
            EndCondition::Stalemate => yes(!pos.in_check() && !pos.has_legal_move()),
            EndCondition::Repetition(n) => yes(game.repetitions() >= n as usize),
            EndCondition::PerpetualCheck(n) => match game.perpetual_checker(n as usize) {
                Some(checker) => Applies::Yes {
                    checker: Some(checker),
                },
                None => Applies::No,
            },
            EndCondition::KingCaptured => {
                yes(pos.immediate_end() == Some(ImmediateEnd::KingCaptured))
            }
            EndCondition::KingReaches(_) => {
                yes(pos.immediate_end() == Some(ImmediateEnd::KingReachedZone))
            }
            EndCondition::NoProgress { moves, piece } => {
                yes(game.plies_without_progress(piece) >= moves.saturating_mul(2) as usize)
            }
        }
    }
}
