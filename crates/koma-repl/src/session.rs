//! A REPL session: a [`koma_session::Session`] on the game, how boards are drawn, and the computer that plays.
//!
//! The session owns no terminal: [`Session::execute`] takes a line and returns the text to show, so every
//! command is tested with plain strings.

use std::path::Path;
use std::sync::Arc;

use koma_draw::Style;
use koma_vm::{Game, Position, Rules};

use crate::command::{Plays, Think};

pub use koma_session::{HostLoader, Loader, Preloaded};

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
    /// The game, its start, options and actions, and the answers about them.
    pub(crate) core: koma_session::Session,
    /// How boards are drawn.
    pub style: Style,
    /// How moves are written (`set notation`).
    pub notation: koma_notation::Notation,
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
    /// Whether `save` and `load` may touch files (the terminal and `koma repl` scripts; not a session made
    /// for tests or fuzzing).
    pub(crate) files: bool,
}

impl Session {
    /// A session on the game `name`, loaded by `loader`.
    pub fn open(loader: Box<dyn Loader>, name: &str, style: Style) -> Result<Session, String> {
        Ok(Session {
            core: koma_session::Session::open(loader, name)?,
            style,
            notation: koma_notation::Notation::Usi,
            engine: None,
            stopper: Arc::new(koma_engine::Shared::new(REPL_HASH_MB)),
            computer: (Plays::Off, Think::Movetime(1000)),
            progress: None,
            interrupt: Arc::new(std::sync::atomic::AtomicBool::new(false)),
            files: false,
        })
    }

    /// Lets `save` and `load` read and write the files they name.
    pub fn allow_files(&mut self) {
        self.files = true;
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
        self.core.position()
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        self.core.game()
    }

    /// The compiled rules.
    pub fn rules(&self) -> &Arc<Rules> {
        self.core.rules()
    }

    /// The source text of the loaded game.
    pub fn source_text(&self) -> &str {
        self.core.source_text()
    }

    /// The file the game was read from, if any.
    pub fn file(&self) -> Option<&Path> {
        self.core.file()
    }

    /// What the REPL shows when it opens: the game, the board, how to get help.
    pub fn greeting(&self) -> String {
        format!(
            "{} ({}). Type `help` for the commands, `quit` to leave.\n\n{}",
            self.rules().name,
            self.core.loaded().name,
            self.view()
        )
    }

    /// Plays actions after the current ones; on the first that fails, nothing changes.
    pub(crate) fn play(&mut self, moves: &[String]) -> Result<String, String> {
        self.core.play(moves)?;
        Ok(self.view())
    }

    pub(crate) fn undo(&mut self, n: usize) -> Result<String, String> {
        self.core.undo(n)?;
        Ok(self.view())
    }

    pub(crate) fn redo(&mut self) -> Result<String, String> {
        self.core.redo()?;
        Ok(self.view())
    }

    /// `reset`: the game's own start position, forgetting a position set with `position` or by editing.
    pub(crate) fn reset(&mut self) -> String {
        self.core.reset();
        self.view()
    }

    /// Sets a new start and moves from it, or changes nothing.
    pub(crate) fn set_position(
        &mut self,
        sfen: Option<String>,
        moves: Vec<String>,
    ) -> Result<String, String> {
        self.core.set_position(sfen, moves)?;
        Ok(self.view())
    }

    pub(crate) fn set_option(&mut self, name: &str, on: bool) -> Result<String, String> {
        self.core.set_option(name, on)?;
        Ok(format!(
            "option {name} is {}\n\n{}",
            if on { "on" } else { "off" },
            self.view()
        ))
    }

    pub(crate) fn designate(&mut self, piece: &str) -> Result<String, String> {
        self.core.designate(piece)?;
        Ok(self.view())
    }

    pub(crate) fn set(&mut self, key: &str, value: &str) -> Result<String, String> {
        match (key, value) {
            ("names", "kanji") => self.style.kanji = true,
            ("names", "letters") => self.style.kanji = false,
            ("color" | "colour", "on") => self.style.color = true,
            ("color" | "colour", "off") => self.style.color = false,
            ("notation", name) if koma_notation::Notation::named(name).is_some() => {
                let notation = koma_notation::Notation::named(name).unwrap_or_default();
                notation.fits(self.rules())?;
                self.notation = notation;
            }
            _ => {
                return Err(format!(
                    "cannot set `{}` to `{}`; usage: set names kanji|letters, set color on|off, \
                     set notation usi|western|japanese|generic",
                    crate::command::shorten(key),
                    crate::command::shorten(value)
                ));
            }
        }
        Ok(self.view())
    }

    /// Reads the game file again and replays the position under the new rules.
    pub fn reload(&mut self) -> String {
        match self.core.reload() {
            Ok(note) => format!("{note}\n\n{}", self.view()),
            Err(why) => why,
        }
    }
}
