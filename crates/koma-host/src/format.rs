//! A game's text in its canonical layout ([`koma_fmt`]), with a text that cannot be read as one
//! [`Diagnostic`].

use std::sync::Arc;

use koma_compile::Parsed;

use crate::diagnostic::Diagnostic;
use crate::host::Host;
use crate::source_map::SourceMap;
use crate::sources::{Origin, SourceText};

impl Host {
    /// The game `name`'s own file, read through this host's sources, and its text in the canonical layout.
    /// The games it extends are not read: formatting is a matter of one file.
    pub fn format(&self, name: &str) -> Result<(SourceText, String), Diagnostic> {
        let text = self
            .sources()
            .read(name, None)
            .map_err(|e| crate::convert::load_error(&e, self.sources()))?;
        let formatted = format_text(&text.name, text.origin.clone(), text.text.clone())?;
        Ok((text, formatted))
    }

    /// A text of its own named `name` (an editor's buffer) in the canonical layout.
    pub fn format_text(&self, name: &str, text: &str) -> Result<String, Diagnostic> {
        format_text(name, Origin::Memory(name.to_string()), text.into())
    }
}

fn format_text(name: &str, origin: Origin, text: Arc<str>) -> Result<String, Diagnostic> {
    let refuse = |d: &koma_compile::Diagnostic| {
        let mut map = SourceMap::new();
        map.add(name, origin.clone(), text.clone());
        crate::convert::compile(d, &map)
    };
    // The size limits and the syntax, as the compiler reads them.
    Parsed::parse(text.clone(), 0).map_err(|d| refuse(&d))?;
    koma_fmt::format(&text).map_err(|e| {
        refuse(&koma_compile::Diagnostic::new(
            koma_compile::Code::Syntax,
            e.span,
            e.message,
        ))
    })
}
