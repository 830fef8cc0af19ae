//! An open document: its text, and what the host found in it at its last change.

use std::path::PathBuf;

use koma_host::{Checked, Host, Loaded};
use koma_lint::Levels;
use koma_session::Session;
use koma_syntax::Outline;
use lsp_types::Uri;

/// One `.game` file open in the editor.
pub(crate) struct Document {
    /// Its URI.
    pub uri: Uri,
    /// Its path, for a file on disk (a game it extends is then read beside it).
    pub path: Option<PathBuf>,
    /// The text as the editor holds it.
    pub text: String,
    /// The host's answer for that text: one compile, one lint.
    pub checked: Checked,
    /// Its outline, when it parses (from the host's parse of the same text).
    pub outline: Option<Outline>,
    /// The last version that compiled, kept while the text is broken (hover and completion read it).
    pub loaded: Option<Loaded>,
    /// A session on [`Document::loaded`], opened on the first hover.
    session: Option<Session>,
}

impl Document {
    /// A document, checked.
    pub fn open(host: &Host, uri: Uri, text: String) -> Document {
        let path = crate::uri::to_path(&uri);
        let mut doc = Document {
            uri,
            path,
            text: String::new(),
            checked: Checked {
                sources: koma_host::SourceMap::new(),
                compiled: None,
                diagnostics: Vec::new(),
                outline: None,
            },
            outline: None,
            loaded: None,
            session: None,
        };
        doc.change(host, text);
        doc
    }

    /// The name the host knows the text by: its path, so that `extends` reads beside it.
    pub fn name(&self) -> String {
        self.path.as_ref().map_or_else(
            || self.uri.as_str().to_string(),
            |p| p.display().to_string(),
        )
    }

    /// A new text: checked again.
    pub fn change(&mut self, host: &Host, text: String) {
        self.checked = match &self.path {
            Some(path) => host.check_buffer(path, &text, &Levels::default()),
            None => host.check_text(&self.name(), &text, &Levels::default()),
        };
        self.outline = self.checked.outline.clone();
        if let Some(compiled) = &self.checked.compiled {
            self.loaded = Some(Loaded {
                name: self.name(),
                sources: self.checked.sources.clone(),
                compiled: compiled.clone(),
            });
            self.session = None;
        }
        self.text = text;
    }

    /// The session on the last version that compiled, opened on first use.
    pub fn session(&mut self) -> Option<&Session> {
        if self.session.is_none() {
            self.session = Some(Session::on(self.loaded.clone()?));
        }
        self.session.as_ref()
    }
}
