#!/usr/bin/env python3
"""How long the web board and the language server take to answer, as a user meets them.

Starts `koma serve` on one game and times the page's requests (`/api/position` after 40 moves, `/api/explain`
of a move there); starts `koma lsp` and times an edit (didChange until its diagnostics arrive) and a hover on a
piece. Prints the median and the 90th percentile of each, in milliseconds.

    python3 tools/latency.py [--koma target/release/koma] [--game examples/chushogi.game] [--rounds 50]

Only the Python standard library is needed.
"""

import argparse
import json
import re
import statistics
import subprocess
import time
import urllib.request


def percentiles(samples):
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[int(0.9 * (len(ordered) - 1))]


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as answer:
        return json.loads(answer.read())


def web(koma, game, rounds):
    process = subprocess.Popen([koma, "serve", "--port", "0", game], stdout=subprocess.PIPE, text=True)
    try:
        base = re.search(r"http://[\d.:]+/", process.stdout.readline()).group(0).rstrip("/")
        # A game 40 moves long, each move the first legal one the page is offered.
        moves = []
        for _ in range(40):
            state = post(base, "/api/position", {"game": 0, "moves": moves})
            if not state["moves"]:
                break
            moves.append(state["moves"][len(moves) % len(state["moves"])]["usi"])
        explain = moves.pop()
        times = {"position": [], "explain": []}
        for _ in range(rounds):
            started = time.perf_counter()
            post(base, "/api/position", {"game": 0, "moves": moves})
            times["position"].append(time.perf_counter() - started)
            started = time.perf_counter()
            answer = post(base, "/api/explain", {"game": 0, "moves": moves, "explain": explain})
            times["explain"].append(time.perf_counter() - started)
        assert "legal" in answer["text"], answer
        return times
    finally:
        process.terminate()
        process.wait(timeout=10)


class Lsp:
    def __init__(self, koma):
        self.process = subprocess.Popen([koma, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.id = 0

    def send(self, message):
        body = json.dumps({"jsonrpc": "2.0", **message}).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def receive(self):
        length = 0
        while True:
            line = self.process.stdout.readline()
            if line in (b"\r\n", b""):
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.process.stdout.read(length))

    def request(self, method, params):
        self.id += 1
        self.send({"id": self.id, "method": method, "params": params})
        while True:
            message = self.receive()
            if message.get("id") == self.id:
                return message

    def until(self, method):
        while True:
            message = self.receive()
            if message.get("method") == method:
                return message


def lsp(koma, game, rounds):
    text = open(game, encoding="utf-8").read()
    server = Lsp(koma)
    try:
        server.request("initialize", {"capabilities": {}, "processId": None, "rootUri": None})
        server.send({"method": "initialized", "params": {}})
        uri = "untitled:latency.game"
        server.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "koma", "version": 1, "text": text}}})
        server.until("textDocument/publishDiagnostics")
        line, column = next((n, l.index("piece ") + 6) for n, l in enumerate(text.splitlines())
                            if l.lstrip().startswith("piece "))
        times = {"edit": [], "hover": []}
        for version in range(2, rounds + 2):
            edited = text + f"\n// edit {version}\n"
            started = time.perf_counter()
            server.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": edited}]}})
            server.until("textDocument/publishDiagnostics")
            times["edit"].append(time.perf_counter() - started)
            started = time.perf_counter()
            answer = server.request("textDocument/hover", {"textDocument": {"uri": uri},
                                                           "position": {"line": line, "character": column}})
            times["hover"].append(time.perf_counter() - started)
            assert answer.get("result"), answer
        server.request("shutdown", None)
        server.send({"method": "exit"})
        return times
    finally:
        server.process.kill()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--koma", default="target/release/koma")
    parser.add_argument("--game", default="examples/chushogi.game", help="a .game file")
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    for front, times in [("web", web(args.koma, args.game, args.rounds)),
                         ("lsp", lsp(args.koma, args.game, args.rounds))]:
        for what, samples in times.items():
            median, p90 = percentiles(samples)
            print(f"{front} {what}: median {median * 1e3:.2f} ms, 90th percentile {p90 * 1e3:.2f} ms "
                  f"({len(samples)} rounds)")


if __name__ == "__main__":
    main()
