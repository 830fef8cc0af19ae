//! A record as read: the game replayed, with what the file said around its moves.

use std::fmt;

use koma_vm::{Game, Move, Position};

/// A game replayed from a record.
#[derive(Debug, Clone)]
pub struct Replay {
    /// The game: its start and every move, played.
    pub game: Game,
    /// The record's headers (name, value), in their order: KIF's `先手：...`, CSA's `N+...`, JSON's headers.
    pub headers: Vec<(String, String)>,
    /// Comments, each after the number of moves played when it came.
    pub comments: Vec<(usize, String)>,
    /// How the record says the game ended when no end rule ended it (a resignation, an interruption).
    pub end: Option<String>,
}

impl Replay {
    /// A replay of `game` with nothing else said.
    pub fn of(game: Game) -> Replay {
        Replay {
            game,
            headers: Vec::new(),
            comments: Vec::new(),
            end: None,
        }
    }

    /// The moves played, from the start.
    pub fn moves(&self) -> &[Move] {
        self.game.moves()
    }

    /// Writes the comments that come after `plies` moves, each on a line of its own after `mark` (KIF's `*`,
    /// CSA's `'`).
    pub(crate) fn write_comments_after(&self, plies: usize, mark: char, out: &mut String) {
        for (_, c) in self.comments.iter().filter(|(at, _)| *at == plies) {
            out.push(mark);
            out.push_str(c);
            out.push('\n');
        }
    }

    /// The start position's SFEN.
    pub fn start_sfen(&self) -> String {
        let mut start = self.game.clone();
        while start.undo() {}
        start.position().to_sfen()
    }

    /// The start position's SFEN when the record starts elsewhere than the game's own start (`None` when it
    /// starts there, as most records do).
    pub fn other_start(&self) -> Option<String> {
        let start = self.start_sfen();
        (start != Position::start(self.game.position().rules()).to_sfen()).then_some(start)
    }

    /// The moves played, each as its USI name (`7g7f`, `P*5e`).
    pub fn move_names(&self) -> Vec<String> {
        let rules = self.game.position().rules();
        self.moves().iter().map(|&m| rules.move_name(m)).collect()
    }

    /// `Err` naming the first header or comment a line-based format cannot hold: one with a line break.
    pub(crate) fn check_lines(&self, format: &str) -> Result<(), String> {
        let broken = |t: &str| t.contains(['\n', '\r']);
        if let Some((k, _)) = self.headers.iter().find(|(k, v)| broken(k) || broken(v)) {
            return Err(format!(
                "the header `{}` cannot be written in {format}",
                k.escape_debug()
            ));
        }
        if let Some((n, _)) = self.comments.iter().find(|(_, c)| broken(c)) {
            return Err(format!(
                "the comment after move {n} has a line break, which {format} cannot hold"
            ));
        }
        Ok(())
    }

    /// How the game ended, in words: by an end rule, else as the record says, else `None`.
    pub fn ending(&self) -> Option<String> {
        match self.game.outcome() {
            Some(o) => Some(self.game.outcome_words(o)),
            None => self.end.clone(),
        }
    }
}

/// What is wrong in a record, and on which line (from 1; 0 when the record as a whole is wrong).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The line.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// An error at `line`.
    pub fn at(line: usize, message: impl Into<String>) -> RecordError {
        RecordError {
            line,
            message: message.into(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl std::error::Error for RecordError {}
