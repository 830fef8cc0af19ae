//! End rules: what each condition means and when it applies to a game.
//!
//! [`EndCondition`] is generic over how a zone and a piece are named, so the syntax tree (zones as written,
//! piece names) and the compiled rules ([`RankSet`], [`FaceId`]) share one enum. A new condition is a
//! variant here, its evaluation in `EndCondition::applies`, a grammar rule and a parser arm.

use crate::face::FaceId;
use crate::player::Player;
use crate::ranks::RankSet;
use crate::span::Span;

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
    /// `no pieces left`: the side to move has no piece, on the board or in hand.
    NoPiecesLeft,
    /// `N checks`: the player who just moved has given check N times in the game (counted in the position,
    /// and written in its SFEN).
    Checks(u32),
    /// `king captured`: the side to move has lost its royal pieces (none on the board or in hand).
    KingCaptured,
    /// `bare king`: a player's king is bare, and the other player's bares it. A player is *bare* when its only
    /// piece that counts is one royal piece: nothing in hand, and every other piece it has on the board
    /// stranded (it could never move again). The other player *bares* it with one royal piece, not attacked,
    /// and at least one more piece that counts and is not named by `pieces that cannot bare a king`; when it has
    /// only one such piece, the bare royal piece must not attack it (it could take it back). Applies the moment
    /// a move is made.
    BareKing,
    /// `both kings bare`: both players are bare (as for [`EndCondition::BareKing`]) and neither royal piece is
    /// attacked. Applies the moment a move is made.
    BothKingsBare,
    /// `king reaches ZONE [safely]`: a royal piece stands in its goal zone, counted from its owner's side.
    /// Without `safely`, the player who just moved has one there. With `safely`, a player has one there that
    /// the other player does not attack; the side to move is looked at first (its king has already stood
    /// there through a turn), then the player who just moved.
    KingReaches {
        /// The goal zone.
        zone: Z,
        /// Whether the king must stand there unattacked.
        safely: bool,
    },
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
    /// `checker`: the player who gave perpetual check, or the check that counted (`N checks`).
    Checker,
    /// `mover`: the player who made the last move.
    Mover,
    /// `its owner`: the player whose king reached its goal zone (`king reaches ZONE`), or whose king is bare
    /// (`bare king`).
    Owner,
}

/// An end of the game that takes effect the moment a move is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImmediateEnd {
    /// The side to move has lost all its royal pieces (`king captured`).
    KingCaptured,
    /// The player who just moved has lost all its royal pieces by its own move (`king captured`): its last one
    /// moved next to an enemy burner and burnt (passive burning), or its own range capture jumped it and took it
    /// (`range capture takes every piece it jumps`).
    OwnKingLost,
    /// A royal piece of this player stands in its goal zone (`king reaches ZONE`).
    KingReachedZone(Player),
    /// This player has given as many checks as an `N checks` rule asks.
    ChecksGiven(Player),
    /// This player's king is bare, and the other player's bares it (`bare king`).
    KingBared(Player),
    /// Both players' kings are bare and neither is attacked (`both kings bare`).
    BothKingsBare,
}

/// What end conditions ask of a game in progress ([`crate::Game`] answers).
pub(crate) trait EndView {
    /// The player to move.
    fn side_to_move(&self) -> Player;
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// An end that took effect with the last move.
    fn immediate_end(&self) -> Option<ImmediateEnd>;
    /// The player whose royal piece reached the zone of the `king reaches` rule over `zone`, if one has.
    fn reached(&self, zone: RankSet, safely: bool) -> Option<Player>;
    /// The player whose king is bare under the `bare king` rule, if one is.
    fn bared(&self) -> Option<Player>;
    /// Whether both kings are bare and unattacked (`both kings bare`).
    fn both_kings_bare(&self) -> bool;
    /// Whether the side to move has no piece on the board or in hand.
    fn no_pieces_left(&self) -> bool;
    /// How many checks `player` has given.
    fn checks_given(&self, player: Player) -> u32;
    /// How many times the current position has occurred.
    fn repetitions(&self) -> usize;
    /// The player who checked with every move since the `n`th-last occurrence of the current position.
    fn perpetual_checker(&self, n: usize) -> Option<Player>;
    /// Plies since the last capture or move of `piece`.
    fn plies_without_progress(&self, piece: Option<FaceId>) -> usize;
}

/// Whether an end condition applies, and the player it is about when it names one: who gave perpetual check,
/// whose king reached its zone, whose king is bare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Applies {
    No,
    Yes { player: Option<Player> },
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
            EndCondition::BareKing => EndCondition::BareKing,
            EndCondition::BothKingsBare => EndCondition::BothKingsBare,
            EndCondition::NoPiecesLeft => EndCondition::NoPiecesLeft,
            EndCondition::Checks(n) => EndCondition::Checks(*n),
            EndCondition::KingReaches { zone: z, safely } => EndCondition::KingReaches {
                zone: zone(z)?,
                safely: *safely,
            },
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
    /// Whether the condition applies to `game`. `has_move` says whether the side to move has a move the rules
    /// allow, as if no end rule had ended the game (the end rules decide in their order: `no legal move`
    /// written before `king captured` is not decided by it); it is asked only by `no legal move` and
    /// `stalemate`.
    pub(crate) fn applies(&self, game: &impl EndView, has_move: impl Fn() -> bool) -> Applies {
        let yes = |b: bool| {
            if b {
                Applies::Yes { player: None }
            } else {
                Applies::No
            }
        };
        match *self {
            EndCondition::NoLegalMove => yes(!has_move()),
            EndCondition::Stalemate => yes(!game.in_check() && !has_move()),
            EndCondition::Repetition(n) => yes(game.repetitions() >= n as usize),
            EndCondition::PerpetualCheck(n) => match game.perpetual_checker(n as usize) {
                Some(checker) => Applies::Yes {
                    player: Some(checker),
                },
                None => Applies::No,
            },
            EndCondition::NoPiecesLeft => yes(game.no_pieces_left()),
            EndCondition::Checks(n) => {
                let mover = game.side_to_move().opponent();
                if game.checks_given(mover) >= n {
                    Applies::Yes {
                        player: Some(mover),
                    }
                } else {
                    Applies::No
                }
            }
            // The player whose royal pieces are gone: the side to move, or the mover when its own move lost them.
            EndCondition::KingCaptured => match game.immediate_end() {
                Some(ImmediateEnd::KingCaptured) => Applies::Yes {
                    player: Some(game.side_to_move()),
                },
                Some(ImmediateEnd::OwnKingLost) => Applies::Yes {
                    player: Some(game.side_to_move().opponent()),
                },
                _ => Applies::No,
            },
            EndCondition::BareKing => match game.bared() {
                Some(owner) => Applies::Yes {
                    player: Some(owner),
                },
                None => Applies::No,
            },
            EndCondition::BothKingsBare => yes(game.both_kings_bare()),
            // Each rule with its own zone: a king on the zone of a later rule is not caught by an earlier one.
            EndCondition::KingReaches { zone, safely } => match game.reached(zone, safely) {
                Some(owner) => Applies::Yes {
                    player: Some(owner),
                },
                None => Applies::No,
            },
            EndCondition::NoProgress { moves, piece } => {
                yes(game.plies_without_progress(piece) >= moves.saturating_mul(2) as usize)
            }
        }
    }
}
