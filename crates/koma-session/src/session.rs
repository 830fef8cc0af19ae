//! A session on one game: the loaded rules, the start, the options and the actions played from it, and the
//! game they make.
//!
//! Every change goes through [`Session::replay`] or [`Game::play_text`], the one place that decides what may be
//! played (moves, `swap`, `designate`), and either happens whole or leaves the session as it was.

use std::path::Path;
use std::sync::Arc;

use koma_host::{Diagnostic, Host, Loaded};
use koma_vm::spec::OptionKind;
use koma_vm::{FaceId, Game, Position, Rules};

use crate::words::shorten;

/// Compiles games for the session: on failure, the diagnostics as they should be shown.
pub trait Loader: Send {
    /// Loads the game called `name` (a `.game` path or an embedded game).
    fn load(&self, name: &str) -> Result<Loaded, String>;
}

/// Loads games through a [`Host`], rendering diagnostics with a function of the front end's (miette on a
/// terminal, plain text in tests).
pub struct HostLoader {
    /// Where games come from.
    pub host: Host,
    /// How diagnostics are shown.
    pub render: fn(&[Diagnostic]) -> String,
}

impl Loader for HostLoader {
    fn load(&self, name: &str) -> Result<Loaded, String> {
        self.host.load(name).map_err(|d| (self.render)(&d))
    }
}

/// A loader that holds one game, already compiled (a language server's or a web page's last good text):
/// [`Session::reload`] gives it back unchanged.
pub struct Preloaded(pub Loaded);

impl Loader for Preloaded {
    fn load(&self, _: &str) -> Result<Loaded, String> {
        Ok(self.0.clone())
    }
}

/// A failed step of a replay: which action (0-based; `usize::MAX` for the start itself) and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayError {
    /// The action that could not be played.
    pub index: usize,
    /// Why, in words.
    pub message: String,
}

/// A replay that went as far as it could: the game after the actions that could be played, and why the next
/// one could not.
pub struct Replayed {
    /// The game after the actions played.
    pub game: Game,
    /// How many actions were played.
    pub played: usize,
    /// Why the action after them could not be played.
    pub error: Option<ReplayError>,
}

thread_local! {
    static REPLAYS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// How many games this thread has replayed from their start: how a test sees that a front end replays a
/// request once.
pub fn replays_on_this_thread() -> usize {
    REPLAYS.with(|r| r.get())
}

/// One session on one game.
pub struct Session {
    loader: Box<dyn Loader>,
    loaded: Loaded,
    /// The start position as SFEN, or `None` for the game's own start.
    start: Option<String>,
    /// What was played from the start: USI moves, `designate X`, `swap`.
    actions: Vec<String>,
    redo: Vec<String>,
    options: Vec<(OptionKind, bool)>,
    game: Game,
}

impl Session {
    /// A session on the game `name`, loaded by `loader`, at its start.
    pub fn open(loader: Box<dyn Loader>, name: &str) -> Result<Session, String> {
        let loaded = loader.load(name)?;
        Ok(Session::with_loader(loader, loaded))
    }

    /// A session on a game already compiled (a language server's or a web page's text).
    pub fn on(loaded: Loaded) -> Session {
        Session::with_loader(Box::new(Preloaded(loaded.clone())), loaded)
    }

    fn with_loader(loader: Box<dyn Loader>, loaded: Loaded) -> Session {
        let game = Game::start(loaded.rules());
        let options = game_options(loaded.rules());
        Session {
            loader,
            loaded,
            start: None,
            actions: Vec::new(),
            redo: Vec::new(),
            options,
            game,
        }
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The compiled rules.
    pub fn rules(&self) -> &Arc<Rules> {
        self.loaded.rules()
    }

    /// The loaded game: its sources and compiled rules.
    pub fn loaded(&self) -> &Loaded {
        &self.loaded
    }

    /// The source text of the loaded game.
    pub fn source_text(&self) -> &str {
        self.loaded.text()
    }

    /// The file the game was read from, if any.
    pub fn file(&self) -> Option<&Path> {
        self.loaded.path()
    }

    /// The start position as SFEN, when one was set (`None`: the game's own start).
    pub fn start(&self) -> Option<&str> {
        self.start.as_deref()
    }

    /// The actions played from the start.
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// The opening options the game declares, with their values in this session.
    pub fn options(&self) -> &[(OptionKind, bool)] {
        &self.options
    }

    /// Rebuilds a game from a start, options and actions under `rules`, as far as the actions can be played.
    /// `Err` only when the start itself is refused.
    pub fn replay(
        rules: &Arc<Rules>,
        start: Option<&str>,
        options: &[(OptionKind, bool)],
        actions: &[String],
    ) -> Result<Replayed, ReplayError> {
        REPLAYS.with(|r| r.set(r.get() + 1));
        let position = match start {
            None => Position::start(rules),
            Some(sfen) => Position::from_sfen(rules, sfen).map_err(|e| ReplayError {
                index: usize::MAX,
                message: format!("the SFEN is refused: {e}"),
            })?,
        };
        let mut game = Game::new(position);
        for &(kind, on) in options {
            game.set_option(kind, on);
        }
        for (index, action) in actions.iter().enumerate() {
            if let Err(message) = apply(&mut game, action).map(drop) {
                return Ok(Replayed {
                    game,
                    played: index,
                    error: Some(ReplayError { index, message }),
                });
            }
        }
        Ok(Replayed {
            game,
            played: actions.len(),
            error: None,
        })
    }

    /// [`Session::replay`], all actions or none.
    fn replay_all(
        rules: &Arc<Rules>,
        start: Option<&str>,
        options: &[(OptionKind, bool)],
        actions: &[String],
    ) -> Result<Game, ReplayError> {
        let replayed = Session::replay(rules, start, options, actions)?;
        match replayed.error {
            Some(e) => Err(e),
            None => Ok(replayed.game),
        }
    }

    /// Plays actions after the current ones; on the first that fails, nothing changes, and the error says
    /// which and why (with the legal moves from the same square, when the first one fails).
    pub fn play(&mut self, new: &[String]) -> Result<(), String> {
        let mut game = self.game.clone();
        let mut played = Vec::with_capacity(new.len());
        for (i, action) in new.iter().enumerate() {
            let text = apply(&mut game, action).map_err(|why| {
                let done = if i == 0 {
                    String::new()
                } else {
                    format!(" (after {i} move(s); none was played)")
                };
                let from: String = action.chars().take_while(|c| c.is_ascii_digit()).collect();
                let prefix = action.get(..from.len() + 1).unwrap_or(action);
                let hint = self
                    .moves_starting_with(prefix)
                    .filter(|_| i == 0)
                    .map_or(String::new(), |m| format!("; legal moves from there: {m}"));
                format!("{} is not allowed: {why}{done}{hint}", shorten(action))
            })?;
            played.push(text);
        }
        self.actions.extend(played);
        self.redo.clear();
        self.game = game;
        Ok(())
    }

    /// Takes back the last `n` actions (all there are, when fewer).
    pub fn undo(&mut self, n: usize) -> Result<(), String> {
        if self.actions.is_empty() {
            return Err("nothing to undo".into());
        }
        let n = n.min(self.actions.len());
        let keep = self.actions.len() - n;
        // Moves are taken back in place; an opening option among them makes the game be played again.
        let options = |a: &String| a == "swap" || a.starts_with("designate ");
        if !self.actions[keep..].iter().any(options) && self.game.moves().len() >= n {
            for _ in 0..n {
                self.game.undo();
            }
        } else {
            self.game = Session::replay_all(
                self.loaded.rules(),
                self.start.as_deref(),
                &self.options,
                &self.actions[..keep],
            )
            .map_err(|e| e.message)?;
        }
        let undone: Vec<String> = self.actions.drain(keep..).rev().collect();
        self.redo.extend(undone);
        Ok(())
    }

    /// Plays again the last action taken back.
    pub fn redo(&mut self) -> Result<(), String> {
        let Some(action) = self.redo.last().cloned() else {
            return Err("nothing to redo".into());
        };
        let redo = std::mem::take(&mut self.redo);
        let result = self.play(std::slice::from_ref(&action));
        self.redo = redo;
        if result.is_ok() {
            self.redo.pop();
        }
        result
    }

    /// The game's own start position, forgetting a start that was set.
    pub fn reset(&mut self) {
        self.start = None;
        self.actions.clear();
        self.redo.clear();
        self.game = Session::replay_all(self.loaded.rules(), None, &self.options, &[])
            .unwrap_or_else(|_| Game::start(self.loaded.rules()));
    }

    /// Sets a new start and the actions from it, all of them or nothing.
    pub fn set_position(&mut self, sfen: Option<String>, moves: Vec<String>) -> Result<(), String> {
        let game = Session::replay_all(self.loaded.rules(), sfen.as_deref(), &self.options, &moves)
            .map_err(|e| match moves.get(e.index) {
                Some(mv) => format!("{} is not allowed: {}", shorten(mv), e.message),
                None => e.message,
            })?;
        self.start = sfen;
        self.actions = moves;
        self.redo.clear();
        self.game = game;
        Ok(())
    }

    /// Sets a new start and plays as many of `actions` as can be played, in one replay (a web page's game,
    /// whose later moves may no longer hold under edited rules). Returns why the next action could not be
    /// played; `Err` (and nothing changed) when the start itself is refused.
    pub fn follow(
        &mut self,
        sfen: Option<String>,
        actions: &[String],
    ) -> Result<Option<ReplayError>, ReplayError> {
        let replayed =
            Session::replay(self.loaded.rules(), sfen.as_deref(), &self.options, actions)?;
        self.start = sfen;
        self.actions = actions[..replayed.played].to_vec();
        self.redo.clear();
        self.game = replayed.game;
        Ok(replayed.error)
    }

    /// Turns the opening option `name` on or off, when the actions played so far still hold under it.
    pub fn set_option(&mut self, name: &str, on: bool) -> Result<(), String> {
        let Some(kind) = OptionKind::ALL.into_iter().find(|k| k.name() == name) else {
            return Err(format!(
                "there is no option `{}`; options are `designate` and `pie`",
                shorten(name)
            ));
        };
        if !self.options.iter().any(|&(k, _)| k == kind) {
            return Err(format!("this game does not declare the `{name}` option"));
        }
        let mut options = self.options.clone();
        for o in options.iter_mut().filter(|o| o.0 == kind) {
            o.1 = on;
        }
        let game = Session::replay_all(
            self.loaded.rules(),
            self.start.as_deref(),
            &options,
            &self.actions,
        )
        .map_err(|e| {
            format!(
                "the moves played so far do not hold with `{name}` {}: {}",
                if on { "on" } else { "off" },
                e.message
            )
        })?;
        self.options = options;
        self.game = game;
        Ok(())
    }

    /// The second player designates `piece` (by name or letter) under the `designate` option.
    pub fn designate(&mut self, piece: &str) -> Result<(), String> {
        let rules = self.loaded.rules();
        let face = rules
            .find_face(piece)
            .ok_or_else(|| unknown_piece(rules, piece))?;
        let letter = rules.face_text(face);
        self.play(&[format!("designate {letter}")])
    }

    /// Reads the game again and replays the actions under the new rules; says what happened. `Err` when the
    /// game could not be read again (the rules loaded before are kept).
    pub fn reload(&mut self) -> Result<String, String> {
        // A game read from a file is read from that file again: if it is gone, an embedded game of the same
        // name is not a stand-in.
        if let Some(path) = self.loaded.path()
            && !path.is_file()
        {
            return Err(format!(
                "reload failed: {} is no longer there; keeping the rules loaded before",
                path.display()
            ));
        }
        let loaded = self
            .loader
            .load(&self.loaded.name)
            .map_err(|d| format!("{d}\nreload failed: keeping the rules loaded before"))?;
        let options = merge_options(&game_options(loaded.rules()), &self.options);
        let replayed = Session::replay_all(
            loaded.rules(),
            self.start.as_deref(),
            &options,
            &self.actions,
        );
        let note = match replayed {
            Ok(game) => {
                self.game = game;
                format!(
                    "reloaded {}: {} move(s) replayed under the new rules",
                    loaded.name,
                    self.actions.len()
                )
            }
            Err(e) => {
                let why = match self.actions.get(e.index) {
                    Some(mv) => {
                        format!("move {} ({mv}) no longer holds: {}", e.index + 1, e.message)
                    }
                    None => e.message,
                };
                if e.index == usize::MAX {
                    self.start = None;
                }
                self.actions.clear();
                self.game =
                    Session::replay_all(loaded.rules(), self.start.as_deref(), &options, &[])
                        .unwrap_or_else(|_| Game::start(loaded.rules()));
                format!("reloaded {}: {why}; back to the start", loaded.name)
            }
        };
        self.redo.clear();
        self.options = options;
        self.loaded = loaded;
        Ok(note)
    }

    /// The legal moves as USI (`swap` and `designate` aside).
    pub fn legal_move_names(&self) -> Vec<String> {
        let r = self.rules();
        self.game
            .playable()
            .into_iter()
            .filter_map(|a| match a {
                koma_vm::Action::Move(mv) => Some(r.move_name(mv)),
                _ => None,
            })
            .collect()
    }

    /// For an error hint: the legal moves that start with `prefix`, at most a dozen.
    pub fn moves_starting_with(&self, prefix: &str) -> Option<String> {
        let mut moves: Vec<String> = self
            .legal_move_names()
            .into_iter()
            .filter(|m| m.starts_with(prefix) && !prefix.is_empty())
            .collect();
        if moves.is_empty() {
            return None;
        }
        let more = moves.len().saturating_sub(12);
        moves.truncate(12);
        let tail = if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        };
        Some(format!("{}{tail}", moves.join(" ")))
    }
}

/// Plays one action (`5d5c`, `designate K`, `swap`) on `game`, through [`Game::play_text`]; a text that is no
/// USI action may be a move in human notation (`P-2f`, `▲２六歩`, `Pawn 2f`: [`koma_notation::read`]).
/// Returns the action as a session keeps it: a move by its USI text.
pub fn apply(game: &mut Game, action: &str) -> Result<String, String> {
    let usi_error = match game.play_text(action) {
        Ok(_) => return Ok(action.to_string()),
        Err(e) => e,
    };
    if let koma_vm::ActionError::Usi(koma_vm::UsiError::Syntax { .. }) = usi_error {
        let last_to = game.moves().last().map(|m| m.to());
        match koma_notation::read(game.position(), action, last_to) {
            Ok(mv) => {
                let text = game.position().rules().move_name(mv);
                if game.play_text(&text).is_ok() {
                    return Ok(text);
                }
            }
            // A text that does not begin as a USI board move does is said to be no move in any notation.
            Err(e) if e.ambiguous || !action.starts_with(|c: char| c.is_ascii_digit()) => {
                return Err(e.message);
            }
            Err(_) => {}
        }
    }
    Err(match usi_error {
        koma_vm::ActionError::Usi(koma_vm::UsiError::Illegal { reason, .. }) => reason.to_string(),
        koma_vm::ActionError::UnknownPiece(piece) => unknown_piece(game.position().rules(), &piece),
        other => other.to_string(),
    })
}

/// The error for a piece that is not in the game, listing those that are.
pub fn unknown_piece(rules: &Rules, text: &str) -> String {
    let names: Vec<String> = FaceId::all(rules.faces.len())
        .map(|f| format!("{} ({})", rules.face(f).name, rules.face_text(f)))
        .collect();
    format!(
        "no piece `{}` in this game; pieces: {}",
        shorten(text),
        names.join(", ")
    )
}

/// The options a game declares, with their defaults.
fn game_options(rules: &Rules) -> Vec<(OptionKind, bool)> {
    rules.options.iter().map(|o| (o.kind, o.on)).collect()
}

/// The new game's options, keeping the values the user set for options it still declares.
fn merge_options(
    new: &[(OptionKind, bool)],
    old: &[(OptionKind, bool)],
) -> Vec<(OptionKind, bool)> {
    new.iter()
        .map(|&(k, on)| (k, old.iter().find(|o| o.0 == k).map_or(on, |o| o.1)))
        .collect()
}
