//! A REPL session: the loaded game, the start, the actions played from it, and the command that runs next.
//!
//! The session owns no terminal: [`Session::execute`] takes a line and returns the text to show, so every
//! command is tested with plain strings. The game is always rebuilt from the start by replaying the
//! actions, which makes `undo`, `reload` and option changes one mechanism.

use std::path::Path;
use std::sync::Arc;

use koma_draw::Style;
use koma_host::{Diagnostic, Host, Loaded};
use koma_vm::spec::OptionKind;
use koma_vm::{FaceId, Game, Position, Rules};

use crate::command::{self, Plays, Think};

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
/// `reload` gives it back unchanged.
pub struct Preloaded(pub Loaded);

impl Loader for Preloaded {
    fn load(&self, _: &str) -> Result<Loaded, String> {
        Ok(self.0.clone())
    }
}

/// What a command printed, and whether the session should end.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Reply {
    /// The text to show (may be empty).
    pub text: String,
    /// The command was `quit`.
    pub quit: bool,
}

/// The size of the REPL's transposition table, in MiB: a session is opened for every script and fuzz input,
/// so it stays small (the USI engine's default is larger).
const REPL_HASH_MB: usize = 16;

/// Where a search's progress lines go.
pub type Progress = Box<dyn FnMut(&str) + Send>;

/// One REPL session.
pub struct Session {
    loader: Box<dyn Loader>,
    pub(crate) loaded: Loaded,
    /// The start position as SFEN, or `None` for the game's own start.
    pub(crate) start: Option<String>,
    /// What was played from the start: USI moves, `designate X`, `swap`.
    pub(crate) actions: Vec<String>,
    pub(crate) redo: Vec<String>,
    pub(crate) options: Vec<(OptionKind, bool)>,
    pub(crate) game: Game,
    /// How boards are drawn.
    pub style: Style,
    /// The engine for the loaded rules, made on first use.
    pub(crate) engine: Option<koma_engine::Engine>,
    /// What every search of this session shares: Ctrl-C stops a search through it.
    pub(crate) stopper: Arc<koma_engine::Shared>,
    /// Which side the computer plays, and how long it thinks.
    pub(crate) computer: (Plays, Think),
    /// Where a search's progress goes while it runs (a terminal prints it; scripts and tests do not).
    pub(crate) progress: Option<Progress>,
    /// Set by Ctrl-C while a command runs.
    pub(crate) interrupt: Arc<std::sync::atomic::AtomicBool>,
}

/// A failed step of a replay: which action (0-based) and why.
pub(crate) struct ReplayError {
    pub index: usize,
    pub message: String,
}

impl Session {
    /// A session on the game `name`, loaded by `loader`.
    pub fn open(loader: Box<dyn Loader>, name: &str, style: Style) -> Result<Session, String> {
        let loaded = loader.load(name)?;
        let game = Game::start(loaded.rules());
        let options = game_options(loaded.rules());
        Ok(Session {
            loader,
            loaded,
            start: None,
            actions: Vec::new(),
            redo: Vec::new(),
            options,
            game,
            style,
            engine: None,
            stopper: Arc::new(koma_engine::Shared::new(REPL_HASH_MB)),
            computer: (Plays::Off, Think::Movetime(1000)),
            progress: None,
            interrupt: Arc::new(std::sync::atomic::AtomicBool::new(false)),
        })
    }

    /// Shows each finished iteration of a search as it comes (a terminal prints it at once).
    pub fn set_progress(&mut self, progress: Progress) {
        self.progress = Some(progress);
    }

    /// What Ctrl-C calls: stops a running search, and a running `computer plays both`.
    pub fn interrupter(&self) -> impl Fn() + Send + Sync + 'static {
        let (stopper, interrupt) = (self.stopper.clone(), self.interrupt.clone());
        move || {
            interrupt.store(true, std::sync::atomic::Ordering::SeqCst);
            stopper.stop();
        }
    }

    /// Whether Ctrl-C was pressed since the command began.
    pub(crate) fn interrupted(&self) -> bool {
        self.interrupt.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.game.position()
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The compiled rules.
    pub fn rules(&self) -> &Arc<Rules> {
        self.loaded.rules()
    }

    /// The source text of the loaded game.
    pub fn source_text(&self) -> &str {
        self.loaded.text()
    }

    /// The file the game was read from, if any.
    pub fn file(&self) -> Option<&Path> {
        self.loaded.path()
    }

    /// What the REPL shows when it opens: the game, the board, how to get help.
    pub fn greeting(&self) -> String {
        format!(
            "{} ({}). Type `help` for the commands, `quit` to leave.\n\n{}",
            self.loaded.rules().name,
            self.loaded.name,
            self.view()
        )
    }

    /// Rebuilds a game from a start, options and actions under `rules`.
    pub(crate) fn replay(
        rules: &Arc<Rules>,
        start: Option<&str>,
        options: &[(OptionKind, bool)],
        actions: &[String],
    ) -> Result<Game, ReplayError> {
        let position = match start {
            None => Position::start(rules),
            Some(sfen) => Position::from_sfen(rules, sfen).map_err(|e| ReplayError {
                index: usize::MAX,
                message: format!("the start position is refused: {e}"),
            })?,
        };
        let mut game = Game::new(position);
        for &(kind, on) in options {
            game.set_option(kind, on);
        }
        for (index, action) in actions.iter().enumerate() {
            apply(&mut game, action).map_err(|message| ReplayError { index, message })?;
        }
        Ok(game)
    }

    /// Plays actions after the current ones; on the first that fails, nothing changes.
    pub(crate) fn push_actions(&mut self, new: &[String]) -> Result<String, String> {
        let mut game = self.game.clone();
        for (i, action) in new.iter().enumerate() {
            apply(&mut game, action).map_err(|why| {
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
                format!(
                    "{} is not allowed: {why}{done}{hint}",
                    command::shorten(action)
                )
            })?;
        }
        self.actions.extend(new.iter().cloned());
        self.redo.clear();
        self.game = game;
        Ok(self.view())
    }

    pub(crate) fn play(&mut self, moves: &[String]) -> Result<String, String> {
        self.push_actions(moves)
    }

    pub(crate) fn undo(&mut self, n: usize) -> Result<String, String> {
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
            let undone: Vec<String> = self.actions.drain(keep..).rev().collect();
            self.redo.extend(undone);
            return Ok(self.view());
        }
        let game = Session::replay(
            self.loaded.rules(),
            self.start.as_deref(),
            &self.options,
            &self.actions[..keep],
        )
        .map_err(|e| e.message)?;
        let undone: Vec<String> = self.actions.drain(keep..).rev().collect();
        self.redo.extend(undone);
        self.game = game;
        Ok(self.view())
    }

    pub(crate) fn redo(&mut self) -> Result<String, String> {
        let Some(action) = self.redo.last().cloned() else {
            return Err("nothing to redo".into());
        };
        let redo = std::mem::take(&mut self.redo);
        let result = self.push_actions(std::slice::from_ref(&action));
        self.redo = redo;
        if result.is_ok() {
            self.redo.pop();
        }
        result
    }

    /// `reset`: the game's own start position, forgetting a position set with `position` or by editing.
    pub(crate) fn reset(&mut self) -> String {
        self.start = None;
        self.actions.clear();
        self.redo.clear();
        self.game = Session::replay(
            self.loaded.rules(),
            self.start.as_deref(),
            &self.options,
            &[],
        )
        .unwrap_or_else(|_| Game::start(self.loaded.rules()));
        self.view()
    }

    /// Sets a new start and moves from it, or changes nothing.
    pub(crate) fn set_position(
        &mut self,
        sfen: Option<String>,
        moves: Vec<String>,
    ) -> Result<String, String> {
        let game = Session::replay(self.loaded.rules(), sfen.as_deref(), &self.options, &moves)
            .map_err(|e| match moves.get(e.index) {
                Some(mv) => format!("{} is not allowed: {}", command::shorten(mv), e.message),
                None => e.message,
            })?;
        self.start = sfen;
        self.actions = moves;
        self.redo.clear();
        self.game = game;
        Ok(self.view())
    }

    pub(crate) fn set_option(&mut self, name: &str, on: bool) -> Result<String, String> {
        let Some(kind) = OptionKind::ALL.into_iter().find(|k| k.name() == name) else {
            return Err(format!(
                "there is no option `{}`; options are `designate` and `pie`",
                command::shorten(name)
            ));
        };
        if !self.options.iter().any(|&(k, _)| k == kind) {
            return Err(format!("this game does not declare the `{name}` option"));
        }
        let mut options = self.options.clone();
        for o in options.iter_mut().filter(|o| o.0 == kind) {
            o.1 = on;
        }
        let game = Session::replay(
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
        Ok(format!(
            "option {name} is {}\n\n{}",
            if on { "on" } else { "off" },
            self.view()
        ))
    }

    pub(crate) fn designate(&mut self, piece: &str) -> Result<String, String> {
        let face = self
            .loaded
            .rules()
            .find_face(piece)
            .ok_or_else(|| unknown_piece(self.loaded.rules(), piece))?;
        let letter = self.loaded.rules().face_text(face);
        self.push_actions(&[format!("designate {letter}")])
    }

    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<String, String> {
        match (key, value) {
            ("names", "kanji") => self.style.kanji = true,
            ("names", "letters") => self.style.kanji = false,
            ("color" | "colour", "on") => self.style.color = true,
            ("color" | "colour", "off") => self.style.color = false,
            _ => {
                return Err(format!(
                    "cannot set `{}` to `{}`; usage: set names kanji|letters, set color on|off",
                    command::shorten(key),
                    command::shorten(value)
                ));
            }
        }
        Ok(self.view())
    }

    /// Reads the game file again and replays the position under the new rules.
    pub fn reload(&mut self) -> String {
        // A game read from a file is read from that file again: if it is gone, an embedded game of the same
        // name is not a stand-in.
        if let Some(path) = self.loaded.path()
            && !path.is_file()
        {
            return format!(
                "reload failed: {} is no longer there; keeping the rules loaded before",
                path.display()
            );
        }
        let loaded = match self.loader.load(&self.loaded.name) {
            Ok(l) => l,
            Err(diagnostics) => {
                return format!("{diagnostics}\nreload failed: keeping the rules loaded before");
            }
        };
        let options = merge_options(&game_options(loaded.rules()), &self.options);
        let replayed = Session::replay(
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
                self.game = Session::replay(loaded.rules(), self.start.as_deref(), &options, &[])
                    .unwrap_or_else(|_| Game::start(loaded.rules()));
                format!("reloaded {}: {why}; back to the start", loaded.name)
            }
        };
        self.redo.clear();
        self.options = options;
        self.loaded = loaded;
        format!("{note}\n\n{}", self.view())
    }
}

/// Plays one action (`5d5c`, `designate K`, `swap`) on `game`.
pub(crate) fn apply(game: &mut Game, action: &str) -> Result<(), String> {
    game.play_text(action).map(|_| ()).map_err(|e| match e {
        koma_vm::ActionError::Usi(koma_vm::UsiError::Illegal { reason, .. }) => reason.to_string(),
        koma_vm::ActionError::UnknownPiece(piece) => unknown_piece(game.position().rules(), &piece),
        other => other.to_string(),
    })
}

/// The error for a piece that is not in the game, listing those that are.
pub(crate) fn unknown_piece(rules: &Rules, text: &str) -> String {
    let names: Vec<String> = FaceId::all(rules.faces.len())
        .map(|f| format!("{} ({})", rules.face(f).name, rules.face_text(f)))
        .collect();
    format!(
        "no piece `{}` in this game; pieces: {}",
        command::shorten(text),
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
