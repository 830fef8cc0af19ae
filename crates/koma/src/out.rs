//! Writing to standard output and standard error without panicking: a closed pipe (`koma moves | head`) ends the
//! program quietly; a full disk is an error with a message, not a panic. Everything written goes through
//! [`koma_host::text::terminal_safe`]: text from a file or a command line never reaches the terminal as an
//! escape sequence or a bidirectional-formatting character.

use std::io::Write;

/// Writes `text` and a newline to standard output. A closed pipe exits with status 0; any other failure exits
/// with status 1 after saying so on standard error.
pub fn line(text: &str) {
    let text = koma_host::text::terminal_safe(text);
    let mut out = std::io::stdout().lock();
    let result = out
        .write_all(text.as_bytes())
        .and_then(|()| out.write_all(b"\n"));
    if let Err(e) = result.and_then(|()| out.flush()) {
        fail(&e);
    }
}

/// Writes `text` as it is (no newline added) to standard output, as [`line`] does.
pub fn text(text: &str) {
    let text = koma_host::text::terminal_safe(text);
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        fail(&e);
    }
}

/// Writes `text` and a newline to standard error; failures there are ignored, since nothing is left to tell.
pub fn err(text: &str) {
    let text = koma_host::text::terminal_safe(text);
    let _ = writeln!(std::io::stderr().lock(), "{text}");
}

fn fail(e: &std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    err(&format!("koma: cannot write the output: {e}"));
    std::process::exit(1);
}

/// `println!` through [`line`].
#[macro_export]
macro_rules! say {
    () => { $crate::out::line("") };
    ($($t:tt)*) => { $crate::out::line(&format!($($t)*)) };
}
