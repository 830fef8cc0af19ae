//! `board FILES x RANKS`.

use koma_syntax::Span;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::statements::Statements;

/// The board's files and ranks, if the game has a board the VM supports.
pub(crate) fn check(d: &mut Diagnostics, st: &Statements, header: &Span) -> Option<(u8, u8)> {
    let Some(((files, ranks), span)) = st.board.clone() else {
        d.report(Code::MissingBoard, header.clone(), "the game has no board")
            .label("in this game")
            .help("add a line such as `board 5 x 5` (files x ranks)");
        return None;
    };
    let fits = (1..=26).contains(&ranks)
        && (1..=26).contains(&files)
        && files * ranks <= koma_vm::MAX_SQUARES as u32;
    if !fits {
        d.report(
            Code::BoardSize,
            span,
            format!("a {files} x {ranks} board is not supported"),
        )
        .label("board size")
        .help("boards have 1 to 26 files and ranks and at most 256 squares (16 x 16 fits)");
        return None;
    }
    Some((files as u8, ranks as u8))
}
