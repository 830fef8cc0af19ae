//! What must hold for any input. Each check takes arbitrary bytes and panics when an invariant breaks: the fuzz
//! targets (`fuzz/`, cargo-fuzz), the property tests and the replay of saved fuzz inputs all call these.
//!
//! | check | input | invariants |
//! |---|---|---|
//! | [`game_text`] | a `.game` file | checking (compile and lint) never panics; every [`diagnostic`] points into its files; a compiled game's start position passes [`position`] |
//! | [`sfen_text`] | an SFEN | reading never panics; an accepted SFEN reads back from its own printing to the same position |
//! | [`usi_text`] | USI moves | reading never panics; a refused move leaves the position unchanged; accepted moves are legal |
//! | [`repl_lines`] | REPL command lines | no line panics; every error is one bounded line; the position stays sound |
//! | [`scenario_text`] | a `.scenarios` file | reading never panics; a syntax error or a failure points into the text with a bounded message |
//! | [`extends_chain`] | up to four `.game` files in memory that may extend one another | loading never panics or loops; each file is read at most once (twice to close a circle); every diagnostic points into its files |
//! | [`usi_protocol`] | USI protocol lines to `koma usi` | nothing panics; one `readyok` per `isready`; written lines bounded, without control characters; at most one `bestmove` per `go` |
//! | [`lsp_messages`] | bytes on a language server's input | the framing answers anything that is not a message with a bounded JSON-RPC error; the server never panics and still shuts down when asked |
//! | [`web_request`] | a request body to the web server's computing routes | no server error; every error is JSON (or axum's one line) naming its cause in one line |
//! | [`selfplay_records`] | a self-play shard file | a refusal names the file and line in one line; merged records replay to what they say; their statistics never panic |
//! | [`play`] | choices of moves | make/unmake restores position and key; keys match a fresh computation; every generated move is legal by a slow independent test; SFEN round trip; perft(1) equals the move count; the outcome agrees with the move list |

mod play;
mod surfaces;

use std::sync::{Arc, OnceLock};

use koma_vm::{Position, Rules};

pub use play::{play, play_from, position};
pub use surfaces::{lsp_messages, selfplay_records, usi_protocol, web_request};

/// The compiled rules of every embedded game and example (flips on every move, mandatory promotion, a safe
/// goal zone, counted drop limits, opening options), compiled once; then each of them again with its tables in
/// the 256-bit sets of large boards; then shogi on a 16x16 board (256 squares); then the games embedded since.
/// Games are appended, never reordered, so that saved fuzz inputs keep their game.
pub fn shipped() -> &'static [Arc<Rules>] {
    static RULES: OnceLock<Vec<Arc<Rules>>> = OnceLock::new();
    RULES.get_or_init(|| {
        let compile = |source: &str| {
            koma_host::Host::embedded()
                .load_text("shipped", source)
                .expect("shipped games and examples compile")
                .compiled
        };
        let narrow: Vec<_> = koma_games::all().map(|g| compile(g.source)).collect();
        let (older, newer) = narrow.split_at(GAMES_BEFORE_WIDE_SETS.min(narrow.len()));
        let wide = older.iter().map(|c| {
            Arc::new(Rules::build_wide(&c.spec).expect("a game that builds narrow builds wide"))
        });
        let large = compile(LARGE_BOARD).rules;
        let mut all: Vec<_> = older.iter().map(|c| c.rules.clone()).collect();
        all.extend(wide);
        all.push(large);
        // Games embedded since: each as it is built, then in wide sets.
        for c in newer {
            all.push(c.rules.clone());
            all.push(Arc::new(
                Rules::build_wide(&c.spec).expect("a game that builds narrow builds wide"),
            ));
        }
        all
    })
}

/// Chu shogi positions where lions meet, some with a counter-strike square (the scattered positions of the
/// `chushogi-random.perft` suite), and endings near a bare king (the `chushogi-bare.perft` suite); the counts
/// of both come from shogiops. Random games from them reach the lion rules, the counter-strike state and the
/// bare-king ends, which games from the start position seldom do.
pub fn chu_positions() -> &'static [Position] {
    static POSITIONS: OnceLock<Vec<Position>> = OnceLock::new();
    POSITIONS.get_or_init(|| {
        let rules = koma_host::Host::embedded()
            .load("chushogi")
            .expect("chu shogi compiles")
            .compiled
            .rules;
        let suites = [
            include_str!("../../koma-games/tests/perft/chushogi-random.perft"),
            include_str!("../../koma-games/tests/perft/chushogi-bare.perft"),
        ];
        let mut out = Vec::new();
        let mut wanted = false;
        for line in suites.iter().flat_map(|s| s.lines()) {
            if let Some(id) = line.strip_prefix("id ") {
                wanted = id.starts_with("chushogi-lions-") || id.starts_with("chushogi-bare-");
            } else if let Some(sfen) = line.strip_prefix("sfen ").filter(|_| wanted) {
                out.push(Position::from_sfen(&rules, sfen).expect("the suite's SFEN reads"));
            }
        }
        out
    })
}

/// How many games and examples were embedded when the wide sets came: those are listed first, then each
/// again in wide sets, then the 16x16 game, then every game embedded since (chu shogi), each followed by
/// itself in wide sets.
const GAMES_BEFORE_WIDE_SETS: usize = 17;

/// Shogi on the largest board, 16x16: the test game of `koma-games`' large-board perft suites.
const LARGE_BOARD: &str = include_str!("../../koma-games/tests/games/shogi-16x16.game");

/// A `.game` source: compile, lint, and check the start position of whatever compiles.
pub fn game_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let checked = koma_host::Host::embedded().check_text("fuzzed.game", &text, &Default::default());
    for d in &checked.diagnostics {
        diagnostic(d);
    }
    match &checked.compiled {
        None => assert!(checked.has_errors(), "a failure names its reasons"),
        Some(compiled) => {
            let _ = koma_draw::card(&compiled.rules, koma_draw::Format::Text);
            position(&Position::start(&compiled.rules));
        }
    }
}

/// A diagnostic points into its files: every label's span lies inside its file's text, on character
/// boundaries, and the code is one of koma's.
pub fn diagnostic(d: &koma_host::Diagnostic) {
    assert!(d.code.starts_with("koma::"), "{d:?}");
    for l in &d.labels {
        let text = &l.file.text;
        assert!(
            l.span.start <= l.span.end && l.span.end <= text.len(),
            "{d:?} out of {}",
            text.len()
        );
        assert!(
            text.is_char_boundary(l.span.start) && text.is_char_boundary(l.span.end),
            "{d:?}"
        );
    }
}

/// An SFEN, under every shipped game.
pub fn sfen_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for rules in shipped() {
        match Position::from_sfen(rules, &text) {
            Ok(pos) => {
                let again =
                    Position::from_sfen(rules, &pos.to_sfen()).expect("a printed SFEN reads back");
                assert_eq!(again, pos);
                position(&pos);
            }
            Err(e) => assert!(
                e.span.start <= e.span.end && e.span.end <= text.len(),
                "{e:?} in {text:?}"
            ),
        }
    }
}

/// USI moves, space-separated, played from each shipped game's start.
pub fn usi_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    for rules in shipped() {
        let mut pos = Position::start(rules);
        for word in text.split(' ').take(64) {
            let before = pos.to_sfen();
            match pos.parse_usi(word) {
                Ok(mv) => {
                    assert!(pos.legal_moves().contains(&mv));
                    pos.make(mv);
                }
                Err(_) => assert_eq!(pos.to_sfen(), before, "a refused move changes nothing"),
            }
        }
        position(&pos);
    }
}

/// A game record in every format, read against each shipped game: read (every position it reaches keeping
/// the invariants, and written back in each format that holds it, reading back the same moves) or refused
/// with a line inside the text.
pub fn record_text(bytes: &[u8]) {
    let text = koma_record::decode(bytes);
    let lines = text.lines().count();
    for rules in shipped() {
        for format in koma_record::Format::ALL {
            match koma_record::read(rules, format, &text) {
                Ok(replay) => {
                    position(replay.game.position());
                    for to in koma_record::Format::ALL {
                        if let Ok(written) = koma_record::write(&replay, to) {
                            let back = koma_record::read(rules, to, &written)
                                .unwrap_or_else(|e| panic!("{}: {e}\n{written}", to.name()));
                            assert_eq!(back.moves(), replay.moves(), "{}", to.name());
                        }
                    }
                }
                Err(e) => assert!(e.line <= lines.max(1), "{e} in {lines} lines"),
            }
        }
    }
}

/// A `.scenarios` file, run against each shipped game in turn (picked by its length).
pub fn scenario_text(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let in_text = |span: &std::ops::Range<usize>| {
        span.start <= span.end && span.end <= text.len() && text.is_char_boundary(span.start)
    };
    match koma_scenario::parse(&text) {
        Err(e) => {
            assert!(in_text(&e.span), "{e:?}");
            assert!(e.message.len() < 4096, "{e:?}");
        }
        Ok(file) => {
            let rules = shipped();
            let rules = &rules[text.len() % rules.len()];
            for result in koma_scenario::run(&file, rules) {
                if let Some(f) = &result.failure {
                    assert!(in_text(&f.span), "{f:?}");
                    assert!(
                        f.message.len() < 64 * 1024,
                        "a failure's message stays bounded"
                    );
                }
            }
        }
    }
}

/// Up to four `.game` files, `a.game` to `d.game`, separated by lines `---`, held in memory with the
/// embedded games behind them; `a.game` is loaded. Whatever they extend (one another, themselves, an embedded
/// game, nothing that exists), loading ends, reads each file at most once (the one that closes a circle
/// twice) and points every diagnostic into its files.
pub fn extends_chain(bytes: &[u8]) {
    let text = String::from_utf8_lossy(bytes);
    let names = ["a.game", "b.game", "c.game", "d.game"];
    let mut memory = koma_host::Memory::new();
    for (name, part) in names.iter().zip(text.split("\n---\n")) {
        memory.insert(name, part);
    }
    let memory = Arc::new(memory);
    let host = koma_host::Host::new((memory.clone(), koma_host::Embedded));
    let diagnostics = match host.load("a.game") {
        Ok(loaded) => {
            position(&Position::start(loaded.rules()));
            Vec::new()
        }
        Err(diagnostics) => {
            assert!(!diagnostics.is_empty(), "a failure names its reasons");
            diagnostics
        }
    };
    for d in &diagnostics {
        diagnostic(d);
    }
    // A file is read once; the file that closes a circle is read a second time, to learn that it does.
    let circle = diagnostics.iter().any(|d| d.code == "koma::extends-cycle");
    for name in names {
        let reads = memory.reads(name);
        assert!(
            reads <= 1 || (reads == 2 && circle),
            "{name} read {reads} times"
        );
    }
}

/// Loads the shipped games for REPL sessions.
fn embedded() -> koma_repl::HostLoader {
    koma_repl::HostLoader {
        host: koma_host::Host::embedded(),
        render: |d| format!("{d:?}"),
    }
}

/// REPL command lines: the first byte picks the game, the rest are lines.
pub fn repl_lines(bytes: &[u8]) {
    let Some((&pick, rest)) = bytes.split_first() else {
        return;
    };
    let game = koma_games::GAMES[pick as usize % koma_games::GAMES.len()].name;
    let mut session =
        koma_repl::Session::open(Box::new(embedded()), game, koma_draw::Style::default())
            .expect("opens");
    for line in String::from_utf8_lossy(rest).lines().take(64) {
        if line.split_whitespace().any(|w| {
            matches!(
                w,
                "perft" | "divide" | "go" | "hint" | "analyse" | "computer"
            )
        }) {
            continue;
        }
        let before = session.position().to_sfen();
        let reply = session.execute(line);
        if reply.text.starts_with("error:") {
            assert!(
                !reply.text.contains('\n') && reply.text.len() < 2000,
                "{line:?}: {}",
                reply.text
            );
            assert_eq!(
                session.position().to_sfen(),
                before,
                "{line:?} failed but changed the position"
            );
        }
        position(session.position());
        if reply.quit {
            break;
        }
    }
}
