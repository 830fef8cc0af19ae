//! `koma selfplay GAME` and `koma selfplay merge FILES...`: a variant measured by self-play.

use std::time::Duration;

use koma_selfplay::{Plan, Settings, Shard};

use crate::args::{DiagnosticFormat, SelfplayArgs, SelfplayMerge};
use crate::report::Report;

fn fail(message: String) -> Vec<Report> {
    vec![Report::plain("koma::selfplay", message, None)]
}

fn shard(text: Option<&str>) -> Result<Shard, Vec<Report>> {
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
    let records = koma_selfplay::run(&loaded, &plan, o.games, o.jobs, shard);
    if o.shard.is_some() {
        let settings = Settings {
            game: loaded.rules().name.clone(),
            games: o.games,
            seed: o.seed,
            limit: match (plan.nodes, plan.movetime) {
                (Some(n), _) => format!("nodes {n}"),
                (None, Some(t)) => format!("movetime {}", t.as_millis()),
                (None, None) => String::new(),
            },
            random_plies: o.random_plies,
            max_plies: o.max_plies,
        };
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
    format: DiagnosticFormat,
) {
    let summary = koma_selfplay::summary(loaded, records);
    match format {
        DiagnosticFormat::Text => {
            crate::say!("{}", koma_selfplay::text(&loaded.rules().name, &summary))
        }
        DiagnosticFormat::Json => crate::say!(
            "{}",
            serde_json::to_string(&summary).expect("a summary serializes")
        ),
    }
}

/// `koma selfplay merge`.
pub fn merge(command: &SelfplayMerge) -> Result<(), Vec<Report>> {
    let SelfplayMerge::Merge {
        files,
        game,
        format,
    } = command;
    let loaded = crate::load::load(game)?;
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
    let (settings, records) = koma_selfplay::merge(loaded.rules(), &texts).map_err(fail)?;
    if records.len() as u64 != settings.games {
        crate::out::err(&format!(
            "note: {} of the run's {} games are in these files",
            records.len(),
            settings.games
        ));
    }
    print_summary(&loaded, &records, *format);
    Ok(())
}
