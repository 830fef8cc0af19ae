//! `koma tune`: a game's weights fitted to its self-play and written beside it, which `koma usi` then reads;
//! the same seed writes the same file; a bad `--from` file or weights file beside a game is refused in one
//! line; repeated games are left out of the fit.

mod common;
use common::{koma, koma_with_input, scratch, stderr, stdout};

/// Standard error with the report's wrapping undone.
fn unwrapped(o: &std::process::Output) -> String {
    stderr(o)
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn tune_writes_weights_beside_the_game_that_the_engine_reads() {
    let dir = scratch("tune");
    let game = dir.join("mini.game");
    std::fs::write(&game, include_str!("../../../games/minishogi.game")).unwrap();
    let args = |out: &str| {
        vec![
            "tune".to_string(),
            game.display().to_string(),
            "--games".into(),
            "20".into(),
            "--nodes".into(),
            "300".into(),
            "--iterations".into(),
            "20".into(),
            "--jobs".into(),
            "2".into(),
            "--out".into(),
            out.into(),
        ]
    };
    let run = |out: &str| {
        let a = args(out);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        let o = koma(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        (stdout(&o), std::fs::read_to_string(out).unwrap())
    };
    let beside = dir.join("mini.weights").display().to_string();
    let again = dir.join("again.weights").display().to_string();
    let (said, text) = run(&beside);
    assert!(said.contains("held-out error: "), "{said}");
    assert!(said.contains("the largest changes, in pawns:"), "{said}");
    assert!(text.starts_with("# koma weights for Mini Shogi"), "{text}");
    assert!(text.contains("\n# made by: koma tune "), "{text}");
    assert!(text.contains("\nsquare Silver 3c "), "{text}");
    assert!(text.contains("\ntempo "), "{text}");
    let (_, same) = run(&again);
    assert_eq!(
        text,
        same.replace("again.weights", "mini.weights"),
        "the same seed, the same weights"
    );

    // The engine reads the weights beside the game, and refuses a broken file in one line.
    let usi = b"usi\nisready\nposition startpos\ngo depth 3\nquit\n";
    let game_arg = game.display().to_string();
    let o = koma_with_input(&["usi", &game_arg], usi);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("bestmove "), "{}", stdout(&o));
    std::fs::write(&beside, "tempo 10\nsquare Queen 1a 900\n").unwrap();
    let o = koma_with_input(&["usi", &game_arg], usi);
    assert!(!o.status.success());
    let err = unwrapped(&o);
    assert!(
        err.contains("mini.weights: line 2: `square Queen 1a` is not a term of this game"),
        "{err}"
    );
}

#[test]
fn tune_refuses_a_from_file_it_cannot_read() {
    let dir = scratch("tune-from");
    let from = dir.join("bad.weights");
    std::fs::write(&from, "mobility Rook lots\n").unwrap();
    let from = from.display().to_string();
    let o = koma(&["tune", "minishogi", "--games", "2", "--from", &from]);
    assert!(!o.status.success());
    let err = unwrapped(&o);
    assert!(
        err.contains("bad.weights: line 1: `lots` is not a whole number"),
        "{err}"
    );
    let o = koma(&[
        "tune",
        "minishogi",
        "--games",
        "2",
        "--from",
        "/no/such/file.weights",
    ]);
    assert!(!o.status.success());
    assert!(
        unwrapped(&o).contains("cannot read /no/such/file.weights"),
        "{}",
        unwrapped(&o)
    );
}

/// The weights of a file, without its header.
fn body(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn tune_merge_of_shards_fits_the_weights_of_one_run_whatever_the_threads() {
    let dir = scratch("tune-merge");
    let common = [
        "--games",
        "20",
        "--nodes",
        "300",
        "--iterations",
        "20",
        "--seed",
        "5",
    ];
    let with = |extra: &[&str]| {
        let mut a = vec!["tune", "minishogi"];
        a.extend_from_slice(&common);
        a.extend_from_slice(extra);
        let o = koma(&a);
        assert!(o.status.success(), "{}", stderr(&o));
        o
    };
    let whole = dir.join("whole.weights").display().to_string();
    with(&["--jobs", "2", "--out", &whole]);
    let mut shards = Vec::new();
    for i in 0..3 {
        let shard = format!("{i}/3");
        let o = with(&["--shard", &shard]);
        let text = stdout(&o);
        assert_eq!(
            text.lines().count(),
            (0..20).filter(|g| g % 3 == i).count(),
            "a shard writes one line per game of its own: {text}"
        );
        let path = dir.join(format!("shard{i}.jsonl"));
        std::fs::write(&path, text).unwrap();
        shards.push(path.display().to_string());
    }
    let merged = dir.join("merged.weights").display().to_string();
    let mut a = vec!["tune", "merge"];
    a.extend(shards.iter().map(String::as_str));
    a.extend_from_slice(&["--iterations", "20", "--out", &merged]);
    let o = koma(&a);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("held-out error: "), "{}", stdout(&o));
    let (whole, merged) = (
        std::fs::read_to_string(&whole).unwrap(),
        std::fs::read_to_string(&merged).unwrap(),
    );
    assert_eq!(body(&whole), body(&merged), "shards fit as one run");
    let said = |t: &str, key: &str| {
        t.lines()
            .find(|l| l.starts_with(key))
            .unwrap_or_default()
            .to_string()
    };
    assert_eq!(said(&whole, "# positions:"), said(&merged, "# positions:"));
    assert!(
        merged.contains(
            "# made by: koma tune minishogi --games 20 --nodes 300 --seed 5 --random-plies 8 --max-plies 400 --iterations 20 (played in 3 shard files, fitted by koma tune merge)"
        ),
        "{merged}"
    );

    // --positions fits that many, chosen by the seed.
    let few = dir.join("few.weights").display().to_string();
    with(&["--positions", "50", "--out", &few]);
    let few = std::fs::read_to_string(&few).unwrap();
    assert!(few.contains("# positions: 50 fitted, "), "{few}");
    assert!(few.contains(" --positions 50"), "{few}");

    // A merge of shards of two different runs is refused, naming the line.
    let other = dir.join("other.jsonl");
    let mut a = vec!["tune", "minishogi", "--shard", "1/3"];
    a.extend_from_slice(&["--games", "20", "--nodes", "300", "--seed", "6"]);
    let o = koma(&a);
    std::fs::write(&other, stdout(&o)).unwrap();
    let other = other.display().to_string();
    let o = koma(&["tune", "merge", &shards[0], &other]);
    assert!(!o.status.success());
    assert!(
        unwrapped(&o).contains("other.jsonl:1: a line of another run (its settings differ)"),
        "{}",
        unwrapped(&o)
    );
}

#[test]
fn tune_without_a_game_says_so() {
    let o = koma(&["tune", "--games", "2"]);
    assert!(!o.status.success());
    assert!(
        unwrapped(&o).contains("give a game: `koma tune GAME`"),
        "{}",
        unwrapped(&o)
    );
}

#[test]
fn tune_lambda_fits_to_the_search_scores_in_part() {
    let dir = scratch("tune-lambda");
    let run = |lambda: &str| {
        let out = dir.join(format!("l{lambda}.weights")).display().to_string();
        let o = koma(&[
            "tune",
            "minishogi",
            "--games",
            "40",
            "--nodes",
            "300",
            "--iterations",
            "50",
            "--lambda",
            lambda,
            "--out",
            &out,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        std::fs::read_to_string(&out).unwrap()
    };
    let (result, half) = (run("0"), run("0.5"));
    assert!(!result.contains("--lambda"), "{result}");
    assert!(half.contains(" --lambda 0.5\n"), "{half}");
    // The targets differ, so the held-out error of the same starting weights differs (the fitted weights
    // may not: a fit whose first step is its best keeps the starting ones).
    let before = |text: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix("# positions: "))
            .and_then(|l| l.split("held-out error ").nth(1))
            .and_then(|l| l.split(' ').next())
            .map(str::to_string)
    };
    assert!(before(&result).is_some(), "{result}");
    assert!(before(&result) != before(&half), "{result}\n{half}");
    let o = koma(&["tune", "minishogi", "--games", "2", "--lambda", "1.5"]);
    assert!(!o.status.success());
    assert!(
        unwrapped(&o).contains("invalid value '1.5' for '--lambda <L>': give a number from 0 to 1"),
        "{}",
        unwrapped(&o)
    );
}

#[test]
fn tune_leaves_out_games_that_repeat_an_earlier_one() {
    // With no random opening plies every game at a fixed node count is the same game: one is fitted.
    let dir = scratch("tune-repeats");
    let game = dir.join("mini.game");
    std::fs::write(&game, include_str!("../../../games/minishogi.game")).unwrap();
    let out = dir.join("mini.weights").display().to_string();
    let path = game.display().to_string();
    let o = koma(&[
        "tune",
        &path,
        "--games",
        "6",
        "--nodes",
        "300",
        "--random-plies",
        "0",
        "--iterations",
        "5",
        "--out",
        &out,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = stdout(&o);
    assert!(said.starts_with("1 distinct games of 6; "), "{said}");
    assert!(said.contains("held out (one position in 10)"), "{said}");
}
