//! A game in progress: a position plus the history that repetition and progress rules need.

use std::sync::Arc;

use crate::end_rule::{EndView, ImmediateEnd};
use crate::face::FaceId;
use crate::moves::Move;
use crate::player::Player;
use crate::position::Position;
use crate::rules::Rules;
use crate::spec::OptionKind;

/// A game: the current position and every position before it, with the opening options in force.
#[derive(Debug, Clone)]
pub struct Game {
    pub(crate) position: Position,
    /// The player who moved first in this game.
    pub(crate) first: Player,
    /// Keys of every position so far, the current one last.
    keys: Vec<u64>,
    /// For every position so far, how many times its key had occurred since the floor, this time included.
    repeats: Vec<u32>,
    /// For every position so far, whether the side to move was in check.
    checks: Vec<bool>,
    /// For every move, whether it was a capture.
    captures: Vec<bool>,
    /// For every move, the face of the piece that moved (`None` for a drop).
    movers: Vec<Option<FaceId>>,
    moves: Vec<Move>,
    /// The first position repetition rules look at: a null move of a search cuts the history.
    floor: usize,
    /// The floors before each null move in play.
    nulls: Vec<usize>,
    pub(crate) options: Vec<(OptionKind, bool)>,
    pub(crate) designated: Option<FaceId>,
    pub(crate) swapped: bool,
}

impl Game {
    /// A game starting from `position`; the side to move there is the first player of the game.
    pub fn new(position: Position) -> Game {
        let check = position.in_check();
        let options = position
            .rules()
            .options
            .iter()
            .map(|o| (o.kind, o.on))
            .collect();
        Game {
            first: position.side_to_move(),
            keys: vec![position.key()],
            repeats: vec![1],
            checks: vec![check],
            captures: Vec::new(),
            movers: Vec::new(),
            position,
            moves: Vec::new(),
            floor: 0,
            nulls: Vec::new(),
            options,
            designated: None,
            swapped: false,
        }
    }

    /// A game from the rules' start position.
    pub fn start(rules: &Arc<Rules>) -> Game {
        Game::new(Position::start(rules))
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Whether the side to move is in check ([`Position::in_check`], as found when the last move was played).
    #[inline]
    pub fn in_check(&self) -> bool {
        self.checks.last().copied().unwrap_or(false)
    }

    /// The legal moves now, into `out` (cleared first), found with the check this game keeps instead of
    /// looking for the royal pieces' attackers again; the `designate` restriction applies as in
    /// [`Game::legal_moves`]. A search's way to a node's moves.
    #[inline]
    pub fn generate_legal(&self, out: &mut Vec<Move>) {
        self.position.generate_legal_knowing(self.in_check(), out);
        self.keep_designated(out);
    }

    /// The legal moves that take a piece, into `out` (cleared first), with the check this game keeps
    /// ([`Position::generate_captures`]).
    #[inline]
    pub fn generate_captures(&self, out: &mut Vec<Move>) {
        self.position.generate_captures(self.in_check(), out);
        self.keep_designated(out);
    }

    /// Keeps only the designated face's placements before the first move, when a face was designated.
    #[inline]
    fn keep_designated(&self, moves: &mut Vec<Move>) {
        if let (Some(face), true) = (self.designated, self.moves.is_empty()) {
            moves.retain(|m| m.is_drop() && m.face_after() == face);
        }
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The legal moves now, with the `designate` restriction applied to the first move.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = self.position.legal_moves();
        self.keep_designated(&mut moves);
        moves
    }

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        self.play_told(mv, true);
    }

    /// Plays a legal move that [`Position::may_give_check`] said cannot give check: the check is not looked
    /// for after it. A search's way to play the moves it has asked about.
    pub fn play_without_check(&mut self, mv: Move) {
        self.play_told(mv, false);
        debug_assert!(
            !self.position.in_check(),
            "{mv:?} gives check, told it cannot"
        );
    }

    /// Plays a legal move, looking for the check after it when `may_check`.
    fn play_told(&mut self, mv: Move, may_check: bool) {
        let capture = !mv.is_drop() && self.position.piece_at(mv.to()).is_some();
        let mover = mv
            .from()
            .and_then(|f| self.position.piece_at(f))
            .map(|p| p.face);
        self.position.make(mv);
        self.push_key();
        self.checks.push(may_check && self.position.in_check());
        self.captures.push(capture);
        self.movers.push(mover);
        self.moves.push(mv);
    }

    /// Takes back the last move; `false` if there is none.
    pub fn undo(&mut self) -> bool {
        if self.moves.pop().is_none() {
            return false;
        }
        self.position.unmake();
        self.keys.pop();
        self.repeats.pop();
        self.checks.pop();
        self.captures.pop();
        self.movers.pop();
        if self.moves.is_empty() {
            self.swapped = false;
        }
        true
    }

    /// Passes the move without moving (a search's null move). It is not one of [`Game::moves`], counts as no
    /// ply for progress rules, and repetition rules see no position before it. Take it back with
    /// [`Game::undo_null`] before any other move.
    pub fn play_null(&mut self) {
        self.position.make_null();
        self.nulls.push(self.floor);
        self.floor = self.keys.len();
        self.push_key();
        self.checks.push(self.position.in_check());
    }

    /// Takes back [`Game::play_null`]; `false` if no null move is in play.
    pub fn undo_null(&mut self) -> bool {
        let Some(floor) = self.nulls.pop() else {
            return false;
        };
        self.position.unmake_null();
        self.keys.pop();
        self.repeats.pop();
        self.checks.pop();
        self.floor = floor;
        true
    }

    /// Records the current position's key and how many times it has occurred since the floor.
    fn push_key(&mut self) {
        let key = self.position.key();
        let seen = self.keys[self.floor..]
            .iter()
            .filter(|&&k| k == key)
            .count();
        self.keys.push(key);
        self.repeats.push(seen as u32 + 1);
    }

    /// How many times the current position has occurred, this time included.
    pub fn repetitions(&self) -> usize {
        self.repeats.last().map_or(0, |&n| n as usize)
    }

    /// Plies since the last capture or move of `piece`.
    pub fn plies_without_progress(&self, piece: Option<FaceId>) -> usize {
        (0..self.moves.len())
            .rev()
            .take_while(|&i| !self.captures[i] && (piece.is_none() || self.movers[i] != piece))
            .count()
    }

    /// If the current position has occurred at least `n` times: the player who gave check with every one of
    /// its moves since the `n`th-last occurrence, when exactly one player did.
    pub fn perpetual_checker(&self, n: usize) -> Option<Player> {
        let key = self.position.key();
        if n == 0 || self.repetitions() < n {
            return None;
        }
        // The `n`th-last occurrence, looked for from the end.
        let since = (self.floor..self.keys.len())
            .rev()
            .filter(|&i| self.keys[i] == key)
            .nth(n - 1)?;
        let last = self.keys.len() - 1;
        let stm = self.position.side_to_move();
        let player_at = |i: usize| {
            if (last - i).is_multiple_of(2) {
                stm
            } else {
                stm.opponent()
            }
        };
        let checked_always = |checker: Player| {
            (since + 1..=last)
                .filter(|&i| player_at(i) == checker.opponent())
                .all(|i| self.checks[i])
        };
        match (
            checked_always(Player::First),
            checked_always(Player::Second),
        ) {
            (true, false) => Some(Player::First),
            (false, true) => Some(Player::Second),
            _ => None,
        }
    }
}

impl EndView for Game {
    fn side_to_move(&self) -> Player {
        self.position.side_to_move()
    }

    fn no_pieces_left(&self) -> bool {
        self.position.no_pieces_left()
    }

    fn checks_given(&self, player: Player) -> u32 {
        self.position.checks_given(player) as u32
    }

    fn bared(&self) -> Option<Player> {
        self.position.bared()
    }

    fn both_kings_bare(&self) -> bool {
        self.position.both_kings_bare()
    }

    fn in_check(&self) -> bool {
        self.position.in_check()
    }

    fn immediate_end(&self) -> Option<ImmediateEnd> {
        self.position.immediate_end()
    }

    fn reached(&self, zone: crate::ranks::RankSet, safely: bool) -> Option<Player> {
        self.position.reached(zone, safely)
    }

    fn repetitions(&self) -> usize {
        Game::repetitions(self)
    }

    fn perpetual_checker(&self, n: usize) -> Option<Player> {
        Game::perpetual_checker(self, n)
    }

    fn plies_without_progress(&self, piece: Option<FaceId>) -> usize {
        Game::plies_without_progress(self, piece)
    }
}
