"""`catlayout conformance self-test --adapter COMMAND`: tells an adapter's author what is wrong with
the protocol (docs/adapter-protocol.md) before any case is judged. It starts the adapter, reads its
handshake, feeds it a few known cases of the ops it declares (from the built-in corpus: the
smallest of each op, and one the reference refuses where there is one), and checks each answer's
line, id, keys and result form; then that the adapter exits when its stdin closes. Each fault is
one line naming it: no handshake, a handshake that is not JSON or names an unknown protocol
version, an answer that is not JSON, carries another id, has no answer key or a result of the
wrong form, extra output on stdout, a missing answer, a hang, a crash. Only then does it show the
known cases' classes. Standard library only."""
import json
import os
import time
from collections import Counter

import runner

# How long the self-test waits for more output after each answer, and after the last one: a line
# printed with it (a debug print on stdout) arrives within this time in practice.
EXTRA_OUTPUT_WAIT, LAST_OUTPUT_WAIT = 0.05, 0.5


def is_tuple(t, leaf):
    return all(is_tuple(e, leaf) for e in t) if isinstance(t, list) else leaf(t)


def congruent(a, b):
    if isinstance(a, list) or isinstance(b, list):
        return isinstance(a, list) and isinstance(b, list) and len(a) == len(b) and all(map(congruent, a, b))
    return True


def is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def stride_leaf(x):
    return is_int(x) or (isinstance(x, dict) and ("basis" in x or "f2" in x))


def form_problem(op, r):
    """Why a result is in none of the wire's result forms for `op` (docs/adapter-protocol.md,
    "Result forms"), or None."""
    if isinstance(r, dict) and set(r) == {"table"}:
        return None if isinstance(r["table"], list) else "{\"table\": ...} holds a list"
    if op == "evaluate":
        return None if isinstance(r, list) and all(map(is_int, r)) else \
            "evaluate's result is a JSON array of integers, the layout's values on [0, size)"
    if not isinstance(r, dict):
        return f"{op}'s result is a JSON object (a layout {{\"shape\", \"stride\"}} or another wire form), not {type(r).__name__}"
    if "shape" in r or "stride" in r:
        if set(r) != {"shape", "stride"}:
            return "a layout is {\"shape\": T, \"stride\": T}, with no other keys"
        if not is_tuple(r["shape"], lambda x: is_int(x) and x > 0) or not is_tuple(r["stride"], stride_leaf):
            return "a layout's shape is an int tuple of positive integers (nested JSON arrays), its stride an int tuple"
        if not congruent(r["shape"], r["stride"]):
            return "a layout's shape and stride are congruent (the same nesting)"
        return None
    if runner.shared.is_composed(r):
        return form_problem(op, r["layout"]) if isinstance(r["layout"], dict) and "shape" in r["layout"] else \
            "a composed layout is {\"swizzle\": [B,M,S], \"offset\": k, \"layout\": L}"
    if set(r) == {"layout", "offset"}:
        return form_problem(op, r["layout"])
    if "unrepresentable" in r:
        return None
    return f"{op}'s result has keys {sorted(r)}: none of the wire's result forms"


def known_cases(ops, kinds, per_op=2):
    """A few cases of each declared op its capabilities cover: the smallest, and one the reference
    refuses where the corpus has one."""
    caps = {op: frozenset(kinds.get(op, ())) for op in ops}
    by_op = {}
    for c in runner.load_cases(runner.builtin_files(), 0, 1):
        if c["op"] in caps and not runner.shared.not_served("", caps, c):
            by_op.setdefault(c["op"], []).append(c)
    out = []
    for op in runner.OPS:
        cs = sorted(by_op.get(op, []), key=lambda c: (len(json.dumps(c["args"])), c["id"]))
        pick = [c for c in cs if not runner.shared.is_error(c["expect"])][:per_op - 1] + \
               ([c for c in cs if runner.shared.is_error(c["expect"])][:1] or
                [c for c in cs if not runner.shared.is_error(c["expect"])][per_op - 1:per_op])
        out += pick
    return out


class Report:
    def __init__(self, out):
        self.out, self.problems = out, []

    def problem(self, msg):
        self.problems.append(msg)
        print(f"PROBLEM: {msg}", file=self.out, flush=True)

    def ok(self, msg):
        print(f"ok: {msg}", file=self.out, flush=True)


def stderr_tail(path, n=5):
    try:
        with open(path, errors="replace") as f:
            lines = f.read().splitlines()[-n:]
    except OSError:
        return ""
    return ("; its stderr ends: " + " | ".join(lines)) if lines else ""


def run(command, opts, out):
    """The self-test; returns the list of problems (empty: the protocol is right)."""
    rep = Report(out)
    try:
        argv = runner.adapter_argv(command)
    except (runner.Skip, ValueError) as e:
        rep.problem(str(e))
        return rep.problems
    os.makedirs(opts.venv_dir, exist_ok=True)
    path = runner.stderr_log(opts, "self-test-" + os.path.basename(argv[-1]))
    open(path, "w").close()
    ad = runner.Adapter(argv, opts.start_timeout, opts.timeout, path, dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        check(ad, rep, opts, out, path)
    finally:
        ad.close()
    print(f"{len(rep.problems)} protocol problem(s); the adapter's stderr is in {path}" if rep.problems
          else f"the protocol is right; the adapter's stderr is in {path}", file=out)
    return rep.problems


def check(ad, rep, opts, out, path):
    try:
        ad.spawn()
    except OSError as e:
        rep.problem(f"cannot start {ad.argv[0]}: {e.strerror or e}")
        return
    line = ad.read_line(opts.start_timeout)
    if line is None:
        status = ad.exit_text()
        rep.problem("no handshake: " + (f"nothing on stdout within {opts.start_timeout:g} s (a hang, or the line not "
                                        "flushed: write a newline and flush)" if status == "no answer in time"
                                        else f"the adapter exited ({status}) before writing one")
                    + stderr_tail(path))
        return
    hello, why = runner.read_handshake(line)
    if why:
        rep.problem(why if "protocol" in why or "JSON" in why or "ops" in why else f"the adapter skips: {why}")
        return
    ops = hello["ops"]
    unknown = [o for o in ops if o not in runner.OPS]
    if "protocol" not in hello:
        rep.problem(f"the handshake has no \"protocol\": write \"protocol\": \"{runner.protocol.PROTOCOL}\"")
    for key in ("adapter", "version"):
        if not isinstance(hello.get(key), str) or not hello.get(key):
            rep.problem(f"the handshake has no \"{key}\" string")
    if unknown:
        rep.problem(f"the handshake declares ops the runner does not know: {', '.join(unknown)} "
                    f"(the names are docs/adapter-protocol.md's op table)")
    for op, ks in hello.get("kinds", {}).items():
        bad = [k for k in ks if k not in runner.shared.KINDS] if isinstance(ks, list) else [ks]
        if bad:
            rep.problem(f"\"kinds\" of {op}: {bad} are not among {', '.join(runner.shared.KINDS)}")
    rep.ok(f"handshake: {hello.get('adapter')} {hello.get('version')}, {hello.get('protocol', '(no protocol)')}, "
           f"{len(ops)} ops, {'batch' if hello.get('batch') else 'streaming'}")
    cases = known_cases([o for o in ops if o in runner.OPS], hello.get("kinds", {}))
    if not cases:
        rep.problem("the corpus has no case of the ops the handshake declares")
        return
    replies = batch(ad, cases, rep, opts) if hello.get("batch") else streaming(ad, cases, rep, opts, path)
    if replies is None:
        return
    if not hello.get("batch"):
        try:
            ad.proc.stdin.close()
        except OSError:
            pass
        try:
            ad.proc.wait(timeout=min(10, opts.timeout))
            rep.ok(f"{len(cases)} answers in order; the adapter exited when its stdin closed ({ad.exit_text()})")
        except Exception:  # subprocess.TimeoutExpired
            rep.problem("the adapter did not exit when its stdin closed (read until end of input, then exit)")
    classes = Counter()
    for c in cases:
        r = replies.get(c["id"])
        if r is None:
            continue
        cls = runner.classify(c["expect"], r)
        classes[cls] += 1
        if cls not in runner.shared.AGREES and cls != "not available":
            print(f"  {cls}: {c['id']} {c['op']} {json.dumps(c['args'])} -> "
                  f"{json.dumps({k: v for k, v in r.items() if k != 'id'})[:160]}; reference {json.dumps(c['expect'])[:120]}",
                  file=out)
    print("the known cases' classes: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()), file=out)


def answer_problem(c, r):
    if "result" in r:
        why = form_problem(c["op"], r["result"])
        if why:
            return f"case {c['id']} ({c['op']}): the result is not in its wire form: {why}"
    if "crash" in r:
        return None
    v = r.get("error", r.get("na"))
    if v is not None and not isinstance(v, str):
        return f"case {c['id']}: \"error\" and \"na\" carry a text"
    return None


def streaming(ad, cases, rep, opts, path):
    replies = {}
    for c in cases:
        if not ad.send({"id": c["id"], "op": c["op"], "args": c["args"]}):
            rep.problem(f"case {c['id']}: the adapter closed its stdin ({ad.exit_text()}){stderr_tail(path)}")
            return None
        line = ad.read_line(opts.timeout)
        if line is None:
            status = ad.exit_text()
            rep.problem(f"case {c['id']} ({c['op']}): no answer within {opts.timeout:g} s: a hang (or the answer not "
                        "ended by a newline and flushed)" if status == "no answer in time"
                        else f"case {c['id']} ({c['op']}): the adapter exited ({status}) instead of answering"
                        + stderr_tail(path))
            return None
        r, why = runner.read_reply(line, c["id"])
        if why:
            rep.problem(f"case {c['id']} ({c['op']}): " + why.replace("protocol: ", "") +
                        (" (answer each case in order, with its id)" if "id" in why else ""))
            return None
        why = answer_problem(c, r)
        if why:
            rep.problem(why)
        replies[c["id"]] = r
        extra = ad.buf.strip() or ad.read_line(LAST_OUTPUT_WAIT if c is cases[-1] else EXTRA_OUTPUT_WAIT)
        if extra:
            text = extra.decode(errors="replace") if isinstance(extra, bytes) else extra
            rep.problem(f"extra output on stdout after the answer to case {c['id']}: {text[:120]!r} (one line per "
                        "case; write anything else to stderr)")
            return None
    return replies


def batch(ad, cases, rep, opts):
    for c in cases:
        ad.send({"id": c["id"], "op": c["op"], "args": c["args"]})
    try:
        ad.proc.stdin.close()
    except OSError:
        pass
    replies, deadline = {}, time.time() + opts.timeout
    sent = {c["id"]: c for c in cases}
    while True:
        line = ad.read_line(max(0.1, deadline - time.time()))
        if line is None:
            break
        r, why = runner.read_reply(line, None)
        if why:
            rep.problem(why.replace("protocol: ", ""))
            continue
        if r["id"] not in sent:
            rep.problem(f"an answer with id {r['id']!r}, which no case sent has")
            continue
        if r["id"] in replies:
            rep.problem(f"two answers to case {r['id']}")
        why = answer_problem(sent[r["id"]], r)
        if why:
            rep.problem(why)
        replies[r["id"]] = r
    missing = [i for i in sent if i not in replies]
    if missing:
        rep.problem(f"missing answers: {len(missing)} of the {len(cases)} cases ({', '.join(map(str, missing[:5]))}"
                    f"{', ...' if len(missing) > 5 else ''}): {ad.exit_text()}")
    else:
        rep.ok(f"{len(cases)} answers")
    return replies
