//! `options { NAME: on|off ... }`.

use koma_vm::spec::GameOption;

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::statements::Statements;

/// The options the game declares, with their defaults; an option set twice is an error.
pub(crate) fn lower(d: &mut Diagnostics, st: &Statements) -> Vec<GameOption> {
    let Some((list, _)) = st.options.as_ref() else {
        return Vec::new();
    };
    let mut out: Vec<(GameOption, &koma_syntax::Span)> = Vec::new();
    for o in list.iter() {
        match out.iter().find(|(g, _)| g.kind == o.node.kind) {
            Some((_, first)) => {
                d.report(
                    Code::DuplicateOption,
                    o.span.clone(),
                    format!("the `{}` option is set twice", o.node.kind.name()),
                )
                .label("second setting")
                .also((*first).clone(), "first setting")
                .help("keep one of them");
            }
            None => out.push((o.node, &o.span)),
        }
    }
    out.into_iter().map(|(g, _)| g).collect()
}
