//! Byte offsets of a text and the editor's positions (a line, and a column in UTF-16 code units, as LSP
//! counts by default).

use lsp_types::{Position, Range};

/// Where the lines of a text start.
pub(crate) struct LineIndex<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// The index of `text`.
    pub fn new(text: &'a str) -> LineIndex<'a> {
        let starts = std::iter::once(0)
            .chain(text.match_indices('\n').map(|(i, _)| i + 1))
            .collect();
        LineIndex { text, starts }
    }

    /// The position of byte `at` (clamped to the text, and back to a character boundary).
    pub fn position(&self, at: usize) -> Position {
        let mut at = at.min(self.text.len());
        while !self.text.is_char_boundary(at) {
            at -= 1;
        }
        let line = self.starts.partition_point(|&s| s <= at) - 1;
        let column = self.text[self.starts[line]..at].encode_utf16().count();
        Position::new(line as u32, column as u32)
    }

    /// The range of bytes `span`.
    pub fn range(&self, span: &std::ops::Range<usize>) -> Range {
        Range::new(self.position(span.start), self.position(span.end))
    }

    /// The byte at a position (a column past the line's end is its end; a line past the text is its end).
    pub fn offset(&self, position: Position) -> usize {
        let Some(&start) = self.starts.get(position.line as usize) else {
            return self.text.len();
        };
        let line = &self.text[start..];
        let line = &line[..line.find('\n').unwrap_or(line.len())];
        let mut units = 0;
        for (i, c) in line.char_indices() {
            if units >= position.character as usize {
                return start + i;
            }
            units += c.len_utf16();
        }
        start + line.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_count_utf16_units() {
        let text = "piece K \"玉\" x\n𝄞a\n";
        let index = LineIndex::new(text);
        let x = text.find('x').expect("x");
        assert_eq!(index.position(x), Position::new(0, 12));
        assert_eq!(index.offset(Position::new(0, 12)), x);
        let a = text.find('a').expect("a");
        assert_eq!(index.position(a), Position::new(1, 2));
        assert_eq!(index.offset(Position::new(1, 2)), a);
        assert_eq!(index.offset(Position::new(1, 99)), a + 1);
        assert_eq!(index.offset(Position::new(9, 0)), text.len());
    }
}
