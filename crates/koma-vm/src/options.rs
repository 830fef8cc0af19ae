//! Opening options of a game: `designate` and `pie`.

use std::time::Duration;

use crate::face::FaceId;
use crate::game::Game;
use crate::moves::Move;
use crate::spec::OptionKind;
use crate::walk::{Progress, Stopped, Watch};

/// Why an opening option cannot be used now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The option is not switched on for this game.
    #[error("the `{0}` option is not switched on")]
    Off(&'static str),
    /// The option belongs to another moment of the game.
    #[error("`{0}` is only possible {1}")]
    NotNow(&'static str, &'static str),
    /// The named piece cannot be placed first.
    #[error("the first player cannot place that piece")]
    NotPlaceable,
}

impl crate::rules::Rules {
    /// The text of an action: its USI move, `designate X` or `swap`.
    pub fn action_name(&self, action: Action) -> String {
        match action {
            Action::Move(mv) => self.move_name(mv),
            Action::Designate(face) => format!("designate {}", self.face_text(face)),
            Action::Swap => "swap".to_string(),
        }
    }
}

impl Game {
    /// Switches an option the game declares on or off. Returns `false` if the game has no such option.
    pub fn set_option(&mut self, kind: OptionKind, on: bool) -> bool {
        match self.options.iter_mut().find(|(k, _)| *k == kind) {
            Some(o) => {
                o.1 = on;
                true
            }
            None => false,
        }
    }

    /// Whether an option is on.
    pub fn option(&self, kind: OptionKind) -> bool {
        self.options.iter().any(|&(k, on)| k == kind && on)
    }

    /// The `designate` option: before the first move, the second player names the face the first player
    /// must place first.
    pub fn designate(&mut self, face: FaceId) -> Result<(), OptionError> {
        let name = OptionKind::Designate.name();
        if !self.option(OptionKind::Designate) {
            return Err(OptionError::Off(name));
        }
        if !self.moves().is_empty() || self.designated.is_some() {
            return Err(OptionError::NotNow(name, "once, before the first move"));
        }
        let placeable = self
            .position
            .legal_moves()
            .iter()
            .any(|m| m.is_drop() && m.face_after() == face);
        if !placeable {
            return Err(OptionError::NotPlaceable);
        }
        self.designated = Some(face);
        Ok(())
    }

    /// The `pie` option: after the first move, the second player takes over the first player's side.
    /// The position does not change; the players exchange sides.
    pub fn swap(&mut self) -> Result<(), OptionError> {
        let name = OptionKind::Pie.name();
        if !self.option(OptionKind::Pie) {
            return Err(OptionError::Off(name));
        }
        if self.moves().len() != 1 || self.swapped {
            return Err(OptionError::NotNow(name, "right after the first move"));
        }
        self.swapped = true;
        Ok(())
    }

    /// Whether the players exchanged sides with the `pie` option.
    pub fn players_swapped(&self) -> bool {
        self.swapped
    }
}

/// Something a player may do on their turn: a move, or an opening option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// A board move or a drop.
    Move(Move),
    /// `designate`: the second player names the face the first player must place first.
    Designate(FaceId),
    /// `pie`: the second player takes over the first player's side.
    Swap,
}

impl Game {
    /// Whether an opening option can still act: a designation to make or to obey, or a swap to offer.
    fn options_pending(&self) -> bool {
        let designate = self.option(OptionKind::Designate) && self.moves().is_empty();
        let pie = self.option(OptionKind::Pie) && !self.swapped && self.moves().len() <= 1;
        designate || pie
    }

    /// Everything the player to move may do now: the legal moves, then the opening options that apply
    /// (`designate` before the first move, for each face the first player could place; `swap` right after it).
    pub fn actions(&self) -> Vec<Action> {
        if self.option(OptionKind::Designate)
            && self.moves().is_empty()
            && self.designated.is_none()
        {
            let mut faces: Vec<FaceId> = self
                .position
                .legal_moves()
                .iter()
                .filter(|m| m.is_drop())
                .map(|m| m.face_after())
                .collect();
            faces.sort_unstable();
            faces.dedup();
            return faces.into_iter().map(Action::Designate).collect();
        }
        let mut actions: Vec<Action> = self.legal_moves().into_iter().map(Action::Move).collect();
        if self.option(OptionKind::Pie) && self.moves().len() == 1 && !self.swapped {
            actions.push(Action::Swap);
        }
        actions
    }

    /// Takes an action from [`Game::actions`].
    pub fn apply(&mut self, action: Action) -> Result<(), OptionError> {
        match action {
            Action::Move(mv) => {
                self.play(mv);
                Ok(())
            }
            Action::Designate(face) => self.designate(face),
            Action::Swap => self.swap(),
        }
    }

    /// [`Game::perft`] on `threads` threads: the root moves are shared out (opening options still pending
    /// are counted on one thread).
    pub fn perft_threads(&self, depth: u32, threads: usize) -> u64 {
        if threads <= 1 || self.options_pending() {
            return self.perft(depth);
        }
        self.position.perft_threads(depth, threads)
    }

    /// Perft over actions: like [`crate::Position::perft`], with opening options counted as plies.
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_watched(depth, &Watch::new())
            .expect("an unwatched walk runs to its end")
    }

    /// [`Game::perft`] under a watch.
    pub fn perft_watched(&self, depth: u32, watch: &Watch) -> Result<u64, Stopped> {
        if depth == 0 {
            return Ok(1);
        }
        if !self.options_pending() {
            return self.position.clone().perft_watched(depth, watch);
        }
        let mut total = 0;
        for a in self.actions() {
            let mut next = self.clone();
            next.apply(a).expect("an action from Game::actions applies");
            total += next.perft_watched(depth - 1, watch)?;
        }
        Ok(total)
    }

    /// Perft split by action on `threads` threads, under a watch and the time guard of
    /// [`crate::Position::divide_within`] (opening options still pending are counted on one thread, and
    /// measured the same way).
    pub fn divide_within(
        &self,
        depth: u32,
        threads: usize,
        limit: Option<Duration>,
        watch: &Watch,
    ) -> Result<Vec<(Action, u64)>, Stopped> {
        if depth == 0 {
            return Ok(Vec::new());
        }
        if !self.options_pending() {
            let divided = self.position.divide_within(depth, threads, limit, watch)?;
            return Ok(divided
                .into_iter()
                .map(|(m, n)| (Action::Move(m), n))
                .collect());
        }
        crate::walk::guarded(
            depth,
            1,
            limit,
            watch,
            |k, l| self.perft_watched(k, &watch.quiet(l)),
            |watch| self.divide_actions(depth, watch),
        )
    }

    /// Perft split by action, on one thread, under `watch`.
    fn divide_actions(&self, depth: u32, watch: &Watch) -> Result<Vec<(Action, u64)>, Stopped> {
        let started = web_time::Instant::now();
        let actions = self.actions();
        let mut divided = Vec::with_capacity(actions.len());
        for (done, a) in actions.iter().enumerate() {
            let mut next = self.clone();
            next.apply(*a)
                .expect("an action from Game::actions applies");
            let n = next.perft_watched(depth - 1, watch)?;
            divided.push((*a, n));
            watch.tell(Progress {
                done: done + 1,
                pieces: actions.len(),
                leaves: divided.iter().map(|(_, n)| n).sum(),
                elapsed: started.elapsed(),
            });
        }
        Ok(divided)
    }
}
