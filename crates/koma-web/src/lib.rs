//! `koma serve`: a local web page to play any game koma reads.
//!
//! The page (HTML, CSS and JavaScript embedded in the binary; nothing is fetched from the internet) draws the
//! board as SVG and plays by clicking or dragging, with legal destinations marked, the last move lit, a
//! promotion choice, hands to drop from, undo and redo, SFEN in and out, and the move list. Beside the board,
//! the game's source is editable: diagnostics come as you type, and the board reloads the new rules and
//! replays its moves, as the REPL's `reload` does. `explain` says why a move is illegal, quoting the rule;
//! the rules card and the computer (koma's engine) are a click away; the position exports as SVG or PNG, with
//! highlighted squares and arrows.
//!
//! The server binds to localhost unless told otherwise and holds no state between requests: the page sends
//! the game's number, its edited text if any, the start and the moves. It reads only the games it was
//! given (and, as `koma` always does, the games they extend beside them).
//!
//! | concept | module |
//! |---|---|
//! | the games given, read through the host | `served.rs` |
//! | a position as the page draws it; replaying moves | `state.rs` |
//! | the requests answered, with no transport | `answers.rs`, `records.rs` |
//! | any request by its path (the browser build's way in) | `route.rs` |
//! | the requests as the server's routes | `api.rs` |
//! | who may ask: the `Host` and `Origin` a request names | `guard.rs` |
//! | the page's files | `assets.rs`, `assets/` |
//!
//! Without its default feature `server` the crate is the page and its answers alone, with no HTTP: the
//! browser build (crate `koma-wasm`) answers the same page through [`answer`].

mod answers;
#[cfg(feature = "server")]
mod api;
pub mod assets;
#[cfg(feature = "server")]
mod guard;
mod records;
mod route;
mod served;
mod state;

#[cfg(feature = "server")]
use std::net::SocketAddr;
#[cfg(feature = "server")]
use std::sync::Arc;

#[cfg(feature = "server")]
use axum::Router;
#[cfg(feature = "server")]
use axum::extract::DefaultBodyLimit;
#[cfg(feature = "server")]
use axum::routing::{get, post};

pub use answers::Failure;
pub use route::answer;
pub use served::{Games, Served};

#[cfg(feature = "server")]
/// The largest request body: a game's text at its size limit, and a margin for the moves.
const MAX_BODY: usize = koma_host::MAX_SOURCE_BYTES + 64 * 1024;

#[cfg(feature = "server")]
/// The routes of the page and its requests, on `games`, for a server listening at `address` (requests that
/// name another host, or come from another site's page, are refused).
pub fn router(games: Games, address: SocketAddr) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/style.css", get(assets::style))
        .route("/api/games", get(api::games))
        .route("/api/source/{game}", get(api::source))
        .route("/api/check", post(api::check))
        .route("/api/position", post(api::position))
        .route("/api/explain", post(api::explain))
        .route("/api/card", post(api::card))
        .route("/api/go", post(api::go))
        .route("/api/record", post(api::record_write))
        .route("/api/record/read", post(api::record_read))
        .fallback(assets::not_found)
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            guard::Listening(address),
            guard::check,
        ))
        .with_state(Arc::new(games))
}

#[cfg(feature = "server")]
/// Serves `games` at `address` until interrupted; `ready` is told the address it listens on.
pub fn serve(
    games: Games,
    address: SocketAddr,
    ready: impl FnOnce(SocketAddr),
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| format!("cannot listen on {address}: {e}"))?;
        let address = listener.local_addr().map_err(|e| e.to_string())?;
        ready(address);
        axum::serve(listener, router(games, address))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .map_err(|e| e.to_string())
    })
}
