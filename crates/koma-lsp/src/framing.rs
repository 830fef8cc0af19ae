//! The base protocol on standard input and output, read with limits: a message is a block of headers, a blank
//! line and `Content-Length` bytes of JSON. A malformed message gets the JSON-RPC error it deserves and the
//! server reads on: a body over [`MAX_MESSAGE_BYTES`] is skipped without being kept, a message that is not
//! JSON (or not UTF-8, or nested deeper than the JSON reader goes) is answered `-32700`, one that is JSON but
//! not a JSON-RPC 2.0 message `-32600`; text where headers should be is skipped up to the next header.

use std::io::{self, BufRead, Read, Write};
use std::thread;

use crossbeam_channel::{Receiver, Sender, bounded};
use lsp_server::{Message, RequestId};
use serde_json::Value;

/// The largest message body read: a document at koma's size limit, sent as JSON with every character
/// escaped, and room to spare.
pub const MAX_MESSAGE_BYTES: u64 = 8 * koma_host::MAX_SOURCE_BYTES as u64;
/// The longest header line kept; the rest of a longer line is read and dropped.
const MAX_HEADER_LINE: usize = 1024;
/// JSON-RPC's code for text that is not JSON.
const PARSE_ERROR: i32 = -32700;
/// JSON-RPC's code for JSON that is not a request, a notification or a response.
const INVALID_REQUEST: i32 = -32600;

/// What one read of the input gave.
#[derive(Debug)]
pub enum Incoming {
    /// A message to serve.
    Message(Message),
    /// A message that cannot be served: the error to answer it with.
    Refused(Refusal),
    /// The end of the input.
    End,
}

/// Reads messages from an input, one at a time.
pub struct Reader<R> {
    input: R,
    /// A message read after text that was not a message: the error for that text is answered first.
    pending: Option<Incoming>,
}

impl<R: BufRead> Reader<R> {
    /// A reader of `input`.
    pub fn new(input: R) -> Reader<R> {
        Reader {
            input,
            pending: None,
        }
    }

    /// The next message, or what answers a malformed one.
    pub fn read_message(&mut self) -> io::Result<Incoming> {
        if let Some(pending) = self.pending.take() {
            return Ok(pending);
        }
        let (junk, read) = read(&mut self.input)?;
        if junk && !matches!(read, Incoming::End) {
            self.pending = Some(read);
            return Ok(refused(
                None,
                PARSE_ERROR,
                "text where a message's headers were expected",
            ));
        }
        Ok(read)
    }
}

/// Reads the next message from `input`, and whether text that was not a header came before it.
fn read(input: &mut impl BufRead) -> io::Result<(bool, Incoming)> {
    let mut length: Option<Result<u64, String>> = None;
    let mut junk = false;
    let mut line = Vec::new();
    loop {
        if koma_host::lines::read_capped(input, &mut line, MAX_HEADER_LINE)? == 0 {
            return Ok((junk, Incoming::End));
        }
        let text = trim_line_end(&line);
        if text.is_empty() {
            if length.is_some() {
                break;
            }
            continue;
        }
        let header = std::str::from_utf8(text)
            .ok()
            .and_then(|t| t.split_once(':'))
            .filter(|(name, _)| is_token(name));
        match header {
            Some((name, value)) if name.eq_ignore_ascii_case("content-length") => {
                length =
                    Some(value.trim().parse::<u64>().map_err(|_| {
                        format!("`Content-Length: {}` is not a length", shown(value))
                    }));
            }
            Some(_) => {}
            None if length.is_none() => junk = true,
            None => {
                let why = "a header line without `Name: value`";
                return Ok((junk, refused(None, PARSE_ERROR, why)));
            }
        }
    }
    let length = match length.expect("the loop ends only with a length") {
        Ok(length) => length,
        Err(why) => return Ok((junk, refused(None, PARSE_ERROR, &why))),
    };
    if length > MAX_MESSAGE_BYTES {
        let skipped = io::copy(&mut input.take(length), &mut io::sink())?;
        if skipped < length {
            return Ok((junk, Incoming::End));
        }
        let why = format!(
            "a message of {length} bytes is over koma lsp's limit of {MAX_MESSAGE_BYTES}; it was skipped"
        );
        return Ok((junk, refused(None, INVALID_REQUEST, &why)));
    }
    let mut body = Vec::with_capacity(length as usize);
    input.take(length).read_to_end(&mut body)?;
    if (body.len() as u64) < length {
        return Ok((junk, Incoming::End));
    }
    Ok((junk, parse(&body)))
}

/// A body read whole, as a message or the error that answers it.
fn parse(body: &[u8]) -> Incoming {
    let Ok(text) = std::str::from_utf8(body) else {
        return refused(None, PARSE_ERROR, "the message is not UTF-8");
    };
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return refused(None, PARSE_ERROR, &format!("the message is not JSON: {e}")),
    };
    let id = value
        .get("id")
        .and_then(|id| serde_json::from_value::<RequestId>(id.clone()).ok());
    if value.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return refused(
            id,
            INVALID_REQUEST,
            "the message does not say `\"jsonrpc\": \"2.0\"`",
        );
    }
    match serde_json::from_value::<Message>(value) {
        Ok(message) => Incoming::Message(message),
        Err(e) => refused(
            id,
            INVALID_REQUEST,
            &format!("not a request, a notification or a response: {e}"),
        ),
    }
}

/// The error that answers a malformed message.
#[derive(Debug)]
pub struct Refusal {
    /// The request's id, when it could be read; JSON-RPC's `null` otherwise.
    pub id: Option<RequestId>,
    /// `-32700` (not JSON) or `-32600` (not a JSON-RPC message).
    pub code: i32,
    /// What was wrong, in one line.
    pub message: String,
}

impl Refusal {
    /// Writes the error response, framed.
    pub fn write(&self, out: &mut impl Write) -> io::Result<()> {
        let body = serde_json::json!({
            "jsonrpc": "2.0",
            "id": self.id,
            "error": {"code": self.code, "message": self.message},
        })
        .to_string();
        write!(out, "Content-Length: {}\r\n\r\n{body}", body.len())?;
        out.flush()
    }
}

fn refused(id: Option<RequestId>, code: i32, message: &str) -> Incoming {
    Incoming::Refused(Refusal {
        id,
        code,
        message: koma_host::text::cut(message, 300),
    })
}

fn trim_line_end(line: &[u8]) -> &[u8] {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// Whether a header's name is an HTTP token (letters, digits and `-`).
fn is_token(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
}

fn shown(value: &str) -> String {
    koma_host::text::cut(value.trim(), 30)
}

/// The threads that read standard input and write standard output.
pub struct Threads {
    reader: thread::JoinHandle<io::Result<()>>,
    writer: thread::JoinHandle<io::Result<()>>,
}

impl Threads {
    /// Waits for both threads; the first error of either.
    pub fn join(self) -> Result<(), String> {
        let reader = self
            .reader
            .join()
            .map_err(|_| "the reader thread panicked")?;
        let writer = self
            .writer
            .join()
            .map_err(|_| "the writer thread panicked")?;
        reader.and(writer).map_err(|e| e.to_string())
    }
}

/// A connection on standard input and output: the server sends on the first channel and receives on the
/// second. Malformed messages are answered by the reader itself and never reach the server.
pub fn stdio() -> (Sender<Message>, Receiver<Message>, Threads) {
    let (to_client, outgoing) = bounded::<Message>(0);
    let (incoming, from_client) = bounded::<Message>(0);
    let (errors, refusals) = bounded::<Refusal>(0);
    let writer = thread::spawn(move || {
        let stdout = io::stdout();
        let mut out = stdout.lock();
        // A channel whose senders are all gone is swapped for one that never delivers; both gone, it ends.
        let (mut outgoing, mut refusals) = (outgoing, refusals);
        let (mut messages_open, mut refusals_open) = (true, true);
        while messages_open || refusals_open {
            crossbeam_channel::select! {
                recv(outgoing) -> m => match m {
                    Ok(message) => message.write(&mut out)?,
                    Err(_) => (outgoing, messages_open) = (crossbeam_channel::never(), false),
                },
                recv(refusals) -> r => match r {
                    Ok(refusal) => refusal.write(&mut out)?,
                    Err(_) => (refusals, refusals_open) = (crossbeam_channel::never(), false),
                },
            }
        }
        Ok(())
    });
    let reader = thread::spawn(move || {
        let mut input = Reader::new(io::stdin().lock());
        loop {
            match input.read_message()? {
                Incoming::End => return Ok(()),
                Incoming::Refused(refusal) => {
                    if errors.send(refusal).is_err() {
                        return Ok(());
                    }
                }
                Incoming::Message(message) => {
                    let exit = matches!(&message, Message::Notification(n) if n.method == "exit");
                    if incoming.send(message).is_err() || exit {
                        return Ok(());
                    }
                }
            }
        }
    });
    (to_client, from_client, Threads { reader, writer })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8]) -> Vec<Incoming> {
        let mut input = Reader::new(io::BufReader::new(input));
        let mut out = Vec::new();
        loop {
            match input.read_message().unwrap() {
                Incoming::End => return out,
                other => out.push(other),
            }
        }
    }

    fn framed(body: &str) -> String {
        format!("Content-Length: {}\r\n\r\n{body}", body.len())
    }

    fn code(r: &Incoming) -> i32 {
        match r {
            Incoming::Refused(refusal) => refusal.code,
            other => panic!("not refused: {other:?}"),
        }
    }

    const SHUTDOWN: &str = r#"{"jsonrpc":"2.0","id":7,"method":"shutdown"}"#;

    #[test]
    fn each_malformed_message_is_answered_and_the_next_one_is_read() {
        let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
        let mut input = Vec::new();
        for body in ["{not json", r#"{"id":1,"method":"shutdown"}"#, &deep, "[]"] {
            input.extend(framed(body).into_bytes());
        }
        input.extend(b"Content-Length: 3\r\n\r\n\xff\xfe\xfd");
        input.extend(b"Content-Length: -5\r\n\r\n");
        input.extend(b"garbage line\r\n");
        input.extend(framed(SHUTDOWN).into_bytes());
        let got = all(&input);
        let codes: Vec<i32> = got[..7].iter().map(code).collect();
        assert_eq!(
            codes,
            [
                PARSE_ERROR,
                INVALID_REQUEST,
                PARSE_ERROR,
                INVALID_REQUEST,
                PARSE_ERROR,
                PARSE_ERROR,
                PARSE_ERROR
            ]
        );
        assert!(
            matches!(&got[7], Incoming::Message(Message::Request(r)) if r.method == "shutdown"),
            "{got:?}"
        );
        assert_eq!(got.len(), 8);
    }

    #[test]
    fn a_huge_length_is_skipped_without_keeping_it() {
        let input = format!("Content-Length: 999999999999\r\n\r\n{}", "x".repeat(100));
        let got = all(input.as_bytes());
        assert!(
            got.is_empty(),
            "the input ends inside the skipped body: {got:?}"
        );
        let big = MAX_MESSAGE_BYTES + 1;
        let mut input = format!("Content-Length: {big}\r\n\r\n").into_bytes();
        input.resize(input.len() + big as usize, b' ');
        input.extend(framed(SHUTDOWN).into_bytes());
        let got = all(&input);
        assert_eq!(code(&got[0]), INVALID_REQUEST);
        assert!(matches!(&got[1], Incoming::Message(_)));
    }

    #[test]
    fn an_error_is_written_with_the_requests_id_or_null() {
        let Incoming::Refused(refusal) = parse(b"{") else {
            panic!()
        };
        let mut out = Vec::new();
        refusal.write(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(r#""id":null"#), "{text}");
        assert!(text.contains("-32700"), "{text}");
        let Incoming::Refused(refusal) = parse(br#"{"id":"","method":"x"}"#) else {
            panic!()
        };
        let mut out = Vec::new();
        refusal.write(&mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains(r#""id":"""#), "{text}");
        assert!(text.contains("-32600"), "{text}");
    }
}
