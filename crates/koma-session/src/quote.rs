//! Quoting the game file: where a rule was written, and its line.

use std::cell::RefCell;

use koma_vm::{Outcome, Span};

use crate::session::Session;
use crate::words::shorten_line;

/// A line of the game's sources that an answer quotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Quote {
    /// The file it is in: the game's own, or one it extends.
    pub file: String,
    /// Whether that file is one the game extends.
    pub inherited: bool,
    /// Its line, from 1.
    pub line: usize,
    /// Its column, from 1.
    pub column: usize,
    /// The line's text without its comment, cut for quoting.
    pub text: String,
}

impl Quote {
    /// `line 37` in the game's own file, `shogi.game line 12` in a file it extends.
    pub fn place(&self) -> String {
        if self.inherited {
            format!("{} line {}", self.file, self.line)
        } else {
            format!("line {}", self.line)
        }
    }

    /// `line 37: no legal move: side to move loses`.
    pub fn words(&self) -> String {
        format!("{}: {}", self.place(), self.text)
    }
}

impl Session {
    /// The line where `span` starts, if it is in the game's sources.
    pub fn quote(&self, span: &Span) -> Option<Quote> {
        let loaded = self.loaded();
        let at = loaded.locate(span)?;
        let line = at.file.line(at.line)?;
        let line = line.split("//").next().unwrap_or(line).trim();
        Some(Quote {
            file: at.file.name.clone(),
            inherited: loaded.sources.is_inherited(span),
            line: at.line,
            column: at.column,
            text: shorten_line(line),
        })
    }

    /// `line 37: no legal move: side to move loses`, or `shogi line 12: ...` for an inherited rule.
    pub fn quote_words(&self, span: Option<&Span>) -> Option<String> {
        Some(self.quote(span?)?.words())
    }

    /// The outcome in words, quoting the rule that decided it.
    pub fn outcome_words(&self, outcome: Outcome) -> String {
        let who = outcome.result.words();
        let rule = &self.rules().end_rules[outcome.rule];
        match self.quote_words(rule.origin.as_ref()) {
            Some(q) => format!("{who} ({q})"),
            None => who.to_string(),
        }
    }
}

/// An answer in words, and the lines of the game file it quotes, in the order it quotes them: what the REPL
/// prints, the web board sends and the language server shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The answer, in lines.
    pub text: String,
    /// The lines of the game's sources the text quotes.
    pub quotes: Vec<Quote>,
}

/// A session that remembers every line an answer quotes while the answer is written.
pub(crate) struct Quoting<'a> {
    session: &'a Session,
    quotes: RefCell<Vec<Quote>>,
}

impl<'a> Quoting<'a> {
    /// Starts an answer about `session`.
    pub fn new(session: &'a Session) -> Quoting<'a> {
        Quoting {
            session,
            quotes: RefCell::new(Vec::new()),
        }
    }

    /// [`Session::quote_words`], remembering the line.
    pub fn quote_words(&self, span: Option<&Span>) -> Option<String> {
        let quote = self.session.quote(span?)?;
        let words = quote.words();
        self.quotes.borrow_mut().push(quote);
        Some(words)
    }

    /// [`Session::outcome_words`], remembering the line of the rule.
    pub fn outcome_words(&self, outcome: Outcome) -> String {
        let rule = &self.session.rules().end_rules[outcome.rule];
        if let Some(quote) = rule.origin.as_ref().and_then(|s| self.session.quote(s)) {
            self.quotes.borrow_mut().push(quote);
        }
        self.session.outcome_words(outcome)
    }

    /// The answer: `text`, with the lines quoted.
    pub fn answer(self, text: String) -> Answer {
        Answer {
            text,
            quotes: self.quotes.into_inner(),
        }
    }
}

impl std::ops::Deref for Quoting<'_> {
    type Target = Session;
    fn deref(&self) -> &Session {
        self.session
    }
}
