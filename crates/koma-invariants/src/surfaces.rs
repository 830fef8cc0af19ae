//! The newer surfaces under arbitrary input: a GUI's USI lines, an editor's LSP messages, a page's requests to
//! the web server, and self-play records read from shard files.

use std::io::Cursor;
use std::sync::{Arc, Mutex, OnceLock};

use koma_host::Loaded;

/// The longest line any of these surfaces may write, in bytes (a principal variation of a long search fits).
const MAX_OUTPUT_LINE: usize = 8192;

/// Nodes a fuzzed `go` may search: every `go` line gets ` nodes N` appended, which limits it (the last
/// `nodes` of a line counts) unless it is `infinite`, which the end of the input stops.
const GO_NODES: &str = " nodes 300";

/// USI protocol lines (any bytes, split at line feeds) to a session on a shipped game picked by the first
/// byte, read as `koma usi` reads them. Nothing panics; every `isready` read is answered by one `readyok`;
/// every written line is bounded, holds no control character, and says `bestmove` at most once per `go`.
pub fn usi_protocol(bytes: &[u8]) {
    let Some((&pick, text)) = bytes.split_first() else {
        return;
    };
    let rules = crate::shipped();
    let rules = &rules[pick as usize % rules.len()];
    let mut input = Vec::new();
    let (mut readies, mut goes) = (0, 0);
    for line in text.split(|&b| b == b'\n').take(64) {
        input.extend_from_slice(line);
        let words = std::str::from_utf8(line).map(|l| l.split_whitespace().next());
        match words {
            Ok(Some("go")) => {
                goes += 1;
                input.extend_from_slice(GO_NODES.as_bytes());
            }
            Ok(Some("isready")) => readies += 1,
            Ok(Some("quit")) => {
                input.push(b'\n');
                break;
            }
            _ => {}
        }
        input.push(b'\n');
    }
    let written = Arc::new(Mutex::new(Vec::<String>::new()));
    let sink = written.clone();
    let out: koma_usi::Output = Arc::new(move |line: &str| {
        sink.lock().unwrap().push(line.to_string());
    });
    koma_usi::serve(
        koma_usi::Session::new("fuzz", rules, out),
        Cursor::new(input),
    );
    let written = written.lock().unwrap();
    for line in written.iter() {
        assert!(
            line.len() <= MAX_OUTPUT_LINE,
            "a line of {} bytes",
            line.len()
        );
        assert!(!line.chars().any(koma_host::text::is_hidden), "{line:?}");
        assert!(!line.contains('\n'), "{line:?}");
    }
    let count = |word: &str| {
        written
            .iter()
            .filter(|l| l.split_whitespace().next() == Some(word))
            .count()
    };
    assert_eq!(count("readyok"), readies, "{written:?}");
    assert!(count("bestmove") <= goes, "{written:?}");
}

/// LSP messages (any bytes, framed or not) to a language server in memory, after an `initialize`. The reader
/// answers what is not a message with a bounded JSON-RPC error; the server never panics, answers each request
/// it is given, and shuts down when asked at the end.
pub fn lsp_messages(bytes: &[u8]) {
    use lsp_server::{Connection, Message, Notification, Request, RequestId};
    let (client, server) = Connection::memory();
    let serving = std::thread::spawn(move || koma_lsp::serve(&server));
    let initialize = Request::new(
        RequestId::from(0),
        "initialize".into(),
        serde_json::json!({"capabilities": {}}),
    );
    client.sender.send(initialize.into()).unwrap();
    assert!(matches!(
        client.receiver.recv().unwrap(),
        Message::Response(_)
    ));
    client
        .sender
        .send(Notification::new("initialized".into(), serde_json::json!({})).into())
        .unwrap();
    let mut reader = koma_lsp::framing::Reader::new(Cursor::new(bytes));
    for _ in 0..32 {
        match reader.read_message().expect("reading memory cannot fail") {
            koma_lsp::framing::Incoming::End => break,
            koma_lsp::framing::Incoming::Refused(refusal) => {
                assert!(matches!(refusal.code, -32700 | -32600), "{refusal:?}");
                assert!(refusal.message.chars().count() <= 301, "{refusal:?}");
            }
            koma_lsp::framing::Incoming::Message(message) => {
                // The fuzzed messages may not end the session: the check does, below.
                let ends = match &message {
                    Message::Request(r) => r.method == "shutdown",
                    Message::Notification(n) => n.method == "exit",
                    Message::Response(_) => false,
                };
                if !ends {
                    client.sender.send(message).unwrap();
                }
            }
        }
    }
    let end = RequestId::from("the end".to_string());
    client
        .sender
        .send(Request::new(end.clone(), "shutdown".into(), serde_json::Value::Null).into())
        .unwrap();
    loop {
        match client
            .receiver
            .recv()
            .expect("the server answers until it shuts down")
        {
            Message::Response(r) if r.id == end => break,
            _ => {}
        }
    }
    client
        .sender
        .send(Notification::new("exit".into(), serde_json::Value::Null).into())
        .unwrap();
    let served = serving.join().expect("the language server does not panic");
    assert!(served.is_ok(), "{served:?}");
}

/// A request body to one of the web server's computing routes (picked by the first byte), as the page would
/// send it. No answer is a server error, every answer is JSON, and an error names its cause in one line.
pub fn web_request(bytes: &[u8]) {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let Some((&pick, body)) = bytes.split_first() else {
        return;
    };
    let routes = [
        "/api/check",
        "/api/position",
        "/api/explain",
        "/api/go",
        "/api/record",
        "/api/record/read",
    ];
    let route = routes[pick as usize % routes.len()];
    // The computer thinks at most a few milliseconds here.
    let mut body = body.to_vec();
    if route == "/api/go"
        && let Ok(serde_json::Value::Object(mut map)) = serde_json::from_slice(&body)
    {
        let asked = map
            .get("movetime")
            .and_then(serde_json::Value::as_u64)
            .unwrap_or(5);
        map.insert("movetime".into(), asked.min(5).into());
        body = serde_json::Value::Object(map).to_string().into_bytes();
    }
    let games = koma_web::Games::new(&["minishogi".to_string(), "chushogi".to_string()])
        .expect("embedded games load");
    let address = "127.0.0.1:7878".parse().unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let (status, answer) = runtime.block_on(async {
        let request = Request::post(route)
            .header("host", "127.0.0.1:7878")
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap();
        let response = koma_web::router(games, address)
            .oneshot(request)
            .await
            .unwrap();
        let status = response.status();
        let bytes = axum::body::to_bytes(response.into_body(), 64 << 20)
            .await
            .unwrap();
        (status, bytes)
    });
    assert!(
        !status.is_server_error(),
        "{status}: {}",
        String::from_utf8_lossy(&answer)
    );
    if !status.is_success() {
        // axum's own refusals (a body that is not JSON of the right shape) are one line of text.
        match serde_json::from_slice::<serde_json::Value>(&answer) {
            Ok(json) => {
                let error = json["error"].as_str().expect("an error says what is wrong");
                assert!(!error.contains('\n'), "{error:?}");
            }
            Err(_) => {
                let text = String::from_utf8(answer.to_vec()).expect("text");
                assert!(text.lines().count() <= 1 && text.len() < 4096, "{text:?}");
            }
        }
    }
}

/// Mini shogi and Judkins shogi, loaded once with their sources (for the statistics' rule lines).
fn record_games() -> &'static [Loaded] {
    static LOADED: OnceLock<Vec<Loaded>> = OnceLock::new();
    LOADED.get_or_init(|| {
        let host = koma_host::Host::embedded();
        ["minishogi", "judkins"]
            .iter()
            .map(|name| host.load(name).expect("embedded games load"))
            .collect()
    })
}

/// Self-play JSON lines read as `koma selfplay merge` reads a shard of a game picked by the first byte. A
/// refusal names the file and line in one line; merged records replay to what they say, and their
/// statistics are computed without a panic.
pub fn selfplay_records(bytes: &[u8]) {
    let Some((&pick, text)) = bytes.split_first() else {
        return;
    };
    let games = record_games();
    let loaded = &games[pick as usize % games.len()];
    let text = String::from_utf8_lossy(text).into_owned();
    match koma_selfplay::merge(loaded.rules(), &[("shard".into(), text)]) {
        Ok((settings, records)) => {
            assert_eq!(settings.game, loaded.rules().name);
            let summary = koma_selfplay::summary(loaded, &records);
            assert_eq!(summary.games, records.len());
        }
        Err(e) => {
            assert!(
                e.starts_with("shard:") || e == "no self-play lines to merge",
                "{e}"
            );
            assert!(!e.contains('\n'), "{e:?}");
        }
    }
}
