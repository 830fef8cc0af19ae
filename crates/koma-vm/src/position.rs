//! Positions: the public face of a position, whichever set type its rules chose ([`crate::pos::Pos`] holds
//! the state). Each method passes the call on; the walks below it (move generation, perft) run in one set
//! type throughout.

use std::sync::Arc;
use std::time::Duration;

use crate::bitboard::{BitSet, Bitboard, Narrow, Wide};
use crate::end_rule::ImmediateEnd;
use crate::exchange::ExchangeValues;
use crate::explain::IllegalReason;
use crate::face::FaceId;
use crate::moves::Move;
use crate::player::Player;
pub use crate::pos::Piece;
use crate::pos::Pos;
use crate::ranks::RankSet;
use crate::rules::Rules;
use crate::set_view::{SetReader, SetView};
use crate::setup::Setup;
use crate::sfen::SfenError;
use crate::square::Square;
use crate::tables::sets::Tables;
use crate::usi::UsiError;
use crate::walk::{Stopped, Watch};

/// A game position under some [`Rules`].
#[derive(Clone)]
pub struct Position(pub(crate) Inner);

/// The state in the set type of the rules: narrow for boards of up to 128 squares, wide up to 256, any above
/// (the larger boxed, so that a position of a small game stays its own size).
#[derive(Clone)]
#[allow(
    clippy::large_enum_variant,
    reason = "the narrow state, the common case, stays inline: boxing it would add a pointer to every call"
)]
pub(crate) enum Inner {
    Narrow(Pos<Narrow>),
    Wide(Box<Pos<Wide>>),
    Any(Box<Pos<Bitboard>>),
}

/// Evaluates `$e` with `$p` bound to the state of `$pos`, whichever set type it uses.
macro_rules! each {
    ($pos:expr, $p:ident => $e:expr) => {
        match $pos {
            Inner::Narrow($p) => $e,
            Inner::Wide($p) => $e,
            Inner::Any($p) => $e,
        }
    };
}

impl Position {
    /// The position a setup describes (which [`Rules::build`] or the SFEN reader has validated).
    pub(crate) fn from_setup(rules: &Arc<Rules>, setup: &Setup) -> Position {
        Position(match &rules.tables {
            Tables::Narrow(s) => Inner::Narrow(Pos::from_setup(rules, s, setup)),
            Tables::Wide(s) => Inner::Wide(Box::new(Pos::from_setup(rules, s, setup))),
            Tables::Any(s) => Inner::Any(Box::new(Pos::from_setup(rules, s, setup))),
        })
    }

    /// Board, hands, side to move and move number.
    pub(crate) fn setup(&self) -> Setup {
        each!(&self.0, p => p.setup())
    }

    /// The game's start position.
    pub fn start(rules: &Arc<Rules>) -> Position {
        Position::from_setup(rules, &rules.start)
    }

    /// Reads an SFEN such as `rbsgk/4p/5/P4/KGSBR b - 1` and checks that it is a position of these rules.
    /// The move number may be left out.
    pub fn from_sfen(rules: &Arc<Rules>, text: &str) -> Result<Position, SfenError> {
        Ok(Position(match &rules.tables {
            Tables::Narrow(s) => Inner::Narrow(Pos::from_sfen(rules, s, text)?),
            Tables::Wide(s) => Inner::Wide(Box::new(Pos::from_sfen(rules, s, text)?)),
            Tables::Any(s) => Inner::Any(Box::new(Pos::from_sfen(rules, s, text)?)),
        }))
    }

    /// The position as SFEN.
    pub fn to_sfen(&self) -> String {
        each!(&self.0, p => p.to_sfen())
    }

    /// The rules this position is played under.
    pub fn rules(&self) -> &Arc<Rules> {
        each!(&self.0, p => &p.rules)
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Player {
        each!(&self.0, p => p.side)
    }

    /// The Zobrist key of board, hands and side to move.
    pub fn key(&self) -> u64 {
        each!(&self.0, p => p.key)
    }

    /// The key computed from scratch; equal to [`Position::key`] in a consistent position.
    pub fn compute_key(&self) -> u64 {
        each!(&self.0, p => p.compute_key())
    }

    /// How many checks `player` has given, where an `N checks` end rule counts them (0 elsewhere).
    pub fn checks_given(&self, player: Player) -> u8 {
        each!(&self.0, p => p.checks_given(player))
    }

    /// The enemy pieces a board move takes: on its middle square (a move in two legs), and on its target
    /// (unless the move comes back to where it started). Drops take nothing.
    pub fn taken_by(&self, mv: Move) -> [Option<Piece>; 2] {
        let us = self.side_to_move();
        let enemy =
            |sq: Option<Square>| sq.and_then(|s| self.piece_at(s)).filter(|p| p.owner != us);
        if mv.is_drop() {
            return [None, None];
        }
        let to = Some(mv.to()).filter(|&to| mv.from() != Some(to));
        [enemy(mv.mid()), enemy(to)]
    }

    /// What a board move (pseudo-legal) burns under `burning`: the squares of the enemy pieces its burner burns
    /// where it stops, and whether the mover itself burns there (passive burning). Nothing for a drop, or in
    /// a game without burning.
    pub fn burnt_by(&self, mv: Move) -> (Vec<Square>, bool) {
        if mv.is_drop() {
            return (Vec::new(), false);
        }
        each!(&self.0, p => p.burnt_by_move(mv))
    }

    /// The squares of the pieces a board move (pseudo-legal) takes by jumping them under `range capture takes
    /// every piece it jumps`, friend or foe, or the enemy pieces it sweeps over (`w`), on its first leg for a
    /// move in two legs (the pieces on its middle square and its target aside); nothing for a drop, or in any
    /// other game.
    pub fn jumped_by(&self, mv: Move) -> Vec<Square> {
        each!(&self.0, p => p.jumped_by_move(mv))
    }

    /// Whether a board move (pseudo-legal) takes the enemy pieces it passes over by sweeping (`w`) rather than
    /// by a range capture's jump: what [`Position::jumped_by`] names is then swept.
    pub fn sweeps(&self, mv: Move) -> bool {
        each!(&self.0, p => p.sweeps_by_move(mv))
    }

    /// The counter-strike square of the lion rules: where the move just made took a lion with a piece that is
    /// not a lion. Until the next move, a piece that is not a lion may take a lion only there.
    pub fn counter_strike(&self) -> Option<Square> {
        each!(&self.0, p => p.counter_strike())
    }

    /// Whether the side to move has no piece, on the board or in hand (`no pieces left`).
    pub fn no_pieces_left(&self) -> bool {
        each!(&self.0, p => p.no_pieces_left())
    }

    /// The move number written in SFEN: the ply to be played next, 1 at the start (USI programs count plies,
    /// not pairs of moves).
    pub fn move_number(&self) -> u32 {
        each!(&self.0, p => p.move_number)
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        each!(&self.0, p => p.piece_at(sq))
    }

    /// How many tiles of starting face `tile` `player` holds in hand.
    pub fn hand_count(&self, player: Player, tile: FaceId) -> u8 {
        each!(&self.0, p => p.hand_count(player, tile))
    }

    /// Squares occupied by `player`.
    #[inline]
    pub fn occupied_by(&self, player: Player) -> Bitboard {
        each!(&self.0, p => p.occupied_by(player).widen())
    }

    /// Squares holding `player`'s pieces showing `face`.
    #[inline]
    pub fn pieces(&self, player: Player, face: FaceId) -> Bitboard {
        each!(&self.0, p => p.pieces(player, face).widen())
    }

    /// All occupied squares.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        each!(&self.0, p => p.occupied().widen())
    }

    /// Plays `mv`, which must be legal (or at least pseudo-legal) in this position.
    #[inline]
    pub fn make(&mut self, mv: Move) {
        each!(&mut self.0, p => p.make(mv))
    }

    /// Takes back the last move made with [`Position::make`]. Returns it, or `None` if there is none.
    #[inline]
    pub fn unmake(&mut self) -> Option<Move> {
        each!(&mut self.0, p => p.unmake())
    }

    /// Passes the move without moving, as a search's null move does; undo it with
    /// [`Position::unmake_null`] before any other move is taken back.
    pub fn make_null(&mut self) {
        each!(&mut self.0, p => p.make_null())
    }

    /// Takes back a [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        each!(&mut self.0, p => p.unmake_null())
    }

    /// All legal moves, into `out` (cleared first).
    #[inline]
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        each!(&self.0, p => p.generate_legal(out))
    }

    /// All legal moves, into `out` (cleared first), where the caller knows whether the side to move is in
    /// check ([`Position::in_check`], as [`crate::Game::in_check`] keeps it): that is not found again.
    #[inline]
    pub fn generate_legal_knowing(&self, in_check: bool, out: &mut Vec<Move>) {
        each!(&self.0, p => p.generate_legal_knowing(in_check, out))
    }

    /// The legal moves that take a piece, into `out` (cleared first): a quiescence search's moves. The
    /// caller says whether the side to move is in check ([`Position::in_check`]).
    #[inline]
    pub fn generate_captures(&self, in_check: bool, out: &mut Vec<Move>) {
        each!(&self.0, p => p.generate_captures(in_check, out))
    }

    /// Whether `mv` is legal here, generating only the moves of its piece (or the drops on its square).
    #[inline]
    pub fn is_legal(&self, mv: Move) -> bool {
        each!(&self.0, p => p.is_legal(mv))
    }

    /// The static exchange value of `mv` for the side to move, with `value` of each face: what it
    /// takes less what the recaptures on its square take back, each side taking with its least valuable
    /// attacker while that pays.
    pub fn exchange_value(&self, mv: Move, value: &ExchangeValues) -> i32 {
        each!(&self.0, p => p.exchange_value(mv, value))
    }

    /// Whether the static exchange value of `mv` is at least `threshold` ([`Position::exchange_value`]), told
    /// without following the exchange where the first capture settles it.
    pub fn exchange_at_least(&self, mv: Move, value: &ExchangeValues, threshold: i32) -> bool {
        each!(&self.0, p => p.exchange_at_least(mv, value, threshold))
    }

    /// Whether playing `mv` may leave the opponent in check: `false` is certain, `true` is not (see the
    /// rules this test answers `true` for).
    pub fn may_give_check(&self, mv: Move) -> bool {
        each!(&self.0, p => p.may_give_check(mv))
    }

    /// Whether some end rule acts the moment a move is made (a king captured, a king reaching its zone, the
    /// Nth check, a bare king), so that any move may end the game.
    pub fn has_immediate_ends(&self) -> bool {
        each!(&self.0, p => p.sets.immediate_ends.any)
    }

    /// The squares the piece on `sq` attacks (none for an empty square).
    pub fn attacks_from(&self, sq: Square) -> Bitboard {
        each!(&self.0, p => p.attacks_of(sq, p.occupied()).widen())
    }

    /// Calls `reader` with this position's sets in the set type of its rules: the way to read sets at every
    /// node without widening them (the accessors above hand out [`Bitboard`]s, which hold any board).
    #[inline(always)]
    pub fn read_sets<R: SetReader>(&self, reader: R) -> R::Output {
        each!(&self.0, p => reader.read(SetView::new(p)))
    }

    /// How many of `player`'s pieces show `face`.
    #[inline]
    pub fn count(&self, player: Player, face: FaceId) -> u32 {
        each!(&self.0, p => p.pieces(player, face).len())
    }

    /// `by`'s pieces that attack `sq`, as check detection sees them: what the exchange reads.
    pub fn attackers_of(&self, sq: Square, by: Player) -> Bitboard {
        each!(&self.0, p => p.attackers_to(sq, by, p.occupied(), p.by_player[by.index()]).widen())
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> Vec<Move> {
        each!(&self.0, p => p.legal_moves())
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        each!(&self.0, p => p.has_legal_move())
    }

    /// Whether the side to move has a move the rules allow, as if no end rule had ended the game: what `no
    /// legal move` and `stalemate` ask, so that end rules decide in their order.
    pub fn has_move(&self) -> bool {
        each!(&self.0, p => p.has_move())
    }

    /// Whether `mv` (pseudo-legal) takes a piece: a board move to an occupied square.
    #[inline]
    pub fn is_capture(&self, mv: Move) -> bool {
        each!(&self.0, p => p.is_capture(mv))
    }

    /// Whether the side to move is in check.
    pub fn in_check(&self) -> bool {
        each!(&self.0, p => p.in_check())
    }

    /// Whether `player` is in check: a royal piece of theirs is attacked (under `royal pieces: the last one
    /// counts`, only when they have one).
    pub fn royal_attacked(&self, player: Player) -> bool {
        each!(&self.0, p => p.royal_attacked(player))
    }

    /// Whether an end rule that acts at once (a king captured, a king reaching its zone, the Nth check, a bare
    /// king) has ended the game.
    pub fn immediate_end(&self) -> Option<ImmediateEnd> {
        each!(&self.0, p => p.immediate_end())
    }

    /// The player whose king is bare, with the other player's baring it (`bare king`), if one is.
    pub fn bared(&self) -> Option<Player> {
        each!(&self.0, p => p.bared())
    }

    /// Whether both kings are bare and neither is attacked (`both kings bare`).
    pub fn both_kings_bare(&self) -> bool {
        each!(&self.0, p => p.both_kings_bare())
    }

    /// Whether a royal piece of `player` stands in the zone of some `king reaches ZONE` rule, attacked or not.
    pub fn king_in_goal_zone(&self, player: Player) -> bool {
        each!(&self.0, p => p.king_in_goal_zone(player))
    }

    /// The player whose royal piece has reached the zone of the `king reaches` rule over `ranks` (`safely` as
    /// that rule says), if one has: the rule is looked at on its own, with its own zone.
    pub fn reached(&self, ranks: RankSet, safely: bool) -> Option<Player> {
        each!(&self.0, p => p.reached(ranks, safely))
    }

    /// The reason `mv` is not legal here, or `None` if it is legal.
    pub fn why_illegal(&self, mv: Move) -> Option<IllegalReason> {
        each!(&self.0, p => p.why_illegal(mv))
    }

    /// Reads a USI move and checks that it is legal here.
    pub fn parse_usi(&self, text: &str) -> Result<Move, UsiError> {
        each!(&self.0, p => p.parse_usi(text))
    }

    /// A text picture of the board, ranks top to bottom from the second player's side.
    pub fn diagram(&self) -> String {
        each!(&self.0, p => p.diagram())
    }

    /// Counts the leaf nodes of the legal move tree `depth` plies deep (the last ply counted in bulk).
    pub fn perft(&mut self, depth: u32) -> u64 {
        each!(&mut self.0, p => p.perft(depth))
    }

    /// [`Position::perft`] under a watch: `Err` when it was stopped before the end.
    pub fn perft_watched(&mut self, depth: u32, watch: &Watch) -> Result<u64, Stopped> {
        each!(&mut self.0, p => p.perft_watched(depth, watch))
    }

    /// Perft split by root move, in generation order.
    pub fn divide(&mut self, depth: u32) -> Vec<(Move, u64)> {
        each!(&mut self.0, p => p.divide(depth))
    }

    /// Perft split by root move, counted on `threads` threads. The work is shared out in small pieces (each
    /// pair of a root move and a reply, from depth 3 on), each thread taking the next piece not yet counted, so
    /// that a long subtree does not hold the others up. The counts are those of [`divide`], in generation
    /// order.
    ///
    /// [`divide`]: Position::divide
    pub fn divide_threads(&self, depth: u32, threads: usize) -> Vec<(Move, u64)> {
        each!(&self.0, p => p.divide_threads(depth, threads))
    }

    /// [`Position::divide_threads`] under a watch, which hears of each piece of work counted.
    pub fn divide_watched(
        &self,
        depth: u32,
        threads: usize,
        watch: &Watch,
    ) -> Result<Vec<(Move, u64)>, Stopped> {
        each!(&self.0, p => p.divide_watched(depth, threads, watch))
    }

    /// Perft on `threads` threads: the same count as [`Position::perft`].
    pub fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        each!(&self.0, p => p.perft_threads(depth, threads))
    }

    /// Perft split by root move on `threads` threads, under the time guard: when `limit` is given, the walk
    /// is first measured ([`Position::guard`]) and refused with [`Stopped::TooLong`] if it would take longer,
    /// and then stopped at the limit if the estimate was wrong.
    pub fn divide_within(
        &self,
        depth: u32,
        threads: usize,
        limit: Option<Duration>,
        watch: &Watch,
    ) -> Result<Vec<(Move, u64)>, Stopped> {
        each!(&self.0, p => p.divide_within(depth, threads, limit, watch))
    }

    /// The time guard of a walk `depth` plies deep on `threads` threads: shallower walks are timed on this
    /// machine and carried on (see [`crate::walk`]); [`Stopped::TooLong`] if the walk would take longer than
    /// `limit`. `watch`'s flag stops the measuring.
    pub fn guard(
        &self,
        depth: u32,
        threads: usize,
        limit: Duration,
        watch: &Watch,
    ) -> Result<(), Stopped> {
        each!(&self.0, p => p.guard(depth, threads, limit, watch))
    }
}

impl PartialEq for Position {
    /// Positions are equal when board, hands, side to move and checks given are (history and move number aside).
    fn eq(&self, other: &Position) -> bool {
        match (&self.0, &other.0) {
            (Inner::Narrow(a), Inner::Narrow(b)) => a.same(b),
            (Inner::Wide(a), Inner::Wide(b)) => a.same(b),
            (Inner::Any(a), Inner::Any(b)) => a.same(b),
            _ => false,
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({})", self.to_sfen())
    }
}
