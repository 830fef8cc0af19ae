//! Any request of the page by its path, answered with no transport: what the browser build calls.

use serde_json::Value;

use crate::answers::{self, Failure};
use crate::records;
use crate::served::Games;

/// Any request by its path (`/api/position`, `/api/source/0`, ...) and its JSON body (empty for the two
/// that take none): the status, as HTTP numbers it, and the JSON answer. The browser build answers the page
/// through this; the server's routes call the functions above one by one.
pub fn answer(games: &Games, path: &str, body: &str) -> (u16, Value) {
    let answered = match path {
        "/api/games" => Ok(answers::games(games)),
        "/api/check" => parse(body).and_then(|r| answers::check(games, &r)),
        "/api/position" => parse(body).and_then(|r| answers::position(games, &r)),
        "/api/explain" => parse(body).and_then(|r| answers::explain(games, &r)),
        "/api/card" => parse(body).and_then(|r| answers::card(games, &r)),
        "/api/go" => parse(body).and_then(|r| answers::go(games, &r)),
        "/api/record" => parse(body).and_then(|r| records::write(games, &r)),
        "/api/record/read" => parse(body).and_then(|r| records::read(games, &r)),
        _ => match path.strip_prefix("/api/source/").map(str::parse::<usize>) {
            Some(Ok(game)) => answers::source(games, game),
            _ => Err(Failure(
                answers::NOT_FOUND,
                format!(
                    "no request is called `{}`",
                    path.chars().take(64).collect::<String>()
                ),
                Vec::new(),
            )),
        },
    };
    match answered {
        Ok(value) => (200, value),
        Err(failure) => (failure.status(), failure.body()),
    }
}

/// A request's JSON body.
fn parse<T: serde::de::DeserializeOwned>(body: &str) -> Result<T, Failure> {
    serde_json::from_str(body)
        .map_err(|e| answers::bad(format!("a request that is not understood: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games() -> Games {
        Games::new(&["minishogi".to_string()]).expect("an embedded game")
    }

    #[test]
    fn a_request_by_its_path_is_answered_as_the_server_answers_it() {
        let games = games();
        let (status, list) = answer(&games, "/api/games", "");
        assert_eq!(status, 200);
        assert_eq!(list[0]["shown"], "minishogi", "{list}");
        let (status, state) = answer(&games, "/api/position", r#"{"game":0,"moves":["5d5c"]}"#);
        assert_eq!(status, 200, "{state}");
        assert_eq!(state["played"].as_array().map(Vec::len), Some(1), "{state}");
        let (status, source) = answer(&games, "/api/source/0", "");
        assert_eq!(status, 200);
        assert!(
            source["text"]
                .as_str()
                .is_some_and(|t| t.contains("game \"Mini Shogi\""))
        );
    }

    #[test]
    fn a_bad_request_is_answered_with_a_one_line_error() {
        let games = games();
        for (path, body, want) in [
            ("/api/nothing", "", 404),
            ("/api/source/7", "", 404),
            ("/api/source/x", "", 404),
            ("/api/position", "{", 400),
            // A move that cannot be played: the position up to it, and the error (the page keeps the rest).
            ("/api/position", r#"{"game":0,"moves":["9z9z"]}"#, 200),
            ("/api/position", r#"{"game":3}"#, 404),
            ("/api/explain", r#"{"game":0,"explain":"a b"}"#, 400),
            ("/api/record", r#"{"game":0,"format":"pgn"}"#, 400),
        ] {
            let (status, body) = answer(&games, path, body);
            assert_eq!(status, want, "{path}: {body}");
            let error = body["error"].as_str().unwrap_or_default();
            assert!(!error.is_empty() && !error.contains('\n'), "{path}: {body}");
        }
    }
}
