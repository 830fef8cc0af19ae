//! Completion: statements at the start of a line, the items of the block the cursor is in, piece names where
//! the grammar wants one, lint names after `allow`, `warn` and `deny`, and Betza atoms and modifiers in a
//! piece's moves string.

use lsp_types::{CompletionItem, CompletionItemKind, InsertTextFormat};

use crate::cursor;
use crate::document::Document;

/// A statement: its label and the snippet it inserts.
const STATEMENTS: &[(&str, &str)] = &[
    ("board", "board ${1:9} x ${2:9}"),
    ("piece", "piece ${1:Name} ${2:L} moves \"${3:W}\""),
    ("promotion zone", "promotion zone last ${1:3} ranks"),
    ("promotion is mandatory", "promotion is mandatory"),
    (
        "stranded pieces must promote",
        "stranded pieces must promote",
    ),
    ("stranded pieces may promote", "stranded pieces may promote"),
    (
        "promotion only on entering the zone or capturing from it",
        "promotion only on entering the zone or capturing from it",
    ),
    ("promotion by capture", "promotion by capture"),
    ("captured pieces go to hand", "captured pieces go to hand"),
    (
        "captured pieces leave the game",
        "captured pieces leave the game",
    ),
    ("kings may be captured", "kings may be captured"),
    (
        "royal pieces: the last one counts",
        "royal pieces: the last one counts",
    ),
    (
        "royal pieces: the last one counts before the move",
        "royal pieces: the last one counts before the move",
    ),
    ("no royal pieces", "no royal pieces"),
    ("captures are compulsory", "captures are compulsory"),
    (
        "pieces that cannot bare a king",
        "pieces that cannot bare a king: ${1:Pawn}",
    ),
    (
        "range capture",
        "range capture: ${1:King} > ${2:GreatGeneral} > ${3:RookGeneral}, ${4:BishopGeneral}",
    ),
    (
        "range capture takes every piece it jumps",
        "range capture takes every piece it jumps",
    ),
    ("burning", "burning: ${1:FireDemon}"),
    ("burning spares", "burning spares ${1:FireDemon}"),
    (
        "pieces that stop next to an enemy burner burn",
        "pieces that stop next to an enemy burner burn",
    ),
    (
        "moves in two legs hold the square they start from",
        "moves in two legs hold the square they start from",
    ),
    ("moves anywhere", "moves anywhere: ${1:Emperor}"),
    (
        "moves anywhere not attacked",
        "moves anywhere not attacked: ${1:Emperor}",
    ),
    (
        "moves anywhere and protects",
        "moves anywhere and protects: ${1:Emperor}",
    ),
    ("drop rules", "drop rules {\n  $0\n}"),
    ("lion rules", "lion rules {\n  $0\n}"),
    (
        "range capture {",
        "range capture {\n  ${1:GreatGeneral} may not jump ${2:King}\n}",
    ),
    ("start", "start \"$1\""),
    ("end", "end {\n  no legal move: side to move loses\n  $0\n}"),
    ("options", "options {\n  ${1:pie}: ${2:off}\n}"),
    ("lints", "lints {\n  allow $0\n}"),
    ("value", "value ${1:Name} ${2:1}"),
    (
        "confine",
        "confine ${1:King} to files ${2:1}..${3:3}, ranks ${4:1}..${5:2}",
    ),
    ("without", "without "),
];

/// The items of each block, by the keyword that opens it.
const BLOCK_ITEMS: &[(&str, &[&str])] = &[
    (
        "lion rules",
        &[
            "no lion takes a protected lion that is not adjacent, unless its first leg took a piece other than Pawn or GoBetween",
            "after a non-lion takes a lion, no non-lion takes a lion elsewhere on the next move",
        ],
    ),
    (
        "drop rules",
        &[
            "no piece where it could never move",
            "no Pawn on a file holding an own Pawn",
            "no Pawn giving checkmate",
            "no Pawn giving checkmate or stalemate in front of a royal piece",
            "pieces only on rank 1",
            "either face up",
        ],
    ),
    (
        "end",
        &[
            "no legal move: side to move loses",
            "repetition 4 with perpetual check: checker loses",
            "repetition 4: draw",
            "stalemate: draw",
            "king captured: side to move loses",
            "king reaches last rank: mover wins",
            "50 moves without capture: draw",
            "3 checks: checker wins",
            "no pieces left: side to move wins",
            "bare king: its owner loses",
            "both kings bare: draw",
        ],
    ),
    ("options", &["designate: off", "pie: off"]),
    ("lints", &["allow", "warn", "deny"]),
];

/// Betza atoms and modifiers, with what each means.
const BETZA: &[(&str, &str)] = &[
    ("W", "wazir: one step orthogonally"),
    ("F", "ferz: one step diagonally"),
    ("K", "king: W and F"),
    ("R", "rook: W sliding"),
    ("B", "bishop: F sliding"),
    ("Q", "queen: K sliding"),
    ("N", "knight: leap (2,1)"),
    ("D", "dabbaba: leap (2,0)"),
    ("A", "alfil: leap (2,2)"),
    ("H", "threeleaper: leap (3,0)"),
    ("C", "camel: leap (3,1)"),
    ("Z", "zebra: leap (3,2)"),
    ("G", "tripper: leap (3,3)"),
    ("f", "forward"),
    ("b", "backward"),
    ("l", "left"),
    ("r", "right"),
    ("v", "vertical: forward and backward"),
    ("s", "sideways: left and right"),
    ("m", "move only, no capture"),
    ("c", "capture only"),
    ("p", "hop over one piece (cannon)"),
    ("g", "land right behind the first piece (grasshopper)"),
    (
        "j",
        "pass over the first square of the line (`jj`: over every square)",
    ),
    ("n", "lame: blocked on the way"),
    (
        "w",
        "sweep: take every enemy piece passed over, stopped by an own piece",
    ),
];

/// What may be typed at byte `at`.
pub(crate) fn at(doc: &Document, at: usize) -> Vec<CompletionItem> {
    let text = &doc.text;
    let at = at.min(text.len());
    if cursor::in_string(text, at) {
        let before = cursor::words_before(text, at);
        return if before.contains(&"moves") {
            BETZA
                .iter()
                .map(|(atom, what)| item(atom, CompletionItemKind::OPERATOR, Some(what)))
                .collect()
        } else {
            Vec::new()
        };
    }
    let mut before = cursor::words_before(text, at);
    // The word being typed is not a word before it.
    if !text[..at].ends_with(char::is_whitespace) {
        before.pop();
    }
    let last = before.last().copied().unwrap_or("");
    if matches!(last, "allow" | "warn" | "deny") {
        return std::iter::once(item(
            "warnings",
            CompletionItemKind::KEYWORD,
            Some("every lint at the warn level"),
        ))
        .chain(
            koma_lint::LINTS
                .iter()
                .map(|l| item(l.name, CompletionItemKind::ENUM_MEMBER, Some(l.summary))),
        )
        .collect();
    }
    if matches!(
        last,
        "to" | "value" | "confine" | "no" | "for" | "own" | "or" | "than" | "king:"
    ) || last.ends_with(',')
    {
        return pieces(doc);
    }
    if let Some(block) = cursor::block_at(text, at) {
        let items = BLOCK_ITEMS
            .iter()
            .find(|(b, _)| *b == block.as_str())
            .map_or(&[][..], |(_, i)| i);
        return items
            .iter()
            .map(|i| item(i, CompletionItemKind::VALUE, None))
            .chain(pieces(doc))
            .collect();
    }
    if before.is_empty() {
        return STATEMENTS
            .iter()
            .map(|(label, snippet)| CompletionItem {
                label: label.to_string(),
                kind: Some(CompletionItemKind::KEYWORD),
                insert_text: Some(snippet.to_string()),
                insert_text_format: Some(InsertTextFormat::SNIPPET),
                ..CompletionItem::default()
            })
            .collect();
    }
    pieces(doc)
}

/// The piece names of the last version that compiled (inherited ones included); before any version compiled,
/// the names on the text's own `piece` lines.
fn pieces(doc: &Document) -> Vec<CompletionItem> {
    let names: Vec<String> = match &doc.loaded {
        Some(loaded) => loaded
            .rules()
            .faces
            .iter()
            .map(|f| f.name.clone())
            .collect(),
        None => doc
            .text
            .lines()
            .filter_map(|line| {
                let mut words = line.split_whitespace();
                (words.next() == Some("piece")).then(|| words.next().map(str::to_string))?
            })
            .collect(),
    };
    names
        .iter()
        .map(|name| item(name, CompletionItemKind::CLASS, None))
        .collect()
}

fn item(label: &str, kind: CompletionItemKind, detail: Option<&str>) -> CompletionItem {
    CompletionItem {
        label: label.to_string(),
        kind: Some(kind),
        detail: detail.map(str::to_string),
        ..CompletionItem::default()
    }
}
