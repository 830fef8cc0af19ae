//! A record read from a shard, checked against its game: every field must be what replaying its moves gives,
//! so that a file written by hand (or by harm) cannot make the statistics count what no game did.

use std::sync::Arc;

use koma_vm::{Action, Game, Rules};

use crate::play::{count, result_word};
use crate::record::{FaceUse, GameRecord, Settings};

/// Whether `record` is a game of `rules` under `settings`: its number is in the run, its moves are legal from
/// the start and end where the game ends (or at the ply limit), and its result, end rule, ply count, face use
/// and evaluation curve are those of its moves. The error says which field is wrong.
pub fn check(record: &GameRecord, rules: &Arc<Rules>, settings: &Settings) -> Result<(), String> {
    if record.index >= settings.games {
        return Err(format!(
            "game number {} is not in a run of {} games",
            record.index, settings.games
        ));
    }
    if record.moves.len() > settings.max_plies as usize {
        return Err(format!(
            "{} moves, more than the run's limit of {} plies",
            record.moves.len(),
            settings.max_plies
        ));
    }
    let mut game = Game::start(rules);
    let mut faces = vec![FaceUse::default(); rules.faces.len()];
    for (i, text) in record.moves.iter().enumerate() {
        let not_legal = |why: String| {
            format!(
                "move {} (`{}`) cannot be played: {why}",
                i + 1,
                koma_host::text::shorten(text)
            )
        };
        let mv = match game.parse_action(text) {
            Ok(Action::Move(mv)) => mv,
            Ok(_) => return Err(not_legal("self-play records moves only".into())),
            Err(e) => return Err(not_legal(one_line(&e.to_string()))),
        };
        count(&game, mv, &mut faces);
        game.play(mv);
    }
    let outcome = game.outcome();
    let result = result_word(outcome.map(|o| o.result));
    let same = |what: &str, given: String, replayed: String| {
        if given == replayed {
            Ok(())
        } else {
            Err(format!(
                "its {what} is {}, but its moves give {replayed}",
                koma_host::text::shorten(&given)
            ))
        }
    };
    same(
        "result",
        format!("`{}`", record.result),
        format!("`{result}`"),
    )?;
    if outcome.is_none() && record.moves.len() < settings.max_plies as usize {
        return Err(format!(
            "unfinished after {} plies, before the run's limit of {}",
            record.moves.len(),
            settings.max_plies
        ));
    }
    same(
        "end rule",
        format!("{:?}", record.end_rule),
        format!("{:?}", outcome.map(|o| o.rule)),
    )?;
    same(
        "ply count",
        record.plies.to_string(),
        record.moves.len().to_string(),
    )?;
    same(
        "evaluation curve's length",
        record.evaluation.len().to_string(),
        record.moves.len().to_string(),
    )?;
    if record.faces != faces {
        return Err(format!(
            "its face counts ({} faces) are not those of its moves ({} faces)",
            record.faces.len(),
            faces.len()
        ));
    }
    Ok(())
}

/// A reason quoted in a one-line error, made visible and cut to a bounded length (the VM's errors quote the
/// text they could not read, which here is a file's).
fn one_line(text: &str) -> String {
    koma_host::text::cut(text, 120)
}
