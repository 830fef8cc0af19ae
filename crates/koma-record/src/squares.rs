//! Squares as shogi records number them: a file counted from the first player's right, a rank from the top.

use koma_vm::{Rules, Square};

/// The file and rank numbers of `sq` (`7g` is 7, 7).
pub(crate) fn numbers(rules: &Rules, sq: Square) -> (u8, u8) {
    let name = rules.square_name(sq);
    let digits = name.bytes().take_while(u8::is_ascii_digit).count();
    let file = name[..digits].parse().unwrap_or(0);
    let rank = koma_vm::read_rank_letters(&name.as_bytes()[digits..], rules.ranks)
        .map_or(0, |(row, _)| row + 1);
    (file, rank)
}

/// The square of file `file` and rank `rank`, if the board has it.
pub(crate) fn square(rules: &Rules, file: u8, rank: u8) -> Option<Square> {
    if rank == 0 || rank > rules.ranks {
        return None;
    }
    let name = format!("{file}{}", koma_vm::rank_letters(rank - 1));
    rules
        .parse_square(&name)
        .filter(|&(_, used)| used == name.len())
        .map(|(sq, _)| sq)
}

/// Whether CSA, which numbers a square's file and rank with one digit each, can hold `rules`' board.
pub(crate) fn fit(rules: &Rules) -> Result<(), String> {
    if rules.files > 9 || rules.ranks > 9 {
        return Err(format!(
            "a {}x{} board does not fit: CSA numbers files and ranks with one digit",
            rules.files, rules.ranks
        ));
    }
    Ok(())
}
