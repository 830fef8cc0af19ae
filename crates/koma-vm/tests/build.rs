//! `Rules::build` checks what it is given: a caller that skips `koma-compile` gets an error, never a panic.

use koma_vm::spec::{FaceSpec, GameSpec, MoveSpec};
use koma_vm::{
    EndCondition, EndResult, EndRule, FaceId, Position, RelativePlayer, Rules, RulesError,
};

fn king() -> FaceSpec {
    FaceSpec {
        name: "King".into(),
        letter: koma_vm::PieceLetter::letter_only('K').unwrap(),
        royal: true,
        moves: vec![MoveSpec {
            vectors: vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
            range: 1,
            ..MoveSpec::default()
        }],
        ..FaceSpec::default()
    }
}

fn spec() -> GameSpec {
    GameSpec {
        name: "Test".into(),
        files: 3,
        ranks: 3,
        faces: vec![king()],
        start_sfen: "2k/3/K2 b - 1".into(),
        end_rules: vec![EndRule {
            condition: EndCondition::NoLegalMove,
            result: EndResult::Loses(RelativePlayer::SideToMove),
            origin: None,
        }],
        ..GameSpec::default()
    }
}

#[test]
fn a_valid_spec_builds_and_its_start_position_is_ready() {
    let rules = std::sync::Arc::new(Rules::build(&spec()).unwrap());
    let pos = Position::start(&rules);
    assert_eq!(pos.to_sfen(), "2k/3/K2 b - 1");
    assert_eq!(pos.legal_moves().len(), 2);
}

#[test]
fn a_bad_start_position_is_an_error() {
    for sfen in [
        "",
        "2k/3 b - 1",
        "2k/3/K2 x - 1",
        "2q/3/K2 b - 1",
        "1Kk/3/3 b - 1",
    ] {
        let s = GameSpec {
            start_sfen: sfen.into(),
            ..spec()
        };
        assert!(
            matches!(Rules::build(&s), Err(RulesError::StartPosition(_))),
            "{sfen:?} was accepted"
        );
    }
}

#[test]
fn boards_faces_and_face_references_out_of_range_are_errors() {
    let board = GameSpec {
        files: 37,
        ranks: 36,
        ..spec()
    };
    assert_eq!(
        Rules::build(&board).unwrap_err(),
        RulesError::BoardSize(37, 36)
    );
    let empty = GameSpec { files: 0, ..spec() };
    assert!(matches!(
        Rules::build(&empty),
        Err(RulesError::BoardSize(0, 3))
    ));
    let crowded = GameSpec {
        faces: vec![king(); koma_vm::MAX_FACES + 1],
        ..spec()
    };
    assert_eq!(
        Rules::build(&crowded).unwrap_err(),
        RulesError::TooManyFaces(koma_vm::MAX_FACES + 1)
    );
    let dangling = GameSpec {
        faces: vec![FaceSpec {
            promotes_to: Some(FaceId::new(7)),
            ..king()
        }],
        ..spec()
    };
    assert_eq!(
        Rules::build(&dangling).unwrap_err(),
        RulesError::UnknownFace(7, 1)
    );
    let end_rule = GameSpec {
        end_rules: vec![EndRule {
            condition: EndCondition::NoProgress {
                moves: 5,
                piece: Some(FaceId::new(3)),
            },
            result: EndResult::Draw,
            origin: None,
        }],
        ..spec()
    };
    assert_eq!(
        Rules::build(&end_rule).unwrap_err(),
        RulesError::UnknownFace(3, 1)
    );
}
