//! The lion rules: `lion rules { ... }` over the pieces marked `lion`, and what they need of the game.

use koma_syntax::ast::LionRule;
use koma_vm::spec::{Captures, LionRules};

use crate::code::Code;
use crate::diagnostic::Diagnostics;
use crate::pieces::Pieces;
use crate::statements::Statements;

/// The lion rules the file gives, with their piece names resolved. Reports a block in a game with no lion,
/// and the counter-strike rule in a game where captured pieces go to hand (its SFEN writes the
/// counter-strike square where the hand would be).
pub(crate) fn lower(
    d: &mut Diagnostics,
    st: &Statements,
    pieces: &Pieces,
    captures: Captures,
) -> LionRules {
    let mut out = LionRules::default();
    let Some((rules, block)) = &st.lion_rules else {
        return out;
    };
    for rule in rules.iter() {
        match &rule.node {
            LionRule::Protected(names) => {
                let faces = names.iter().filter_map(|n| pieces.resolve(d, n)).collect();
                out.protected.get_or_insert((faces, rule.span.clone()));
            }
            LionRule::CounterStrike => {
                if captures == Captures::GoToHand {
                    d.report(
                        Code::CounterStrikeWithHands,
                        rule.span.clone(),
                        "the counter-strike rule needs a game whose captured pieces leave the game",
                    )
                    .label("counter-strike rule")
                    .help("add `captured pieces leave the game`: the SFEN of such a game writes the counter-strike square where a hand would be");
                }
                out.counter_strike.get_or_insert(rule.span.clone());
            }
        }
    }
    if !pieces.decls.iter().any(|p| p.lion.is_some()) {
        d.report(
            Code::LionRulesWithoutLions,
            block.clone(),
            "`lion rules` in a game where no piece is a lion",
        )
        .label("these rules apply to no piece")
        .help(
            "mark the lions' declarations with `lion`, as in `piece Lion N moves \"KNADKaK\" lion`",
        );
    }
    out
}
