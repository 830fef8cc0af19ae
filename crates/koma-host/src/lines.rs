//! Lines read from a stream that nobody vouches for (a GUI's protocol lines, an editor's headers), each kept
//! to a bounded length: the rest of an overlong line is read and dropped, never held in memory.

use std::io::{self, BufRead};

/// Reads one line (up to and including its `\n`, or to the end of the input) into `line`, keeping at most
/// `max` bytes of it. Returns how many bytes were read from `input`, 0 at the end of the input.
pub fn read_capped(input: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<usize> {
    line.clear();
    let mut total = 0;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buffer.is_empty() {
            return Ok(total);
        }
        let (take, done) = match buffer.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (buffer.len(), false),
        };
        let room = max.saturating_sub(line.len());
        line.extend_from_slice(&buffer[..take.min(room)]);
        input.consume(take);
        total += take;
        if done {
            return Ok(total);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_line_is_cut_and_the_next_line_read_whole() {
        let text = format!("{}\nisready\nlast", "x".repeat(10_000));
        let mut input = io::BufReader::with_capacity(64, text.as_bytes());
        let mut line = Vec::new();
        assert_eq!(read_capped(&mut input, &mut line, 100).unwrap(), 10_001);
        assert_eq!(line.len(), 100);
        assert_eq!(read_capped(&mut input, &mut line, 100).unwrap(), 8);
        assert_eq!(line, b"isready\n");
        assert_eq!(read_capped(&mut input, &mut line, 100).unwrap(), 4);
        assert_eq!(line, b"last");
        assert_eq!(read_capped(&mut input, &mut line, 100).unwrap(), 0);
    }
}
