//! The page's requests as the server's routes: each reads its JSON body (or path), answers through
//! `answers.rs` off the server's thread, and sends the answer or the failure with its status.

use std::sync::Arc;

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::Value;

use crate::answers::{self, CheckRequest, Failure, INTERNAL, PositionRequest};
use crate::records;
use crate::served::Games;

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let status =
            StatusCode::from_u16(self.status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        (status, Json(self.body())).into_response()
    }
}

/// Runs `work` on the games off the server's thread.
async fn blocking(
    games: Arc<Games>,
    work: impl FnOnce(&Games) -> Result<Value, Failure> + Send + 'static,
) -> Result<Json<Value>, Failure> {
    tokio::task::spawn_blocking(move || work(&games))
        .await
        .unwrap_or_else(|e| Err(Failure(INTERNAL, e.to_string(), Vec::new())))
        .map(Json)
}

/// The games on this server.
pub async fn games(State(games): State<Arc<Games>>) -> Json<Value> {
    Json(answers::games(&games))
}

/// A game's own text.
pub async fn source(
    State(games): State<Arc<Games>>,
    Path(game): Path<usize>,
) -> Result<Json<Value>, Failure> {
    blocking(games, move |g| answers::source(g, game)).await
}

/// Every diagnostic of an edited text.
pub async fn check(
    State(games): State<Arc<Games>>,
    Json(request): Json<CheckRequest>,
) -> Result<Json<Value>, Failure> {
    blocking(games, move |g| answers::check(g, &request)).await
}

/// A route that answers a position request with `answer`.
macro_rules! position_route {
    ($(#[$doc:meta])* $name:ident, $answer:path) => {
        $(#[$doc])*
        pub async fn $name(
            State(games): State<Arc<Games>>,
            Json(request): Json<PositionRequest>,
        ) -> Result<Json<Value>, Failure> {
            blocking(games, move |g| $answer(g, &request)).await
        }
    };
}

position_route!(
    /// The position after the moves, with its legal moves.
    position,
    answers::position
);
position_route!(
    /// Why a move is legal or not, quoting the rule.
    explain,
    answers::explain
);
position_route!(
    /// The rules card of the game, as one HTML page.
    card,
    answers::card
);
position_route!(
    /// The computer's move in the position.
    go,
    answers::go
);
position_route!(
    /// The position's game as a record.
    record_write,
    records::write
);
position_route!(
    /// A record's game: its start and moves.
    record_read,
    records::read
);
