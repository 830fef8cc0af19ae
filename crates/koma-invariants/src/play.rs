//! The VM's invariants on positions and on move sequences.

use std::sync::Arc;

use koma_vm::{Bitboard, ExchangeValues, Game, Move, Position, Rules, Square};

/// The attackers of every square, as the exchange reads them, are the pieces whose attacks reach it.
fn attackers(pos: &Position) {
    let rules = pos.rules();
    let reach: Vec<(Square, koma_vm::Player, Bitboard)> = rules
        .board()
        .filter_map(|sq| {
            pos.piece_at(sq)
                .map(|p| (sq, p.owner, pos.attacks_from(sq)))
        })
        .collect();
    for sq in rules.board() {
        for by in [koma_vm::Player::First, koma_vm::Player::Second] {
            let mut expected = Bitboard::EMPTY;
            for &(from, owner, attacks) in &reach {
                if owner == by && attacks.has(sq) {
                    expected.insert(from);
                }
            }
            assert_eq!(
                pos.attackers_of(sq, by),
                expected,
                "attackers of {sq:?} by {by:?} in {pos:?}"
            );
        }
    }
}

/// The exchange's threshold test agrees with its value, for every move and thresholds around it (with piece
/// values that differ by face and a promotion that may gain or lose).
fn exchanges(pos: &Position, moves: &[Move]) {
    let faces = pos.rules().faces.len();
    let values = ExchangeValues::new(
        pos.rules(),
        (0..faces).map(|i| 50 + (i as i32 * 97) % 400).collect(),
    );
    for &mv in moves {
        let value = pos.exchange_value(mv, &values);
        for t in [value - 1, value, value + 1, 0, -200, 200] {
            assert_eq!(
                pos.exchange_at_least(mv, &values, t),
                value >= t,
                "exchange of {mv:?} at least {t} (its value {value}) in {pos:?}"
            );
        }
    }
}

/// What a search uses instead of the full move list agrees with it: the generator told the check, the
/// captures-only generator, one move's legality test, a null move and taken back, and the attackers the
/// exchange reads.
fn search_paths(pos: &Position, moves: &[Move]) {
    let mut told = Vec::new();
    pos.generate_legal_knowing(pos.in_check(), &mut told);
    assert_eq!(told, moves, "the legal moves, told the check, in {pos:?}");
    let mut captures = Vec::new();
    pos.generate_captures(pos.in_check(), &mut captures);
    let expected: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|&m| pos.is_capture(m))
        .collect();
    assert_eq!(
        captures, expected,
        "the captures a quiescence search generates in {pos:?}"
    );
    attackers(pos);
    exchanges(pos, moves);
    let mut scratch = pos.clone();
    scratch.make_null();
    assert_eq!(
        scratch.key(),
        scratch.compute_key(),
        "key after a null move in {pos:?}"
    );
    assert_ne!(scratch.side_to_move(), pos.side_to_move());
    scratch.unmake_null();
    assert_eq!(&scratch, pos, "a null move taken back");
    assert_eq!(scratch.key(), pos.key());
    for &mv in moves {
        assert!(pos.is_legal(mv), "{mv:?} is legal in {pos:?}");
    }
    // The moves of the position before are mostly illegal after a move; a few children are enough.
    for &mv in moves.iter().take(3) {
        scratch.make(mv);
        let replies = scratch.legal_moves();
        for &m in moves.iter().chain(&replies) {
            assert_eq!(
                scratch.is_legal(m),
                replies.contains(&m),
                "is_legal({m:?}) after {mv:?} in {pos:?}"
            );
        }
        scratch.unmake();
    }
}

/// The invariants of one position: keys, SFEN round trip, every move legal by a slow independent test,
/// the captures-only generator equal to the legal captures, one move's legality test equal to the list's, a null move's key, make/unmake, perft(1), and an outcome that agrees with the move list (also when read, as a search reads
/// it, from a move list known not to be empty).
pub fn position(pos: &Position) {
    assert_eq!(pos.key(), pos.compute_key(), "incremental key of {pos:?}");
    let again =
        Position::from_sfen(pos.rules(), &pos.to_sfen()).expect("a printed SFEN reads back");
    assert_eq!(&again, pos, "SFEN round trip");
    assert_eq!(again.key(), pos.key());
    let moves = pos.legal_moves();
    search_paths(pos, &moves);
    if pos.in_check() {
        evasions_complete(pos, &moves);
    }
    let mut scratch = pos.clone();
    assert_eq!(scratch.perft(1), moves.len() as u64, "perft(1) of {pos:?}");
    for &mv in &moves {
        slow_legality(pos, mv);
        let before = scratch.to_sfen();
        let key = scratch.key();
        let may_check = pos.may_give_check(mv);
        scratch.make(mv);
        assert_eq!(scratch.key(), scratch.compute_key(), "key after {mv:?}");
        assert!(
            may_check || !scratch.in_check(),
            "{mv:?} gives check, told it cannot, in {pos:?}"
        );
        scratch.unmake();
        assert_eq!(scratch.to_sfen(), before, "make/unmake of {mv:?}");
        assert_eq!(scratch.key(), key);
    }
    let game = Game::new(pos.clone());
    if pos.immediate_end().is_some() {
        assert!(moves.is_empty(), "a finished game has no moves");
        assert!(
            game.outcome().is_some(),
            "an end that acts at once decides the game in {pos:?}"
        );
    }
    if !moves.is_empty() {
        assert_eq!(
            game.outcome_with_a_move(),
            game.outcome(),
            "the outcome a search reads from its own move list in {pos:?}"
        );
    }
    if moves.is_empty() && game.outcome().is_none() {
        let has_rule = pos.rules().end_rules.iter().any(|r| {
            matches!(
                r.condition,
                koma_vm::EndCondition::NoLegalMove | koma_vm::EndCondition::Stalemate
            )
        });
        assert!(
            !has_rule || pos.in_check(),
            "no move, a no-legal-move rule, and no outcome in {pos:?}"
        );
    }
}

/// In check, the list holds every move that one move's legality test accepts among all one-leg moves of
/// the side's pieces (to any square, keeping, promoting or flipping the face) and all drops: the generator's
/// shortcut for evasions (only moves to a checker or between it and the king) leaves out no legal move.
fn evasions_complete(pos: &Position, moves: &[Move]) {
    let rules = pos.rules();
    let us = pos.side_to_move();
    let squares = rules.board();
    for from in pos.occupied_by(us) {
        let face = pos.piece_at(from).expect("an own piece").face;
        let f = rules.face(face);
        let after: Vec<_> = std::iter::once(face)
            .chain(f.promotes_to)
            .chain(f.flips_to)
            .collect();
        for to in squares {
            for &a in &after {
                for promotes in [false, true] {
                    let mv = Move::board(from, to, a, promotes);
                    if pos.is_legal(mv) {
                        assert!(
                            moves.contains(&mv),
                            "{mv:?} is legal but not listed in {pos:?}"
                        );
                    }
                }
            }
        }
    }
    for to in squares {
        for i in 0..rules.faces.len() {
            let mv = Move::drop(to, koma_vm::FaceId::new(i as u16));
            if pos.is_legal(mv) {
                assert!(
                    moves.contains(&mv),
                    "{mv:?} is legal but not listed in {pos:?}"
                );
            }
        }
    }
}

/// How many royal pieces the opponent of the side to move has on the board.
fn enemy_royals(pos: &Position) -> usize {
    let them = pos.side_to_move().opponent();
    pos.occupied_by(them)
        .into_iter()
        .filter(|&sq| {
            pos.piece_at(sq)
                .is_some_and(|p| pos.rules().face(p.face).royal)
        })
        .count()
}

/// Whether an enemy royal piece stands one rank ahead of `sq` as the side to move faces: `sq` is in front
/// of it.
fn royal_ahead(pos: &Position, sq: Square) -> bool {
    let us = pos.side_to_move();
    pos.rules()
        .ahead(us, sq)
        .and_then(|k| pos.piece_at(k))
        .is_some_and(|p| p.owner != us && pos.rules().face(p.face).royal)
}

/// A move checked the slow way: after making it, the mover's king is not attacked (in a game with check
/// rules), and a drop respects the drop bans.
fn slow_legality(pos: &Position, mv: Move) {
    let rules = pos.rules();
    let us = pos.side_to_move();
    let mut after = pos.clone();
    after.make(mv);
    if !rules.royals_capturable {
        assert!(
            !after.royal_attacked(us),
            "{mv:?} leaves the king attacked in {pos:?}"
        );
    }
    if let Some(from) = mv.from() {
        let moved = pos.piece_at(from).expect("a piece moves").face;
        let zone = rules.promotion_zone(us);
        if rules.face(moved).promotion_mandatory.is_some() && (zone.has(from) || zone.has(mv.to()))
        {
            assert!(
                mv.is_promotion(),
                "{mv:?} skips a mandatory promotion in {pos:?}"
            );
        }
        if rules.face(moved).flip_trigger == koma_vm::spec::FlipTrigger::OnEveryMove
            && let Some(other) = rules.face(moved).flips_to
        {
            assert_eq!(mv.face_after(), other, "{mv:?} does not flip in {pos:?}");
        }
    }
    if mv.is_drop() {
        let face = rules.face(mv.face_after());
        assert!(
            pos.piece_at(mv.to()).is_none(),
            "drop on an occupied square"
        );
        assert!(
            rules.drop_squares(us, mv.face_after()).has(mv.to()),
            "drop outside the drop squares"
        );
        if let Some(limit) = &face.drop_file_rule {
            let on_file = (pos.pieces(us, limit.blocker) & rules.file_of(mv.to())).count();
            assert!(
                on_file < u32::from(limit.count),
                "file limit broken by {mv:?}"
            );
        }
        // (A drop whose check ends the game at once, the Nth check, leaves no legal move without being a
        // mate: the VM judges mate by the replies as if the game went on, which only it can list.)
        if let Some(ban) = &face.drop_mate_rule
            && (after.in_check() || (ban.stalemate && enemy_royals(pos) == 1))
            && after.immediate_end().is_none()
            && (!ban.in_front || royal_ahead(pos, mv.to()))
        {
            assert!(
                after.has_legal_move(),
                "a barred drop mates: {mv:?} in {pos:?}"
            );
        }
    }
}

/// A game of moves chosen by `choices` from `rules`' start (a choice byte picks among the legal moves), with
/// the invariants checked at every position.
pub fn play(rules: &Arc<Rules>, choices: &[u8]) {
    play_from(Position::start(rules), choices);
}

/// [`play`] from `start`.
pub fn play_from(start: Position, choices: &[u8]) {
    let mut game = Game::new(start);
    position(game.position());
    for &c in choices.iter().take(200) {
        let moves = game.legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play(moves[c as usize % moves.len()]);
        position(game.position());
    }
}
