//! Opening options of a game: `designate` and `pie`.

use crate::face::FaceId;
use crate::game::Game;
use crate::spec::OptionKind;

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
