//! koma in the browser, with no server: the host, compiler, VM, linter, explain, records and engine compiled
//! to WebAssembly by wasm-bindgen.
//!
//! Two ways in, both used from a Web Worker by the JavaScript of `koma site` (`koma.js`):
//! - [`Site`] answers the web board's page exactly as `koma serve` does (the same page, the same answers:
//!   crate `koma-web` without its server), on the games a static site was made with;
//! - [`Game`], [`check`] and [`format`] are the small API a page of one's own calls: load a game's text, its legal moves,
//!   play, explain, the result, perft, and the engine's search with a report after each iteration.
//!
//! | concept | module |
//! |---|---|
//! | the web board's answers on a site's games | `site.rs` |
//! | one game and the calls on it | `game.rs` |
//! | diagnostics as JavaScript errors | `errors.rs` |

mod errors;
mod game;
mod site;

pub use game::{Game, check, embedded_games, format};
pub use site::Site;
