//! Games held in memory, as [`Sources`]: an editor's buffers, a web page's text, tests.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use crate::sources::{LoadError, Origin, SourceText, Sources};

/// Texts by name. Every read is counted, so a test can show that a tool reads each file once.
#[derive(Debug, Default)]
pub struct Memory {
    texts: BTreeMap<String, Arc<str>>,
    reads: Mutex<BTreeMap<String, usize>>,
}

impl Memory {
    /// No texts yet.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// Adds (or replaces) the text of `name`.
    pub fn with(mut self, name: &str, text: &str) -> Memory {
        self.insert(name, text);
        self
    }

    /// Adds (or replaces) the text of `name`.
    pub fn insert(&mut self, name: &str, text: &str) {
        self.texts.insert(name.to_string(), Arc::from(text));
    }

    /// How many times `name` has been read.
    pub fn reads(&self, name: &str) -> usize {
        self.reads
            .lock()
            .map_or(0, |r| r.get(name).copied().unwrap_or(0))
    }
}

impl Sources for Memory {
    fn read(&self, name: &str, _from: Option<&Origin>) -> Result<SourceText, LoadError> {
        let text = self.texts.get(name).ok_or_else(|| LoadError::NotFound {
            name: name.to_string(),
        })?;
        if let Ok(mut reads) = self.reads.lock() {
            *reads.entry(name.to_string()).or_default() += 1;
        }
        Ok(SourceText {
            name: name.to_string(),
            origin: Origin::Memory(name.to_string()),
            text: text.clone(),
        })
    }
}
