"""The Python module `koma`, as its users call it (run on the installed wheel: `pytest crates/koma-py/tests`).

The differential test compares `Game.legal_moves` with Fairy-Stockfish's (pyffish) on random positions of every
game the two share, with the convention of tools/fsf_diff.py (a pawn drop that mates is not legal in koma).
"""

import os
import random
import sys
import threading

import pytest

import koma

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", ".."))


def test_a_game_by_name_and_its_start():
    mini = koma.Game("minishogi")
    assert mini.name == "Mini Shogi"
    assert (mini.files, mini.ranks) == (5, 5)
    assert mini.start_sfen == "rbsgk/4p/5/P4/KGSBR b - 1"
    assert repr(mini) == 'koma.Game("Mini Shogi")'
    assert [f["name"] for f in mini.faces()][:2] == ["King", "Rook"]
    assert len(mini.legal_moves("startpos")) == 14
    assert mini.legal_moves(mini.start_sfen) == mini.legal_moves("startpos")


def test_stateless_calls_in_the_spirit_of_pyffish():
    mini = koma.Game("minishogi")
    after = mini.push("startpos", "5e4d")
    assert after == "rbsgk/4p/5/PK3/1GSBR w - 2"
    assert mini.play("startpos", ["5e4d", "1a2b"]) == mini.push(after, "1a2b")
    assert mini.legal_moves("startpos", ["5e4d"]) == mini.legal_moves(after)
    assert not mini.gives_check("startpos")
    assert mini.perft("startpos", 4) == 35401
    assert mini.perft("startpos", 2, ["5e4d"]) == mini.perft(after, 2)
    assert mini.game_result("startpos") is None
    assert mini.validate_sfen(mini.start_sfen) is None
    assert "5 ranks" in mini.validate_sfen("rbsgk/4p b - 1")
    # A capture, and a move that is not one.
    sfen = "rbsgk/4p/4P/P4/KGSBR b - 1"
    assert mini.is_capture(sfen, [], "1c1b")
    assert not mini.is_capture("startpos", [], "5e4d")


def test_the_end_of_a_game_names_its_rule_and_line():
    mini = koma.Game("minishogi")
    # The second player's King on 5a has no move: it loses by the game's `no legal move` rule.
    sfen = "k4/2G2/1G3/5/K4 w - 1"
    result = mini.game_result(sfen)
    assert result["winner"] == "first"
    assert "no legal move" in result["rule"]
    assert isinstance(result["line"], int) and result["line"] > 0
    assert mini.legal_moves(sfen) == []


def test_explain_quotes_the_rules():
    mini = koma.Game("minishogi")
    text = mini.explain("startpos", "5e5a")
    assert "illegal" in text and "line" in text


def test_bad_arguments_are_python_exceptions():
    mini = koma.Game("minishogi")
    with pytest.raises(ValueError, match="bad SFEN"):
        mini.legal_moves("not a sfen")
    with pytest.raises(ValueError, match="move 2 of 2"):
        mini.play("startpos", ["5e4d", "5e4d"])
    with pytest.raises(ValueError):
        mini.push("startpos", "x" * 100_000)
    with pytest.raises(ValueError, match="at most"):
        mini.perft("startpos", 99)
    with pytest.raises(ValueError):
        mini.search("startpos", depth=0)
    with pytest.raises(TypeError):
        mini.legal_moves(5)
    with pytest.raises(koma.GameError, match="neither a .game file nor an embedded game"):
        koma.Game("no-such-game")


def test_a_game_text_that_does_not_compile_carries_its_diagnostics():
    text = 'game "Broken"\nboard 5 x 5\npiece King K moves "Q" royal\nstart "k4/5/5/5/4K b - 1"\n'
    with pytest.raises(koma.GameError) as e:
        koma.Game.from_text(text, name="broken.game")
    first = e.value.diagnostics[0]
    assert first["code"].startswith("koma::")
    assert first["file"] == "broken.game"
    assert first["line"] >= 1 and first["column"] >= 1
    assert set(first) == {"code", "level", "message", "file", "line", "column", "help"}


def test_a_game_text_extends_another_given_beside_it():
    parent = open(os.path.join(ROOT, "games", "minishogi.game"), encoding="utf-8").read()
    child = 'game "Mini child" extends "parent"\n'
    game = koma.Game.from_text(child, sources={"parent": parent})
    assert game.name == "Mini child"
    assert game.perft("startpos", 3) == koma.Game("minishogi").perft("startpos", 3)


def test_a_position_plays_and_takes_back():
    mini = koma.Game("minishogi")
    pos = mini.position()
    assert pos.side_to_move == "first"
    start_key = pos.zobrist()
    pos.push("5e4d")
    assert pos.history == ["5e4d"] and pos.side_to_move == "second"
    copy = pos.copy()
    copy.push("1a2b")
    assert pos.history == ["5e4d"], "a copy plays on by itself"
    assert pos.pop() == "5e4d"
    assert pos.zobrist() == start_key and pos.sfen == mini.start_sfen
    with pytest.raises(IndexError):
        pos.pop()
    with pytest.raises(ValueError):
        pos.push("5e5a")
    assert pos.sfen == mini.start_sfen, "a refused move changes nothing"
    # Moves as small integers, both ways.
    ids = pos.legal_move_ids()
    assert ids == list(range(len(pos.legal_moves())))
    encoded = pos.legal_move_ids(encoded=True)
    assert [pos.move_name(e) for e in encoded] == pos.legal_moves()
    pos.push_id(ids[-1])
    assert pos.history == [mini.legal_moves("startpos")[-1]]
    with pytest.raises(ValueError):
        pos.push_id(10_000)


def test_planes_and_hands_encode_the_position():
    mini = koma.Game("minishogi")
    pos = mini.position("rbsgk/4p/5/P4/KGSB1 w R 1")
    planes, ranks, files = pos.plane_shape
    faces = len(mini.faces())
    assert (planes, ranks, files) == (2 * faces, 5, 5)
    data = pos.planes()
    assert len(data) == planes * ranks * files
    assert sum(data) == 11, "one 1 per piece on the board"
    # Row 0 is the top rank, column 0 the left file: the second player's (to move) Rook on 5a.
    rook = [f["name"] for f in mini.faces()].index("Rook")
    assert data[(rook * ranks + 0) * files + 0] == 1
    hands = pos.hand_counts()
    assert len(hands) == 2 * faces
    assert hands[faces + rook] == 1, "the first player's Rook in hand, the other side's counts second"


def test_search_answers_a_legal_move_with_its_line():
    mini = koma.Game("minishogi")
    found = mini.search("startpos", depth=4)
    assert found["best"] in mini.legal_moves("startpos")
    assert found["pv"][0] == found["best"] and found["depth"] >= 4
    assert found["nodes"] > 0
    # A mate in one is seen as a mate: Gold dropped on 4b.
    mate = mini.position("4k/5/4K/5/5 b G 1").search(depth=3)
    assert mate["mate"] == 1 and mate["score"] is None
    assert mini.search("startpos", nodes=500)["nodes"] >= 1


def test_perft_and_search_release_the_interpreter():
    mini = koma.Game("minishogi")
    results = []
    threads = [threading.Thread(target=lambda: results.append(mini.perft("startpos", 4))) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [35401] * 3


def test_every_game_koma_ships_loads_with_legal_moves_at_its_start():
    for name in ["minishogi", "shogi", "chushogi", "torishogi", "microshogi", "judkins", "dobutsu"]:
        game = koma.Game(name)
        assert game.legal_moves("startpos"), name
        assert game.validate_sfen(game.start_sfen) is None, name


@pytest.mark.parametrize("game", [
    "minishogi", "microshogi", "judkins", "gorogoro", "shogi", "examples/kyotoshogi.game",
    "examples/euroshogi.game", "examples/dobutsu.game", "examples/torishogi.game", "examples/shoshogi.game",
    "examples/checkshogi.game", "examples/antiminishogi.game",
])
def test_legal_moves_equal_fairy_stockfish_on_random_positions(game):
    sf = pytest.importorskip("pyffish", reason="pyffish (Fairy-Stockfish's move generator) is not installed")
    sys.path.insert(0, os.path.join(ROOT, "tools"))
    import fsf_diff  # noqa: E402  (tools/, beside the other differential scripts)

    variant, files, ranks = fsf_diff.GAMES[game]
    path = os.path.join(ROOT, game) if game.endswith(".game") else game
    ours = koma.Game(path)
    rng = random.Random(len(game))
    count = int(os.environ.get("KOMA_PY_POSITIONS", "400"))
    checked = 0
    fen, ply = sf.start_fen(variant), 0
    while checked < count:
        # A random walk by Fairy-Stockfish's own move list, compared at every ply (pyffish takes milliseconds a
        # call, so each position is asked once), started again at the end of a game or after 90 plies.
        strict = fsf_diff.strict_moves(variant, fen)
        if not strict or ply > 90:
            fen, ply = sf.start_fen(variant), 0
            continue
        sfen = fsf_diff.fen_to_sfen(fen, variant)
        want = {fsf_diff.fsf_move_to_usi(m, files, ranks, variant) for m in strict}
        assert set(ours.legal_moves(sfen)) == want, f"{game} {sfen}"
        checked += 1
        fen, ply = fsf_diff.play(variant, fen, rng.choice(strict)), ply + 1


def test_the_readme_example_runs_as_written(capsys):
    readme = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    section = readme[readme.index("## Python"):]
    block = section[section.index("```python\n") + len("```python\n"):]
    code = block[:block.index("```")]
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Phoenix cannot reach 4d" in out and "None" in out, out
