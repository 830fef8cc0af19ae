//! A card as a document: titled sections of paragraphs, lists, diagrams and tables, written out as text,
//! Markdown or HTML.

use koma_vm::FaceId;

/// A piece of a card.
pub(crate) enum Block {
    /// A paragraph.
    Para(String),
    /// A bulleted list.
    List(Vec<String>),
    /// A numbered list: the order matters.
    Numbered(Vec<String>),
    /// A face's moves on an empty board, with its heading line.
    Diagram(FaceId, String),
    /// The start position.
    Board,
    /// Perft counts by depth.
    Perft(Vec<(u32, u64)>),
}

/// A titled section.
pub(crate) struct Section {
    pub title: String,
    pub blocks: Vec<Block>,
}
