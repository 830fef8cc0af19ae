//! Shards add up to the run: four shards of a seeded run, written as JSON lines and merged, give exactly the
//! games and statistics of the same run on one machine; and the statistics count what the games did.

use koma_selfplay::{Plan, Settings, Shard, json_lines, merge, run, summary};

fn plan() -> Plan {
    Plan {
        seed: 7,
        movetime: None,
        nodes: Some(400),
        random_plies: 2,
        max_plies: 300,
    }
}

#[test]
fn four_shards_merged_equal_one_run() {
    let loaded = koma_host::Host::embedded().load("minishogi").unwrap();
    let games = 12;
    let whole = run(&loaded, &plan(), games, 2, Shard::ALL);
    assert_eq!(whole.len(), games as usize);
    let settings = Settings {
        game: loaded.rules().name.clone(),
        games,
        seed: 7,
        limit: "nodes 400".into(),
        random_plies: 2,
        max_plies: 300,
        source: "minishogi".into(),
    };
    let shards: Vec<(String, String)> = (0..4)
        .map(|i| {
            let part = run(&loaded, &plan(), games, 1, Shard { index: i, count: 4 });
            assert_eq!(part.len(), 3);
            (format!("shard{i}.jsonl"), json_lines(&settings, &part))
        })
        .collect();
    let (merged_settings, merged) = merge(loaded.rules(), &shards).unwrap();
    assert_eq!(merged_settings, settings);
    assert_eq!(merged, whole, "the shards play exactly the run's games");
    assert_eq!(summary(&loaded, &merged), summary(&loaded, &whole));
    let s = summary(&loaded, &whole);
    assert_eq!(s.games, 12);
    assert_eq!(s.first_wins + s.second_wins + s.draws + s.unfinished, 12);
    let moves: u64 = s.faces.iter().map(|f| f.moved + f.dropped).sum();
    assert_eq!(
        moves,
        whole.iter().map(|g| g.plies as u64).sum::<u64>(),
        "every ply is one face's move or drop"
    );
    assert!(
        s.endings
            .iter()
            .all(|e| e.rule == "move limit" || e.line.is_some()),
        "{:?}",
        s.endings
    );
}

#[test]
fn a_line_of_another_run_is_not_merged() {
    let loaded = koma_host::Host::embedded().load("minishogi").unwrap();
    let records = run(&loaded, &plan(), 2, 1, Shard::ALL);
    let settings = |seed| Settings {
        game: "Mini Shogi".into(),
        games: 2,
        seed,
        limit: "nodes 400".into(),
        random_plies: 2,
        max_plies: 300,
        source: "minishogi".into(),
    };
    let a = ("a".to_string(), json_lines(&settings(7), &records[..1]));
    let b = ("b".to_string(), json_lines(&settings(8), &records[1..]));
    assert!(
        merge(loaded.rules(), &[a, b])
            .unwrap_err()
            .contains("another run")
    );
    assert!(
        merge(loaded.rules(), &[("c".into(), "not json".into())])
            .unwrap_err()
            .starts_with("c:1:")
    );
}

/// A record that no game of the run could leave is refused with its file and line, whatever field is forged
/// (a shard is a file anyone can write): the statistics count only what replaying the moves gives.
#[test]
fn a_record_its_moves_do_not_give_is_refused_with_its_file_and_line() {
    let loaded = koma_host::Host::embedded().load("minishogi").unwrap();
    let records = run(&loaded, &plan(), 1, 1, Shard::ALL);
    let settings = Settings {
        game: loaded.rules().name.clone(),
        games: 1,
        seed: 7,
        limit: "nodes 400".into(),
        random_plies: 2,
        max_plies: 300,
        source: "minishogi".into(),
    };
    let good = json_lines(&settings, &records);
    assert!(merge(loaded.rules(), &[("ok".into(), good.clone())]).is_ok());
    type Forgery = Box<dyn Fn(&mut serde_json::Value)>;
    let forged: Vec<(&str, Forgery, &str)> = vec![
        (
            "a result of `<script>`",
            Box::new(|r| r["result"] = "<script>".into()),
            "result",
        ),
        (
            "the other side winning",
            Box::new(|r| {
                let won = if r["result"] == "first" {
                    "second"
                } else {
                    "first"
                };
                r["result"] = won.into();
            }),
            "result",
        ),
        (
            "an end rule out of range",
            Box::new(|r| r["end_rule"] = 999_999.into()),
            "end rule",
        ),
        (
            "500 faces",
            Box::new(|r| {
                r["faces"] = serde_json::json!(vec![
                    serde_json::json!({"moved":0,"dropped":0,"promoted":0,"captured":0});
                    500
                ])
            }),
            "face counts",
        ),
        (
            "a move off the board",
            Box::new(|r| r["moves"][0] = "9z9z".into()),
            "move 1",
        ),
        (
            "a move after the end",
            Box::new(|r| r["moves"].as_array_mut().unwrap().push("5e4d".into())),
            "move",
        ),
        (
            "a game number past the run",
            Box::new(|r| r["index"] = 5.into()),
            "not in a run",
        ),
        (
            "a ply count that is not its moves'",
            Box::new(|r| r["plies"] = 3.into()),
            "ply count",
        ),
    ];
    for (what, forge, says) in forged {
        let mut line: serde_json::Value = serde_json::from_str(&good).unwrap();
        forge(&mut line["record"]);
        let text = format!("\n{line}");
        let err = merge(loaded.rules(), &[("shard.jsonl".into(), text)]).expect_err(what);
        assert!(err.starts_with("shard.jsonl:2: game"), "{what}: {err}");
        assert!(err.contains(says), "{what}: {err}");
    }
}

/// A run whose games repeat: the summary counts the distinct games, its score and interval are theirs, and
/// the text warns of the repeats. Every face that took part in a game (promoted to or captured included)
/// counts that game.
#[test]
fn repeated_games_are_counted_and_warned_about() {
    let loaded = koma_host::Host::embedded().load("minishogi").unwrap();
    let mut games = run(&loaded, &plan(), 12, 2, Shard::ALL);
    let mut seen = std::collections::HashSet::new();
    games.retain(|g| seen.insert(g.moves.clone()));
    games.truncate(3);
    assert_eq!(
        games.len(),
        3,
        "twelve games of mini shogi hold three distinct ones"
    );
    // The first game three times over, then the two others.
    let mut records = vec![games[0].clone(), games[0].clone(), games[0].clone()];
    records.extend(games[1..].iter().cloned());
    for (i, r) in records.iter_mut().enumerate() {
        r.index = i as u64;
    }
    let s = summary(&loaded, &records);
    assert_eq!((s.games, s.distinct_games), (5, 3));
    let distinct = summary(&loaded, &games);
    assert_eq!(s.first_player_score, distinct.first_player_score);
    assert_eq!(s.confidence_95, distinct.confidence_95);
    let text = koma_selfplay::text("Mini Shogi", &s);
    assert!(
        text.starts_with("Mini Shogi: 5 games of self-play, 3 distinct\n"),
        "{text}"
    );
    assert!(
        text.contains("warning: 2 of the 5 games repeat an earlier game move for move"),
        "{text}"
    );
    let plain = koma_selfplay::text("Mini Shogi", &distinct);
    assert!(!plain.contains("warning"), "{plain}");
    for f in &s.faces {
        let any = f.moved + f.dropped + f.promoted + f.captured;
        assert_eq!(any == 0, f.games_used == 0, "{f:?}");
    }
}
