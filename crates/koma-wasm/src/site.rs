//! The web board's answers in the browser: the games a static site was made with, and any request of the
//! page by its path, answered as `koma serve` answers it.

use koma_host::{Embedded, Host, Memory};
use wasm_bindgen::prelude::*;

use crate::errors::game_error;

/// The games of a static site and the page's answers on them.
#[wasm_bindgen]
pub struct Site {
    games: koma_web::Games,
}

#[wasm_bindgen]
impl Site {
    /// The games named by `given` (a JSON list of names: embedded games, or files among `files`), with
    /// `files` a JSON object from a file's name to its text (the games given and the games they extend).
    /// Throws an `Error` with the diagnostics of the first game that does not load.
    #[wasm_bindgen(constructor)]
    pub fn new(given: &str, files: &str) -> Result<Site, JsValue> {
        let given: Vec<String> = serde_json::from_str(given)
            .map_err(|e| crate::errors::error(format!("the games: {e}")))?;
        let files: std::collections::BTreeMap<String, String> = serde_json::from_str(files)
            .map_err(|e| crate::errors::error(format!("the files: {e}")))?;
        let mut memory = Memory::new();
        for (name, text) in &files {
            memory.insert(name, text);
        }
        let host = Host::new((memory, Embedded));
        let games = koma_web::Games::with_host(host, &given).map_err(|d| game_error(&d))?;
        Ok(Site { games })
    }

    /// The answer to the page's request `path` (`/api/position`, ...) with its JSON `body` (empty for the
    /// requests that take none): a JSON array `[status, answer]`, the status as HTTP numbers it.
    pub fn answer(&self, path: &str, body: &str) -> String {
        let (status, value) = koma_web::answer(&self.games, path, body);
        serde_json::json!([status, value]).to_string()
    }
}
