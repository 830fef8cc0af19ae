//! The protocol as a GUI sees it: a transcript of a session (snapshot; timings masked), and bad lines that get
//! one error line each and change nothing.

use std::sync::{Arc, Mutex};

use koma_usi::{Control, Session};

/// A session on an embedded game whose output is collected.
fn session(game: &str) -> (Session, Arc<Mutex<Vec<String>>>) {
    let rules = koma_host::Host::embedded()
        .load(game)
        .unwrap()
        .compiled
        .rules;
    let lines = Arc::new(Mutex::new(Vec::new()));
    let sink = lines.clone();
    let out: koma_usi::Output = Arc::new(move |l: &str| sink.lock().unwrap().push(l.to_string()));
    (Session::new(&rules.name, &rules, out), lines)
}

/// Lines sent and received, with the figures that depend on the machine (`nps`, `time`) masked.
fn transcript(game: &str, input: &[&str]) -> String {
    let (mut s, lines) = session(game);
    let mut out = String::new();
    for line in input {
        let before = lines.lock().unwrap().len();
        let control = s.handle(line);
        s.wait();
        out.push_str(&format!("> {line}\n"));
        for l in &lines.lock().unwrap()[before..] {
            let masked: Vec<String> = l
                .split(' ')
                .scan(None, |prev: &mut Option<String>, w| {
                    let shown = match prev.as_deref() {
                        Some("nps" | "time") => "N".to_string(),
                        _ => w.to_string(),
                    };
                    *prev = Some(w.to_string());
                    Some(shown)
                })
                .collect();
            out.push_str(&format!("< {}\n", masked.join(" ")));
        }
        if control == Control::Quit {
            break;
        }
    }
    out
}

#[test]
fn a_session_on_mini_shogi() {
    let text = transcript(
        "minishogi",
        &[
            "usi",
            "setoption name USI_Hash value 16",
            "isready",
            "usinewgame",
            "position startpos moves 5e4d 1a2b",
            "go depth 3",
            "position sfen k4/5/1G3/5/4K b G 1",
            "go depth 2",
            "setoption name MultiPV value 2",
            "position startpos",
            "go depth 2",
            "gameover win",
            "quit",
        ],
    );
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../../../snapshots/usi");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| insta::assert_snapshot!("session_minishogi", text));
}

#[test]
fn bad_lines_get_one_error_line_and_change_nothing() {
    let (mut s, lines) = session("minishogi");
    s.handle("position startpos moves 5e4d");
    let long = "x".repeat(10_000);
    let bad = [
        "bogus",
        "position",
        "position sfen",
        "position sfen zzz b - 1",
        "position startpos moves 5e4d 5e4d",
        "position startpos moves P*3c",
        "go depth",
        "go depth many",
        "go sideways 10",
        "setoption",
        "setoption name Threads value 0",
        "setoption name Colour value red",
        long.as_str(),
    ];
    for line in bad {
        let before = lines.lock().unwrap().len();
        assert_eq!(s.handle(line), Control::Continue);
        let said = lines.lock().unwrap()[before..].to_vec();
        assert_eq!(said.len(), 1, "{line:.40}: {said:?}");
        assert!(
            said[0].starts_with("info string error: ") && said[0].len() < 200,
            "{}",
            said[0]
        );
    }
    // The position is still the one set before the bad lines: the first player's move was played.
    let before = lines.lock().unwrap().len();
    s.handle("go depth 1");
    s.wait();
    let best = lines.lock().unwrap()[before..].last().cloned().unwrap();
    let rules = koma_host::Host::embedded()
        .load("minishogi")
        .unwrap()
        .compiled
        .rules;
    let mut game = koma_vm::Game::start(&rules);
    game.play(game.position().parse_usi("5e4d").unwrap());
    let mv = best.strip_prefix("bestmove ").unwrap();
    let parsed = game.position().parse_usi(mv).unwrap();
    assert!(
        game.legal_moves().contains(&parsed),
        "{best} is not a second-player move"
    );
}

#[test]
fn moves_past_the_end_of_a_game_are_refused() {
    let (mut s, lines) = session("minishogi");
    let cycle = "1e1d 5a5b 1d1e 5b5a";
    let line = format!("position startpos moves {cycle} {cycle} {cycle} 1e1d");
    s.handle(&line);
    let said = lines.lock().unwrap().clone();
    assert_eq!(said.len(), 1);
    assert!(
        said[0].contains("move 13 (1e1d): the game is over"),
        "{}",
        said[0]
    );
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove() {
    let (mut s, lines) = session("shogi");
    s.handle("position startpos");
    s.handle("go infinite");
    std::thread::sleep(std::time::Duration::from_millis(50));
    s.handle("stop");
    let said = lines.lock().unwrap().clone();
    assert!(said.last().unwrap().starts_with("bestmove "), "{said:?}");
}

#[test]
fn stop_ends_a_search_bounded_by_depth_or_nodes_with_a_bestmove() {
    for go in ["go depth 100", "go nodes 1000000000", "go mate 50"] {
        let (mut s, lines) = session("minishogi");
        s.handle("position startpos");
        s.handle(go);
        std::thread::sleep(std::time::Duration::from_millis(30));
        s.handle("stop");
        s.wait();
        let said = lines.lock().unwrap().clone();
        assert!(
            said.last().unwrap().starts_with("bestmove "),
            "{go}: {said:?}"
        );
    }
}

/// The middle-game positions the search benchmarks use.
const POSITIONS: &str = include_str!("../../../tools/positions/minishogi.txt");

#[test]
fn the_best_move_is_the_first_move_of_the_last_line_shown() {
    for (i, position) in POSITIONS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .enumerate()
    {
        // Short searches, so that many end inside an iteration.
        for movetime in [7, 23] {
            let (mut s, lines) = session("minishogi");
            s.handle(&format!("position {position}"));
            s.handle(&format!("go movetime {movetime}"));
            s.wait();
            let said = lines.lock().unwrap().clone();
            let best = said
                .iter()
                .rev()
                .find_map(|l| l.strip_prefix("bestmove "))
                .unwrap_or_else(|| panic!("no bestmove: {said:?}"));
            let pv = said
                .iter()
                .rev()
                .find_map(|l| l.split_once(" pv ").map(|(_, pv)| pv))
                .unwrap_or_else(|| panic!("no line shown: {said:?}"));
            assert_eq!(
                pv.split(' ').next(),
                best.split(' ').next(),
                "position {i}, movetime {movetime}: {said:?}"
            );
        }
    }
}
