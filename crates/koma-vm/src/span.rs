//! Where a rule was written in its `.game` source.

/// A byte range in the `.game` source text. The syntax tree, the spec and the compiled rules all use it.
pub type Span = std::ops::Range<usize>;
