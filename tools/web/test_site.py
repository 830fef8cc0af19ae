"""`koma site`: the web board as a static folder, koma compiled to WebAssembly answering in the browser, driven
in real headless Chromium with no network reachable (every name resolves to nothing, every request not to the
machine itself goes to a dead proxy). The site is opened from disk (file://) and from a static file server,
and the web board's own tests run on both: the same page, only the answers come from elsewhere.

Needs the browser build (tools/wasm-build.sh); skipped, saying so, without it, and failed instead when `CI`
is set. Run by `cargo test` with the web board's tests:
  KOMA_BIN=target/release/koma target/ci-venv/bin/python -m pytest tools/web/test_site.py -q -s
"""

import functools
import http.server
import os
import pathlib
import shutil
import subprocess
import threading

import pytest
from selenium.webdriver.common.by import By

import chromium

from test_web import (KOMA, LAPTOP, PHONE, ROOT, SHOTS, open_game, viewport, wait,
                      test_a_drop_from_hand_and_a_promotion_choice,
                      test_editing_the_source_shows_diagnostics_and_reloads_the_rules,
                      test_explain_says_why_a_move_is_illegal,
                      test_moves_by_clicking_with_destinations_and_the_last_move_lit,
                      test_the_computer_answers_a_move)

PKG = pathlib.Path(os.environ.get("KOMA_WASM_PKG", ROOT / "target" / "wasm-pkg"))
# A game in a file that extends another file beside it (made by the `folder` fixture): the site carries both.
EXTENDING = "child.game"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    if not (PKG / "koma_wasm_bg.wasm").exists():
        message = f"the static site needs the browser build in {PKG}: run tools/wasm-build.sh"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    site = tmp_path_factory.mktemp("site") / "site"
    files = tmp_path_factory.mktemp("games")
    shutil.copy(ROOT / "examples" / "checkshogi.game", files / "base.game")
    (files / EXTENDING).write_text('game "Check Shogi, again" extends "base.game"\n')
    games = ["minishogi", "shogi", "chushogi", str(files / EXTENDING)]
    out = subprocess.run([KOMA, "site", str(site), *games], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    assert "4 game(s)" in out.stdout, out.stdout
    return site


@pytest.fixture(scope="module", params=["file", "http"])
def server(request, folder):
    if request.param == "file":
        yield folder.as_uri() + "/index.html"
        return
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(scope="module")
def browser():
    # No network: names resolve to nothing, and whatever is not this machine (loopback bypasses a proxy) goes to
    # a dead proxy.
    driver = chromium.start(["--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
                             "--proxy-server=http://127.0.0.1:9"])
    yield driver
    driver.quit()


def test_nothing_is_fetched_from_elsewhere(browser, server):
    open_game(browser, server, "minishogi")
    urls = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    origin = server.rsplit("/", 1)[0]
    # (A page opened from disk lists no resource timings; one from the server lists its scripts.)
    assert all(u.startswith(origin) or u.startswith("blob:") for u in urls), urls
    assert urls or server.startswith("file:"), urls
    # The network is really off: a request elsewhere fails.
    failed = browser.execute_async_script(
        "const done = arguments[0]; fetch('http://example.com/').then(() => done(false), () => done(true));")
    assert failed


def test_a_game_that_extends_a_file_beside_it_is_on_the_site(browser, server):
    open_game(browser, server, EXTENDING)
    assert browser.execute_script("return window.koma.state().moves.length") > 0


def test_the_javascript_api_loads_checks_plays_and_searches_with_stop(browser, server):
    open_game(browser, server, "minishogi")
    answer = browser.execute_async_script("""
        const done = arguments[0];
        (async () => {
          const koma = new Koma();
          const game = await koma.load("minishogi");
          const moves = await game.legalMoves("startpos", []);
          const after = await game.play("startpos", ["5e4d"]);
          const explained = await game.explain("startpos", [], "5e5c");
          const perft = await game.perft("startpos", 3);
          let error = null;
          try { await koma.load('game "broken"\\nboard 5x5\\npiece Rock R moves "Q"\\n'); }
          catch (e) { error = { message: e.message, codes: (e.diagnostics || []).map(d => d.code) }; }
          const search = game.search("startpos", [], { movetime: 5000 });
          await new Promise((r) => setTimeout(r, 400));
          const t = performance.now();
          search.stop();
          const found = await search.result;
          const stopped = performance.now() - t;
          const quick = await game.search("startpos", [], { depth: 3 }).result;
          const formatted = await koma.format('game "x"   extends "minishogi"\\n');
          koma.terminate();
          return { name: game.name, moves: moves.length, after, explained, perft, error, found, stopped, quick, formatted };
        })().then(done, (e) => done({ failed: String(e) }));
    """)
    assert "failed" not in answer, answer
    assert answer["name"] == "Mini Shogi" and answer["moves"] == 14, answer
    assert answer["after"].endswith(" w - 2"), answer["after"]
    assert "5e5c is illegal" in answer["explained"], answer["explained"]
    assert answer["perft"] == 2512, answer
    assert answer["error"] and answer["error"]["codes"], answer["error"]
    assert answer["found"]["best"] and answer["found"]["depth"] >= 1, answer["found"]
    assert answer["stopped"] < 1000, answer
    assert answer["quick"]["depth"] == 3 and answer["quick"]["best"], answer["quick"]
    assert answer["formatted"] == 'game "x" extends "minishogi"\n', answer["formatted"]


def test_the_rules_card_is_drawn(browser, server):
    open_game(browser, server, "minishogi")
    browser.find_element(By.CSS_SELECTOR, 'nav button[data-tab="card"]').click()
    wait(browser, lambda b: "Pawn" in (b.find_element(By.ID, "card").get_attribute("srcdoc") or ""))


def test_a_screenshot_of_the_site_at_laptop_and_phone_sizes(browser, server):
    open_game(browser, server, "chushogi")
    SHOTS.mkdir(parents=True, exist_ok=True)
    kind = "file" if server.startswith("file:") else "http"
    for name, size in [("laptop", LAPTOP), ("phone", PHONE)]:
        viewport(browser, size)
        browser.save_screenshot(str(SHOTS / f"site-{kind}-{name}.png"))
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
