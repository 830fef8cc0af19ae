//! Where a game's text comes from: the [`Sources`] trait, and what it answers.

use std::path::PathBuf;
use std::sync::Arc;

/// Where a game's text came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    /// A file on disk.
    File(PathBuf),
    /// A game embedded in koma, by its name.
    Embedded(&'static str),
    /// Text held in memory under a name (an editor's buffer, a test).
    Memory(String),
}

/// A game's text, read.
#[derive(Debug, Clone)]
pub struct SourceText {
    /// The name shown in messages: the path as given, or the embedded game's name.
    pub name: String,
    /// Where it came from; a game it extends is looked up from here.
    pub origin: Origin,
    /// The text.
    pub text: Arc<str>,
}

/// Why a game's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// Nothing goes by that name.
    NotFound {
        /// The name asked for.
        name: String,
    },
    /// The name is not one that `extends` may use (a path outside the game's folder, say).
    Refused {
        /// The name asked for.
        name: String,
        /// Why.
        why: String,
    },
    /// Something goes by that name but cannot be read as a game: a folder, a device, a file too large, an I/O
    /// error.
    Unreadable {
        /// The name asked for.
        name: String,
        /// What it is, or what went wrong.
        why: String,
        /// What to do.
        help: String,
    },
    /// The file is not UTF-8 text.
    NotUtf8 {
        /// The name asked for.
        name: String,
        /// The text, with bytes that are not UTF-8 replaced.
        text: String,
        /// The first byte that is not part of a UTF-8 character.
        at: usize,
    },
}

/// Finds games' texts by name.
///
/// `from` is `None` for a name the user gave, and the origin of the game whose `extends` names it otherwise:
/// a file on disk may extend a file in its own folder or below it, or an embedded game.
pub trait Sources {
    /// Reads the game `name`.
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError>;

    /// Names of games these sources hold that a message may suggest (the embedded games); none by default.
    fn names(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The first source that has the name answers: `(Disk, Embedded)` reads a file if there is one, else the
/// embedded game of that name. An error other than [`LoadError::NotFound`] stops the search.
impl<A: Sources, B: Sources> Sources for (A, B) {
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError> {
        match self.0.read(name, from) {
            Err(LoadError::NotFound { .. }) => self.1.read(name, from),
            other => other,
        }
    }

    fn names(&self) -> Vec<String> {
        let mut names = self.0.names();
        names.extend(self.1.names());
        names
    }
}

/// Shared sources: a caller keeps a handle (to count reads, or to edit texts) while the host reads.
impl<S: Sources + ?Sized> Sources for std::sync::Arc<S> {
    fn read(&self, name: &str, from: Option<&Origin>) -> Result<SourceText, LoadError> {
        (**self).read(name, from)
    }

    fn names(&self) -> Vec<String> {
        (**self).names()
    }
}
