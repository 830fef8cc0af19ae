//! The start position: no move, no king, not the same for both players.

use koma_syntax::ast::Statement;
use koma_vm::{FaceId, Game, Player, Position};

use super::lint;
use crate::context::Context;
use crate::lint::Finding;

pub(super) fn without_moves(ctx: &Context) -> Vec<Finding> {
    let game = Game::start(ctx.rules);
    let message = if let Some(o) = game.outcome() {
        format!(
            "the game is over in its start position, by `{}`",
            ctx.rules.end_rules[o.rule].words(ctx.rules)
        )
    } else if game.actions().is_empty() {
        "the first player has no legal move in the start position".to_string()
    } else {
        return Vec::new();
    };
    vec![
        Finding::new(lint("start-without-moves"), ctx.start_span(), message)
            .label("start")
            .help("check the start SFEN: its side to move, its pieces and hands"),
    ]
}

pub(super) fn without_king(ctx: &Context) -> Vec<Finding> {
    let rules = ctx.rules;
    if rules.royals_capturable || rules.no_royals {
        return Vec::new();
    }
    let removed = royal_removed(ctx);
    let pos = Position::start(rules);
    let royals: Vec<FaceId> = FaceId::all(rules.faces.len())
        .filter(|&f| rules.face(f).royal)
        .collect();
    Player::BOTH
        .into_iter()
        .filter(|&p| royals.iter().all(|&f| pos.pieces(p, f).is_empty() && pos.hand_count(p, f) == 0))
        .map(|p| {
            let who = if p == Player::First { "first" } else { "second" };
            let finding = Finding::new(
                lint("check-rules-without-king"),
                removed.clone().unwrap_or_else(|| ctx.start_span()),
                format!("the {who} player starts without a royal piece, so check rules protect nothing of theirs"),
            );
            match &removed {
                Some(_) => finding
                    .label("the parent's royal piece, declared again without `royal`")
                    .also(ctx.start_span(), "start")
                    .help("add `royal` back to this piece, or say `no royal pieces` if the game has none"),
                None => finding
                    .label("start")
                    .help("put a king in the start position, mark a piece `royal`, or say `no royal pieces` if the game has none"),
            }
        })
        .collect()
}

/// In a game that extends another: this file's declaration of a piece that the parent declares `royal`, made
/// without `royal`.
fn royal_removed(ctx: &Context) -> Option<koma_syntax::Span> {
    let royal_in_parent = |name: &str| {
        ctx.parent.is_some_and(|parent| {
            parent.tree.statements.iter().any(
                |s| matches!(s, Statement::Piece(p) if p.name.node == name && p.royal.is_some()),
            )
        })
    };
    ctx.own.tree.statements.iter().find_map(|s| match s {
        Statement::Piece(p) if p.royal.is_none() && royal_in_parent(&p.name.node) => {
            Some(p.span.clone())
        }
        _ => None,
    })
}

/// The SFEN of a position turned around: ranks and files reversed, cases swapped, the side to move swapped.
fn turned(pos: &Position) -> String {
    let sfen = pos.to_sfen();
    let mut fields = sfen.split(' ');
    let board = fields.next().unwrap_or_default();
    let side = if fields.next() == Some("b") { "w" } else { "b" };
    let hand = fields.next().unwrap_or("-");
    let swap = |t: &str| {
        t.chars()
            .map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
            .collect::<String>()
    };
    let rows: Vec<String> = board
        .split('/')
        .rev()
        .map(|row| {
            let mut cells: Vec<String> = Vec::new();
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                let mut cell = c.to_string();
                if c == '+' {
                    cell.extend(chars.next());
                }
                while c.is_ascii_digit() && chars.peek().is_some_and(char::is_ascii_digit) {
                    cell.extend(chars.next());
                }
                cells.push(cell);
            }
            cells.reverse();
            swap(&cells.concat())
        })
        .collect();
    format!(
        "{} {side} {}",
        rows.join("/"),
        if hand == "-" { "-".into() } else { swap(hand) }
    )
}

pub(super) fn asymmetric(ctx: &Context) -> Vec<Finding> {
    let pos = Position::start(ctx.rules);
    let same = Position::from_sfen(ctx.rules, &turned(&pos)).is_ok_and(|m| {
        let board = |p: &Position| {
            p.to_sfen()
                .split(' ')
                .next()
                .unwrap_or_default()
                .to_string()
        };
        let hands = ctx.rules.tiles.iter().all(|&t| {
            Player::BOTH
                .into_iter()
                .all(|p| m.hand_count(p, t) == pos.hand_count(p, t))
        });
        board(&m) == board(&pos) && hands
    });
    if same {
        return Vec::new();
    }
    vec![
        Finding::new(lint("asymmetric-start"), ctx.start_span(), "the start position is not the same for both players, turned around")
            .label("start")
            .help("if the asymmetry is meant, allow this lint; otherwise mirror the second player's pieces"),
    ]
}
