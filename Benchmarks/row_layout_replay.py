#!/usr/bin/env python3
"""Replays the structural edits of the solver's long rows on two row layouts and counts the
entries each layout moves (docs/performance.md, "Issue 27, ninth pass").

  row_layout_replay.py TRACE [SEGMENT…]

TRACE comes from a SolverBench built with the trace compiled in (Sources/Cassowary/Row+Trace.swift):

  cd Benchmarks && swift build -c release --scratch-path .build -Xswiftc -DROWTRACE
  ROWTRACE=/tmp/trace ROWTRACE_MIN=5000 .build/release/SolverBench remove-edge-last 10000

Layouts:
- packed: the row as it is, a sorted contiguous array with a dead front; the choices of
  `Row.applyEdits` and `Row.replaceEntries` (front or tail, room made at the front) are
  mirrored, so its count is the number of entries their `memmove`s move.
- gapped (one per SEGMENT, default 64): a packed-memory array of segments of SEGMENT slots,
  each holding its entries at its start. An insert shifts the rest of its segment; a full
  segment spreads the smallest aligned window of 2, 4, … segments whose density stays under
  its limit (1 at one segment, 1/2 for the whole row) evenly over it; a delete shifts the rest
  of its segment down; the row is laid out anew at density 1/2 when it falls under 1/5. A
  replacement that drops more than a segment's worth (a merge that cancels most of a row) lays
  the row out anew too, as a merge rebuilding the span would. Counted: the entries already in
  the row that a shift, spread or rebuild writes again (not the new entries, nor the search
  for a position, a binary search in either layout).

A trace may interleave rows; an edit whose row length differs from the layout's starts a new
layout (counted under `fresh`: one per long row is expected). Prints one line: the edits, the
entries each layout moved, the gapped layouts' whole rebuilds and their final density.
Only the standard library.
"""
import sys


def parse(path):
    """The trace as a list of (row length, [(position, +1 insert / -1 delete)]) in the order
    applied: `R` replacements become deletes (or inserts) at the end of the written part."""
    edits = []
    for line in open(path):
        fields = line.split()
        if fields[0] == 'A':
            edits.append((int(fields[1]), 'A',
                          [(int(p), int(k)) for p, k in (f.split(':') for f in fields[2:])]))
        elif fields[0] == 'R':
            count, low, span, written = map(int, fields[1:])
            edits.append((count, 'R', (low, span, written)))
    return edits


def packed(edits, long_row=64):
    """Entries moved by the packed row (mirrors Row.swift)."""
    moved = 0
    dead = 0  # the dead front of the row being edited
    for count, kind, detail in edits:
        if kind == 'R':
            low, span, written = detail
            shrink = span - written
            if shrink > 0 and count >= long_row and low < count - (low + span):
                moved += low  # the front moves up (replaceMovingFront)
                dead += shrink
                if dead > count - shrink + 16:  # dropFront gives the dead front back
                    moved += count - shrink
                    dead = 0
            else:
                moved += count - (low + span)  # the tail moves
            continue
        growth = sum(k for _, k in detail)
        front = tail = before = 0
        start = 0
        for position, k in detail:
            length = position - start
            if before != 0:
                front += length
            if before != growth:
                tail += length
            before += k
            start = position + 1 if k == -1 else position
        if growth != 0:
            front += count - start
        keep_tail = count >= long_row and tail < front
        if keep_tail and growth > dead:  # makeRoomAtFront
            moved += count
            dead += growth + (count >> 3)
        moved += tail if keep_tail else front
        if keep_tail:
            dead -= growth
            if growth < 0 and dead > count + growth + 16:
                moved += count + growth
                dead = 0
    return moved


class Gapped:
    """A packed-memory array of segments packed to their start. Counts per segment with a
    Fenwick tree over them, so that a position is found in O(log) as a real row would by
    binary search."""

    def __init__(self, count, segment):
        self.segment = segment
        self.moved = 0
        self.rebuilds = 0
        self.lay_out(count)

    def lay_out(self, live):
        segments = 1
        while segments * self.segment < 2 * live:
            segments *= 2
        self.segments = segments
        self.counts = [0] * segments
        self.tree = [0] * (segments + 1)
        self.live = 0
        self.spread(0, segments, live)

    def spread(self, first, end, total):
        k = end - first
        for i in range(k):
            self.set(first + i, total * (i + 1) // k - total * i // k)

    def set(self, i, value):
        delta = value - self.counts[i]
        self.counts[i] = value
        self.live += delta
        j = i + 1
        while j <= self.segments:
            self.tree[j] += delta
            j += j & -j

    def before(self, i):
        """Entries in the segments before segment i."""
        total = 0
        while i > 0:
            total += self.tree[i]
            i -= i & -i
        return total

    def locate(self, rank):
        """(segment, offset) of the entry at rank; for rank == the row's length, past the last."""
        position, rest, step = 0, rank, 1 << self.segments.bit_length()
        while step:
            if position + step <= self.segments and self.tree[position + step] <= rest:
                position += step
                rest -= self.tree[position]
            step >>= 1
        return position, rest

    def insert(self, rank):
        i, offset = self.locate(rank)
        if i > 0 and offset == 0 and (i == self.segments or self.counts[i - 1] < self.segment):
            i -= 1  # at a segment's end with room (or past the last entry): append to it
            while i > 0 and self.counts[i] == 0 and self.counts[i - 1] < self.segment:
                i -= 1
            offset = self.counts[i]
        if self.counts[i] < self.segment:
            self.moved += self.counts[i] - offset
            self.set(i, self.counts[i] + 1)
            return
        height = max(1, self.segments.bit_length() - 1)
        size, level = 1, 0
        while True:
            size *= 2
            level += 1
            if size > self.segments:
                self.moved += self.live
                self.rebuilds += 1
                self.lay_out(self.live + 1)
                return
            first = (i // size) * size
            total = self.before(first + size) - self.before(first) + 1
            if total <= (1.0 - 0.5 * level / height) * size * self.segment:
                self.moved += total - 1
                self.spread(first, first + size, total)
                return

    def delete(self, rank):
        i, offset = self.locate(rank)
        self.moved += self.counts[i] - offset - 1
        self.set(i, self.counts[i] - 1)
        if self.segments > 1 and self.live < 0.2 * self.segments * self.segment:
            self.moved += self.live
            self.rebuilds += 1
            self.lay_out(self.live)


def gapped(edits, segment):
    row, fresh = None, 0
    for count, kind, detail in edits:
        if row is None or row.live != count:
            if row is not None:
                moved, rebuilds = row.moved, row.rebuilds
            else:
                moved, rebuilds = 0, 0
            row = Gapped(count, segment)
            row.moved, row.rebuilds = moved, rebuilds
            fresh += 1
        if kind == 'R':
            low, span, written = detail
            if span - written > segment:
                row.moved += count - span
                row.rebuilds += 1
                row.lay_out(count - span + written)
                continue
            for _ in range(span - written):
                row.delete(low + written)
            for k in range(written - span):
                row.insert(low + span + k)
            continue
        shift = 0
        for position, k in detail:
            if k == 1:
                row.insert(position + shift)
            else:
                row.delete(position + shift)
            shift += k
    density = row.live / (row.segments * row.segment) if row else 0
    return row.moved if row else 0, row.rebuilds if row else 0, fresh, density


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    edits = parse(sys.argv[1])
    out = ['edits=%d' % len(edits), 'packed_moved=%d' % packed(edits)]
    for segment in map(int, sys.argv[2:] or ['64']):
        moved, rebuilds, fresh, density = gapped(edits, segment)
        out.append('gapped%d_moved=%d rebuilds=%d fresh=%d density=%.2f' % (segment, moved, rebuilds, fresh, density))
    print(' '.join(out))


if __name__ == '__main__':
    main()
