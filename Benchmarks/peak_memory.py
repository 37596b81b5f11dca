#!/usr/bin/env python3
"""What is resident at a run's peak, and who first touched it (Linux, `perf`).

  peak_memory.py BIN SCRIPT [--views N] [--depth D] [--top K] [--keep DIR]

Runs `BIN --final SCRIPT` under `perf record`, with every page fault (and its address and
stack) and every munmap, brk, mremap and madvise. Replaying those, it keeps the set of pages
the process has touched and not given back: a model of its resident set, page for page. It
prints when that set was largest, what the process was doing then, and the pages resident at
that moment by the innermost LayoutLab frame that first touched each (bytes per view when N is
given as `--views`).

Why not heaptrack: heaptrack counts what malloc handed out, at capacity, and its peak is the
heap's. maxrss counts touched pages: an array's reserve that nothing wrote is not resident
(blocks of 128 KiB and more are mapped on their own, `RunningProcess.mapLargeBlocks`), and a
freed small block stays resident until its page is given back. The two peaks can be at
different moments (docs/performance.md, fifteenth pass).

The model leaves out pages the kernel reclaims on its own (none on a machine with room) and
counts a page of a shared library once it is touched (as maxrss does). Needs `perf` (Debian's
linux-perf) with access to page-fault events and syscall tracepoints (root, or
kernel.perf_event_paranoid <= 1). Only the standard library.
"""
import argparse
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile

PAGE = 4096
# The project's modules: a frame of one of them is "ours".
MODULES = ("Cassowary", "UndoTrail", "LayoutVocabulary", "VisualFormat", "LayoutModel", "LayoutReport",
           "LayoutPictures", "ConsoleLog", "InterfaceBuilder", "LayoutCode", "LayoutImport", "LayoutShell",
           "layoutlab")
EVENTS = ["page-faults", "syscalls:sys_enter_munmap", "syscalls:sys_enter_brk", "syscalls:sys_enter_mremap",
          "syscalls:sys_exit_mremap", "syscalls:sys_enter_madvise"]
MADV_DONTNEED, MADV_FREE, MADV_REMOVE = 4, 8, 9


def record(binary, script, directory):
    data = os.path.join(directory, "perf.data")
    # DWARF unwinding: frame pointers stop at the C library (malloc touches a heap page first,
    # when it splits its top chunk), and the frame to name is the Swift caller's. 2 KiB of stack
    # a sample reaches it; with more, perf drops samples, and a dropped fault is a page the
    # model never sees.
    run = subprocess.run(["perf", "record", "-m", "16384", "-d", "-c", "1", "--call-graph", "dwarf,2048", "-o", data]
                         + [arg for event in EVENTS for arg in ("-e", event)]
                         + ["--", binary, "--final", script],
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if run.returncode != 0:
        sys.exit("peak_memory.py: perf record failed: " + run.stderr.strip().split("\n")[-1])
    lost = re.search(r"lost [0-9.]+%", run.stderr)
    if lost:
        sys.exit("peak_memory.py: perf %s of its samples; the model would miss pages" % lost.group(0))
    text = subprocess.run(["perf", "script", "-i", data, "-F", "event,time,addr,ip,sym,trace"],
                          capture_output=True, text=True, check=True).stdout
    demangler = shutil.which("swift-demangle") or shutil.which("swift")
    if demangler:
        command = [demangler] if demangler.endswith("swift-demangle") else [demangler, "demangle"]
        text = subprocess.run(command, input=text, capture_output=True, text=True, check=True).stdout
    return text


def events(text):
    """(time, event, fields, stack) for each sample, stack innermost first."""
    header = re.compile(r"^\s*(\d+\.\d+):\s+(\S+):\s*(.*)$")
    current = None
    for line in text.split("\n"):
        match = header.match(line)
        if match:
            if current:
                yield current
            current = (float(match.group(1)), match.group(2), match.group(3), [])
        elif current and line.strip():
            current[3].append(re.sub(r"^\s*[0-9a-f]+\s+", "", line.strip()))
    if current:
        yield current


def ours(stack, depth):
    """The innermost `depth` frames of the project's modules, joined."""
    names = []
    for frame in stack:
        # `(insert in _1A2B…)` is how a private function demangles.
        name = re.sub(r"\((\w+) in _[0-9A-F]+\)", r"\1", frame)
        name = re.sub(r"^(generic specialization <.*?> of |specialized |merged |closure #\d+ .*? in )+", "", name)
        module = re.match(r"^(?:static )?([A-Za-z_]+)\.", name)
        if module and module.group(1) in MODULES:
            names.append(re.sub(r"\(.*", "", name)[:90])
            if len(names) == depth:
                break
    return " <- ".join(names) or "(outside LayoutLab) " + (stack[0][:60] if stack else "")


def field(fields, name):
    match = re.search(name + r": (0x[0-9a-f]+)", fields)
    return int(match.group(1), 16) if match else None


def replay(samples, curve=None):
    """The pages resident after `samples` (page -> index of the sample that first touched it),
    and the index of the sample after which the most were. `curve`, when given, gets the count
    after each sample."""
    resident, brk, moving = {}, None, None
    most, most_index = 0, 0

    def drop(start, length):
        for page in range(start // PAGE, (start + length + PAGE - 1) // PAGE):
            resident.pop(page, None)

    for index, (_, event, fields, _) in enumerate(samples):
        if event == "page-faults":
            parts = fields.split()
            if parts:
                resident.setdefault(int(parts[0], 16) // PAGE, index)
        elif event.endswith("sys_enter_munmap"):
            drop(field(fields, "addr"), field(fields, "len"))
        elif event.endswith("sys_enter_madvise"):
            if field(fields, "behavior") in (MADV_DONTNEED, MADV_FREE, MADV_REMOVE):
                drop(field(fields, "start"), field(fields, "len_in"))
        elif event.endswith("sys_enter_mremap"):
            moving = (field(fields, "addr"), field(fields, "old_len"), field(fields, "new_len"))
        elif event.endswith("sys_exit_mremap") and moving:
            # The pages move with the mapping (the kernel picks the new address: the exit's
            # return value); a shrunk mapping loses its tail.
            returned = re.search(r"0x[0-9a-f]+", fields)
            (old, old_len, new_len), moving = moving, None
            new = int(returned.group(0), 16) if returned else None
            if new is None or new >= 1 << 63:  # failed: -errno
                continue
            kept = {page: resident.pop(page) for page in range(old // PAGE, (old + old_len) // PAGE) if page in resident}
            for page, first in kept.items():
                if (page - old // PAGE) * PAGE < new_len:
                    resident[page - old // PAGE + new // PAGE] = first
        elif event.endswith("sys_enter_brk"):
            new = field(fields, "brk")
            if new:
                if brk is not None and new < brk:
                    drop(new, brk - new)
                brk = new
        if len(resident) > most:
            most, most_index = len(resident), index
        if curve is not None:
            curve.append(len(resident))
    return resident, most_index


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("binary")
    parser.add_argument("script")
    parser.add_argument("--depth", type=int, default=1, help="frames of ours per line (default 1)")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--views", type=int, default=0, help="divide by this many views")
    parser.add_argument("--keep", help="a folder to keep perf.data in")
    args = parser.parse_args()
    if not shutil.which("perf"):
        sys.exit("peak_memory.py: perf is not installed (apt-get install linux-perf)")
    directory = args.keep or tempfile.mkdtemp(prefix="peak-memory-")
    try:
        samples = list(events(record(args.binary, args.script, directory)))
    finally:
        if not args.keep:
            shutil.rmtree(directory, ignore_errors=True)
    if not samples:
        sys.exit("peak_memory.py: perf recorded nothing")

    curve = []
    _, peak_index = replay(samples, curve)
    resident, _ = replay(samples[:peak_index + 1])
    peak = len(resident)

    start, end = samples[0][0], samples[-1][0]
    at = samples[peak_index][0]
    print("modelled peak %.1f MB (%d pages), at %.3f s of %.3f s (%.0f%% of the run)"
          % (peak * PAGE / 1e6, peak, at - start, end - start, 100 * (at - start) / max(end - start, 1e-9)))
    print("doing then: " + ours(samples[peak_index][3], 6))
    # The resident pages over the run, in twentieths of its time (MB at the end of each).
    points, sample = [], 0
    for twentieth in range(1, 21):
        until = start + (end - start) * twentieth / 20
        while sample + 1 < len(samples) and samples[sample + 1][0] <= until:
            sample += 1
        points.append("%.1f" % (curve[sample] * PAGE / 1e6))
    print("over the run (MB, each twentieth): " + " ".join(points))
    by_toucher = collections.Counter(ours(samples[first][3], args.depth) for first in resident.values())
    unit, scale = ("B/view", PAGE / args.views) if args.views else ("MB", PAGE / 1e6)
    print("resident at the peak, by the frame that first touched each page (%s):" % unit)
    for name, pages in by_toucher.most_common(args.top):
        print(("%8.0f  %s" if args.views else "%8.2f  %s") % (pages * scale, name))


if __name__ == "__main__":
    main()
