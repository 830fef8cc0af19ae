//! The server over an in-memory connection: the handshake, diagnostics on open, a hover, a request it does
//! not know, bad parameters, and shutdown. (The full client suite is `tools/lsp/test_lsp.py`.)

use koma_lsp::Connection;
use lsp_server::{Message, Notification, Request, RequestId};
use serde_json::{Value, json};

fn request(id: i32, method: &str, params: Value) -> Message {
    Request::new(RequestId::from(id), method.to_string(), params).into()
}

fn notification(method: &str, params: Value) -> Message {
    Notification::new(method.to_string(), params).into()
}

/// The next message, which must come.
fn next(client: &Connection) -> Message {
    client
        .receiver
        .recv_timeout(std::time::Duration::from_secs(20))
        .expect("the server answers")
}

fn response(client: &Connection) -> lsp_server::Response {
    match next(client) {
        Message::Response(r) => r,
        other => panic!("expected a response, got {other:?}"),
    }
}

type Server = std::thread::JoinHandle<Result<(), String>>;

/// A server on its own thread, initialized.
fn start() -> (Connection, Server) {
    let (server, client) = Connection::memory();
    let thread = std::thread::spawn(move || koma_lsp::serve(&server));
    client
        .sender
        .send(request(1, "initialize", json!({"capabilities": {}})))
        .unwrap();
    let init = response(&client);
    let caps = &init.response_result.expect("capabilities")["capabilities"];
    assert_eq!(caps["hoverProvider"], json!(true));
    assert_eq!(caps["documentFormattingProvider"], json!(true));
    client
        .sender
        .send(notification("initialized", json!({})))
        .unwrap();
    (client, thread)
}

fn stop(client: Connection, thread: Server) {
    client
        .sender
        .send(request(99, "shutdown", Value::Null))
        .unwrap();
    assert!(response(&client).response_result.is_ok());
    client
        .sender
        .send(notification("exit", Value::Null))
        .unwrap();
    assert_eq!(thread.join().expect("the server thread"), Ok(()));
}

/// The diagnostics the server publishes next.
fn published(client: &Connection) -> Vec<Value> {
    let Message::Notification(n) = next(client) else {
        panic!("diagnostics expected")
    };
    assert_eq!(n.method, "textDocument/publishDiagnostics");
    n.params["diagnostics"].as_array().expect("a list").clone()
}

#[test]
fn diagnostics_on_open_and_change_and_a_hover_on_the_last_version_that_compiled() {
    let (client, thread) = start();
    let uri = "untitled:Untitled-1";
    let text = "game \"T\" extends \"minishogi\"\n\nvalue Rook 7\nvalue Rock 8\n";
    client
        .sender
        .send(notification(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "koma", "version": 1, "text": text}}),
        ))
        .unwrap();
    let diagnostics = published(&client);
    assert_eq!(diagnostics.len(), 1, "{diagnostics:?}");
    assert_eq!(diagnostics[0]["code"], json!("koma::unknown-piece"));
    assert_eq!(
        diagnostics[0]["range"]["start"],
        json!({"line": 3, "character": 6})
    );

    // The document does not compile: a hover on the piece has nothing to show yet.
    let at = json!({"textDocument": {"uri": uri}, "position": {"line": 2, "character": 7}});
    client
        .sender
        .send(request(2, "textDocument/hover", at.clone()))
        .unwrap();
    assert_eq!(response(&client).response_result.ok(), Some(Value::Null));

    client
        .sender
        .send(notification(
            "textDocument/didChange",
            json!({"textDocument": {"uri": uri, "version": 2},
                   "contentChanges": [{"text": text.replace("value Rock 8\n", "")}]}),
        ))
        .unwrap();
    assert_eq!(published(&client), Vec::<Value>::new());
    client
        .sender
        .send(request(3, "textDocument/hover", at))
        .unwrap();
    let hover = response(&client).response_result.expect("a hover");
    let shown = hover["contents"]["value"].as_str().expect("markdown");
    assert!(
        shown.contains("Rook (R") && shown.contains("promotes to Dragon"),
        "{shown}"
    );
    stop(client, thread);
}

#[test]
fn unknown_requests_and_bad_parameters_get_errors_and_the_session_goes_on() {
    let (client, thread) = start();
    client
        .sender
        .send(request(4, "textDocument/rename", json!({})))
        .unwrap();
    let unknown = response(&client).response_result.expect_err("an error");
    assert_eq!(unknown.code, lsp_server::ErrorCode::MethodNotFound as i32);
    client
        .sender
        .send(request(5, "textDocument/hover", json!({"nonsense": 1})))
        .unwrap();
    let bad = response(&client).response_result.expect_err("an error");
    assert_eq!(bad.code, lsp_server::ErrorCode::InvalidParams as i32);
    // A hover on a document that was never opened is empty, not an error.
    let at = json!({"textDocument": {"uri": "file:///nowhere.game"}, "position": {"line": 0, "character": 0}});
    client
        .sender
        .send(request(6, "textDocument/hover", at))
        .unwrap();
    assert_eq!(response(&client).response_result.ok(), Some(Value::Null));
    stop(client, thread);
}
