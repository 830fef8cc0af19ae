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
    /// One of a face's move components in two legs (by its index among the face's components), drawn from
    /// one first step, with its caption.
    TwoLegs(FaceId, usize, String),
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
