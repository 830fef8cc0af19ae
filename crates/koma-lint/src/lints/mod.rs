//! Every lint, one module per family.

mod betza;
mod drops;
mod ends;
mod inheritance;
mod pieces;
mod promotion;
mod royalty;
mod start;

use crate::Level;
use crate::context::Context;
use crate::lint::Finding;
use crate::lint::Lint;

macro_rules! lints {
    ($($name:literal $level:ident $check:path, $summary:literal;)*) => {
        /// Every lint, in the order `koma lint --list` shows them.
        pub static LINTS: &[Lint] = &[
            $(Lint {
                name: $name,
                code: concat!("koma::lint::", $name),
                default: Level::$level,
                summary: $summary,
                check: $check,
            },)*
        ];
    };
}

fn none(_: &Context) -> Vec<Finding> {
    Vec::new()
}

/// The lint called `name`; every name used by a check is in [`LINTS`].
pub(crate) fn lint(name: &str) -> &'static Lint {
    crate::find(name).expect("a lint's check names its own lint")
}

lints! {
    "unreachable-face" Warn pieces::unreachable_face, "A piece face can never be on the board: not in the start position, not a promotion or flip of one that is, never dropped.";
    "promotion-changes-nothing" Warn pieces::promotion_changes_nothing, "A promoted face moves exactly like the piece it promotes from.";
    "move-off-board" Warn pieces::move_off_board, "A move of a piece has no target from any square of this board.";
    "royal-droppable" Warn pieces::royal_droppable, "A royal piece can be dropped while check rules apply.";
    "stranded-by-move" Warn promotion::stranded_by_move, "A piece can move to a square from which it could never move again, and nothing makes it promote there (nor says it may).";
    "never-forward" Warn promotion::never_forward, "No move of a piece goes forward: every move points away from the opponent, or it promotes yet never steps toward the zone.";
    "promotion-out-of-reach" Warn promotion::out_of_reach, "A piece that promotes can never start or end a move in the promotion zone.";
    "promotion-zone-unused" Warn promotion::zone_unused, "The game has a promotion zone, but nothing promotes.";
    "stranded-rule-unneeded" Warn promotion::stranded_rule_unneeded, "`stranded pieces must promote` changes nothing, because promotion is mandatory wherever a piece could be stranded.";
    "stranded-by-drop" Warn drops::stranded_by_drop, "A piece can be dropped on a square from which it could never move, and no drop rule forbids it.";
    "drop-rule-never-applies" Warn drops::rule_never_applies, "A drop rule is about a piece that can never be in a hand.";
    "empty-drop-zone" Warn drops::empty_zone, "A piece can be held in hand but its drop zone leaves it no square.";
    "no-repetition-rule" Warn ends::no_repetition_rule, "Pieces come back by drops, but no repetition or move-count rule ends a game that goes round in circles.";
    "missing-no-legal-move" Warn ends::missing_no_legal_move, "No end rule says what happens to a player with no legal move.";
    "end-rule-shadowed" Warn ends::shadowed, "An end rule can never apply: an earlier one always applies first.";
    "goal-without-safety" Warn ends::goal_without_safety, "A king wins by reaching its zone in a game where kings may be captured, even where it could be taken at once.";
    "goal-zone-unreachable" Warn ends::goal_zone_unreachable, "The king can never enter the zone of a `king reaches` rule.";
    "king-captured-needs-capturable-kings" Warn ends::king_captured_without_capture, "A `king captured` rule in a game where kings may not be captured never applies.";
    "start-without-moves" Deny start::without_moves, "The first player has no legal move in the start position, or the game is over before it starts.";
    "check-rules-without-king" Warn start::without_king, "Check rules apply, but a player starts without a royal piece.";
    "last-royal-never-two" Warn royalty::last_royal_never_two, "`royal pieces: the last one counts` in a game where no player can ever have two royal pieces.";
    "check-rule-without-royals" Warn royalty::checks_without_royals, "A rule about checks in a game where no piece is royal.";
    "drops-allowed-without-drops" Warn royalty::drops_allowed_without_drops, "`captures are compulsory, drops allowed` in a game where nothing is ever dropped.";
    "asymmetric-start" Allow start::asymmetric, "The start position is not the same for both players, turned around.";
    "redundant-override" Warn inheritance::redundant_override, "A statement of a game that extends another repeats the parent's statement exactly.";
    "betza-move-and-capture" Warn betza::move_and_capture, "`m` and `c` on one Betza component mean the same as neither.";
    "betza-atom-alias" Warn betza::atom_alias, "`L` or `J` is written for the camel `C` or the zebra `Z`.";
    "betza-directions-on-king" Warn betza::directions_on_king, "Directions on `K` or `Q` are read differently by other programs.";
    "betza-repeated-component" Warn betza::repeated_component, "A Betza component repeats moves an earlier component already gives.";
    "unknown-lint" Warn none, "A `lints` block names no lint.";
}
