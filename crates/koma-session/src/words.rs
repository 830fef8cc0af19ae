//! Cutting what a user or a file wrote before it is quoted back.

/// A word the user wrote, cut for an error message.
pub fn shorten(text: &str) -> String {
    koma_host::text::cut(text, 40)
}

/// A line of the game file cut for quoting.
pub fn shorten_line(line: &str) -> String {
    koma_host::text::cut(line, 120)
}
