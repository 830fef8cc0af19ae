//! The progress line of a long walk on a terminal: rewritten in place on standard error at most four times a
//! second, and cleared at the end. Nothing is written when standard error is not a terminal.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use koma_vm::Progress;

/// The progress line of a self-play run (`koma selfplay`, `koma tune`): games done, the results so far and
/// the time left, at most four times a second on a terminal's standard error; `clear` when done.
pub struct Games {
    what: String,
    shown: Mutex<Option<Instant>>,
    on: bool,
}

impl Games {
    /// A line for a run called `what` (`self-play`).
    pub fn new(what: impl Into<String>) -> Games {
        Games {
            what: what.into(),
            shown: Mutex::new(None),
            on: std::io::stderr().is_terminal(),
        }
    }

    /// Shows `p` (the last game always, else at most four times a second).
    pub fn show(&self, p: koma_selfplay::RunProgress) {
        if !self.on {
            return;
        }
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if p.done < p.total && shown.is_some_and(|t| t.elapsed() < Duration::from_millis(250)) {
            return;
        }
        *shown = Some(Instant::now());
        let left = p
            .left()
            .map_or(String::new(), |l| format!(", about {} s left", l.as_secs()));
        let _ = write!(
            std::io::stderr().lock(),
            "\r\x1b[K{}: {}/{} games (won by the first player {}, by the second {}, drawn {}){left}",
            self.what,
            p.done,
            p.total,
            p.first_wins,
            p.second_wins,
            p.draws
        );
    }

    /// Clears the line, if one was shown.
    pub fn clear(&self) {
        let shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if shown.is_some() {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}

/// A progress line for one walk.
pub struct Line {
    what: String,
    shown: Mutex<Option<Instant>>,
    on: bool,
}

impl Line {
    /// A line for a walk called `what` (`perft 9`).
    pub fn new(what: impl Into<String>) -> Line {
        Line {
            what: what.into(),
            shown: Mutex::new(None),
            on: std::io::stderr().is_terminal(),
        }
    }

    /// Shows `p`, unless a line was shown less than a quarter of a second ago or the walk began less than a
    /// second ago.
    pub fn show(&self, p: Progress) {
        if !self.on || p.elapsed < Duration::from_secs(1) {
            return;
        }
        let mut shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if shown.is_some_and(|t| t.elapsed() < Duration::from_millis(250)) {
            return;
        }
        *shown = Some(Instant::now());
        let line = koma_host::walks::progress_line(&self.what, p);
        let _ = write!(std::io::stderr().lock(), "\r\x1b[K{line}");
    }

    /// Clears the line, if one was shown.
    pub fn clear(&self) {
        let shown = self.shown.lock().unwrap_or_else(|e| e.into_inner());
        if shown.is_some() {
            let _ = write!(std::io::stderr().lock(), "\r\x1b[K");
        }
    }
}
