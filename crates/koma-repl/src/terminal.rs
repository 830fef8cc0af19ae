//! The REPL in a terminal: rustyline with completion, persistent history, Ctrl-C and Ctrl-D, and an
//! optional file watcher after which an edited game file is reloaded before the next command.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use notify::event::{EventKind, ModifyKind};
use notify::{RecursiveMode, Watcher};
use rustyline::completion::Completer;
use rustyline::error::ReadlineError;
use rustyline::highlight::Highlighter;
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::Validator;
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use crate::complete::complete;
use crate::session::Session;

/// A session shared by the prompt, the completer and the file watcher.
type Shared = Arc<Mutex<Session>>;

fn lock(s: &Shared) -> MutexGuard<'_, Session> {
    s.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Completion from the session: commands, pieces, legal moves.
struct KomaHelper {
    session: Shared,
}

impl Completer for KomaHelper {
    type Candidate = String;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        _: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<String>)> {
        Ok(complete(&lock(&self.session), line, pos))
    }
}

impl Hinter for KomaHelper {
    type Hint = String;
}
impl Highlighter for KomaHelper {}
impl Validator for KomaHelper {}
impl Helper for KomaHelper {}

/// Whether the session draws in colour: only then may a colour sequence reach the terminal.
static COLOURED: AtomicBool = AtomicBool::new(false);

/// Prints a reply: koma's own colours stay when the session draws in colour; any other escape sequence or
/// control character (and any colour sequence when colours are off) is shown as `?`.
fn show(text: &str) {
    if COLOURED.load(Ordering::Relaxed) {
        println!("{}", koma_host::text::terminal_safe_coloured(text));
    } else {
        println!("{}", koma_host::text::terminal_safe(text));
    }
}

/// Where the REPL keeps its line history: `koma/history.txt` in the user's data directory.
pub fn history_path() -> Option<PathBuf> {
    dirs::data_dir().map(|d| d.join("koma").join("history.txt"))
}

/// Runs the REPL on a terminal until `quit` or Ctrl-D. With `watch`, the game's file is reloaded whenever it
/// changes.
pub fn run_terminal(mut session: Session, watch: bool) -> Result<(), String> {
    let file = session.file().map(std::path::Path::to_path_buf);
    // While a command runs, Ctrl-C stops a search instead of ending the REPL (at the prompt, rustyline reads
    // it as a key and clears the line).
    let interrupt = session.interrupter();
    ctrlc::set_handler(interrupt).map_err(|e| format!("cannot catch Ctrl-C: {e}"))?;
    COLOURED.store(session.style.color, Ordering::Relaxed);
    session.set_progress(Box::new(show));
    let session: Shared = Arc::new(Mutex::new(session));
    let config = Config::builder()
        .completion_type(CompletionType::List)
        .auto_add_history(true)
        .max_history_size(1000)
        .map_err(|e| e.to_string())?
        .build();
    let mut rl: Editor<KomaHelper, DefaultHistory> =
        Editor::with_config(config).map_err(|e| e.to_string())?;
    rl.set_helper(Some(KomaHelper {
        session: session.clone(),
    }));
    let history = history_path();
    if let Some(path) = &history {
        let _ = rl.load_history(path);
    }
    show(&lock(&session).greeting());
    let changed = Arc::new(AtomicBool::new(false));
    let _watcher = match (watch, file) {
        (true, Some(file)) => {
            println!(
                "watching {} for changes: an edited file is reloaded before the next command",
                file.display()
            );
            Some(watch_file(&file, session.clone(), changed.clone())?)
        }
        (true, None) => {
            println!("--watch: this game is embedded, not a file; nothing to watch");
            None
        }
        _ => None,
    };
    loop {
        match rl.readline("koma> ") {
            Ok(text) => {
                if answer(&session, &changed, &text) {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(e.to_string()),
        }
    }
    if let Some(path) = &history {
        if let Some(dir) = path.parent() {
            let _ = std::fs::create_dir_all(dir);
        }
        let _ = rl.save_history(path);
    }
    Ok(())
}

/// Answers what the line editor returned: one line as typed, or several at once from a bracketed paste, each
/// run in order as if typed (a pasted line other than the first is echoed after the prompt). `true` when the
/// session is to end.
fn answer(session: &Shared, changed: &AtomicBool, text: &str) -> bool {
    let mut s = lock(session);
    for (i, line) in text.lines().enumerate() {
        if changed.swap(false, Ordering::SeqCst) {
            show(&format!("{}\n", s.reload()));
        }
        if i > 0 {
            show(&format!("koma> {line}"));
        }
        let reply = s.execute(line);
        if !reply.text.is_empty() {
            show(&reply.text);
        }
        if reply.quit {
            return true;
        }
    }
    false
}

/// Marks `changed` whenever the text of `file` differs from the text the session has loaded.
///
/// The reload itself happens on the prompt's thread before the next command: printing from another thread
/// while the line editor reads would lose typed characters.
fn watch_file(
    file: &Path,
    session: Shared,
    changed: Arc<AtomicBool>,
) -> Result<notify::RecommendedWatcher, String> {
    let file = std::fs::canonicalize(file).map_err(|e| e.to_string())?;
    let dir = file.parent().map(Path::to_path_buf).unwrap_or_default();
    let target = file.clone();
    let mut watcher = notify::recommended_watcher(move |event: notify::Result<notify::Event>| {
        let Ok(event) = event else { return };
        let ours = event
            .paths
            .iter()
            .any(|p| p == &target || p.file_name() == target.file_name());
        let written = matches!(
            event.kind,
            EventKind::Create(_)
                | EventKind::Modify(ModifyKind::Data(_) | ModifyKind::Name(_) | ModifyKind::Any)
        );
        if !ours || !written {
            return;
        }
        // Editors touch files without changing them; only a change of text counts.
        if let Ok(text) = std::fs::read_to_string(&target)
            && lock(&session).source_text() != text
        {
            changed.store(true, Ordering::SeqCst);
        }
    })
    .map_err(|e| e.to_string())?;
    watcher
        .watch(&dir, RecursiveMode::NonRecursive)
        .map_err(|e| e.to_string())?;
    Ok(watcher)
}
