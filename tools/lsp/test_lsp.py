"""`koma lsp` driven by a real LSP client (pytest-lsp) over standard input and output.

Run by `.ci/run` and by `cargo test` (crates/koma/tests/lsp_client.rs) in the virtual environment that
`.ci/run` makes:  KOMA_BIN=target/release/koma target/ci-venv/bin/python -m pytest tools/lsp -q
"""

import os
import pathlib
import time

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
KOMA = os.environ.get("KOMA_BIN", str(ROOT / "target" / "release" / "koma"))


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[KOMA, "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=ROOT.as_uri())
    )
    yield
    await lsp_client.shutdown_session()


GAME = """game "Tiny"

board 3 x 3

piece King K  moves "K"  royal
piece Rook R  moves "R"  promotes to Dragon
piece Dragon +R  moves "RF"

promotion zone last rank
captured pieces go to hand

start "k2/3/1RK b - 1"

end {
  no legal move: side to move loses
  repetition 4: draw
}
"""


def uri_of(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text)
    return path.as_uri()


async def open_doc(client, uri, text, version=1):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="koma", version=version, text=text)
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return client.diagnostics.get(uri, [])


def position_of(text, needle, offset=0):
    at = text.index(needle) + offset
    line = text.count("\n", 0, at)
    column = at - (text.rfind("\n", 0, at) + 1)
    return types.Position(line=line, character=column)


async def test_diagnostics_follow_each_edit(client: LanguageClient, tmp_path):
    broken = GAME.replace("promotes to Dragon", "promotes to Dragoon")
    uri = uri_of(tmp_path, "tiny.game", broken)
    diagnostics = await open_doc(client, uri, broken)
    codes = [d.code for d in diagnostics]
    assert "koma::unknown-piece" in codes, diagnostics
    unknown = next(d for d in diagnostics if d.code == "koma::unknown-piece")
    assert unknown.range.start == position_of(broken, "Dragoon"), unknown
    assert "did you mean `Dragon`" in unknown.message

    # The quick fix the help suggests.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=unknown.range,
            context=types.CodeActionContext(diagnostics=[unknown]),
        )
    )
    assert any(a.title == "Replace with `Dragon`" for a in actions), actions

    # A keystroke that fixes it: the diagnostic goes, and how long it took is printed for the note.
    started = time.perf_counter()
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=GAME)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    print(f"diagnostics after an edit of tiny.game: {(time.perf_counter() - started) * 1000:.1f} ms")
    assert [d for d in client.diagnostics[uri] if d.severity == types.DiagnosticSeverity.Error] == []

    # A syntax error, at its place.
    typo = GAME.replace("board 3 x 3", "board 3 by 3")
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=3),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=typo)],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (syntax,) = client.diagnostics[uri]
    assert syntax.code == "koma::syntax"
    assert syntax.range.start == position_of(typo, "by")


async def test_hover_shows_the_piece_as_the_repl_does(client: LanguageClient, tmp_path):
    uri = uri_of(tmp_path, "tiny.game", GAME)
    await open_doc(client, uri, GAME)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(GAME, "Rook R", 1),
        )
    )
    text = hover.contents.value
    assert "Rook (R" in text and "promotes to Dragon" in text, text
    # The diagram: a Rook on a 3x3 board reaches the squares around it.
    assert "```text" in text
    betza = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(GAME, '"RF"', 1),
        )
    )
    assert "Dragon (+R" in betza.contents.value, betza.contents.value


async def test_definition_of_a_piece_and_of_the_parent(client: LanguageClient, tmp_path):
    uri = uri_of(tmp_path, "tiny.game", GAME)
    await open_doc(client, uri, GAME)
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=position_of(GAME, "to Dragon", 4),
        )
    )
    assert found.uri == uri
    assert found.range.start == position_of(GAME, "piece Dragon")

    child = 'game "Child" extends "shogi"\n\nwithout drop rule no Pawn giving checkmate\n'
    child_uri = uri_of(tmp_path, "child.game", child)
    await open_doc(client, child_uri, child)
    parent = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=child_uri),
            position=position_of(child, '"shogi"', 2),
        )
    )
    assert parent.uri.endswith("/shogi.game"), parent
    path = pathlib.Path(parent.uri.removeprefix("file://"))
    assert 'game "Shogi"' in path.read_text()
    assert not os.access(path, os.W_OK) or os.geteuid() == 0, "the embedded parent is read-only"
    pawn = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=child_uri),
            position=position_of(child, "Pawn", 1),
        )
    )
    assert pawn.uri == parent.uri and pawn.range.start.line > 0, pawn

    # An unsaved buffer extends the file beside it, as if it were saved.
    uri_of(tmp_path, "tiny.game", GAME)
    local = 'game "Local" extends "tiny.game"\n\nvalue Dragon 9\n'
    local_uri = (tmp_path / "local.game").as_uri()
    diagnostics = await open_doc(client, local_uri, local)
    assert [d for d in diagnostics if d.severity == types.DiagnosticSeverity.Error] == [], diagnostics
    dragon = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=local_uri),
            position=position_of(local, "Dragon", 1),
        )
    )
    assert dragon.uri == (tmp_path / "tiny.game").as_uri(), dragon
    assert dragon.range.start == position_of(GAME, "piece Dragon")


async def test_completion_in_its_contexts(client: LanguageClient, tmp_path):
    text = GAME.replace("end {", "lints {\n  allow \n}\n\nend {")
    uri = uri_of(tmp_path, "tiny.game", text)
    await open_doc(client, uri, text)

    async def labels(needle, offset):
        items = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                position=position_of(text, needle, offset),
            )
        )
        items = items.items if hasattr(items, "items") else items
        return {i.label for i in items}

    assert "end-rule-shadowed" in await labels("allow \n", 6)
    assert {"W", "F", "N", "m", "c", "j"} <= await labels('"RF"', 1)
    assert {"Dragon", "Rook", "King"} <= await labels("to Dragon", 3)
    assert {"board", "drop rules", "captures are compulsory"} <= await labels("\nboard", 1)


async def test_formatting_and_symbols(client: LanguageClient, tmp_path):
    uri = uri_of(tmp_path, "tiny.game", GAME)
    await open_doc(client, uri, GAME)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            options=types.FormattingOptions(tab_size=2, insert_spaces=True),
        )
    )
    (edit,) = edits
    assert "piece King   K   moves \"K\"   royal\n" in edit.new_text, edit.new_text
    assert "piece Dragon +R  moves \"RF\"\n" in edit.new_text, edit.new_text

    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    names = [s.name for s in symbols]
    assert names[:4] == ["board 3 x 3", "King", "Rook", "Dragon"], names
    end = next(s for s in symbols if s.name == "end")
    assert [c.name for c in end.children] == ["no legal move: side to move loses", "repetition 4: draw"]


async def test_a_lint_can_be_allowed_from_its_finding(client: LanguageClient, tmp_path):
    text = GAME.replace("  repetition 4: draw\n", "")
    uri = uri_of(tmp_path, "tiny.game", text)
    diagnostics = await open_doc(client, uri, text)
    finding = next(d for d in diagnostics if d.code == "koma::lint::no-repetition-rule")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=finding.range,
            context=types.CodeActionContext(diagnostics=[finding]),
        )
    )
    (allow,) = [a for a in actions if a.title.startswith("Allow")]
    (edit,) = allow.edit.changes[uri]
    assert edit.new_text == "\nlints {\n  allow no-repetition-rule\n}\n", edit


async def test_keystrokes_on_the_largest_shipped_game(client: LanguageClient):
    """Prints the time from a keystroke to its diagnostics (for the notes; not a pass/fail criterion)."""
    games = sorted((ROOT / "games").glob("*.game")) + sorted((ROOT / "examples").glob("*.game"))
    largest = max(games, key=lambda p: len(p.read_text()))
    text = largest.read_text()
    uri = largest.as_uri()
    first = await open_doc(client, uri, text)
    times = []
    for version in range(2, 22):
        # Type a character into the first comment line, then take it away again.
        edited = text.replace("//", "// " + "x" * (version % 2), 1)
        started = time.perf_counter()
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=edited)],
            )
        )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        times.append((time.perf_counter() - started) * 1000)
        assert [d.code for d in client.diagnostics[uri]] == [d.code for d in first]
    times.sort()
    print(
        f"keystroke to diagnostics on {largest.name} ({len(text)} bytes): "
        f"median {times[len(times) // 2]:.1f} ms, max {times[-1]:.1f} ms over {len(times)} edits"
    )
