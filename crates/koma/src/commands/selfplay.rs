//! `koma selfplay GAME` and `koma selfplay merge FILES...`: a variant measured by self-play.

use std::time::Duration;

use koma_selfplay::{Plan, Settings, Shard};

use super::selfplay_records::RecordDir;
use crate::args::{SelfplayArgs, SelfplayMerge, SummaryFormat};
use crate::report::Report;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::selfplay", message, None)]
}

/// The `--shard I/N` of a run (all of it without one).
pub(crate) fn shard(text: Option<&str>) -> Result<Shard, Vec<Report>> {
    let Some(text) = text else {
        return Ok(Shard::ALL);
    };
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.parse::<u64>().ok()?, n.parse::<u64>().ok()?)))
        .filter(|&(i, n)| n >= 1 && i < n);
    let (index, count) = parsed.ok_or_else(|| {
        fail(format!(
            "`--shard {}`: write I/N with 0 <= I < N",
            koma_host::text::shorten(text)
        ))
    })?;
    Ok(Shard { index, count })
}

/// Plays a run (or a shard of one) and prints its statistics (or its JSON lines).
pub fn run(o: &SelfplayArgs) -> Result<(), Vec<Report>> {
    let loaded = crate::load::load(o.game.as_deref().unwrap_or(koma_games::DEFAULT))?;
    let shard = shard(o.shard.as_deref())?;
    let plan = Plan {
        seed: o.seed,
        movetime: o.movetime.map(Duration::from_millis),
        nodes: o
            .nodes
            .or(o.movetime.is_none().then_some(koma_selfplay::DEFAULT_NODES)),
        random_plies: o.random_plies,
        max_plies: o.max_plies,
    };
    let eval = crate::load::evaluator(&loaded)?;
    if let Some(other) = &o.compare {
        return compare(o, &loaded, &eval, &plan, other);
    }
    let record_dir = match &o.record_dir {
        Some(dir) => {
            let dir = RecordDir::new(loaded.rules(), dir, o.record_format)?;
            dir.check_free(shard.games(o.games))?;
            Some(dir)
        }
        None => None,
    };
    let line = crate::progress::Games::new("self-play");
    let records = koma_selfplay::run_watched(&loaded, &eval, &plan, o.games, o.jobs, shard, &|p| {
        line.show(p)
    });
    line.clear();
    let source = o.game.as_deref().unwrap_or(koma_games::DEFAULT);
    let settings = settings(&loaded, source, &plan, o.games);
    if let Some(path) = &o.records {
        let mut lines = koma_selfplay::json_lines(&settings, &records);
        lines.push('\n');
        std::fs::write(path, lines).map_err(|e| fail(format!("cannot write {path}: {e}")))?;
    }
    if let Some(dir) = &record_dir {
        dir.write(loaded.rules(), o.seed, &records)?;
    }
    if o.shard.is_some() {
        crate::say!("{}", koma_selfplay::json_lines(&settings, &records));
        return Ok(());
    }
    print_summary(&loaded, &records, o.format);
    if let Some(path) = &o.html {
        let summary = koma_selfplay::summary(&loaded, &records);
        let text = koma_selfplay::text(&loaded.rules().name, &summary);
        let page = koma_selfplay::html(loaded.rules(), &text, &summary, &records);
        std::fs::write(path, page).map_err(|e| fail(format!("cannot write {path}: {e}")))?;
    }
    Ok(())
}

fn print_summary(
    loaded: &koma_host::Loaded,
    records: &[koma_selfplay::GameRecord],
    format: SummaryFormat,
) {
    let summary = koma_selfplay::summary(loaded, records);
    match format {
        SummaryFormat::Text => {
            crate::say!("{}", koma_selfplay::text(&loaded.rules().name, &summary))
        }
        SummaryFormat::Json => crate::say!(
            "{}",
            serde_json::to_string(&summary).expect("a summary serializes")
        ),
    }
}

/// `koma selfplay GAME --compare OTHER`: both versions from the same seeds and openings.
fn compare(
    o: &SelfplayArgs,
    loaded: &koma_host::Loaded,
    eval: &koma_engine::Evaluator,
    plan: &Plan,
    other: &str,
) -> Result<(), Vec<Report>> {
    let loaded_b = crate::load::load(other)?;
    let eval_b = crate::load::evaluator(&loaded_b)?;
    let line = crate::progress::Games::new("self-play, first version");
    let a = koma_selfplay::run_watched(loaded, eval, plan, o.games, o.jobs, Shard::ALL, &|p| {
        line.show(p)
    });
    line.clear();
    let line = crate::progress::Games::new("self-play, second version");
    let b = koma_selfplay::run_following(&loaded_b, &eval_b, plan, o.jobs, &a, &|p| line.show(p));
    line.clear();
    let rule_a = |i: usize| loaded.rules().end_rules[i].words(loaded.rules());
    let rule_b = |i: usize| loaded_b.rules().end_rules[i].words(loaded_b.rules());
    let c = koma_selfplay::compare(&a, &b, &rule_a, &rule_b);
    let name_a = o
        .game
        .clone()
        .unwrap_or_else(|| koma_games::DEFAULT.to_string());
    match o.format {
        SummaryFormat::Text => crate::say!("{}", koma_selfplay::compare_text(&name_a, other, &c)),
        SummaryFormat::Json => crate::say!(
            "{}",
            serde_json::to_string_pretty(&c).expect("a comparison serializes")
        ),
    }
    match o.max_change {
        Some(max) if c.significant && c.difference.abs() > max => Err(fail(format!(
            "the first player's score moved by {:+.3}, significantly, more than --max-change {max}",
            c.difference
        ))),
        _ => Ok(()),
    }
}

/// `koma selfplay merge`.
pub fn merge(command: &SelfplayMerge) -> Result<(), Vec<Report>> {
    let SelfplayMerge::Merge {
        files,
        game,
        format,
    } = command;
    let (loaded, _, records) = merged_shards(files, game.as_deref())?;
    print_summary(&loaded, &records, *format);
    Ok(())
}

/// The game that shard files played (`game` when given, else the one their first line names), the run's
/// settings and its games, in order; a note on standard error when some of the run's games are missing.
pub(crate) fn merged_shards(
    files: &[String],
    game: Option<&str>,
) -> Result<(koma_host::Loaded, Settings, Vec<koma_selfplay::GameRecord>), Vec<Report>> {
    let mut texts = Vec::new();
    for f in files {
        let text = koma_host::Host::disk()
            .read_records(std::path::Path::new(f))
            .map_err(|e| match e {
                koma_host::LoadError::NotFound { .. } => fail(format!("there is no file {f}")),
                e => vec![Report::from(koma_host::convert::load_error(
                    &e,
                    &koma_host::Disk,
                ))],
            })?;
        texts.push((f.clone(), text.text.to_string()));
    }
    let game = match game {
        Some(g) => g.to_string(),
        None => {
            let (name, text) = texts.first().ok_or_else(|| fail("no shard files".into()))?;
            let source = koma_selfplay::settings_of(name, text).map_err(fail)?.source;
            if source.is_empty() {
                return Err(fail(format!(
                    "{name}: the shards do not say which game they played (a run of an older koma): give --game"
                )));
            }
            source
        }
    };
    let loaded = crate::load::load(&game)?;
    let (settings, records) = koma_selfplay::merge(loaded.rules(), &texts).map_err(fail)?;
    if records.len() as u64 != settings.games {
        crate::out::err(&format!(
            "note: {} of the run's {} games are in these files",
            records.len(),
            settings.games
        ));
    }
    Ok((loaded, settings, records))
}

/// The settings that every JSON line of a run carries.
pub(crate) fn settings(
    loaded: &koma_host::Loaded,
    source: &str,
    plan: &Plan,
    games: u64,
) -> Settings {
    Settings {
        game: loaded.rules().name.clone(),
        games,
        seed: plan.seed,
        limit: match (plan.nodes, plan.movetime) {
            (Some(n), _) => format!("nodes {n}"),
            (None, Some(t)) => format!("movetime {}", t.as_millis()),
            (None, None) => String::new(),
        },
        random_plies: plan.random_plies,
        max_plies: plan.max_plies,
        source: source.to_string(),
    }
}
