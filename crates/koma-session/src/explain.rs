//! `explain MOVE`: why a move is illegal, or what it does, in the game's own terms.

use koma_vm::spec::Captures;
use koma_vm::spec::FlipTrigger;
use koma_vm::{EndCondition, EndRule, Game, Move, UsiError};

use crate::quote::{Answer, Quoting};
use crate::session::Session;
use crate::words::shorten;

/// Why `text` is illegal as a move in the session's position, or what it does, quoting the rules it rests on.
pub fn explain(session: &Session, text: &str) -> Answer {
    let quoting = Quoting::new(session);
    let words = explain_text(&quoting, text);
    quoting.answer(words)
}

fn explain_text(s: &Quoting, text: &str) -> String {
    let game = s.game();
    if let Some(outcome) = game.outcome() {
        return format!(
            "{} is illegal: the game is already over: {}",
            shorten(text),
            s.outcome_words(outcome)
        );
    }
    match s.position().parse_usi(text) {
        Err(UsiError::Syntax { why, .. }) => {
            let mut out = format!(
                "`{}` is not a move: {why}; moves look like 5e4d, 2e1a+ or P*3c",
                shorten(text)
            );
            if let Some(hint) = s.moves_starting_with(text) {
                out.push_str(&format!(
                    "\n  legal moves starting with `{}`: {hint}",
                    shorten(text)
                ));
            }
            out
        }
        Err(UsiError::Illegal { reason, .. }) => {
            let mut out = format!("{text} is illegal: {reason}");
            if let Some(q) = s.quote_words(reason.origin().as_ref()) {
                out.push_str(&format!("\n  {q}"));
            }
            out
        }
        Ok(mv) if !game.legal_moves().contains(&mv) => {
            format!(
                "{text} is illegal: the second player designated the piece the first player must place first"
            )
        }
        Ok(mv) => legal(s, mv),
    }
}

/// What a legal move does: the piece, a capture, a promotion or flip, check, mate, the end of the game.
fn legal(s: &Quoting, mv: Move) -> String {
    let r = s.rules();
    let pos = s.position();
    let name = r.move_name(mv);
    let after = r.face(mv.face_after());
    let mut lines = Vec::new();
    let Some(from) = mv.from() else {
        lines.push(format!(
            "{name} is legal: it drops a {} on {}.",
            after.name,
            r.square_name(mv.to())
        ));
        return finish(s, mv, lines);
    };
    let piece = pos.piece_at(from).expect("a legal board move has a piece");
    let before = r.face(piece.face);
    lines.extend(path_words(s, mv, from, &before.name));
    let legal = s.game().legal_moves();
    let twin = legal.iter().find(|m| {
        m.from() == mv.from()
            && m.mid() == mv.mid()
            && m.to() == mv.to()
            && m.is_promotion() != mv.is_promotion()
    });
    if mv.is_promotion() {
        lines.push(promotion_words(s, mv, twin.copied()));
    } else if let Some(promoting) = twin {
        lines.push(format!(
            "It could promote instead: {} makes it a {}.",
            r.move_name(*promoting),
            r.face(promoting.face_after()).name
        ));
    } else if piece.face != mv.face_after() {
        let when = match before.flip_trigger {
            FlipTrigger::OnCapture => "every capture it makes",
            FlipTrigger::OnEveryMove => "every move it makes",
        };
        lines.push(format!(
            "The {} turns over to {}: a flip is part of {when}.",
            before.name, after.name
        ));
    }
    finish(s, mv, lines)
}

/// What a board move from `from` of a piece called `before` does on its way: the squares it passes, and
/// what it takes.
fn path_words(s: &Quoting, mv: Move, from: koma_vm::Square, before: &str) -> Vec<String> {
    let r = s.rules();
    let pos = s.position();
    let name = r.move_name(mv);
    let mut lines = Vec::new();
    lines.push(match mv.mid() {
        Some(mid) if mv.to() == from => format!(
            "{name} is legal: the {} steps to {} and back to {}, in two legs.",
            before,
            r.square_name(mid),
            r.square_name(from)
        ),
        Some(mid) => format!(
            "{name} is legal: the {} moves from {} through {} to {}, in two legs.",
            before,
            r.square_name(from),
            r.square_name(mid),
            r.square_name(mv.to())
        ),
        None => format!(
            "{name} is legal: the {} moves from {} to {}.",
            before,
            r.square_name(from),
            r.square_name(mv.to())
        ),
    });
    let [on_mid, on_target] = pos.taken_by(mv);
    let taken = [mv.mid().zip(on_mid), Some(mv.to()).zip(on_target)];
    for (sq, captured) in taken.into_iter().flatten() {
        let victim = r.face(captured.face);
        let fate = match r.captures {
            Captures::GoToHand if r.face(victim.tile).name != victim.name => {
                format!("it goes to your hand as a {}", r.face(victim.tile).name)
            }
            Captures::GoToHand => "it goes to your hand".to_string(),
            Captures::LeaveTheGame => "it leaves the game".to_string(),
        };
        lines.push(format!(
            "It captures the {} on {}: {fate}.",
            victim.name,
            r.square_name(sq)
        ));
    }
    lines.extend(jumped_words(s, mv));
    lines.extend(burning_words(s, mv));
    if mv.mid().is_some() && mv.to() == from && on_mid.is_none() {
        lines.push(
            "It takes nothing: a pass, which leaves the position as it was for the other side."
                .into(),
        );
    }
    lines
}

/// What a board move takes by jumping under `range capture takes every piece it jumps`, or by sweeping over
/// enemy pieces (`w`).
fn jumped_words(s: &Quoting, mv: Move) -> Option<String> {
    let r = s.rules();
    let pos = s.position();
    let names: Vec<String> = pos
        .jumped_by(mv)
        .iter()
        .filter_map(|&sq| {
            let p = pos.piece_at(sq)?;
            let whose = if p.owner == pos.side_to_move() {
                "its own"
            } else {
                "the"
            };
            Some(format!(
                "{whose} {} on {}",
                r.face(p.face).name,
                r.square_name(sq)
            ))
        })
        .collect();
    if names.is_empty() {
        return None;
    }
    let (them, leave) = if names.len() == 1 {
        ("it", "it leaves")
    } else {
        ("them", "they leave")
    };
    if pos.sweeps(mv) {
        return Some(format!(
            "It sweeps over {} and takes {them}: {leave} the game.",
            and_list(&names)
        ));
    }
    let rule = s
        .quote_words(r.origins.range_capture_takes.as_ref())
        .map_or(String::new(), |q| format!(" ({q})"));
    Some(format!(
        "It takes {} by jumping: {leave} the game{rule}.",
        and_list(&names)
    ))
}

/// What a board move burns under `burning`: the enemy pieces next to where its burner stops, and the mover
/// itself when it stops next to an enemy burner.
fn burning_words(s: &Quoting, mv: Move) -> Vec<String> {
    let r = s.rules();
    let pos = s.position();
    let (burnt, itself) = pos.burnt_by(mv);
    let mut lines = Vec::new();
    if !burnt.is_empty() {
        let names: Vec<String> = burnt
            .iter()
            .filter_map(|&sq| {
                let p = pos.piece_at(sq)?;
                Some(format!(
                    "the {} on {}",
                    r.face(p.face).name,
                    r.square_name(sq)
                ))
            })
            .collect();
        let rule = s
            .quote_words(r.origins.burning.as_ref())
            .map_or(String::new(), |q| format!(" ({q})"));
        lines.push(format!(
            "It burns {}: burnt pieces leave the game{rule}.",
            and_list(&names)
        ));
    }
    if itself {
        let rule = s
            .quote_words(r.origins.passive_burning.as_ref())
            .map_or(String::new(), |q| format!(" ({q})"));
        lines.push(format!(
            "It stops next to an enemy burner, and burns itself{rule}."
        ));
    }
    lines
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// What a promoting move says about its promotion: optional (`plain` is the same move without it), mandatory
/// in the zone, or forced because the piece would be stranded.
fn promotion_words(s: &Quoting, mv: Move, plain: Option<Move>) -> String {
    let r = s.rules();
    let pos = s.position();
    let before = r.face(
        pos.piece_at(mv.from().expect("a board move"))
            .expect("a piece")
            .face,
    );
    let after = r.face(mv.face_after());
    match plain {
        Some(plain) => format!(
            "It promotes to {}; promotion is optional here ({} keeps the {}).",
            after.name,
            r.move_name(plain),
            before.name
        ),
        None if before.promotion_mandatory.is_some() => {
            let rule = s
                .quote_words(before.promotion_mandatory.as_ref())
                .map_or(String::new(), |q| format!(" ({q})"));
            format!(
                "It promotes to {}, and must: the move starts or ends in the promotion zone{rule}.",
                after.name
            )
        }
        None => {
            let rule = s
                .quote_words(r.origins.stranded.as_ref())
                .map_or(String::new(), |q| format!(" ({q})"));
            format!(
                "It promotes to {}, and must: the {} could never move again from {}{rule}.",
                after.name,
                before.name,
                r.square_name(mv.to())
            )
        }
    }
}

/// The `king reaches ZONE safely` rule whose zone holds the mover's king, attacked, after the move.
fn attacked_in_goal(game: &Game) -> Option<(&EndRule, String)> {
    let pos = game.position();
    let r = pos.rules();
    let mover = pos.side_to_move().opponent();
    if !pos.king_in_goal_zone(mover) || !pos.royal_attacked(mover) {
        return None;
    }
    let rule = r.end_rules.iter().find(|rule| {
        matches!(
            rule.condition,
            EndCondition::KingReaches { safely: true, .. }
        )
    })?;
    let king = r
        .board()
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .find(|p| p.owner == mover && r.face(p.face).royal)
        .map_or("king".to_string(), |p| r.face(p.face).name.clone());
    Some((rule, king))
}

/// Adds what the position after the move says: check, mate, the end of the game.
fn finish(s: &Quoting, mv: Move, mut lines: Vec<String>) -> String {
    let mut game = s.game().clone();
    game.play(mv);
    let opponent = game.position().side_to_move().words();
    if let Some(outcome) = game.outcome() {
        lines.push(format!("It ends the game: {}.", s.outcome_words(outcome)));
    } else if let Some((rule, king)) = attacked_in_goal(&game) {
        lines.push(format!(
            "The {king} stands in its goal zone, but attacked there, so the game goes on ({}).",
            s.quote_words(rule.origin.as_ref()).unwrap_or_default()
        ));
    } else if game.position().in_check() {
        lines.push(format!("It gives check: the {opponent} must answer it."));
    }
    lines.join("\n  ")
}
