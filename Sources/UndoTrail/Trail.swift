/// The undo trail: containers that remember, while a step is open, the old value of what each
/// write overwrites, so that `rollBackStep` restores them bit for bit at the cost of the writes
/// the step made (never the size of the container).
///
/// Why a trail and not a copy: a copy of the solver (or the model) before each step made the
/// first write after it copy every array it touched — O(layout) per step, quadratic over a
/// 10 000-view chain — and replaying the history instead is exact only where rounding cannot
/// matter. The trail costs what the step wrote, and going back is exact by construction.
///
/// A trailed container keeps its own log (its entries are typed by its element), so a step is
/// opened, rolled back or forgotten on every container of an owner together: the owner lists
/// them in its `TrailRecording` conformance, and a test walks the owner's stored properties so
/// that one left out of that list fails (`TrailTests`).
///
/// Steps nest as a stack: `beginStep` pushes one, `rollBackStep` takes the newest back,
/// `forgetSteps` drops the oldest ones' entries (they can no longer be taken back) so that the
/// trail stays bounded. With no step open nothing is recorded. A container made during a step
/// has no entry for that step (it did not exist before it): rolling it back is a no-op, and the
/// step's owner removes it.
///
/// These containers are for the model's tables. The solver keeps a journal of its own beside
/// plain arrays (`Cassowary/Tableau+Trail.swift`): its inner loops read the tableau's arrays at
/// every step, and generic wrappers there are not specialized in a debug build.
public protocol TrailRecording {
    /// Opens a step: from now on writes are recorded until the next step opens.
    mutating func beginStep()
    /// Takes the newest step back: every write since it opened, in reverse.
    /// - Precondition: a step is open.
    mutating func rollBackStep()
    /// Forgets all but the newest `depth` steps (their writes stay; they can no longer be
    /// taken back). A container made during a step has fewer steps than its owner: it keeps
    /// what it has, up to `depth`.
    mutating func forgetSteps(keepingNewest depth: Int)
}

/// An array whose writes are recorded while a step is open (see `TrailRecording`).
///
/// Each index's old value is recorded once per step (its first write), and an index appended
/// during the step needs no record at all (taking the append back removes it): growing a layout
/// costs one entry per append, not a copy.
public struct TrailedArray<Element>: RandomAccessCollection, TrailRecording {
    public typealias Index = Int
    /// The current contents. Read freely; writes go through the subscript and the methods
    /// below, which record them.
    public private(set) var elements: [Element]
    private var log = TrailLog<Element>()

    public init() { elements = [] }
    public init(_ elements: [Element]) { self.elements = elements }
    public init(repeating value: Element, count: Int) { elements = Array(repeating: value, count: count) }

    @inline(__always) public var startIndex: Int { 0 }
    @inline(__always) public var endIndex: Int { elements.count }
    @inline(__always) public var count: Int { elements.count }
    @inline(__always) public var isEmpty: Bool { elements.isEmpty }
    @inline(__always) public var last: Element? { elements.last }

    @inline(__always)
    public subscript(index: Int) -> Element {
        get { elements[index] }
        _modify {
            if log.isRecording { log.willWrite(index, elements) }
            yield &elements[index]
        }
    }

    public mutating func append(_ element: Element) {
        if log.isRecording { log.appended(1) }
        elements.append(element)
    }

    public mutating func append(contentsOf more: some Collection<Element>) {
        if log.isRecording { log.appended(more.count) }
        elements.append(contentsOf: more)
    }

    @discardableResult
    public mutating func removeLast() -> Element {
        let element = elements.removeLast()
        if log.isRecording { log.removed(element, count: elements.count) }
        return element
    }

    public mutating func removeLast(_ k: Int) {
        for _ in 0..<k { removeLast() }
    }

    public mutating func popLast() -> Element? {
        elements.isEmpty ? nil : removeLast()
    }

    /// Empties the array, recording each element (a rare, whole-array change).
    public mutating func removeAll() {
        removeLast(elements.count)
    }

    /// Reads the elements as a buffer (no write can bypass the trail).
    @inline(__always)
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try elements.withUnsafeBufferPointer(body)
    }

    /// Sorts in place, every index recorded first (for short arrays).
    public mutating func sort() where Element: Comparable {
        if log.isRecording { for index in elements.indices { log.willWrite(index, elements) } }
        elements.sort()
    }

    /// Inserts by appending and shifting, each shifted index recorded (for short arrays).
    public mutating func insert(_ element: Element, at index: Int) {
        append(element)
        var position = elements.count - 1
        while position > index {
            self[position] = elements[position - 1]
            position -= 1
        }
        self[index] = element
    }

    /// Removes by shifting and dropping the last, each shifted index recorded (for short arrays).
    @discardableResult
    public mutating func remove(at index: Int) -> Element {
        let element = elements[index]
        for position in index..<(elements.count - 1) { self[position] = elements[position + 1] }
        removeLast()
        return element
    }

    public mutating func beginStep() { log.begin(count: elements.count) }
    public mutating func rollBackStep() { log.rollBack(&elements) }

    public mutating func forgetSteps(keepingNewest depth: Int) { log.forget(keepingNewest: depth) }

}

/// A value saved whole at the start of each step: for scalars and small containers whose every
/// write is cheap to take back by keeping what they were (a copy-on-write container is shared
/// until its first write in the step, which then copies it: use only where that stays small).
public struct TrailedValue<Value>: TrailRecording {
    public var value: Value
    private var saved: [Value] = []
    private var forgotten = 0

    public init(_ value: Value) { self.value = value }

    public mutating func beginStep() { saved.append(value) }
    public mutating func rollBackStep() {
        if saved.count > forgotten { value = saved.removeLast() }
    }
    public mutating func forgetSteps(keepingNewest depth: Int) {
        // Dropping from the front is amortized: the forgotten prefix is cut off once it is half.
        forgotten = max(forgotten, saved.count - depth)
        if forgotten * 2 >= saved.count {
            saved.removeFirst(forgotten)
            forgotten = 0
        }
    }
}

/// The entries of one trailed array, step by step.
struct TrailLog<Element> {
    enum Entry {
        /// `elements[index]` held this before the step wrote it.
        case wrote(Int, Element)
        /// This many elements were appended.
        case appended(Int)
        /// The last element was removed; it was this.
        case removed(Element)
    }

    /// Where an open step's entries start, and the array's length then and at its lowest since.
    struct Step {
        var start: Int
        var count: Int
        /// Indices at or past this were appended during the step: no old value to keep.
        var lowest: Int
    }

    private var entries: [Entry] = []
    /// The open steps, oldest first (from `forgottenSteps` on).
    private var steps: [Step] = []
    /// Steps forgotten but not yet cut off the front of `steps` and `entries` (amortized).
    private var forgottenSteps = 0
    /// The indices whose old value the newest step already holds.
    private var written: Set<Int> = []

    @inline(__always) var isRecording: Bool { steps.count > forgottenSteps }

    mutating func begin(count: Int) {
        steps.append(Step(start: entries.count, count: count, lowest: count))
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
    }

    @inline(never)
    mutating func willWrite(_ index: Int, _ elements: [Element]) {
        guard index < steps[steps.count - 1].lowest, written.insert(index).inserted else { return }
        entries.append(.wrote(index, elements[index]))
    }

    mutating func appended(_ count: Int) {
        guard count > 0 else { return }
        if case .appended(let before)? = entries.last, entries.count > steps[steps.count - 1].start {
            entries[entries.count - 1] = .appended(before + count)
        } else {
            entries.append(.appended(count))
        }
    }

    mutating func removed(_ element: Element, count: Int) {
        entries.append(.removed(element))
        steps[steps.count - 1].lowest = min(steps[steps.count - 1].lowest, count)
    }

    mutating func rollBack(_ elements: inout [Element]) {
        guard isRecording else { return }
        let start = steps.removeLast().start
        while entries.count > start {
            switch entries.removeLast() {
            case .wrote(let index, let old): elements[index] = old
            case .appended(let count): elements.removeLast(count)
            case .removed(let old): elements.append(old)
            }
        }
        // The step below is newest again; what it already recorded is no longer known cheaply,
        // so later writes record again (correct, as entries are replayed newest first).
        if !written.isEmpty { written.removeAll(keepingCapacity: true) }
    }

    mutating func forget(keepingNewest depth: Int) {
        forgottenSteps = max(forgottenSteps, steps.count - depth)
        if !isRecording {
            // Nothing open: a small buffer is kept for the next step (a session that forgets
            // every step at once would otherwise make its buffers again on every line).
            entries.removeAll(keepingCapacity: entries.capacity <= keptTrailCapacity)
            steps.removeAll(keepingCapacity: true)
            written.removeAll(keepingCapacity: written.capacity <= keptTrailCapacity)
            forgottenSteps = 0
            return
        }
        if forgottenSteps * 2 >= steps.count {
            let cut = steps[forgottenSteps].start
            entries.removeFirst(cut)
            steps.removeFirst(forgottenSteps)
            for index in steps.indices { steps[index].start -= cut }
            forgottenSteps = 0
        }
    }
}

// A trailed container reflects as its contents: a dump of its owner then shows the state, and
// two owners in the same state dump alike whatever their trails hold.
extension TrailedArray: CustomReflectable {
    public var customMirror: Mirror { Mirror(reflecting: elements) }
}

extension TrailedValue: CustomReflectable {
    public var customMirror: Mirror { Mirror(self, children: ["value": value]) }
}
