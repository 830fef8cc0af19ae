//! Hostile input, round three: the newer surfaces (the USI engine, the web server, the language server,
//! self-play files), each finding met through the binary as a user, a GUI, an editor or a web page meets it.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::{koma, scratch, stderr, stdout};

fn write(dir: &std::path::Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.display().to_string()
}

/// Starts `koma ARGS` with piped standard input, output and error.
fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_koma"))
        .args(args)
        .current_dir(common::repo())
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for `child` to exit by itself within `limit` (killing it and failing the test otherwise).
fn exits_within(mut child: Child, limit: Duration, what: &str) -> Output {
    let started = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > limit {
            let _ = child.kill();
            panic!("{what}: koma still ran after {limit:?}");
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    child.wait_with_output().unwrap()
}

// S4: a file's escape sequences never reach the terminal, coloured or not.
#[test]
fn a_files_colour_sequences_are_shown_as_text_in_diagnostics() {
    let dir = scratch("escapes");
    let named = write(&dir, "named.game", b"game \"x\" extends \"\x1b[31mred\"\n");
    write(&dir, "parent.game", b"\x1b[31mhello \x1b]0;title\x07\n");
    let quoted = write(&dir, "child.game", b"game \"x\" extends \"parent.game\"\n");
    for path in [&named, &quoted] {
        for no_color in ["1", ""] {
            let out = Command::new(env!("CARGO_BIN_EXE_koma"))
                .args(["check", path])
                .env("NO_COLOR", no_color)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(1));
            let text = format!("{}{}", stdout(&out), stderr(&out));
            assert!(
                !text.contains('\u{1b}'),
                "an escape reached the output: {text:?}"
            );
            assert!(
                !text.contains('\u{7}'),
                "a bell reached the output: {text:?}"
            );
            assert!(
                text.contains("?[31m"),
                "the sequence is shown as text: {text}"
            );
        }
    }
}

/// A `koma serve` on a free port, killed when dropped.
struct Server {
    child: Child,
    port: u16,
}

impl Server {
    fn start(games: &[&str]) -> Server {
        let mut args = vec!["serve", "--port", "0"];
        args.extend(games);
        let mut child = spawn(&args);
        let mut line = String::new();
        BufReader::new(child.stdout.as_mut().unwrap())
            .read_line(&mut line)
            .unwrap();
        let port = line
            .split("http://127.0.0.1:")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        Server { child, port }
    }

    /// Sends one HTTP/1.1 request and returns the status code and the body.
    fn ask(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, String)],
        body: &str,
    ) -> (u16, String) {
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .unwrap();
        let mut request = format!("{method} {path} HTTP/1.1\r\nConnection: close\r\n");
        for (name, value) in headers {
            request.push_str(&format!("{name}: {value}\r\n"));
        }
        request.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ));
        stream.write_all(request.as_bytes()).unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        let status = answer
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b);
        (status, body.to_string())
    }

    fn own_host(&self) -> String {
        format!("127.0.0.1:{}", self.port)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// S5: DNS rebinding: a request naming another host, or a computing request from another site's page.
#[test]
fn the_web_server_answers_only_for_its_own_host_and_its_own_page() {
    let server = Server::start(&["minishogi"]);
    let own = server.own_host();
    let evil = |port: u16| format!("evil.example:{port}");
    for path in ["/", "/api/games", "/api/source/0"] {
        let (status, body) = server.ask("GET", path, &[("Host", evil(server.port))], "");
        assert_eq!(status, 403, "{path}: {body}");
        assert!(!body.contains("Mini Shogi"), "{body}");
    }
    let check = r#"{"game":0,"text":"game \"x\" extends \"minishogi\""}"#;
    let (status, _) = server.ask("POST", "/api/check", &[("Host", evil(server.port))], check);
    assert_eq!(status, 403);
    let (status, _) = server.ask(
        "POST",
        "/api/check",
        &[
            ("Host", own.clone()),
            ("Origin", "http://evil.example".into()),
        ],
        check,
    );
    assert_eq!(
        status, 403,
        "a page of another site may not make the server compute"
    );
    let (status, body) = server.ask(
        "POST",
        "/api/check",
        &[("Host", own.clone()), ("Origin", format!("http://{own}"))],
        check,
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = server.ask(
        "GET",
        "/api/games",
        &[("Host", format!("localhost:{}", server.port))],
        "",
    );
    assert_eq!(status, 200, "{body}");
}

// S6: an edited text cannot read the files beside a served game.
#[test]
fn an_edited_text_extends_only_game_files() {
    let dir = scratch("secret");
    write(&dir, "secret.txt", b"password hunter2\n");
    write(&dir, "notes.game.txt", b"password hunter2\n");
    let game = write(&dir, "mine.game", b"game \"Mine\" extends \"minishogi\"\n");
    let server = Server::start(&[&game]);
    for parent in ["secret.txt", "./secret.txt", "notes.game.txt", "secret"] {
        let body = format!(r#"{{"game":0,"text":"game \"x\" extends \"{parent}\""}}"#);
        let (status, answer) =
            server.ask("POST", "/api/check", &[("Host", server.own_host())], &body);
        assert!(
            !answer.contains("hunter2") && !answer.contains("password"),
            "{parent}: {answer}"
        );
        assert!(
            answer.contains("koma::extends-unknown-game"),
            "{parent}: {status} {answer}"
        );
    }
}

/// An LSP message framed.
fn framed(body: &str) -> Vec<u8> {
    format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// What a client sends first: `initialize` (id 1) and `initialized`.
fn initialized() -> Vec<u8> {
    let mut input =
        framed(r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#);
    input.extend(framed(
        r#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    ));
    input
}

// P1 and P2: the language server refuses a huge length without allocating it, answers malformed messages as
// JSON-RPC says, and goes on.
#[test]
fn the_language_server_survives_malformed_messages() {
    let mut child = spawn(&["lsp"]);
    let mut input = initialized();
    input.extend(framed("{not json"));
    input.extend(framed(r#"{"id":2,"method":"shutdown"}"#));
    input.extend(framed(&"[".repeat(100_000)));
    input.extend(b"Content-Length: 4\r\n\r\n\xff\xfe\xfd\xfc");
    input.extend(b"Content-Length: -1\r\n\r\n");
    input.extend(b"Content-Length: 999999999999\r\n\r\n");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(&input).unwrap();
    // The huge body is skipped as it arrives: what follows is part of it, so close the input to end it.
    drop(stdin);
    let out = exits_within(child, Duration::from_secs(20), "lsp");
    let text = stdout(&out);
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
    assert!(
        text.contains(r#""id":1"#) && text.contains("capabilities"),
        "{text}"
    );
    assert_eq!(
        text.matches("-32700").count(),
        4,
        "not JSON, too deep, not UTF-8, a bad length: {text}"
    );
    assert!(
        text.contains(r#"{"code":-32600"#) || text.contains("-32600"),
        "no jsonrpc: {text}"
    );
    assert!(
        text.contains(r#""id":2"#),
        "the error names the request it could read: {text}"
    );

    // After all that, the server still answers.
    let mut child = spawn(&["lsp"]);
    let mut input = initialized();
    input.extend(framed("]]]"));
    input.extend(b"garbage where headers go\r\n");
    input.extend(framed(r#"{"jsonrpc":"2.0","id":9,"method":"shutdown"}"#));
    input.extend(framed(r#"{"jsonrpc":"2.0","method":"exit"}"#));
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = exits_within(child, Duration::from_secs(20), "lsp");
    let text = stdout(&out);
    assert!(
        text.contains(r#""id":9,"result":null"#),
        "shutdown answered: {text}"
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// A one-game shard of mini shogi, as `koma selfplay --shard` writes it.
fn shard() -> String {
    let out = koma(&[
        "selfplay",
        "minishogi",
        "--games",
        "1",
        "--nodes",
        "300",
        "--shard",
        "0/1",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    stdout(&out)
}

// P3 and W4: a shard's records are checked against the game, with the file and line of the first that is not.
#[test]
fn self_play_merge_refuses_records_no_game_could_leave() {
    let dir = scratch("forged");
    let good = shard();
    let line: serde_json::Value = serde_json::from_str(good.trim()).unwrap();
    let forgeries: [(&str, serde_json::Value); 4] = [
        ("end_rule", 1_000_000.into()),
        ("result", "<script>".into()),
        (
            "faces",
            serde_json::json!(vec![
                serde_json::json!({"moved":0,"dropped":0,"promoted":0,"captured":0});
                500
            ]),
        ),
        ("moves", serde_json::json!(["9z9z"])),
    ];
    for (field, value) in forgeries {
        let mut forged = line.clone();
        forged["record"][field] = value;
        let path = write(&dir, "forged.jsonl", format!("{forged}\n").as_bytes());
        let out = koma(&["selfplay", "merge", &path, "--game", "minishogi"]);
        assert_eq!(out.status.code(), Some(1), "{field}: {}", stdout(&out));
        let err = stderr(&out);
        assert!(err.contains("forged.jsonl:1: game 0"), "{field}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

// H8: only regular files are read as shards, up to a limit.
#[test]
fn self_play_merge_reads_only_regular_files() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe");
    let made = Command::new("mkfifo").arg(&fifo).status();
    let mut paths = vec!["/dev/zero".to_string(), dir.display().to_string()];
    match made {
        Ok(s) if s.success() => paths.push(fifo.display().to_string()),
        _ => common::skipped(
            "the FIFO case of self_play_merge_reads_only_regular_files: mkfifo is missing",
        ),
    }
    for path in paths {
        let child = spawn(&["selfplay", "merge", &path, "--game", "minishogi"]);
        let out = exits_within(child, Duration::from_secs(10), &path);
        assert_eq!(out.status.code(), Some(1), "{path}");
        let err = stderr(&out);
        assert!(
            err.contains("not a regular file") || err.contains("folder"),
            "{path}: {err}"
        );
    }
}

// W3: a line that is not UTF-8 gets one error, and the engine reads on.
#[test]
fn the_usi_engine_reads_on_after_a_line_that_is_not_utf8() {
    let mut child = spawn(&["usi", "minishogi"]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"usi\n\xff\xfe bad\nisready\nquit\n")
        .unwrap();
    let out = exits_within(child, Duration::from_secs(10), "usi");
    let text = stdout(&out);
    assert_eq!(text.matches("info string error").count(), 1, "{text}");
    assert!(text.contains("readyok"), "{text}");
}

// H7: `quit` and the end of input stop any search at once; `go mate N` with a huge N is limited with a word.
#[test]
fn quit_and_the_end_of_input_stop_any_search() {
    for go in ["go depth 100", "go nodes 1000000000000000", "go infinite"] {
        for ending in ["quit\n", ""] {
            let mut child = spawn(&["usi", "minishogi"]);
            let mut stdin = child.stdin.take().unwrap();
            stdin
                .write_all(format!("position startpos\n{go}\n").as_bytes())
                .unwrap();
            std::thread::sleep(Duration::from_millis(300));
            let asked = Instant::now();
            stdin.write_all(ending.as_bytes()).unwrap();
            drop(stdin);
            let out = exits_within(child, Duration::from_secs(10), go);
            let took = asked.elapsed();
            assert!(
                took < Duration::from_secs(3),
                "{go} then {ending:?}: {took:?}"
            );
            assert!(stdout(&out).contains("bestmove"), "{}", stdout(&out));
        }
    }
    let mut child = spawn(&["usi", "minishogi"]);
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"position startpos\ngo mate 18446744073709551615\nstop\nquit\n")
        .unwrap();
    let out = exits_within(child, Duration::from_secs(10), "go mate");
    let text = stdout(&out);
    assert!(text.contains("at most 100 plies"), "{text}");
    assert!(text.contains("bestmove"), "{text}");
}

// H6: a file of repeated statements is checked in time linear in its length.
#[test]
fn repeated_statements_are_checked_in_linear_time() {
    let dir = scratch("repeated");
    let mut text = String::from("game \"x\" extends \"minishogi\"\n");
    text.push_str(&"board 5 x 5\n".repeat(80_000));
    assert!(text.len() < koma_host::MAX_SOURCE_BYTES);
    let path = write(&dir, "repeated.game", text.as_bytes());
    let child = spawn(&["check", &path]);
    let out = exits_within(child, Duration::from_secs(30), "80,000 repeated statements");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("more diagnostics"),
        "{}",
        stderr(&out)
    );
}

// M11: a scenario file over the limit is called what it is.
#[test]
fn a_scenario_file_over_the_limit_is_not_called_a_game_file() {
    let dir = scratch("big-scenarios");
    let path = write(
        &dir,
        "big.scenarios",
        &vec![b'\n'; koma_host::MAX_SOURCE_BYTES + 1],
    );
    let out = koma(&["test", &path]);
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(err.contains(".scenarios files of at most"), "{err}");
    assert!(!err.contains("a .game file may have"), "{err}");
}
