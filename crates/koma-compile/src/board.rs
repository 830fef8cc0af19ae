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
    let side = 1..=koma_vm::MAX_SIDE as u32;
    let fits = side.contains(&ranks) && side.contains(&files);
    if !fits {
        d.report(
            Code::BoardSize,
            span,
            format!("a {files} x {ranks} board is not supported"),
        )
        .label("board size")
        .help("boards have 1 to 36 files and ranks (36 x 36 fits)");
        return None;
    }
    Some((files as u8, ranks as u8))
}
