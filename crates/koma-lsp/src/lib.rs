//! `koma lsp`: a language server for `.game` files, on `lsp-server` and `lsp-types` (rust-analyzer's).
//!
//! Every answer comes from the host ([`koma_host::Host`]): one compile and one lint per change, the same
//! diagnostics `koma check` prints, the REPL's `piece` description for hovers, the formatter of `koma fmt`.
//!
//! | concept | module |
//! |---|---|
//! | the capabilities, and the loop that answers the client | `server.rs` |
//! | an open document and what the host found in it | `document.rs` |
//! | byte offsets and the editor's UTF-16 positions | `position.rs` |
//! | file paths and `file://` URIs; embedded parents as read-only files | `uri.rs`, `embedded.rs` |
//! | what is under the cursor | `cursor.rs` |
//! | diagnostics as you type | `diagnostics.rs` |
//! | hover: the piece as the REPL shows it, a lint's summary | `hover.rs` |
//! | go to definition: pieces, the promotion zone, the parent game | `definition.rs` |
//! | completion: statements, block items, piece names, lint names, Betza | `completion.rs` |
//! | code actions from the diagnostics' helps | `actions.rs` |
//! | document symbols | `symbols.rs` |

mod actions;
mod completion;
mod cursor;
mod definition;
mod diagnostics;
mod document;
mod embedded;
pub mod framing;
mod hover;
mod position;
mod server;
mod symbols;
mod uri;

pub use lsp_server::Connection;

/// Serves a client over standard input and output until it shuts down.
pub fn run_stdio() -> Result<(), String> {
    let (sender, receiver, threads) = framing::stdio();
    let connection = Connection { sender, receiver };
    let served = serve(&connection);
    drop(connection);
    let joined = threads.join();
    served.and(joined)
}

/// Serves a client over `connection` (tests use [`Connection::memory`]).
pub fn serve(connection: &Connection) -> Result<(), String> {
    server::serve(connection)
}
