#!/usr/bin/env python3
"""Workload (f) of Benchmarks/run.sh: the whole `layoutlab` shell on a generated session.

  shell_bench.py gen N                      the squeezed chain as a script: `root 60Nx600`, N views
                                            (declared 100 to a line), per view 5 constraints
                                            (left chain, width >= 20, width == 100 @1, top, height
                                            == 44) and the right edge <= root.right
  shell_bench.py pinned N                   a chain whose widths are pinned by `width >= 50` and
                                            `width <= 50` (one degenerate row each): `root 100Nx600`,
                                            per view left chain, top, height == 44 and the two pins
  shell_bench.py check-pinned N JSON        checks `--final --json` of that: width 50, x = 58·i, y 0,
                                            height 44, nothing broken, nothing ambiguous
  shell_bench.py extra N K                  K single-constraint inputs for the session above
  shell_bench.py check N JSON               checks `layoutlab --final --json` output: every frame
                                            is the squeezed chain's (x chain, 20 <= width <= 100,
                                            last right edge at 60N, y 0, height 44), weak error
                                            48N - 8, and exactly the widths and x (not v0's) ambiguous
  shell_bench.py input BIN SCRIPT N K       loads SCRIPT in a piped session (`load`, one report),
                                            then times K inputs one by one, each with its full text
                                            report; prints `median_s=… sentinel_s=…`
  shell_bench.py lines BIN SCRIPT K LINE…   loads SCRIPT the same way, then sends each LINE K times
                                            (a full report each); prints `LINE=median_seconds …`
  shell_bench.py final BIN SCRIPT           runs `BIN --final SCRIPT` (output discarded); prints
                                            `time_s=… cpu_s=… maxrss_kb=…` (the child's user +
                                            system time and peak resident set)
  shell_bench.py piped BIN SCRIPT LINE…     a session at the prompt: `load SCRIPT` (one step of
                                            every line), then each LINE, piped, with its reports
                                            (discarded); prints the same three fields
Only the standard library; no output besides the one result line (errors on stderr, exit 1).
"""
import json
import os
import resource
import select
import subprocess
import sys
import time


def chain(n, root_width, per_view):
    """`root WIDTHx600`, the views declared 100 to a line, and per view its left edge chained to
    the previous view's right edge (+ 8) followed by the constraints `per_view(i)` gives."""
    out = ["root %dx600" % root_width]
    for start in range(0, n, 100):
        out.append("view " + " ".join("v%d" % i for i in range(start, min(n, start + 100))))
    for i in range(n):
        out.append("v0.left == root.left" if i == 0 else "v%d.left == v%d.right + 8" % (i, i - 1))
        out.extend(line % i for line in per_view)
    return out


def gen(n):
    return chain(n, 60 * n, ["v%d.width >= 20", "v%d.width == 100 @1", "v%d.top == root.top", "v%d.height == 44"]) \
        + ["v%d.right <= root.right" % (n - 1)]


def pinned(n):
    return chain(n, 100 * n, ["v%d.top == root.top", "v%d.height == 44", "v%d.width >= 50", "v%d.width <= 50"])


def final_object(path):
    """The one JSON object `--final --json` printed, or a message saying what was wrong."""
    with open(path) as f:
        lines = [l for l in f if l.strip()]
    if len(lines) != 1:
        return None, "expected one JSON object, got %d lines" % len(lines)
    return json.loads(lines[0]), None


def check_pinned(n, path):
    obj, problem = final_object(path)
    if problem:
        return problem
    if obj["broken"] or obj["ambiguous"] or obj.get("conflict"):
        return "expected nothing broken, ambiguous or in conflict"
    for i in range(n):
        f = obj["frames"].get("v%d" % i)
        if f is None or f["x"] != 58 * i or f["y"] != 0 or f["width"] != 50 or f["height"] != 44:
            return "v%d frame %s, expected x %d, y 0, 50x44" % (i, f, 58 * i)
    return None


def extra(n, k):
    # Required minimum widths a little above 20 on views spread over the chain: each moves the
    # squeeze, so the report has frame changes, broken constraints and the ambiguity again.
    return ["v%d.width >= %d" % ((i * 379) % n, 21 + i % 4) for i in range(k)]


def check(n, path):
    obj, problem = final_object(path)
    if problem:
        return problem
    frames, amb = obj["frames"], obj["ambiguous"]
    if obj.get("conflict") or obj.get("conflicts"):
        return "unexpected conflict"
    x_expect, weak = 0.0, 0.0
    for i in range(n):
        f = frames.get("v%d" % i)
        if f is None:
            return "no frame for v%d" % i
        if abs(f["x"] - x_expect) > 1e-6 or f["y"] != 0 or abs(f["height"] - 44) > 1e-9:
            return "v%d frame %s, expected x %g, y 0, height 44" % (i, f, x_expect)
        if not (20 - 1e-6 <= f["width"] <= 100 + 1e-6):
            return "v%d width %g outside [20, 100]" % (i, f["width"])
        weak += 100 - f["width"]
        x_expect = f["x"] + f["width"] + 8
        want = ["width"] if i == 0 else ["x", "width"]
        if sorted(amb.get("v%d" % i, [])) != sorted(want):
            return "v%d ambiguous %s, expected %s" % (i, amb.get("v%d" % i), want)
    right = x_expect - 8
    if abs(right - 60 * n) > 1e-6:
        return "last right edge %g, expected %d" % (right, 60 * n)
    if abs(weak - (48 * n - 8)) > 1e-6 * max(1, weak):
        return "weak error %g, expected %d" % (weak, 48 * n - 8)
    if len(obj["broken"]) == 0:
        return "no broken constraint reported"
    return None


def piped_session(binary, script):
    """A `layoutlab -` over a pipe with SCRIPT loaded; returns (process, one) where one(line)
    sends a line and returns the seconds until its report is complete."""
    p = subprocess.Popen([binary, "-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, bufsize=0)
    fd, buf = p.stdout.fileno(), [b""]
    # A line the shell rejects at once prints a known message: it marks the end of a report.
    sentinel, mark = b"%\n", b"unexpected character '%'\n"

    def until_mark():
        while True:
            i = buf[0].find(mark)
            if i >= 0:
                buf[0] = buf[0][i + len(mark):]
                return
            ready, _, _ = select.select([fd], [], [], 300)
            if not ready:
                raise RuntimeError("no answer from layoutlab within 300 s")
            data = os.read(fd, 1 << 20)
            if not data:
                raise RuntimeError("layoutlab ended early: " + buf[0][-500:].decode(errors="replace"))
            buf[0] += data

    def one(line):
        t = time.perf_counter()
        p.stdin.write(line.encode() + b"\n" + sentinel)
        until_mark()
        return time.perf_counter() - t

    p.stdin.write(b"load " + os.path.abspath(script).encode() + b"\n" + sentinel)
    until_mark()
    if b"error" in buf[0]:
        raise RuntimeError("load failed")
    return p, one


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2] if len(xs) % 2 else (xs[len(xs) // 2 - 1] + xs[len(xs) // 2]) / 2


def timed_inputs(binary, script, n, k):
    p, one = piped_session(binary, script)
    sent = sorted(one("# nothing") for _ in range(20))
    times = sorted(one(line) for line in extra(n, k))
    p.stdin.close()
    p.wait()
    print("median_s=%.6f sentinel_s=%.6f max_s=%.6f" % (median(times), median(sent), times[-1]))


def timed_lines(binary, script, k, lines):
    # Each line K times in a row (a report each; `frames` and a typo change nothing, and `exercise`
    # shows another layout without changing the session): the median per line.
    p, one = piped_session(binary, script)
    result = []
    for line in lines:
        result.append("%s=%.6f" % (line.replace(" ", "_"), median([one(line) for _ in range(k)])))
    p.stdin.close()
    p.wait()
    print(" ".join(result))


def timed_final(binary, script):
    # The peak resident set of the one child this process starts, as the kernel counts it.
    t = time.perf_counter()
    status = subprocess.call([binary, "--final", script], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t
    if status != 0:
        raise RuntimeError("layoutlab --final exited with %d" % status)
    # CPU time too: on a shared machine the wall clock of a 100 000-view run says more about
    # the load than about the shell.
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("time_s=%.6f cpu_s=%.6f maxrss_kb=%d" % (elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss))


def timed_piped(binary, script, lines):
    # The peaks a person reaches that `--final` does not: a load is one step, and `undo` of it
    # compares every constraint it made.
    session = "".join(line + "\n" for line in ["load " + script] + lines).encode()
    t = time.perf_counter()
    done = subprocess.run([binary], input=session, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    elapsed = time.perf_counter() - t
    if done.returncode != 0:
        raise RuntimeError("the piped session exited with %d" % done.returncode)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("time_s=%.6f cpu_s=%.6f maxrss_kb=%d" % (elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss))


def main(argv):
    cmd = argv[1] if len(argv) > 1 else None
    if cmd == "gen":
        print("\n".join(gen(int(argv[2]))))
    elif cmd == "pinned":
        print("\n".join(pinned(int(argv[2]))))
    elif cmd in ("check", "check-pinned"):
        err = (check if cmd == "check" else check_pinned)(int(argv[2]), argv[3])
        if err:
            print(err, file=sys.stderr)
            return 1
    elif cmd == "extra":
        print("\n".join(extra(int(argv[2]), int(argv[3]))))
    elif cmd == "input":
        timed_inputs(argv[2], argv[3], int(argv[4]), int(argv[5]))
    elif cmd == "lines":
        timed_lines(argv[2], argv[3], int(argv[4]), argv[5:])
    elif cmd == "final":
        timed_final(argv[2], argv[3])
    elif cmd == "piped":
        timed_piped(argv[2], argv[3], argv[4:])
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (RuntimeError, KeyError, ValueError) as e:
        print("shell_bench.py: %s" % e, file=sys.stderr)
        sys.exit(1)
    except IndexError:
        # Too few arguments for the command: say how it is used.
        print(__doc__, file=sys.stderr)
        sys.exit(2)
