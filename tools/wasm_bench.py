#!/usr/bin/env python3
"""The browser build measured: perft leaves/s in headless Chromium (koma compiled to WebAssembly, in the worker of
koma.js) against the native binary on the same positions; the static site's size, raw and gzipped; and how soon
the computer's first move comes after the page starts loading (mini shogi, the page opened from disk).

    tools/wasm-build.sh && cargo build --release
    target/ci-venv/bin/python tools/wasm_bench.py --game minishogi --depth 5 --game shogi --depth 4
"""
import argparse
import gzip
import pathlib
import subprocess
import sys
import tempfile
import time

from selenium.webdriver.support.ui import WebDriverWait

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools" / "web"))
import chromium  # noqa: E402  (tools/web/chromium.py: the browser as the tests start it)


def native_perft(koma, game, depth, runs):
    best = None
    for _ in range(runs):
        t = time.perf_counter()
        out = subprocess.run([koma, "perft", game, str(depth), "--threads", "1"], capture_output=True, text=True,
                             check=True).stdout
        elapsed = time.perf_counter() - t
        leaves = int(out.split()[-1].replace(",", "")) if out.split()[-1].replace(",", "").isdigit() else None
        best = elapsed if best is None else min(best, elapsed)
    return leaves, best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--koma", default=str(ROOT / "target" / "release" / "koma"))
    parser.add_argument("--game", action="append", required=True)
    parser.add_argument("--depth", action="append", type=int, required=True)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        subprocess.run([args.koma, "site", str(site), "minishogi", *args.game], check=True, capture_output=True)
        raw = sum(f.stat().st_size for f in site.iterdir())
        packed = sum(len(gzip.compress(f.read_bytes(), 9)) for f in site.iterdir())
        print(f"site: {len(list(site.iterdir()))} files, {raw / 1e6:.2f} MB, {packed / 1e6:.2f} MB gzipped")
        driver = chromium.start()
        try:
            url = (site / "index.html").as_uri()
            driver.get(url)
            WebDriverWait(driver, 30).until(
                lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
            ready = driver.execute_script("return performance.now()")
            print(f"page: the board drawn {ready:.0f} ms after the page started loading")
            # The computer plays the first move at once: the page loaded afresh, 100 ms of thinking.
            driver.get(url)
            WebDriverWait(driver, 30).until(
                lambda b: b.execute_script("return window.koma && window.koma.state() !== null"))
            driver.execute_script(
                "document.getElementById('movetime').value = 100;"
                "const s = document.getElementById('computer'); s.value = '0'; s.dispatchEvent(new Event('change'));")
            WebDriverWait(driver, 30).until(lambda b: b.execute_script("return window.koma.moves().length") >= 1)
            moved = driver.execute_script("return performance.now()")
            print(f"computer: first move on the board {moved:.0f} ms after the page started loading (100 ms search)")
            for game, depth in zip(args.game, args.depth):
                leaves, native = native_perft(args.koma, game, depth, args.runs)
                timings = driver.execute_async_script("""
                    const [game, depth, runs, done] = arguments;
                    (async () => {
                      const koma = new Koma();
                      const g = await koma.load(game);
                      const out = [];
                      for (let i = 0; i < runs; i++) {
                        const t = performance.now();
                        const n = await g.perft("startpos", depth);
                        out.push([n, performance.now() - t]);
                      }
                      koma.terminate();
                      return out;
                    })().then(done, (e) => done(String(e)));
                """, game, depth, args.runs)
                assert not isinstance(timings, str), timings
                n = int(timings[0][0])
                assert leaves is None or n == leaves, (n, leaves)
                wasm = min(t for _, t in timings) / 1000
                print(f"{game} perft {depth}: {n} leaves; native {n / native / 1e6:.1f} M/s ({native * 1000:.0f} ms), "
                      f"wasm in Chromium {n / wasm / 1e6:.1f} M/s ({wasm * 1000:.0f} ms): {native / wasm:.2f}x native")
        finally:
            driver.quit()


if __name__ == "__main__":
    main()
