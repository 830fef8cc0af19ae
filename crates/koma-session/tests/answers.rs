//! The session and its answers, as the front ends use them: a replay that goes as far as it can, opening
//! options played through `Game::play_text`, and answers that carry the lines of the file they quote.

use koma_draw::Style;
use koma_host::Host;
use koma_session::{Session, describe, explain};

fn session(game: &str) -> Session {
    Session::on(Host::disk().load(game).expect("the game loads"))
}

#[test]
fn follow_plays_as_far_as_it_can_and_says_why_it_stopped() {
    let mut s = session("minishogi");
    let moves: Vec<String> = ["5d5c", "1b1c", "5c5a", "2e2d"].map(String::from).into();
    let stopped = s.follow(None, &moves).expect("the start holds");
    let why = stopped.expect("the third move cannot be played");
    assert_eq!(why.index, 2);
    assert!(why.message.contains("cannot reach 5a"), "{}", why.message);
    assert_eq!(s.actions(), &moves[..2]);
    assert_eq!(s.game().moves().len(), 2);
    // A start that does not hold changes nothing.
    assert!(s.follow(Some("not a position".into()), &[]).is_err());
    assert_eq!(s.actions(), &moves[..2]);
}

#[test]
fn opening_options_are_played_like_moves() {
    let mut s = session("micromini-pie");
    let first = s.legal_move_names()[0].clone();
    s.follow(None, &[first.clone(), "swap".into()])
        .expect("the start holds")
        .map_or(Ok(()), |e| Err(e.message))
        .expect("swap follows the first placement");
    assert_eq!(s.actions(), [first, "swap".to_string()]);
    assert!(s.play(&["swap".into()]).is_err(), "only once");
    s.undo(1).expect("a swap is taken back");
    assert_eq!(s.actions().len(), 1);
}

#[test]
fn answers_carry_the_lines_they_quote() {
    let mut s = session("minishogi");
    let rules = describe::rules(&s);
    assert!(
        rules.text.contains("end rules, tried in order:"),
        "{}",
        rules.text
    );
    assert!(
        rules
            .quotes
            .iter()
            .any(|q| q.text.starts_with("promotion zone")),
        "{:?}",
        rules.quotes
    );
    assert!(rules.quotes.iter().all(|q| !q.inherited && q.line > 0));
    let piece = describe::piece(&s, &Style::default(), "Pawn").expect("a piece");
    assert!(piece.text.starts_with("Pawn (P"), "{}", piece.text);
    assert!(
        piece
            .quotes
            .iter()
            .any(|q| q.text.starts_with("piece Pawn")),
        "{:?}",
        piece.quotes
    );
    assert!(describe::piece(&s, &Style::default(), "Dragon King").is_err());
    s.play(&["5d5c".into(), "1b1c".into()])
        .expect("legal moves");
    let illegal = explain::explain(&s, "5c5b+");
    assert!(illegal.text.contains("cannot promote"), "{}", illegal.text);
    assert_eq!(illegal.quotes.len(), 1, "{:?}", illegal.quotes);
    assert_eq!(
        illegal.quotes[0].place(),
        format!("line {}", illegal.quotes[0].line)
    );
}

#[test]
fn explain_names_what_a_jump_takes_and_the_end_it_brings() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../koma-games/tests/games/range-takes.game"
    );
    let mut s = session(path);
    // Black's Vice General jumps back over its own King, which the jump takes.
    s.set_position(Some("4k4/9/9/4V'4/4K4/9/9/9/9 b - 1".into()), Vec::new())
        .expect("the position holds");
    let answer = explain::explain(&s, "5d5f");
    assert!(
        answer
            .text
            .contains("It takes its own King on 5e by jumping: it leaves the game"),
        "{}",
        answer.text
    );
    assert!(
        answer.text.contains("It ends the game: second player wins"),
        "{}",
        answer.text
    );
    // Two pieces jumped: they leave.
    s.set_position(
        Some("4k4/4g4/9/4G4/9/4P4/9/4G'4/K8 b - 1".into()),
        Vec::new(),
    )
    .expect("the position holds");
    let answer = explain::explain(&s, "5h5b");
    assert!(
        answer.text.contains(
            "It takes its own Pawn on 5f and its own Gold on 5d by jumping: they leave the game"
        ),
        "{}",
        answer.text
    );
}
