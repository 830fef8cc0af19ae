//! Commands read from a pipe or a file, one per line, answered as the REPL would.

use std::io::{self, BufRead, Write};

use crate::command::shorten_line;
use crate::session::Session;

/// Shows the greeting, then runs each line of `input`, echoing it after a `koma> ` prompt, until `quit`
/// or the end of the input. Lines that are not UTF-8 are read with replacement characters; control
/// characters are shown as `?`.
pub fn run_script(
    session: &mut Session,
    mut input: impl BufRead,
    out: &mut impl Write,
) -> io::Result<()> {
    let safe = koma_host::text::terminal_safe;
    writeln!(out, "{}", safe(&session.greeting()))?;
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buf);
        let line = line.trim_end_matches(['\n', '\r']);
        writeln!(out, "\nkoma> {}", safe(&shorten_line(line)))?;
        let reply = session.execute(line);
        if !reply.text.is_empty() {
            writeln!(out, "{}", safe(&reply.text))?;
        }
        if reply.quit {
            return Ok(());
        }
    }
}
