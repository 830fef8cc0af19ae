//! `koma` without a command: mini shogi's start position and its legal moves.

use koma_vm::Position;

use crate::load::load_rules;
use crate::report::Report;

/// Shows the default game's start position and its legal moves.
pub fn run() -> Result<(), Vec<Report>> {
    let rules = load_rules(koma_games::DEFAULT)?;
    let pos = Position::start(&rules);
    println!("{} — start position ({})\n", rules.name, pos.to_sfen());
    println!("{}\n", pos.diagram());
    let moves: Vec<String> = pos
        .legal_moves()
        .into_iter()
        .map(|m| rules.move_name(m))
        .collect();
    println!("{} legal moves: {}", moves.len(), moves.join(" "));
    println!(
        "\nTry `koma --help`, `koma perft minishogi 4 --divide` or `koma check games/minishogi.game`."
    );
    Ok(())
}
