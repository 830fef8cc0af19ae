//! What may be played now: the one place that decides it for every front end (the command line's `--moves`,
//! the REPL, scenario files, the engine's protocol). An action is playable when the game is not over, and it
//! is among [`Game::actions`] (legal moves, the `designate` restriction, opening options at their moment).

use crate::Action;
use crate::face::FaceId;
use crate::game::Game;
use crate::options::OptionError;
use crate::outcome::Outcome;
use crate::rules::Rules;
use crate::usi::UsiError;

/// Why a written action cannot be played now.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// The game is already over.
    #[error("the game is over: {0}")]
    GameOver(String),
    /// The text is not a move, or the move is not legal.
    #[error(transparent)]
    Usi(#[from] UsiError),
    /// An opening option cannot be used now.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// `designate X` names no piece of the game.
    #[error("no piece is called `{0}`")]
    UnknownPiece(String),
    /// A move before the second player has designated the piece to place first.
    #[error(
        "the second player designates the piece placed first: `designate NAME` comes before the first move"
    )]
    DesignationFirst,
    /// The first placement must be the designated face.
    #[error("the first placement must be the designated piece, {0}")]
    NotDesignated(String),
}

impl Game {
    /// The outcome in words: `the first player wins by `no legal move: side to move loses``.
    pub fn outcome_words(&self, outcome: Outcome) -> String {
        let rules = self.position.rules();
        format!(
            "{} by `{}`",
            outcome.result.words(),
            rules.end_rules[outcome.rule].words(rules)
        )
    }

    /// Everything that may be played now: [`Game::actions`], or nothing once an end rule has ended the game.
    pub fn playable(&self) -> Vec<Action> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.actions()
    }

    /// Reads an action as the front ends write it (a USI move, `swap`, `designate NAME`) and checks that it
    /// may be played now. `Err` says why not; the game does not change.
    pub fn parse_action(&self, text: &str) -> Result<Action, ActionError> {
        if let Some(outcome) = self.outcome() {
            return Err(ActionError::GameOver(self.outcome_words(outcome)));
        }
        let rules = self.position.rules().clone();
        if text == "swap" {
            let mut next = self.clone();
            next.swap()?;
            return Ok(Action::Swap);
        }
        if let Some(piece) = text.strip_prefix("designate ") {
            let face = rules
                .find_face(piece.trim())
                .ok_or_else(|| ActionError::UnknownPiece(piece.trim().to_string()))?;
            let mut next = self.clone();
            next.designate(face)?;
            return Ok(Action::Designate(face));
        }
        let mv = self.position.parse_usi(text)?;
        if let (Some(face), true) = (self.designated, self.moves().is_empty())
            && !(mv.is_drop() && mv.face_after() == face)
        {
            return Err(ActionError::NotDesignated(rules.face(face).name.clone()));
        }
        if self.designation_pending() {
            return Err(ActionError::DesignationFirst);
        }
        Ok(Action::Move(mv))
    }

    /// Plays an action written as [`Game::parse_action`] reads it.
    pub fn play_text(&mut self, text: &str) -> Result<Action, ActionError> {
        let action = self.parse_action(text)?;
        self.apply(action)?;
        Ok(action)
    }

    /// Whether the `designate` option waits for the second player's choice before the first move.
    fn designation_pending(&self) -> bool {
        self.option(crate::spec::OptionKind::Designate)
            && self.moves().is_empty()
            && self.designated.is_none()
    }
}

impl Rules {
    /// A face by name (any case) or SFEN text (`P`, `+P`, either case).
    pub fn find_face(&self, text: &str) -> Option<FaceId> {
        let by_name =
            FaceId::all(self.faces.len()).find(|&f| self.face(f).name.eq_ignore_ascii_case(text));
        by_name.or_else(|| self.face_by_text(text).map(|(face, _)| face))
    }
}
