//! `help` and `help COMMAND`.

use crate::command::{COMMANDS, nearest, shorten, spec};

/// The list of commands, or one command's usage and description.
pub(crate) fn help(topic: Option<&str>) -> Result<String, String> {
    let Some(topic) = topic else {
        let width = COMMANDS
            .iter()
            .map(|c| c.usage.len())
            .max()
            .unwrap_or(0)
            .min(44);
        let mut out = vec!["commands (`help COMMAND` for more):".to_string()];
        for c in COMMANDS {
            out.push(format!("  {:<width$}  {}", c.usage, c.summary));
        }
        return Ok(out.join("\n"));
    };
    let Some(c) = spec(topic) else {
        let hint = nearest(topic).map_or("; `help` lists the commands".to_string(), |n| {
            format!("; did you mean `{n}`?")
        });
        return Err(format!("no command `{}`{hint}", shorten(topic)));
    };
    let mut out = format!("{}\n  {}", c.usage, c.summary);
    if !c.detail.is_empty() {
        out.push_str(&format!("\n  {}", c.detail));
    }
    Ok(out)
}
