#!/usr/bin/env python3
"""The playground in a real browser: headless Chromium drives the built page, served by a local
HTTP server, and every answer is compared with the CLI's.

  1. a deterministic sample of the built-in corpus (every file of conformance/vectors/**.json, then
     evenly spaced cases, at least --sample of them) answered by the page's engine, line for line
     equal to `catlayout conformance serve`'s answers (refusals included);
  2. the op pane: an answer and a refusal shown as the CLI prints them (README's compose and
     complement --strict), and a layout that does not parse refused in the grid pane;
  3. the README's fragment check (`catlayout gpu check ...`): the page's text is the CLI's, and equal;
  4. the README's `catlayout show` example: the grid text is the CLI's, and the SVG picture's cells
     (position, label, tile) are the CLI grid's cells: compared by structure, not by pixels (the
     screenshot is saved next to the site for people to look at).

Chromium is driven over the DevTools protocol on a pipe (--remote-debugging-pipe: NUL-terminated
JSON messages on fds 3 and 4), so nothing but Python's standard library is needed.

usage: browser_test.py --cli CATLAYOUT [--out DIR] [--sample N] [--chromium PATH] [--no-build]
exit: 0 pass, 1 a difference (listed), 77 SKIP (no Chromium, or the wasm toolchain cannot be had)
"""
import argparse
import functools
import glob
import http.server
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import base64
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SKIP = 77


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(SKIP)


# ------------------------------------------------------------------------------------------------
# Chromium over the DevTools protocol on a pipe

class Browser:
    def __init__(self, chromium, profile):
        to_child_r, self._w = os.pipe()
        self._r, from_child_w = os.pipe()
        # fd 3: what the browser reads; fd 4: what it writes.
        def wire_fds():  # runs in the child before it closes every fd but pass_fds
            r, w = os.dup(to_child_r), os.dup(from_child_w)  # out of the way of 3 and 4 first
            os.dup2(r, 3)
            os.dup2(w, 4)
        args = [chromium, "--headless=new", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
                "--no-first-run", "--no-default-browser-check", "--disable-extensions",
                f"--user-data-dir={profile}", "--window-size=1400,1000", "about:blank"]
        self.proc = subprocess.Popen(args, pass_fds=(3, 4), preexec_fn=wire_fds,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_child_r)
        os.close(from_child_w)
        self._buf = b""
        self._id = 0
        self.session = None

    def _read_message(self, deadline):
        while b"\0" not in self._buf:
            if time.time() > deadline:
                raise TimeoutError("no answer from Chromium")
            chunk = os.read(self._r, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self._buf += chunk
        msg, self._buf = self._buf.split(b"\0", 1)
        return json.loads(msg)

    def send(self, method, params=None, session=True, timeout=120):
        self._id += 1
        msg = {"id": self._id, "method": method, "params": params or {}}
        if session and self.session:
            msg["sessionId"] = self.session
        os.write(self._w, json.dumps(msg).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True},
                                 session=False)["sessionId"]
        self.send("Page.enable")
        self.send("Runtime.enable")
        self.send("Page.navigate", {"url": url})

    def eval(self, expression, timeout=120):
        r = self.send("Runtime.evaluate", {"expression": expression, "awaitPromise": True,
                                           "returnByValue": True}, timeout=timeout)
        if "exceptionDetails" in r:
            raise RuntimeError(f"page: {r['exceptionDetails'].get('exception', {}).get('description', r)}")
        return r["result"].get("value")

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=10)
        except Exception:
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm"}

    def log_message(self, *args):
        pass


def serve(site):
    handler = functools.partial(QuietHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd


# ------------------------------------------------------------------------------------------------
# The CLI's answers

def cli(cmd, *args):
    p = subprocess.run([cmd, *args], capture_output=True, text=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def corpus_sample(n):
    """Case lines of docs/adapter-protocol.md: every vectors file's first case, then evenly spaced
    cases of the whole corpus in file order, n at least."""
    cases = []
    for path in sorted(glob.glob(str(REPO / "conformance/vectors/**/*.json"), recursive=True)):
        data = json.loads(Path(path).read_text())
        if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
            continue  # the gpu run's reports: no cases
        rel = os.path.relpath(path, REPO / "conformance/vectors")
        for i, c in enumerate(data["cases"]):
            if isinstance(c, dict) and "op" in c and "args" in c:
                cases.append((rel, i, c))
    firsts = {}
    for rel, i, c in cases:
        firsts.setdefault(rel, (rel, i, c))
    step = max(1, len(cases) // n)
    chosen = {(rel, i): c for rel, i, c in list(firsts.values()) + cases[::step]}
    return [json.dumps({"id": f"{rel}#{i}", "op": c["op"], "args": c["args"]}, separators=(",", ":"))
            for (rel, i), c in sorted(chosen.items())]


def serve_answers(catlayout, lines):
    p = subprocess.run([catlayout, "conformance", "serve"], input="\n".join(lines) + "\n", capture_output=True,
                       text=True, timeout=600)
    out = p.stdout.splitlines()
    if p.returncode != 0 or len(out) != len(lines) + 1:
        raise RuntimeError(f"conformance serve: exit {p.returncode}, {len(out)} lines for {len(lines)} cases: "
                           f"{p.stderr[-500:]}")
    return out[1:]  # after the handshake


def readme_command(pattern):
    """The first README command line `build/cli/catlayout ...` matching pattern, as argv words."""
    for line in (REPO / "README.md").read_text().splitlines():
        line = line.strip().lstrip("$").strip()
        if re.match(r"(build/cli/)?catlayout " + pattern, line):
            words = shlex.split(line.split("  #")[0], comments=False)
            return words[1:]
    raise RuntimeError(f"README.md has no `catlayout {pattern}` line")


def grid_cells(show_text):
    """The cells of `catlayout show`'s grids (the index grid, then the tile grid when --tile), each
    a list of rows of cell labels."""
    grids, rows = [], []
    for line in show_text.splitlines():
        m = re.match(r"^\s*\d+\s+\|(.*)\|\s*$", line)
        if m:
            rows.append([c.strip() for c in m.group(1).split("|")])
        elif rows and not line.strip().startswith("+"):
            grids.append(rows)
            rows = []
    if rows:
        grids.append(rows)
    return grids


# ------------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cli", required=True, help="the catlayout CLI whose answers are the reference")
    ap.add_argument("--out", default=str(REPO / "build-playground"), help="playground/build.sh's output")
    ap.add_argument("--sample", type=int, default=240, help="corpus cases to compare (at least)")
    ap.add_argument("--chromium", default=None)
    ap.add_argument("--no-build", action="store_true", help="use OUT/site as it is")
    a = ap.parse_args()

    chromium = a.chromium or next((shutil.which(c) for c in ("chromium", "chromium-browser", "google-chrome")
                                   if shutil.which(c)), None)
    if not chromium or not shutil.which(chromium):
        skip("no Chromium (Debian: apt-get install chromium)")
    out = Path(a.out)
    if not a.no_build:
        t0 = time.time()
        b = subprocess.run(["bash", str(REPO / "playground/build.sh"), str(out)])
        if b.returncode == SKIP:
            sys.exit(SKIP)
        if b.returncode != 0:
            print(f"FAIL: playground/build.sh exited {b.returncode}")
            return 1
        print(f"build: {time.time() - t0:.1f} s")
    site = out / "site"
    wasm = site / "catlayout.wasm"
    size = sum(f.stat().st_size for f in site.iterdir() if f.is_file())
    print(f"page: {size // 1024} KiB ({wasm.stat().st_size // 1024} KiB catlayout.wasm)")

    failures = []
    httpd = serve(site)
    base = f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    profile = tempfile.mkdtemp(prefix="catlayout-chromium-")
    browser = Browser(chromium, profile)
    try:
        t0 = time.time()
        browser.open(base)
        # The page's own start-up (navigation start to the first complete render), and ours.
        for _ in range(600):
            if browser.eval("typeof window.catlayoutPage === 'object' && !!window.catlayoutPage.ready"):
                break
            time.sleep(0.05)
        browser.eval("window.catlayoutPage.ready")
        startup = browser.eval("window.catlayoutPage.startupMs")
        print(f"start-up: {startup} ms in the page (navigation to the first render), "
              f"{(time.time() - t0) * 1000:.0f} ms seen by the test")

        # 1. the corpus sample
        lines = corpus_sample(a.sample)
        expected = serve_answers(a.cli, lines)
        t1 = time.time()
        got = browser.eval(f"{json.dumps(lines)}.map((line) => "
                           "window.catlayoutPage.engine.callText(JSON.stringify({do: 'case', line})))", timeout=600)
        page_ms = (time.time() - t1) * 1000
        refusals = 0
        for line, exp, g in zip(lines, expected, got):
            answer = json.loads(g)["answer"]
            refusals += '"error"' in exp
            if answer != exp:
                failures.append(f"corpus {json.loads(line)['id']}: page {answer[:300]} != CLI {exp[:300]}")
        files = len({json.loads(l)["id"].split("#")[0] for l in lines})
        print(f"corpus: {len(lines)} cases from {files} files ({refusals} refusals) answered in {page_ms:.0f} ms, "
              f"{len(lines) - sum(1 for f in failures if f.startswith('corpus'))} equal to `catlayout conformance serve`")
        if len(lines) < 200 or refusals == 0:
            failures.append(f"corpus sample: {len(lines)} cases, {refusals} refusals (want >= 200 and >= 1)")

        def view(state, element, settle="window.catlayoutPage.renders"):
            """The page at #state (a pasted link), then the text of an element."""
            before = browser.eval(settle)
            browser.eval(f"location.hash = {json.dumps(state)}")
            for _ in range(200):
                if browser.eval(settle) > before:
                    break
                time.sleep(0.05)
            return browser.eval(f"document.getElementById({json.dumps(element)}).textContent")

        def hash_of(**kv):
            return "#" + "&".join(f"{k}={urlquote(v)}" for k, v in kv.items())

        # 2. answers and refusals in the op pane, as the CLI prints them
        compose = readme_command(r"compose '\(_4")
        rc, so, se = cli(a.cli, *compose)
        shown = view(hash_of(op=compose[0], a0=compose[1], a1=compose[2]), "op-out")
        if shown != so.rstrip("\n"):
            failures.append(f"op pane: {compose}: page {shown!r} != CLI {so!r}")
        strict = readme_command("complement --strict")
        rc, so, se = cli(a.cli, *strict)
        args = [w for w in strict[1:] if not w.startswith("--")]
        shown = view(hash_of(op="complement", a0=args[0], a1=args[1], os="1"), "op-out")
        refused = browser.eval("document.getElementById('op-out').classList.contains('refused')")
        if rc == 0 or shown != se.rstrip("\n") or not refused:
            failures.append(f"refusal: {strict}: page {shown!r} (shown as refused: {refused}) != CLI {se!r}")
        else:
            print(f"refusal shown: {shown}")
        # the vector pane: a row without a command (the page's first view, Triton's SM80 accumulator to
        # CuTe, and a compose of it that is refused) as `catlayout conformance serve` answers the same case
        example = browser.eval("window.catlayoutPage.vectorExample")
        acc = json.loads(example["args"])[0]
        for op, args in ((example["op"], [acc]), ("triton.compose", [acc, acc])):
            want = json.loads(serve_answers(a.cli, [json.dumps({"id": "page", "op": op, "args": args})])[0])
            shown = view(hash_of(vo=op, va=json.dumps(args)), "vec-out")
            refused = browser.eval("document.getElementById('vec-out').classList.contains('refused')")
            if ("error" in want) != refused or shown != (want["error"] if refused else json.dumps(want["result"],
                                                                                                 separators=(",", ":"))):
                failures.append(f"vector pane: {op}: page {shown!r} (refused: {refused}) != serve {want!r}")
            else:
                print(f"vector pane {op}: {shown}")
        bad = "(4,8):(8,1"
        rc, so, se = cli(a.cli, "show", bad)
        shown = view(hash_of(l=bad), "grid-error")
        if rc == 0 or shown != se.rstrip("\n"):
            failures.append(f"grid refusal: page {shown!r} != CLI {se!r}")

        # 3. the README's fragment check
        check = readme_command("gpu check [a-z]")
        rc, so, se = cli(a.cli, *check)
        pos = check[2:]
        state = {"cl": pos[-1]}
        if len(pos) == 3:
            state.update(cn=pos[0], co=pos[1])
        shown = view(hash_of(**state), "check-out")
        equal = browser.eval("document.getElementById('check-out').dataset.equal")
        if shown != so.rstrip("\n") or (equal == "true") != (rc == 0):
            failures.append(f"gpu check: {check}: page {shown!r} (equal {equal}) != CLI {so!r} (exit {rc})")
        else:
            print(f"fragment check: {' '.join(shlex.quote(w) for w in check)} -> {so.splitlines()[0]}")

        # 4. the README's show example: the text, and the picture's structure
        show = [w for w in readme_command("show '") if w != "--color"]
        rc, so, se = cli(a.cli, *show)
        opts = dict(zip(show[2::2], show[3::2]))
        state = {"l": show[1]}
        if "--tile" in opts:
            state["t"] = opts["--tile"]
        if "--print" in opts:
            state["p"] = opts["--print"]
        shown = view(hash_of(**state), "grid-text")
        if shown != so:
            failures.append(f"show: {show}: page text differs from the CLI's:\n{shown}\n---\n{so}")
        cells = browser.eval("""Array.from(document.querySelectorAll('#grid-svg g.cell')).map((g) => ({
            row: +g.dataset.row, col: +g.dataset.col, tile: g.dataset.tile,
            label: g.querySelector('text').textContent,
            box: g.querySelector('rect').getBoundingClientRect().toJSON()}))""")
        grids = grid_cells(so)
        index = grids[0]
        svg_grid = {(c["row"], c["col"]): c for c in cells}
        want = {(r, c): v for r, row in enumerate(index) for c, v in enumerate(row)}
        problems = []
        if set(svg_grid) != set(want):
            problems.append(f"{len(svg_grid)} cells drawn, {len(want)} in the CLI's grid")
        for rc_, v in want.items():
            if rc_ in svg_grid and svg_grid[rc_]["label"] != v:
                problems.append(f"cell {rc_}: label {svg_grid[rc_]['label']!r}, CLI {v!r}")
        if len(grids) > 1:  # --tile: the tile of each cell
            for r, row in enumerate(grids[1]):
                for c, v in enumerate(row):
                    if (r, c) in svg_grid and svg_grid[(r, c)]["tile"] != v:
                        problems.append(f"cell {(r, c)}: tile {svg_grid[(r, c)]['tile']}, CLI {v}")
        # Drawn as a grid: a cell's box is right of its left neighbour's and below its upper one's.
        for (r, c), cell in svg_grid.items():
            left, up = svg_grid.get((r, c - 1)), svg_grid.get((r - 1, c))
            if (left and not left["box"]["x"] < cell["box"]["x"]) or (up and not up["box"]["y"] < cell["box"]["y"]):
                problems.append(f"cell {(r, c)} is not placed as a grid")
                break
        if problems:
            failures.append(f"grid picture of {show}: " + "; ".join(problems[:10]))
        else:
            print(f"grid picture: {len(svg_grid)} cells of {' '.join(shlex.quote(w) for w in show)} "
                  f"with the CLI's labels{' and tiles' if len(grids) > 1 else ''}")
        shot = browser.send("Page.captureScreenshot", {"format": "png"})
        (out / "grid-screenshot.png").write_bytes(base64.b64decode(shot["data"]))
    finally:
        browser.close()
        httpd.shutdown()
        shutil.rmtree(profile, ignore_errors=True)

    for f in failures:
        print(f"FAIL: {f}")
    print("browser test: " + ("FAILED" if failures else "passed"))
    return 1 if failures else 0


def urlquote(s):
    from urllib.parse import quote
    return quote(s, safe="")


if __name__ == "__main__":
    sys.exit(main())
