"""`koma serve` in real headless Chromium, driven by Selenium: moves by clicking, drops, promotion, undo and
redo, SFEN, explain, editing the source with diagnostics as you type, the computer, SVG and PNG export, and a
screenshot of every shipped game's board (in target/web-screenshots/).

Run by `cargo test` (crates/koma/tests/web_browser.rs) in the virtual environment that `.ci/run` makes:
  KOMA_BIN=target/release/koma target/ci-venv/bin/python -m pytest tools/web -q -s
"""

import os
import pathlib
import re
import subprocess
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.support.ui import WebDriverWait

import chromium

ROOT = pathlib.Path(__file__).resolve().parents[2]
KOMA = os.environ.get("KOMA_BIN", str(ROOT / "target" / "release" / "koma"))
SHOTS = ROOT / "target" / "web-screenshots"
LARGE = ROOT / "crates" / "koma-games" / "tests" / "games" / "shogi-16x16.game"


@pytest.fixture(scope="module")
def server():
    # Every embedded game, and a 16x16 board (a test game of the VM's) for the layout of the largest boards.
    names = [line.split()[0] for line in subprocess.run([KOMA, "games"], capture_output=True, text=True,
                                                          check=True).stdout.splitlines() if line.strip()]
    process = subprocess.Popen([KOMA, "serve", "--port", "0", *names, str(LARGE)], stdout=subprocess.PIPE,
                               text=True, cwd=ROOT)
    line = process.stdout.readline()
    match = re.search(r"http://[\d.:]+/", line)
    assert match, line
    yield match.group(0)
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    driver = chromium.start()
    yield driver
    driver.quit()


def wait(browser, condition, timeout=10):
    # The board and the lists are redrawn after each answer: an element found just before is then stale.
    return WebDriverWait(browser, timeout, ignored_exceptions=[StaleElementReferenceException]).until(
        lambda b: condition(b))


def open_game(browser, server, given):
    browser.get(server)
    wait(browser, lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
    select = browser.find_element(By.ID, "game")
    option = next(o for o in select.find_elements(By.TAG_NAME, "option") if o.text.endswith(f"({given})"))
    value, title = option.get_attribute("value"), option.text[:option.text.rindex(" (")]
    if select.get_attribute("value") != value:
        browser.execute_script(
            "const s = document.getElementById('game'); s.value = arguments[0];"
            "s.dispatchEvent(new Event('change'));", value)
        wait(browser, lambda b: b.execute_script("return window.koma.moves().length === 0"))
    # (The state of the game chosen, not the one before it: a large game's state takes a moment to arrive.)
    wait(browser, lambda b: b.execute_script(
        "const s = window.koma.state(); return s && document.getElementById('game').value === arguments[0]"
        " && s.title === arguments[1]", value, title))
    time.sleep(0.2)


def fill(browser, name):
    """A square's colour, read in one step: the board may be redrawn between finding an element and reading it."""
    return browser.execute_script(
        "return document.querySelector(`rect[data-square=\"${arguments[0]}\"]`).getAttribute('fill')", name)


def offset(browser, name):
    """Where a square's centre is, from the board's centre (the board element stays; its squares are redrawn)."""
    return browser.execute_script("""
        const b = document.getElementById('board').getBoundingClientRect();
        const r = document.querySelector(`rect[data-square="${arguments[0]}"]`).getBoundingClientRect();
        return [Math.round(r.x + r.width / 2 - (b.x + b.width / 2)), Math.round(r.y + r.height / 2 - (b.y + b.height / 2))];
    """, name)


def click(browser, name):
    # The whole board in view first, as a player would scroll it: Selenium aims from the centre of the part in
    # view, and a field below the board (SFEN) scrolls the page when it takes the keyboard.
    browser.execute_script("document.getElementById('board').scrollIntoView({block: 'nearest'})")
    board = browser.find_element(By.ID, "board")
    ActionChains(browser).move_to_element_with_offset(board, *offset(browser, name)).click().perform()


def drag(browser, source, target, button=0):
    board = browser.find_element(By.ID, "board")
    a, b = offset(browser, source), offset(browser, target)
    ActionChains(browser).move_to_element_with_offset(board, *a).click_and_hold() \
        .move_to_element_with_offset(board, *b).release().perform()


def history(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#history li:not(.undone)')].map(li => li.textContent)")


def load_sfen(browser, sfen):
    field = browser.find_element(By.ID, "sfen")
    field.clear()
    field.send_keys(sfen)
    browser.find_element(By.ID, "load-sfen").click()
    wait(browser, lambda b: b.execute_script("return window.koma.state().sfen") == sfen)


def test_moves_by_clicking_with_destinations_and_the_last_move_lit(browser, server):
    open_game(browser, server, "minishogi")
    click(browser, "5d")
    dests = browser.find_elements(By.CSS_SELECTOR, "circle.dest")
    assert [d.get_attribute("data-square") for d in dests] == ["5c"]
    click(browser, "5c")
    wait(browser, lambda b: history(b) == ["5d5c"])
    assert fill(browser, "5c") == "#cfe08a"
    assert fill(browser, "5d") == "#cfe08a"
    assert "second player" in browser.find_element(By.ID, "status").text
    # Drag and drop: the second player's pawn 1b to 1c.
    drag(browser, "1b", "1c")
    wait(browser, lambda b: history(b) == ["5d5c", "1b1c"])
    timings = browser.execute_script("return window.komaTimings.move")
    print(f"click to redrawn board: {', '.join(f'{t:.0f}' for t in timings)} ms")

    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda b: history(b) == ["5d5c"])
    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda b: history(b) == [])
    browser.find_element(By.ID, "redo").click()
    wait(browser, lambda b: history(b) == ["5d5c"])
    browser.find_element(By.ID, "redo").click()
    wait(browser, lambda b: history(b) == ["5d5c", "1b1c"])


def set_notation(browser, value):
    browser.execute_script(
        "const s = document.getElementById('notation'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'));", value)


def set_pieces(browser, value):
    browser.execute_script(
        "const s = document.getElementById('pieces'); s.value = arguments[0];"
        "s.dispatchEvent(new Event('change'));", value)


def piece_texts(browser):
    return browser.execute_script(
        "return [...document.querySelectorAll('#board g.piece text')].map(t => t.textContent)")


def test_pieces_drawn_by_their_kanji_or_by_their_letters(browser, server):
    open_game(browser, server, "daishogi")
    assert browser.find_element(By.ID, "pieces-choice").is_displayed()
    # The Lion's two kanji stand one above the other: two texts, 獅 and 子.
    assert "獅" in piece_texts(browser) and "L!" not in piece_texts(browser)
    try:
        set_pieces(browser, "letters")
        wait(browser, lambda b: "L!" in piece_texts(b) and "C'" in piece_texts(b) and "獅" not in piece_texts(b))
        # The choice is kept for the next visit.
        browser.refresh()
        wait(browser, lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
        open_game(browser, server, "daishogi")
        assert browser.find_element(By.ID, "pieces").get_attribute("value") == "letters"
        assert "L!" in piece_texts(browser)
    finally:
        set_pieces(browser, "kanji")
    wait(browser, lambda b: "獅" in piece_texts(b))
    # A game whose pieces have no kanji offers no choice.
    open_game(browser, server, "chennis")
    assert not browser.find_element(By.ID, "pieces-choice").is_displayed()


def test_the_move_list_in_each_notation(browser, server):
    open_game(browser, server, "minishogi")
    click(browser, "5d")
    click(browser, "5c")
    wait(browser, lambda b: history(b) == ["5d5c"])
    drag(browser, "1b", "1c")
    wait(browser, lambda b: history(b) == ["5d5c", "1b1c"])
    try:
        set_notation(browser, "japanese")
        wait(browser, lambda b: history(b) == ["▲５三歩", "△１三歩"])
        set_notation(browser, "western")
        wait(browser, lambda b: history(b) == ["P-5c", "P-1c"])
        set_notation(browser, "generic")
        wait(browser, lambda b: history(b) == ["Pawn 5c", "Pawn 1c"])
        # The choice is kept for the next visit; a move taken back is shown in USI.
        browser.find_element(By.ID, "undo").click()
        wait(browser, lambda b: history(b) == ["Pawn 5c"])
        assert browser.execute_script(
            "return document.querySelector('#history li.undone').textContent") == "1b1c"
        browser.refresh()
        wait(browser, lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
        assert browser.find_element(By.ID, "notation").get_attribute("value") == "generic"
    finally:
        set_notation(browser, "usi")


def test_a_record_saved_and_loaded_back(browser, server):
    open_game(browser, server, "shogi")
    for a, b in [("7g", "7f"), ("3c", "3d"), ("8h", "2b")]:
        click(browser, a)
        click(browser, b)
        if browser.find_element(By.ID, "choice").is_displayed():
            browser.find_element(By.CSS_SELECTOR, '#choice button[data-usi="8h2b+"]').click()
    wait(browser, lambda b: history(b) == ["7g7f", "3c3d", "8h2b+"])
    kif = browser.execute_async_script(
        "const done = arguments[0]; window.koma.recordText('kif').then(done, (e) => done(String(e)));")
    assert kif["extension"] == "kifu" and "２二角成" in kif["text"], kif
    usi = browser.execute_async_script(
        "const done = arguments[0]; window.koma.recordText('usi').then(done, (e) => done(String(e)));")
    assert usi["text"].strip() == "position startpos moves 7g7f 3c3d 8h2b+", usi
    # The KIF pasted into the page after taking every move back plays the game again.
    browser.find_element(By.ID, "reset").click()
    wait(browser, lambda b: history(b) == [])
    area = browser.find_element(By.ID, "record-text")
    browser.execute_script("arguments[0].value = arguments[1];", area, kif["text"])
    browser.find_element(By.ID, "record-load").click()
    wait(browser, lambda b: history(b) == ["7g7f", "3c3d", "8h2b+"])
    assert "record loaded: 3 moves" in browser.find_element(By.ID, "message").text
    # A record with an illegal move changes nothing and says which line.
    browser.execute_script("arguments[0].value = 'position startpos moves 7g7f 7g7f';", area)
    browser.find_element(By.ID, "record-load").click()
    wait(browser, lambda b: "usi record" in b.find_element(By.ID, "message").text)
    assert history(browser) == ["7g7f", "3c3d", "8h2b+"]


def test_a_drop_from_hand_and_a_promotion_choice(browser, server):
    open_game(browser, server, "minishogi")
    load_sfen(browser, "4k/2S2/5/5/K4 b P 1")
    browser.find_element(By.CSS_SELECTOR, '#hand-bottom button[data-tile="P"]').click()
    wait(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "circle.dest")) > 0)
    click(browser, "2c")
    wait(browser, lambda b: history(b) == ["P*2c"])
    browser.find_element(By.ID, "undo").click()
    wait(browser, lambda b: history(b) == [])
    click(browser, "3b")
    click(browser, "3a")
    choice = wait(browser, lambda b: b.find_element(By.ID, "choice").is_displayed()
                  and b.find_element(By.ID, "choice"))
    buttons = {b.get_attribute("data-usi"): b for b in choice.find_elements(By.TAG_NAME, "button")
               if b.get_attribute("data-usi")}
    assert set(buttons) == {"3b3a", "3b3a+"}
    buttons["3b3a+"].click()
    wait(browser, lambda b: history(b) == ["3b3a+"])
    assert browser.execute_script("return window.koma.state().sfen").startswith("2+S1k/")


def test_explain_says_why_a_move_is_illegal(browser, server):
    open_game(browser, server, "minishogi")
    click(browser, "5d")
    click(browser, "5b")
    explanation = wait(browser, lambda b: b.find_element(By.ID, "explanation").text)
    assert "5d5b is illegal" in explanation, explanation
    assert history(browser) == []
    # The line it quotes, shown in the source.
    show = browser.find_element(By.CSS_SELECTOR, "#explanation button.quote")
    assert show.text == "show line 16 in the source", show.text
    show.click()
    selected = browser.execute_script(
        "const a = document.getElementById('source'); return a.value.slice(a.selectionStart, a.selectionEnd);")
    assert selected.startswith("piece Pawn"), selected
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.execute_script("document.getElementById('source').scrollIntoView()")
    browser.save_screenshot(str(SHOTS / "explain.png"))


def test_editing_the_source_shows_diagnostics_and_reloads_the_rules(browser, server):
    open_game(browser, server, "minishogi")
    click(browser, "5d")
    click(browser, "5c")
    wait(browser, lambda b: history(b) == ["5d5c"])
    area = browser.find_element(By.ID, "source")
    text = area.get_attribute("value")
    area.click()
    area.send_keys(Keys.CONTROL, Keys.END)
    area.send_keys("\nvalue Rock 3")
    wait(browser, lambda b: any(li.get_attribute("data-code") == "koma::unknown-piece"
                                for li in b.find_elements(By.CSS_SELECTOR, "#diagnostics li")))
    item = browser.find_element(By.CSS_SELECTOR, '#diagnostics li[data-code="koma::unknown-piece"]')
    assert "line " in item.text and "did you mean `Rook`" in item.text, item.text
    # Fix it: a rule that changes the game, the Pawn moving like a Gold. The board keeps its move.
    browser.execute_script(
        "const a = document.getElementById('source'); a.value = arguments[0];"
        "a.dispatchEvent(new Event('input'));",
        text.replace('piece Pawn   P   moves "fW"', 'piece Pawn   P   moves "WfF"'))
    wait(browser, lambda b: b.find_element(By.CSS_SELECTOR, "#diagnostics li").get_attribute("class") == "ok")
    wait(browser, lambda b: b.execute_script(
        "return window.koma.state().moves.some(m => m.usi === '5c4c')") is False)
    checks = browser.execute_script("return window.komaTimings.check")
    print(f"keystroke to diagnostics on the page: {', '.join(f'{t:.0f}' for t in checks)} ms")
    assert history(browser) == ["5d5c"]


def test_the_computer_answers_a_move(browser, server):
    open_game(browser, server, "minishogi")
    browser.execute_script("document.getElementById('movetime').value = 100")
    select = browser.find_element(By.ID, "computer")
    select.find_element(By.CSS_SELECTOR, 'option[value="1"]').click()
    click(browser, "5d")
    click(browser, "5c")
    wait(browser, lambda b: len(history(b)) == 2, timeout=20)
    select.find_element(By.CSS_SELECTOR, 'option[value="off"]').click()


def test_export_svg_and_png_with_marks_and_arrows(browser, server):
    open_game(browser, server, "minishogi")
    board = browser.find_element(By.ID, "board")
    ActionChains(browser).move_to_element_with_offset(board, *offset(browser, "3c")).context_click().perform()
    # A mark on 2e, then taken away again.
    for _ in range(2):
        ActionChains(browser).move_to_element_with_offset(board, *offset(browser, "2e")).context_click().perform()
    # A right-drag draws an arrow (Selenium's actions have no right-button drag: the events are sent as the
    # browser would send them).
    browser.execute_script("""
        const svg = document.getElementById('board');
        const at = (name) => { const r = document.querySelector(`rect[data-square="${name}"]`).getBoundingClientRect();
                               return {clientX: r.x + r.width / 2, clientY: r.y + r.height / 2}; };
        svg.dispatchEvent(new PointerEvent('pointerdown', Object.assign({button: 2, bubbles: true}, at('2e'))));
        svg.dispatchEvent(new PointerEvent('pointerup', Object.assign({button: 2, bubbles: true}, at('2b'))));
    """)
    svg = browser.execute_script("return window.koma.exportSvg()")
    assert svg.startswith("<?xml") and "<svg" in svg
    assert svg.count('class="mark"') == 1 and svg.count('class="arrow"') == 1, svg[:400]
    (SHOTS).mkdir(parents=True, exist_ok=True)
    (SHOTS / "export.svg").write_text(svg)
    size = browser.execute_async_script(
        "const done = arguments[0]; window.koma.exportPng().then(b => done(b.size), e => done(String(e)))")
    assert isinstance(size, int) and size > 2000, size


def test_every_shipped_game_is_drawn(browser, server):
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.get(server)
    wait(browser, lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
    options = [o.text for o in browser.find_elements(By.CSS_SELECTOR, "#game option")]
    assert len(options) >= 15, options
    for option in options:
        given = option[option.rindex("(") + 1:-1]
        open_game(browser, server, given)
        state = browser.execute_script("return window.koma.state()")
        squares = browser.find_elements(By.CSS_SELECTOR, "rect[data-square]")
        assert len(squares) == state["files"] * state["ranks"], given
        pieces = browser.find_elements(By.CSS_SELECTOR, "g.piece")
        on_board = sum(1 for row in state["board"] for p in row if p)
        assert len(pieces) == on_board, given
        browser.save_screenshot(str(SHOTS / f"{given}.png"))


LAPTOP = (1366, 625)  # a 1366x768 laptop's viewport under the browser's bars
PHONE = (390, 844)


def viewport(browser, size):
    width, height = size
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def boxes(browser):
    """The boxes of the board, both hands and the status line, and the page's width and the window's size."""
    return browser.execute_script("""
        const box = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                              return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
        const coordinates = [...document.querySelectorAll('#board text.coordinate')]
            .map((t) => t.getBoundingClientRect().height);
        return {board: box('board'), top: box('hand-top'), bottom: box('hand-bottom'), status: box('status'),
                scroll: document.documentElement.scrollWidth, width: innerWidth, height: innerHeight,
                coordinate: Math.min(...coordinates)};
    """)


@pytest.mark.parametrize("game", ["minishogi", "shogi", "chushogi", "shogi-16x16.game"])
def test_the_board_both_hands_and_the_status_fit_a_laptop_and_a_phone(browser, server, game):
    try:
        viewport(browser, LAPTOP)
        open_game(browser, server, game)
        b = boxes(browser)
        print(f"{game} at {LAPTOP}: board {b['board']['right'] - b['board']['left']:.0f}x"
              f"{b['board']['bottom'] - b['board']['top']:.0f}, status bottom {b['status']['bottom']:.0f}, "
              f"coordinates {b['coordinate']:.1f} px high")
        assert b["top"]["top"] >= 0, b
        # The coordinates stay readable when a large board is scaled down to the window.
        assert b["coordinate"] >= 9, b
        for part in ["board", "bottom", "status"]:
            assert b[part]["bottom"] <= b["height"], (part, b)
        browser.save_screenshot(str(SHOTS / f"laptop-{game}.png"))
        viewport(browser, PHONE)
        time.sleep(0.3)
        b = boxes(browser)
        print(f"{game} at {PHONE}: page {b['scroll']} wide, board right {b['board']['right']:.0f}, "
              f"coordinates {b['coordinate']:.1f} px high")
        assert b["scroll"] <= b["width"], b
        assert b["board"]["right"] <= b["width"], b
        assert b["coordinate"] >= 9, b
        browser.save_screenshot(str(SHOTS / f"phone-{game}.png"))
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def test_a_lions_path_choices_stay_on_screen(browser, server):
    try:
        viewport(browser, LAPTOP)
        open_game(browser, server, "chushogi")
        # A lone lion in the middle: a square next to it is reached directly, through several squares, and
        # (for a capture-free step) in more ways than fit in one row.
        time.sleep(0.5)  # the large board's first answers redraw the page, and with it the SFEN field
        load_sfen(browser, "10gk/11p/12/12/12/5N6/12/12/12/12/P11/KG10 b - 1")
        browser.execute_script("window.scrollTo(0, 0)")  # typing the SFEN scrolled the page
        click(browser, "7f")
        wait(browser, lambda b: len(b.find_elements(By.CSS_SELECTOR, "circle.dest")) > 0)
        click(browser, "6f")
        choice = wait(browser, lambda b: b.find_element(By.ID, "choice").is_displayed()
                      and b.find_element(By.ID, "choice"))
        buttons = choice.find_elements(By.TAG_NAME, "button")
        assert len(buttons) >= 4, [b.text for b in buttons]
        width, height = browser.execute_script("return [innerWidth, innerHeight]")
        for button in buttons:
            r = button.rect
            assert r["x"] >= 0 and r["x"] + r["width"] <= width, (button.text, r)
            assert r["y"] >= 0 and r["y"] + r["height"] <= height, (button.text, r)
        # The paths are drawn on the board too: a ring on each middle square, and the list leaves them free.
        vias = browser.execute_script(
            "return [...document.querySelectorAll('circle.via')].map(c => c.dataset.square).sort()")
        assert vias == ["6e", "6g", "7e", "7g"], vias
        browser.save_screenshot(str(SHOTS / "laptop-lion-choices.png"))
        click(browser, "7e")
        wait(browser, lambda b: history(b) == ["7f7e6f"])
        assert not browser.find_element(By.ID, "choice").is_displayed()
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
