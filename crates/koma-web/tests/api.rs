//! The server's requests without a browser: what the page gets, and what bad requests get (a status and a
//! one-line error, never a panic, and no file it was not given).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn app() -> axum::Router {
    let games = koma_web::Games::new(&["minishogi".to_string(), "shogi".to_string()])
        .expect("embedded games load");
    koma_web::router(games, ADDRESS.parse().unwrap())
}

/// The address the routers of these tests answer for.
const ADDRESS: &str = "127.0.0.1:8080";

async fn send(mut request: Request<Body>) -> (StatusCode, String) {
    if !request.headers().contains_key("host") {
        request
            .headers_mut()
            .insert("host", ADDRESS.parse().unwrap());
    }
    let response = app().oneshot(request).await.expect("an answer");
    let status = response.status();
    let body = response
        .into_body()
        .collect()
        .await
        .expect("a body")
        .to_bytes();
    (status, String::from_utf8_lossy(&body).into_owned())
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .expect("a request");
    let (status, text) = send(request).await;
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

async fn get(path: &str) -> (StatusCode, String) {
    send(Request::get(path).body(Body::empty()).expect("a request")).await
}

#[tokio::test]
async fn the_page_and_its_files_are_served_with_a_policy_that_loads_nothing_from_elsewhere() {
    let response = app()
        .oneshot(
            Request::get("/")
                .header("host", ADDRESS)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let policy = response.headers()["content-security-policy"]
        .to_str()
        .unwrap();
    assert!(policy.starts_with("default-src 'self'"), "{policy}");
    for path in ["/app.js", "/style.css"] {
        assert_eq!(get(path).await.0, StatusCode::OK, "{path}");
    }
    for path in [
        "/../Cargo.toml",
        "/games/shogi.game",
        "/api/source/../../etc/passwd",
        "/etc/passwd",
    ] {
        assert_eq!(get(path).await.0, StatusCode::NOT_FOUND, "{path}");
    }
}

#[tokio::test]
async fn a_position_with_its_moves_and_a_move_that_fails() {
    let (status, state) = post(
        "/api/position",
        json!({"game": 0, "moves": ["5d5c", "1b1c"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["played"], json!(["5d5c", "1b1c"]));
    assert_eq!(state["last"]["to"], json!("1c"));
    assert_eq!(state["names"][0][0], json!("5a"));
    assert!(
        state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["usi"] == "5c5b" && m["from"] == "5c")
    );

    let (_, state) = post(
        "/api/position",
        json!({"game": 0, "moves": ["5d5c", "5c5a"]}),
    )
    .await;
    assert_eq!(state["played"], json!(["5d5c"]));
    assert!(
        state["error"]
            .as_str()
            .unwrap()
            .starts_with("move 2 (5c5a):"),
        "{state}"
    );
}

#[tokio::test]
async fn bad_requests_get_an_error_and_nothing_else() {
    let cases = [
        (json!({"game": 7}), StatusCode::NOT_FOUND),
        (
            json!({"game": 0, "start": "not an sfen"}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"game": 0, "text": "game \"X\"\nboard 3 by 3\n"}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
        (
            json!({"game": 0, "moves": vec!["5d5c"; 2001]}),
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({"game": 0, "surprise": true}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = post("/api/position", body.clone()).await;
        assert_eq!(status, expected, "{body}: {answer}");
    }
    let (status, _) = post("/api/explain", json!({"game": 0, "explain": "a b"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let huge = "x".repeat(koma_host::MAX_SOURCE_BYTES + 100 * 1024);
    let (status, _) = post("/api/check", json!({"game": 0, "text": huge})).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, answer) = post(
        "/api/check",
        json!({"game": 0, "text": "game \"X\"\nboard 3 by 3\n"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(answer["diagnostics"][0]["code"], json!("koma::syntax"));
    assert_eq!(answer["diagnostics"][0]["line"], json!(2));
}

#[tokio::test]
async fn an_edited_text_that_extends_a_file_may_not_leave_the_folder() {
    let text = "game \"X\" extends \"../../../../etc/passwd\"\n";
    let (status, answer) = post("/api/check", json!({"game": 0, "text": text})).await;
    assert_eq!(status, StatusCode::OK);
    let codes: Vec<&str> = answer["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["code"].as_str().unwrap())
        .collect();
    assert!(
        !codes.is_empty() && codes.iter().all(|c| c.starts_with("koma::extends")),
        "{answer}"
    );
}

#[tokio::test]
async fn explain_the_card_and_the_computer() {
    let (status, answer) = post(
        "/api/explain",
        json!({"game": 0, "moves": ["5d5c"], "explain": "1b1a"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        answer["text"].as_str().unwrap().contains("1b1a is illegal"),
        "{answer}"
    );
    let (_, card) = post("/api/card", json!({"game": 1})).await;
    assert!(card["html"].as_str().unwrap().contains("<svg"));
    let (status, found) = post("/api/go", json!({"game": 0, "movetime": 50})).await;
    assert_eq!(status, StatusCode::OK);
    let best = found["best"].as_str().expect("a move");
    let (_, state) = post("/api/position", json!({"game": 0, "moves": [best]})).await;
    assert_eq!(state["played"], json!([best]), "{state}");
}

#[tokio::test]
async fn a_request_naming_another_host_is_refused_on_every_route() {
    // DNS rebinding: a page of evil.example whose name now points at 127.0.0.1 sends its own name as Host.
    for path in ["/", "/app.js", "/api/games", "/api/source/0"] {
        let request = Request::get(path)
            .header("host", "evil.example:8080")
            .body(Body::empty())
            .unwrap();
        let (status, text) = send(request).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{path}: {text}");
        assert!(text.contains("its own address"), "{text}");
    }
    for path in [
        "/api/check",
        "/api/position",
        "/api/explain",
        "/api/card",
        "/api/go",
    ] {
        let request = Request::post(path)
            .header("host", "evil.example")
            .header("content-type", "application/json")
            .body(Body::from(json!({"game": 0, "text": "x"}).to_string()))
            .unwrap();
        assert_eq!(send(request).await.0, StatusCode::FORBIDDEN, "{path}");
    }
    // The names the server answers for pass, with its port only.
    for host in ["localhost:8080", "[::1]:8080", "127.0.0.1:8080"] {
        let request = Request::get("/api/games")
            .header("host", host)
            .body(Body::empty())
            .unwrap();
        assert_eq!(send(request).await.0, StatusCode::OK, "{host}");
    }
    let request = Request::get("/api/games")
        .header("host", "127.0.0.1:9999")
        .body(Body::empty())
        .unwrap();
    assert_eq!(send(request).await.0, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn a_request_that_computes_must_come_from_this_servers_page_when_it_names_an_origin() {
    let ask = |origin: &'static str| {
        Request::post("/api/check")
            .header("origin", origin)
            .header("content-type", "application/json")
            .body(Body::from(
                json!({"game": 0, "text": "game \"x\" extends \"minishogi\""}).to_string(),
            ))
            .unwrap()
    };
    for origin in [
        "http://evil.example",
        "null",
        "http://localhost:8081",
        "https://localhost:8080",
    ] {
        let (status, text) = send(ask(origin)).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {text}");
        assert!(text.contains("its own page"), "{text}");
    }
    for origin in ["http://localhost:8080", "http://127.0.0.1:8080"] {
        assert_eq!(send(ask(origin)).await.0, StatusCode::OK, "{origin}");
    }
}

/// The game list shows a file by its name alone, never by the absolute path it was given by.
#[tokio::test]
async fn the_game_list_shows_a_file_by_its_name() {
    let path = std::fs::canonicalize(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../games/judkins.game"
    ))
    .unwrap()
    .display()
    .to_string();
    let games = koma_web::Games::new(&["minishogi".to_string(), path.clone()]).unwrap();
    let app = koma_web::router(games, ADDRESS.parse().unwrap());
    let request = Request::get("/api/games")
        .header("host", ADDRESS)
        .body(Body::empty())
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&body).into_owned();
    let list: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(list[0]["shown"], "minishogi");
    assert_eq!(list[1]["shown"], "judkins.game");
    assert!(!text.contains(&path), "{text}");
}

#[tokio::test]
async fn a_record_written_in_each_format_reads_back_and_a_bad_one_changes_nothing() {
    let moves = json!(["7g7f", "3c3d", "8h2b+", "3a2b"]);
    for format in ["kif", "csa", "usi", "json"] {
        let (status, written) = post(
            "/api/record",
            json!({"game": 1, "moves": moves, "format": format}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{format}: {written}");
        let text = written["text"].as_str().unwrap();
        // Read back with the format named, and found from the text alone.
        for named in [Some(format), None] {
            let mut body = json!({"game": 1, "record": text});
            if let Some(f) = named {
                body["format"] = json!(f);
            }
            let (status, read) = post("/api/record/read", body).await;
            assert_eq!(status, StatusCode::OK, "{format} {named:?}: {read}");
            assert_eq!(read["moves"], moves, "{format} {named:?}");
            assert_eq!(read["start"], Value::Null);
        }
    }
    let (_, kif) = post("/api/record", json!({"game": 1, "moves": moves})).await;
    assert_eq!(kif["extension"], "kifu");
    let (status, error) = post(
        "/api/record/read",
        json!({"game": 1, "record": "position startpos moves 7g7f 7g7f"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let message = error["error"].as_str().unwrap();
    assert!(
        message.starts_with("the usi record:") && !message.contains('\n'),
        "{message}"
    );
    let (status, error) = post(
        "/api/record",
        json!({"game": 0, "format": "pdf".repeat(100)}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error["error"].as_str().unwrap().len() < 120, "{error}");
}
