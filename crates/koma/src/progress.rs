//! The progress line of a long walk on a terminal: rewritten in place on standard error at most four times a
//! second, and cleared at the end. Nothing is written when standard error is not a terminal.

use std::io::{IsTerminal, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use koma_vm::Progress;

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
