//! A game as the page draws it: the board, the hands, the legal moves with their squares, the last move,
//! the status and the SFEN. The page keeps the moves; each request replays them from the start, so the
//! server holds no state between requests.

use koma_session::Session;
use koma_vm::{FaceId, Game, Move, Player, Position, Rules, Square};
use serde::Serialize;

/// The most moves a request may replay.
pub const MAX_MOVES: usize = 2000;

/// A piece on a square or in a hand.
#[derive(Debug, Serialize)]
pub struct PieceView {
    /// Its SFEN text (`P`, `+P`).
    pub letter: String,
    /// Its face's name.
    pub name: String,
    /// Its kanji for its owner, if the game gives one.
    pub kanji: Option<String>,
    /// 0 for the first player, 1 for the second.
    pub owner: usize,
    /// A promoted (or flipped, `+`) face.
    pub promoted: bool,
}

/// One legal move, with the squares the page needs to draw it.
#[derive(Debug, Serialize)]
pub struct MoveView {
    /// USI.
    pub usi: String,
    /// The square it leaves, `None` for a drop.
    pub from: Option<String>,
    /// The square it reaches (the square it leaves again, for a move in two legs that comes back).
    pub to: String,
    /// For a move in two legs, the square between its legs.
    pub mid: Option<String>,
    /// The dropped piece's SFEN text, for a drop (`+L`: a tile dropped with its flip side up).
    pub drop: Option<String>,
    /// The SFEN text of the tile in hand it is dropped from, for a drop (`L` for `+L*3c`).
    pub tile: Option<String>,
    /// Whether it promotes.
    pub promotes: bool,
}

/// A whole state of the game.
#[derive(Debug, Serialize)]
pub struct State {
    /// The game's name.
    pub title: String,
    /// Files and ranks.
    pub files: u8,
    /// Ranks.
    pub ranks: u8,
    /// Square names, row by row from the top (the second player's side), left to right.
    pub names: Vec<Vec<String>>,
    /// The pieces, in the same order.
    pub board: Vec<Vec<Option<PieceView>>>,
    /// Each player's hand: a piece and how many.
    pub hands: [Vec<(PieceView, u8)>; 2],
    /// 0 or 1.
    pub turn: usize,
    /// The legal moves (none once the game is over).
    pub moves: Vec<MoveView>,
    /// The moves replayed (all of those sent, or those before the first that failed).
    pub played: Vec<String>,
    /// The same moves as players write them: `western`, `japanese` (absent when a piece has no kanji) and
    /// `generic` (an action that is no move, `swap`, keeps its text).
    pub written: Written,
    /// Why a move sent could not be played, naming it.
    pub error: Option<String>,
    /// The last move's squares.
    pub last: Option<MoveView>,
    /// The side to move is in check.
    pub check: bool,
    /// The result, quoting the rule that decided it.
    pub outcome: Option<String>,
    /// The position.
    pub sfen: String,
    /// The start's SFEN.
    pub start: String,
}

/// The moves played, in the human notations.
#[derive(Debug, Serialize)]
pub struct Written {
    /// Western (Hodges) notation, `P-2f`.
    pub western: Vec<String>,
    /// Japanese notation, `▲２六歩`, for games whose pieces all have kanji.
    pub japanese: Option<Vec<String>>,
    /// koma's generic notation, `Pawn 2f`.
    pub generic: Vec<String>,
}

/// The actions `played` from `start` as each human notation writes them: `game`'s moves in the positions
/// they were played in, in the order of the actions that are moves.
fn written(rules: &std::sync::Arc<Rules>, start: &str, game: &Game, played: &[String]) -> Written {
    use koma_notation::Notation;
    let mut texts: [Vec<String>; 3] = Default::default();
    let notations = [Notation::Western, Notation::Japanese, Notation::Generic];
    if let Ok(mut pos) = Position::from_sfen(rules, start) {
        let mut moves = game.moves().iter();
        let mut last_to = None;
        for action in played {
            let is_move = !(action == "swap" || action.starts_with("designate"));
            let Some(&mv) = moves.next().filter(|_| is_move) else {
                texts.iter_mut().for_each(|t| t.push(action.clone()));
                continue;
            };
            let legal = pos.legal_moves();
            for (out, notation) in texts.iter_mut().zip(notations) {
                out.push(notation.write_among(&pos, &legal, mv, last_to));
            }
            pos.make(mv);
            last_to = Some(mv.to());
        }
    }
    let [western, japanese, generic] = texts;
    Written {
        western,
        japanese: Notation::Japanese.fits(rules).is_ok().then_some(japanese),
        generic,
    }
}

/// A game replayed: the start's SFEN, the moves played, and why the next one failed (the game itself is the
/// session's).
pub struct Replayed {
    /// The start's SFEN.
    pub start: String,
    /// The moves played.
    pub played: Vec<String>,
    /// Why the move after them could not be played.
    pub error: Option<String>,
}

/// Replays `moves` from `start` (the game's start when `None`) in `session`, through `Game::play_text` as
/// every front end does, stopping at the first that cannot be played.
pub fn replay(
    session: &mut Session,
    start: Option<&str>,
    moves: &[String],
) -> Result<Replayed, String> {
    let moves = &moves[..moves.len().min(MAX_MOVES)];
    let error = session
        .follow(start.map(str::to_string), moves)
        .map_err(|e| format!("bad SFEN: {}", e.message))?;
    let start = match start {
        Some(sfen) => Position::from_sfen(session.rules(), sfen)
            .map_err(|e| format!("bad SFEN: {e}"))?
            .to_sfen(),
        None => Position::start(session.rules()).to_sfen(),
    };
    let played = session.actions().to_vec();
    let error = error.map(|e| format!("move {} ({}): {}", e.index + 1, moves[e.index], e.message));
    Ok(Replayed {
        start,
        played,
        error,
    })
}

/// The state of a replayed game, for the page; `outcome` is the result in words, if the game is over.
pub fn view(game: &Game, replayed: Replayed, outcome: Option<String>) -> State {
    let Replayed {
        start,
        played,
        error,
    } = replayed;
    let pos = game.position();
    let rules = pos.rules().clone();
    let (files, ranks) = (rules.files, rules.ranks);
    let square =
        |row: u8, col: u8| Square::new((ranks - 1 - row) as u16 * files as u16 + col as u16);
    let names = (0..ranks)
        .map(|r| {
            (0..files)
                .map(|c| rules.square_name(square(r, c)))
                .collect()
        })
        .collect();
    let board = (0..ranks)
        .map(|r| {
            (0..files)
                .map(|c| {
                    pos.piece_at(square(r, c))
                        .map(|p| piece(&rules, p.face, p.owner))
                })
                .collect()
        })
        .collect();
    let hands = [Player::First, Player::Second].map(|player| {
        FaceId::all(rules.faces.len())
            .filter(|&f| rules.face(f).tile == f)
            .filter_map(|f| {
                let n = pos.hand_count(player, f);
                (n > 0).then(|| (piece(&rules, f, player), n))
            })
            .collect()
    });
    let moves = if outcome.is_some() {
        Vec::new()
    } else {
        pos.legal_moves()
            .into_iter()
            .map(|m| move_view(&rules, m))
            .collect()
    };
    let written = written(&rules, &start, game, &played);
    State {
        title: rules.name.clone(),
        files,
        ranks,
        names,
        board,
        hands,
        turn: pos.side_to_move().index(),
        moves,
        played,
        written,
        error,
        last: game.moves().last().map(|&m| move_view(&rules, m)),
        check: pos.in_check(),
        outcome,
        sfen: pos.to_sfen(),
        start,
    }
}

fn piece(rules: &Rules, face: FaceId, owner: Player) -> PieceView {
    let f = rules.face(face);
    PieceView {
        letter: rules.face_text(face),
        name: f.name.clone(),
        kanji: f.kanji_of(owner).map(String::from),
        owner: owner.index(),
        promoted: f.promoted,
    }
}

/// A move with its squares.
pub fn move_view(rules: &Rules, m: Move) -> MoveView {
    MoveView {
        usi: rules.move_name(m),
        from: m.from().map(|s| rules.square_name(s)),
        to: rules.square_name(m.to()),
        mid: m.mid().map(|s| rules.square_name(s)),
        drop: m.is_drop().then(|| rules.face_text(m.face_after())),
        tile: m
            .is_drop()
            .then(|| rules.face_text(rules.face(m.face_after()).tile)),
        promotes: m.is_promotion(),
    }
}
