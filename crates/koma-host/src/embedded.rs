//! The games embedded in koma, as [`Sources`].

use std::sync::Arc;

use crate::sources::{LoadError, Origin, SourceText, Sources};

/// The embedded games and examples of `koma-games`, by name (case-insensitive).
#[derive(Debug, Clone, Copy, Default)]
pub struct Embedded;

impl Sources for Embedded {
    fn read(&self, name: &str, _from: Option<&Origin>) -> Result<SourceText, LoadError> {
        let game = koma_games::find(name).ok_or_else(|| LoadError::NotFound {
            name: name.to_string(),
        })?;
        Ok(SourceText {
            name: game.name.to_string(),
            origin: Origin::Embedded(game.name),
            text: Arc::from(game.source),
        })
    }

    fn names(&self) -> Vec<String> {
        koma_games::all().map(|g| g.name.to_string()).collect()
    }
}
