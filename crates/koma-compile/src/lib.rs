//! Compiles `.game` source text into [`koma_vm::Rules`].
//!
//! Each file of a game is parsed once into a [`Parsed`] (its spans start at the file's base, so a game and the
//! games it `extends` share one span space); [`compile`] merges the chain, then checks every statement and
//! lowers it into a [`koma_vm::GameSpec`]. Checks do not stop at the first problem: [`compile`] returns every
//! diagnostic it finds, each with a [`Code`] and the span of the text it is about. Finding a game's files
//! (on disk, embedded, in memory) is the host's job, not this crate's.
//!
//! # Where each check lives
//!
//! | family | module |
//! |---|---|
//! | statements given twice | `statements.rs` |
//! | the board | `board.rs` |
//! | piece names, letters and Betza moves | `pieces.rs` |
//! | promotion and the promotion zone | `promotion.rs` |
//! | flips | `flips.rs` |
//! | zones (`last N ranks`, `ranks A..B`) | `zone.rs` |
//! | drop rules | `drops.rs` |
//! | captures and royalty | `captures.rs` |
//! | end rules | `end_rules.rs` |
//! | options | `options.rs` |
//! | piece values for the engine | `values.rs` |
//! | the start position and the rule tables | `start.rs` |
//! | inheritance (`extends`) | `inherit.rs` |
//! | sizes a game file may not exceed | `limits.rs` |
//! | every diagnostic code | `code.rs` |

use std::sync::Arc;

use koma_syntax::ast::GameFile;
use koma_vm::Rules;
use koma_vm::spec::GameSpec;

mod anywhere;
mod bare;
mod board;
mod borrowed;
mod burning;
mod captures;
mod code;
mod diagnostic;
mod drops;
mod end_rules;
mod flips;
mod hidden;
mod inherit;
mod legs;
mod limits;
mod lions;
mod options;
mod parsed;
mod pieces;
mod promotion;
mod range_capture;
mod regions;
mod royalty;
mod start;
mod statements;
mod sweep;
mod values;
mod zone;

pub use code::{Code, Severity};
pub use diagnostic::Diagnostic;
use diagnostic::Diagnostics;
pub use inherit::MAX_DEPTH as MAX_EXTENDS_DEPTH;
pub use limits::{MAX_BETZA_CHARS, MAX_LINE_CHARS, MAX_SOURCE_BYTES};
pub use parsed::Parsed;

/// A successfully compiled game.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The rule tables.
    pub rules: Arc<Rules>,
    /// The spec they were built from.
    pub spec: GameSpec,
    /// The syntax tree with the games it extends merged in; inherited statements have spans from the length
    /// of the source on (see [`inherited`]).
    pub file: GameFile,
}

/// Whether a span of a compiled game's syntax tree lies in text inherited through `extends`: the game's own
/// file is the first of its chain, at base 0, so anything at or past its end came from a parent.
pub fn inherited(span: &koma_syntax::Span, source: &str) -> bool {
    span.start >= source.len()
}

/// Compiles a game from its parsed files: `chain[0]` is the game itself, `chain[1]` the game it extends,
/// and so on (see [`Parsed`]; finding and reading those files is the host's job). On failure, returns every
/// diagnostic found.
///
/// Statements of a parent apply unless the file gives the same kind of statement itself; pieces are
/// replaced by name. A problem in inherited text is reported at the `extends` clause.
pub fn compile(chain: &[Parsed]) -> Result<Compiled, Vec<Diagnostic>> {
    let (Some(own), Some((file, withouts))) = (chain.first(), inherit::merge_chain(chain)) else {
        return Err(vec![Diagnostic::new(
            Code::Syntax,
            0..0,
            "there is no game text to compile",
        )]);
    };
    let child_len = own.end();
    let mut d = Diagnostics::default();
    d.list.extend(withouts);
    let built = lower(&mut d, &file);
    if let Some(parent) = &own.tree.extends {
        for diag in &mut d.list {
            inherit::point_at_extends(diag, child_len, parent);
        }
    }
    match built {
        // Every diagnostic is an error (valid but doubtful text is the linter's job): any at all fails.
        Some((rules, spec)) if d.list.is_empty() => Ok(Compiled { rules, spec, file }),
        _ => Err(d.list),
    }
}

/// Checks every statement family in turn and builds the rules if nothing is wrong.
fn lower(d: &mut Diagnostics, file: &GameFile) -> Option<(Arc<Rules>, GameSpec)> {
    let header = &file.name.span;
    hidden::refuse(d, file);
    let st = statements::collect(d, file);
    let (files, ranks) = board::check(d, &st, header)?;
    let mut pieces = pieces::declare(d, &st.pieces, header);
    let royalty = royalty::check(d, &st, &pieces);
    borrowed::check(d, &st);
    let royal_promotion = royalty.last_royal_counts.is_some() || st.royals_capturable.is_some();
    let promoted_from = promotion::link(d, &mut pieces, royal_promotion);
    flips::link(d, &mut pieces, &promoted_from);
    promotion::report_faces_without_base(d, &pieces, &promoted_from);
    promotion::mandatory(d, &st, &mut pieces);
    let promotion_zone = promotion::zone(d, &st, &pieces, ranks);
    let promotion_by_capture = promotion::by_capture(d, &st);
    let drops = drops::lower(d, &st, &mut pieces, ranks);
    let (captures, royals_capturable) = captures::lower(&st);
    let lion_rules = lions::lower(d, &st, &pieces, captures);
    let end_rules = end_rules::lower(d, &st, &pieces, ranks, header);
    let cannot_bare = bare::lower(d, &st, &pieces, &end_rules);
    let (range_capture, range_capture_lists) = range_capture::lower(d, &st, &pieces);
    let range_capture_takes = range_capture::takes(d, &st, captures);
    let burning = burning::lower(d, &st, &pieces, captures);
    sweep::check(d, &pieces, captures);
    let legs_hold = legs::hold(d, &st, &pieces);
    let anywhere = anywhere::lower(d, &st, &pieces);
    values::lower(d, &st, &mut pieces);
    regions::lower(d, &st, &mut pieces, files, ranks);
    let start = start::sfen(d, &st, header)?;
    let spec = GameSpec {
        name: file.name.node.clone(),
        files,
        ranks,
        faces: pieces.specs,
        promotion_zone,
        promotion_zone_origin: st.promotion_zone.as_ref().map(|(_, s)| s.clone()),
        stranded_must_promote: st.stranded.as_ref().map(|(_, s)| s.clone()),
        stranded_may_promote: st.stranded_may.as_ref().map(|(_, s)| s.clone()),
        promotion_on_entry: st.promotion_on_entry.as_ref().map(|(_, s)| s.clone()),
        promotion_by_capture,
        lion_rules,
        cannot_bare,
        range_capture,
        range_capture_lists,
        range_capture_takes,
        burning,
        legs_hold,
        anywhere,
        no_drop_on_dead_squares: drops.no_dead_squares,
        captures,
        royals_capturable,
        last_royal_counts: royalty.last_royal_counts,
        royals_counted_before: royalty.royals_counted_before,
        no_royals: royalty.no_royals,
        borrowed_moves: st.borrowed.as_ref().map(|(_, s)| s.clone()),
        compulsory_capture: st.compulsory.as_ref().map(|(c, _)| *c),
        compulsory_capture_origin: st.compulsory.as_ref().map(|(_, s)| s.clone()),
        drop_either_face: drops.either_face,
        drop_ranks: drops.ranks,
        drop_ranks_origin: drops.ranks_origin,
        options: options::lower(d, &st),
        start_sfen: start.node.clone(),
        end_rules,
    };
    if d.has_errors() {
        return None;
    }
    let board = st.board.as_ref().map_or(header.clone(), |(_, s)| s.clone());
    let rules = start::build(d, &spec, start, board)?;
    Some((rules, spec))
}
