//! The scenario language read and run without the CLI.

use koma_scenario::{From, Step, Verdict, parse, run};

const TEXT: &str = r#"
game "minishogi"
// a comment
scenario "two steps" {
  from start
  play 5d5c 1b1c
  moves of 5c are 5c5b
  result is ongoing
}
scenario "wrong on purpose" {
  from "k4/5/5/P4/4K b P 1"
  illegal P*5b because uchifuzume
}
"#;

#[test]
fn a_file_reads_into_scenarios_and_steps() {
    let file = parse(TEXT).unwrap();
    assert_eq!(file.game.unwrap().node, "minishogi");
    assert_eq!(file.scenarios.len(), 2);
    let first = &file.scenarios[0];
    assert_eq!(first.from.node, From::Start);
    assert!(matches!(&first.steps[0].node, Step::Play(m) if m.len() == 2 && m[1].node == "1b1c"));
    assert_eq!(
        first.steps[1].node,
        Step::MovesOf {
            square: "5c".into(),
            moves: vec!["5c5b".into()]
        }
    );
    assert_eq!(
        first.steps[2].node,
        Step::ResultIs {
            verdict: Verdict::Ongoing,
            by: None
        }
    );
}

#[test]
fn a_failure_names_the_step_and_the_real_reason() {
    let file = parse(TEXT).unwrap();
    let rules = koma_host::Host::embedded()
        .load("minishogi")
        .unwrap()
        .compiled
        .rules;
    let results = run(&file, &rules);
    assert!(results[0].failure.is_none(), "{:?}", results[0]);
    let failure = results[1].failure.as_ref().unwrap();
    assert_eq!(
        &TEXT[failure.span.clone()],
        "illegal P*5b because uchifuzume"
    );
    assert_eq!(
        failure.message,
        "expected P*5b to be illegal because drop-mates, but the reason is drop-on-blocked-file"
    );
}

#[test]
fn syntax_errors_point_at_the_text() {
    let e = parse("scenario \"x\" {\n  from start\n  perft three is 2\n}\n").unwrap_err();
    assert_eq!(e.span.start, 36, "at `three`");
    assert!(e.message.starts_with("expected"), "{}", e.message);
    assert!(
        parse("scenario \"x\" {\n  play 5d5c\n}\n").is_err(),
        "a scenario starts with `from`"
    );
    let unknown =
        parse("scenario \"x\" {\n  from start\n  illegal 5d5c because sunny\n}\n").unwrap();
    let rules = koma_host::Host::embedded()
        .load("minishogi")
        .unwrap()
        .compiled
        .rules;
    let message = run(&unknown, &rules)[0].failure.clone().unwrap().message;
    assert!(
        message.starts_with("no reason is called `sunny`"),
        "{message}"
    );
}
