//! The GUI's input, read on a thread of its own: lines of at most [`MAX_LINE`] bytes, a line that is not UTF-8
//! answered with one error, and `quit` or the end of the input seen at once, so that it stops any search
//! even while the session waits for one.

use std::io::BufRead;
use std::sync::atomic::Ordering;
use std::sync::mpsc;

use crate::session::{Control, Session};

/// The longest protocol line read; the rest of a longer line is read and dropped (a `position` line of a
/// long game fits many times over).
pub const MAX_LINE: usize = 1 << 20;

/// A line from the GUI, as the reading thread passes it on.
enum Line {
    /// A line of text.
    Text(String),
    /// A line that is not UTF-8.
    NotUtf8,
}

/// Answers the lines of `input` until `quit` or the end of the input, then stops any search (which still
/// says its `bestmove`).
pub fn serve(mut session: Session, input: impl BufRead + Send + 'static) {
    let quitting = session.quit_signal();
    let (lines, received) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        let mut input = input;
        let mut buf = Vec::new();
        while koma_host::lines::read_capped(&mut input, &mut buf, MAX_LINE).is_ok_and(|n| n > 0) {
            let line = match std::str::from_utf8(&buf) {
                Ok(text) => Line::Text(text.trim_end_matches(['\n', '\r']).to_string()),
                Err(_) => Line::NotUtf8,
            };
            let quit =
                matches!(&line, Line::Text(t) if t.split_whitespace().next() == Some("quit"));
            if quit {
                quitting.store(true, Ordering::Relaxed);
            }
            if lines.send(line).is_err() || quit {
                return;
            }
        }
        quitting.store(true, Ordering::Relaxed);
    });
    for line in received {
        let control = match line {
            Line::Text(text) => session.handle(&text),
            Line::NotUtf8 => {
                session.error("a line that is not UTF-8 text was ignored");
                Control::Continue
            }
        };
        if control == Control::Quit {
            break;
        }
    }
    session.finish();
    let _ = reader.join();
}
