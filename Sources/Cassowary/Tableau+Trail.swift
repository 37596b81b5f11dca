/// The solver's undo trail: while a step is open, each write to the tableau (and to the solver's
/// constraints) first records the old value of what it overwrites, and rolling the step back
/// writes those values back, newest first. The solver is then bit for bit what it was when the
/// step opened, with no re-solve, at the cost of what the step wrote.
///
/// Why a journal beside plain arrays, and not containers that record themselves: the tableau's
/// arrays are read in every inner loop of the simplex, and generic wrappers around them are not
/// specialized in a debug build (they made the gate's rows up to twice as dear). Here the arrays
/// stay plain (reads are plain array reads) and the few places that write them call `record…`
/// first, which costs one branch on `isRecording` when no step is open.
///
/// What needs no entry at all: anything appended during the step (symbols, rows, constraints)
/// is cut off by the rollback (each step keeps the counts it began with), and a row is recorded
/// whole once per step (a stamp per slot) however often the step rewrites it.
///
/// Not trailed, each for a reason: `scratch`, `merger`, `keptPlaces` and phase one's
/// `artificial` hold nothing between two calls of the solver; `shortcutsTaken` counts work done
/// (a statistic for tests); `longRowLength` and `gapRowLength` are settings; `symbolCapacity`
/// and `rowCapacity` say how far the arrays are reserved (a rollback keeps the room, as arrays
/// keep capacity). `gappedSlots` says which rows may hold gaps (Row+Gaps.swift), a layout of
/// the same entries: the rollback notes the rows it puts back with gaps, and they are packed
/// again before the next read, as any are (the solver's `gapState`, not trailed either).
/// The caches of what changed (`changes`,
/// `ambiguity`) are kept current the way every change keeps them: the rollback touches each
/// symbol whose row, basic status or objective coefficient it put back, so the next report finds
/// exactly what the undo changed and ambiguity follows incrementally (rebuilding it would cost
/// the whole layout).
struct SolverTrail {
    /// One old value, or where to find it. Entries hold plain numbers only, so that appending,
    /// cutting and dropping them is copying memory; the old values that hold storage (rows,
    /// columns, lists, levels, constraints) go to `saved`, in the same order, and are taken
    /// back from its ends. So do the old `Double`s (`saved.numbers`) and the second 32-bit
    /// value of an entry that has two (`saved.words`): an entry is then at most a 32-bit value
    /// and a small one, 8 bytes with its case, where one with a `Double` inline was 24 and
    /// one with three `Int32`s 16. Every entry pays for the widest case, and a line that moves
    /// a long chain records some 28 entries per view, most of them with one value.
    enum Entry {
        /// The slot held the next saved row before the step first rewrote it.
        case row(Slot)
        /// The slot held a short row before the step first rewrote it, saved as its `count`
        /// entries at the ends of `saved.rowSymbols` and `saved.rowCoefficients` and its
        /// constant as the next saved number (see `recordRow`; `count` ≤ `flatRowLength`).
        case flatRow(Slot, count: UInt8)
        /// The row in the slot had the next saved number as its constant (a constraint's
        /// constant moved).
        case rowConstant(Slot)
        /// The slot's basic symbol was the next saved word.
        case basic(Slot)
        /// The symbol's slot was the next saved word.
        case slotOfBasic(Symbol)
        case freeSlotPushed
        case freeSlotPopped(Slot)
        case columnAppended(Symbol)
        /// The column had the next saved word's length before the step's first append to it
        /// since it was marked (a large step's appends, see `recordAppend`): the appends after
        /// it, unrecorded, are cut off by its undo.
        case columnLength(Symbol)
        /// The column lost the next saved word's slot at `index`; its last entry moved there.
        /// Only columns of up to `exactColumnLength` lose entries this way, so the index fits.
        case columnEntryRemoved(Symbol, index: UInt8)
        /// The column was the next saved column before it was compacted or taken out whole.
        case column(Symbol)
        /// The column's limit was the next saved word.
        case columnLimit(Symbol)
        /// The symbol's coefficient at `level` was the next saved number; a level from the
        /// trail's `farLevel` on (65 535 distinct strengths) is `farLevel` here and the next
        /// saved word.
        case objectiveCoefficient(Symbol, level: UInt16)
        /// The level's constant was the next saved number.
        case objectiveConstant(level: Int32)
        /// The level's dense row had the next saved word's count of coefficients before it grew.
        case objectiveGrew(level: Int32)
        /// The level counted the next saved word's members.
        case members(level: Int32)
        case levelInserted(Int32)
        /// The next saved level was removed from this index.
        case levelRemoved(Int32)
        /// This many symbols became candidates, the newest of `saved.candidates` (one entry for
        /// a run of them: a line that moves a long chain adds thousands).
        case candidatesAdded(Int32)
        /// This many candidates were dropped from the top of the heap, not qualifying.
        case candidatesDropped(Int32)
        /// The candidates (the next saved list) were cleared.
        case candidates
        case infeasibleAppended
        case infeasiblePopped(Symbol)
        /// The pending rows were the next saved list before they were cleared.
        case infeasible
        /// The constraint's record was the next saved one.
        case constraint(Int32)
    }

    /// The old values that hold storage, each kind in the order its entries were made.
    struct Saved {
        var rows: [Row] = []
        var columns: [[Slot]] = []
        var lists: [[Symbol]] = []
        var levels: [ObjectiveLevel] = []
        var constraints: [SolverConstraint?] = []
        var numbers: [Double] = []
        /// The second values of entries that have two (old basics, slots, column limits, …).
        var words: [Int32] = []
        /// The entries of the short rows saved flat (`Entry.flatRow`).
        var rowSymbols: [Symbol] = []
        var rowCoefficients: [Double] = []
        /// The symbols of the candidate runs (`Entry.candidatesAdded`, `candidatesDropped`).
        var candidates: [Symbol] = []

        /// How many of each there are: where a step's begin.
        struct Counts {
            var rows = 0, columns = 0, lists = 0, levels = 0, constraints = 0, numbers = 0, words = 0, rowEntries = 0,
                candidates = 0
        }

        var counts: Counts {
            Counts(rows: rows.count, columns: columns.count, lists: lists.count, levels: levels.count,
                   constraints: constraints.count, numbers: numbers.count, words: words.count, rowEntries: rowSymbols.count,
                   candidates: candidates.count)
        }

        /// Drops the oldest ones, up to `counts`.
        mutating func removeFirst(_ counts: Counts) {
            rows.removeFirst(counts.rows)
            columns.removeFirst(counts.columns)
            lists.removeFirst(counts.lists)
            levels.removeFirst(counts.levels)
            constraints.removeFirst(counts.constraints)
            numbers.removeFirst(counts.numbers)
            words.removeFirst(counts.words)
            rowSymbols.removeFirst(counts.rowEntries)
            rowCoefficients.removeFirst(counts.rowEntries)
            candidates.removeFirst(counts.candidates)
        }

        mutating func removeAll() {
            self = Saved()
        }
    }

    /// Where a step's entries start, what it began with, and the solver fields small enough to
    /// keep whole.
    struct Step {
        var start: Int
        var savedStart: Saved.Counts
        var symbolCount: Int
        var rowCount: Int
        var constraintCount: Int
        var stamp: UInt32
        /// The highest symbol made during the step whose objective coefficient was written
        /// unrecorded (it had none before): the rollback zeroes those.
        var highestNewObjectiveSymbol: Symbol = noSymbol
        var edits: [Int: ConstraintID]
        var overflowed: Bool
    }

    /// What the steps recorded, in one box: the tableau is copied whole by every read of it
    /// through the solver (a class), and each array of its own would be one more retain and
    /// release per copy. The box is copied on write, so tableaus stay values.
    private var box = Box()

    struct Log {
        var entries: [Entry] = []
        var saved = Saved()
        /// The open steps, oldest first, from `forgotten` on.
        var steps: [Step] = []
        /// For each slot, the stamp of the step that saved its row whole (4 bytes a row, made
        /// by the first step and kept: releasing them each time would cost every step the
        /// tableau's size).
        var rowStamps: [UInt32] = []
        /// A bit per symbol of the step stamped `columnMarksStamp`: its column's length is
        /// recorded and its appends since are not (`recordAppend`). Made only for a step that
        /// has recorded `bulkStepEntries` entries (a line that moves a long chain appends
        /// some 25 column entries a view, 8 bytes each when recorded one by one), and
        /// dropped by the next step, so that it costs nothing between steps.
        var columnMarks: [UInt64] = []
        var columnMarksStamp: UInt32 = 0
        /// For each objective level, a bit per symbol of the step stamped
        /// `objectiveMarksStamp`: the coefficient's old value is recorded and its later writes
        /// in the step are not (`recordObjectiveCoefficient`; the rollback restores the oldest,
        /// and an objective is dense, so the values between leave nothing behind). Made as
        /// `columnMarks` are (a squeezing line rewrote its objective's coefficients 48 000
        /// times at 10 000 views, 36 000 of them distinct), and dropped when a level is inserted
        /// or removed, which moves the levels' places.
        var objectiveMarks: [[UInt64]] = []
        var objectiveMarksStamp: UInt32 = 0
    }

    final class Box {
        /// Unchecked: the box is reached only through its trail, whose own access is checked.
        @exclusivity(unchecked) var log: Log
        init(_ log: Log = Log()) { self.log = log }
    }

    private var log: Log {
        get { box.log }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.log) }
            yield &box.log
        }
    }

    var entries: [Entry] { box.log.entries }
    /// How many candidate symbols the runs hold (for tests of the trail's size).
    var savedCandidateCount: Int { box.log.saved.candidates.count }
    var steps: [Step] { box.log.steps }
    /// Steps forgotten but not yet cut off the front (cut when they are half of `log.steps`).
    private var forgotten = 0

    // The newest open step's fields the write points test, kept in plain stored properties so
    // that the test is a load and a compare in a debug build too.
    /// Whether a step is open: every write point's one branch when none is.
    private(set) var isRecording = false
    private(set) var symbolCount = 0
    private(set) var rowCount = 0
    private var stamp: UInt32 = 0
    /// Where the newest step's entries start.
    private var stepStart = 0
    private var lastStamp: UInt32 = 0

    /// The first objective level that `Entry.objectiveCoefficient` does not hold itself (see
    /// there); a setting, lowered by tests to run that path on a few strengths.
    var farLevel = UInt16.max

    /// How many log.steps can be rolled back.
    var openSteps: Int { box.log.steps.count - forgotten }

    mutating func begin(symbolCount: Int, rowCount: Int, constraintCount: Int,
                        edits: [Int: ConstraintID], overflowed: Bool) {
        lastStamp &+= 1
        if lastStamp == 0 {
            // After 2³² log.steps stamps would repeat: start them again from a clean slate.
            for index in log.rowStamps.indices { log.rowStamps[index] = 0 }
            lastStamp = 1
        }
        if !box.log.columnMarks.isEmpty {
            log.columnMarks = []
            log.columnMarksStamp = 0
        }
        if box.log.objectiveMarksStamp != 0 { forgetObjectiveMarks() }
        log.steps.append(Step(start: log.entries.count, savedStart: log.saved.counts, symbolCount: symbolCount, rowCount: rowCount,
                          constraintCount: constraintCount, stamp: lastStamp, edits: edits, overflowed: overflowed))
        useNewestStep()
    }

    /// Takes the newest step off; its log.entries are then taken one by one, newest first
    /// (`popEntry`), with the values they log.saved (`log.saved`'s `removeLast`).
    mutating func takeNewestStep() -> Step {
        let step = log.steps.removeLast()
        useNewestStep()
        return step
    }

    /// The newest entry of the step that started at `start`, taken off; nil when none is left.
    mutating func popEntry(above start: Int) -> Entry? {
        log.entries.count > start ? log.entries.removeLast() : nil
    }

    mutating func popRow() -> Row { log.saved.rows.removeLast() }
    mutating func popColumn() -> [Slot] { log.saved.columns.removeLast() }
    mutating func popList() -> [Symbol] { log.saved.lists.removeLast() }
    mutating func popLevel() -> ObjectiveLevel { log.saved.levels.removeLast() }
    mutating func popConstraint() -> SolverConstraint? { log.saved.constraints.removeLast() }

    /// The row a `flatRow` entry of `count` entries saved, built again.
    mutating func popFlatRow(count: Int) -> Row {
        var row = Row(constant: log.saved.numbers.removeLast(), capacity: count)
        let end = log.saved.rowSymbols.count
        for index in (end - count)..<end { row.append(log.saved.rowSymbols[index], log.saved.rowCoefficients[index]) }
        log.saved.rowSymbols.removeLast(count)
        log.saved.rowCoefficients.removeLast(count)
        return row
    }
    mutating func popNumber() -> Double { log.saved.numbers.removeLast() }
    mutating func popWord() -> Int32 { log.saved.words.removeLast() }

    /// The newest `count` symbols of the candidate runs, taken off.
    mutating func popCandidates(_ count: Int) -> [Symbol] {
        let symbols = Array(log.saved.candidates.suffix(count))
        log.saved.candidates.removeLast(count)
        return symbols
    }

    /// Records that `symbol` became a candidate (`added`) or was dropped: four bytes beside the
    /// entries, and one entry for a run of the same kind within the newest step.
    mutating func recordCandidate(_ symbol: Symbol, added: Bool) {
        log.saved.candidates.append(symbol)
        let last = log.entries.count - 1
        if last >= log.steps[log.steps.count - 1].start {
            switch (log.entries[last], added) {
            case (.candidatesAdded(let count), true):
                log.entries[last] = .candidatesAdded(count + 1)
                return
            case (.candidatesDropped(let count), false):
                log.entries[last] = .candidatesDropped(count + 1)
                return
            default:
                break
            }
        }
        log.entries.append(added ? .candidatesAdded(1) : .candidatesDropped(1))
    }

    /// Forgets all but the newest `depth` log.steps: their writes stay, and can no longer be taken
    /// back. Entries are dropped from the front once the forgotten log.steps are half of those
    /// kept, so that forgetting one step after each new one costs O(1) amortized.
    mutating func forget(keepingNewest depth: Int) {
        forgotten = max(forgotten, log.steps.count - depth)
        if forgotten == log.steps.count {
            // Nothing open: nothing kept but a small buffer for the next step.
            log.entries.removeAll(keepingCapacity: log.entries.capacity <= 4096)
            log.saved.removeAll()
            log.steps.removeAll(keepingCapacity: true)
            forgotten = 0
        } else if forgotten * 2 >= log.steps.count {
            let cut = log.steps[forgotten].start, savedCut = log.steps[forgotten].savedStart
            log.entries.removeFirst(cut)
            log.saved.removeFirst(savedCut)
            log.steps.removeFirst(forgotten)
            for index in log.steps.indices {
                log.steps[index].start -= cut
                log.steps[index].savedStart.rows -= savedCut.rows
                log.steps[index].savedStart.columns -= savedCut.columns
                log.steps[index].savedStart.lists -= savedCut.lists
                log.steps[index].savedStart.levels -= savedCut.levels
                log.steps[index].savedStart.constraints -= savedCut.constraints
                log.steps[index].savedStart.numbers -= savedCut.numbers
                log.steps[index].savedStart.words -= savedCut.words
                log.steps[index].savedStart.rowEntries -= savedCut.rowEntries
                log.steps[index].savedStart.candidates -= savedCut.candidates
            }
            forgotten = 0
        }
        useNewestStep()
    }

    private mutating func useNewestStep() {
        isRecording = box.log.steps.count > forgotten
        guard let newest = box.log.steps.last, isRecording else { return }
        symbolCount = newest.symbolCount
        rowCount = newest.rowCount
        stamp = newest.stamp
        stepStart = newest.start
    }

    /// Records that the step appends to the column of `symbol` (made before the step), now
    /// `length` long. A small step records each append (one entry, undone by dropping the
    /// last slot); once a step has recorded `bulkStepEntries` entries, it records a column's
    /// length at its first append instead, and its later appends not at all.
    @inline(__always)
    mutating func recordAppend(_ symbol: Symbol, length: Int32) {
        if box.log.columnMarksStamp == stamp {
            let word = Int(symbol) &>> 6, bit = UInt64(1) &<< (UInt64(symbol) & 63)
            if box.log.columnMarks[word] & bit != 0 { return }
            log.columnMarks[word] |= bit
            record(.columnLength(symbol), word: length)
        } else {
            log.entries.append(.columnAppended(symbol))
            if box.log.entries.count &- stepStart > bulkStepEntries { markColumns() }
        }
    }

    /// `recordAppend` for each of `symbols` made before the step, whose columns are now as
    /// long as `lengths` says: the marks are reached once for them all (one uniqueness check
    /// of the log and of the marks, where one for each cost recorded drags 5%).
    mutating func recordAppends(_ symbols: UnsafeBufferPointer<Symbol>, lengths: UnsafeBufferPointer<Int32>) {
        let symbolCount = symbolCount
        if !isKnownUniquelyReferenced(&box) { box = Box(box.log) }
        if box.log.columnMarksStamp != stamp {
            for symbol in symbols where Int(symbol) < symbolCount { box.log.entries.append(.columnAppended(symbol)) }
            if box.log.entries.count &- stepStart > bulkStepEntries { markColumns() }
            return
        }
        // Taken out while the loop writes them, so that each write is to a unique buffer.
        var columnMarks: [UInt64] = []
        swap(&columnMarks, &box.log.columnMarks)
        columnMarks.withUnsafeMutableBufferPointer { marks in
            for symbol in symbols where Int(symbol) < symbolCount {
                let word = Int(symbol) &>> 6, bit = UInt64(1) &<< (UInt64(symbol) & 63)
                if marks[word] & bit != 0 { continue }
                marks[word] |= bit
                box.log.entries.append(.columnLength(symbol))
                box.log.saved.words.append(lengths[Int(symbol)])
            }
        }
        swap(&columnMarks, &box.log.columnMarks)
    }

    /// Starts recording the newest step's appends by column (see `recordAppend`).
    @inline(never)
    private mutating func markColumns() {
        log.columnMarks = [UInt64](repeating: 0, count: (symbolCount + 63) / 64)
        log.columnMarksStamp = stamp
    }

    /// Records that the step takes the slot at `index` out of the column of `symbol`. A
    /// marked column is unmarked: the undo of the removal needs the column as the removal
    /// left it, so the appends after it are cut by a length recorded after it.
    @inline(__always)
    mutating func recordRemoval(_ symbol: Symbol, index: UInt8, slot: Slot) {
        record(.columnEntryRemoved(symbol, index: index), word: slot.raw)
        if box.log.columnMarksStamp == stamp {
            log.columnMarks[Int(symbol) &>> 6] &= ~(UInt64(1) &<< (UInt64(symbol) & 63))
        }
    }

    /// How many entries a step records before its column appends are recorded by column and
    /// its objective coefficients once each; a setting, lowered by tests to run those paths on
    /// a small tableau.
    var bulkStepEntries = 4_096

    @inline(__always)
    mutating func record(_ entry: Entry) { log.entries.append(entry) }

    /// Records an entry whose old value is `number` (saved beside the entries).
    @inline(__always)
    mutating func record(_ entry: Entry, number: Double) {
        log.entries.append(entry)
        log.saved.numbers.append(number)
    }

    /// Records an entry whose second value is `word` (saved beside the entries).
    @inline(__always)
    mutating func record(_ entry: Entry, word: Int32) {
        log.entries.append(entry)
        log.saved.words.append(word)
    }

    /// Whether the row in `slot` is still to be log.saved in this step (it existed before the step,
    /// and the step has not log.saved it yet).
    @inline(__always)
    func needsRow(_ slot: Slot) -> Bool {
        slot.index < rowCount && (slot.index >= box.log.rowStamps.count || box.log.rowStamps[slot.index] != stamp)
    }

    /// Saves the row in `slot` before the step first rewrites it. A short row with no dead
    /// front is copied flat into two shared arrays: kept as a `Row`, each held its two arrays
    /// (two heap blocks, ~140 bytes for a row of two entries) until the step was forgotten,
    /// and a line that moves a long chain saves a short row for every view. Built again by the
    /// rollback, it holds the same entries; a row with a dead front is kept whole, so that
    /// its storage comes back as it was.
    mutating func recordRow(_ row: Row, at slot: Slot) {
        if slot.index >= log.rowStamps.count {
            log.rowStamps.append(contentsOf: repeatElement(0, count: rowCount - log.rowStamps.count))
        }
        log.rowStamps[slot.index] = stamp
        if row.start == 0 && row.count <= Self.flatRowLength {
            log.entries.append(.flatRow(slot, count: UInt8(row.count)))
            row.storedSymbols.withUnsafeBufferPointer { log.saved.rowSymbols.append(contentsOf: $0) }
            row.storedCoefficients.withUnsafeBufferPointer { log.saved.rowCoefficients.append(contentsOf: $0) }
            log.saved.numbers.append(row.constant)
        } else {
            log.entries.append(.row(slot))
            log.saved.rows.append(row)
        }
    }

    /// The longest row `recordRow` saves flat: past it, the two heap blocks are a small part
    /// of the row, and sharing its storage is cheaper than copying it.
    static let flatRowLength = 16

    mutating func recordColumn(_ symbol: Symbol, _ column: [Slot]) {
        log.entries.append(.column(symbol))
        log.saved.columns.append(column)
    }

    /// Records the candidate list or the pending rows (`entry` says which) before they change.
    mutating func recordList(_ entry: Entry, _ list: [Symbol]) {
        log.entries.append(entry)
        log.saved.lists.append(list)
    }

    mutating func recordLevelRemoved(_ level: ObjectiveLevel, at index: Int) {
        log.entries.append(.levelRemoved(Int32(index)))
        log.saved.levels.append(level)
        if box.log.objectiveMarksStamp != 0 { forgetObjectiveMarks() }
    }

    mutating func recordLevelInserted(at index: Int) {
        log.entries.append(.levelInserted(Int32(index)))
        if box.log.objectiveMarksStamp != 0 { forgetObjectiveMarks() }
    }

    /// Drops the objective marks: a level's place they were made for may hold another now, or
    /// a new step begins. The coefficients written after are recorded again (a second record
    /// of one is harmless: the rollback ends with the oldest).
    @inline(never)
    private mutating func forgetObjectiveMarks() {
        log.objectiveMarks = []
        log.objectiveMarksStamp = 0
    }

    /// Whether `symbol`'s coefficient in `level` is still to be recorded in this step, marking
    /// it recorded; always true until the step has recorded `bulkStepEntries` entries.
    @inline(__always)
    private mutating func needsObjectiveCoefficient(_ level: Int32, _ symbol: Symbol) -> Bool {
        if box.log.objectiveMarksStamp != stamp {
            if box.log.entries.count &- stepStart <= bulkStepEntries { return true }
            log.objectiveMarksStamp = stamp
        }
        let level = Int(level)
        if level >= box.log.objectiveMarks.count {
            log.objectiveMarks.append(contentsOf: repeatElement([], count: level + 1 - box.log.objectiveMarks.count))
        }
        if box.log.objectiveMarks[level].isEmpty {
            log.objectiveMarks[level] = [UInt64](repeating: 0, count: (symbolCount + 63) / 64)
        }
        let word = Int(symbol) &>> 6, bit = UInt64(1) &<< (UInt64(symbol) & 63)
        if box.log.objectiveMarks[level][word] & bit != 0 { return false }
        log.objectiveMarks[level][word] |= bit
        return true
    }

    mutating func recordConstraint(_ id: Int, _ old: SolverConstraint?) {
        log.entries.append(.constraint(Int32(id)))
        log.saved.constraints.append(old)
    }

    /// Records the old objective coefficients `add(row, times:)` or `add(symbol, _)` will write
    /// at `level` (a symbol made during the step has none: the rollback zeroes it), and the
    /// level's constant and length.
    mutating func recordObjective(_ level: Int, _ objective: DenseRow, writing symbols: some BidirectionalCollection<Symbol>) {
        let level = Int32(level)
        record(.objectiveConstant(level: level), number: objective.constant)
        if let last = symbols.last, Int(last) >= objective.coefficients.count {
            record(.objectiveGrew(level: level), word: Int32(objective.coefficients.count))
        }
        for symbol in symbols { recordObjectiveCoefficient(level, symbol, objective.coefficient(of: symbol)) }
    }

    @inline(__always)
    mutating func recordObjectiveCoefficient(_ level: Int32, _ symbol: Symbol, _ old: Double) {
        if Int(symbol) < symbolCount {
            guard needsObjectiveCoefficient(level, symbol) else { return }
            if level < Int32(farLevel) {
                record(.objectiveCoefficient(symbol, level: UInt16(level)), number: old)
            } else {
                record(.objectiveCoefficient(symbol, level: farLevel), number: old)
                log.saved.words.append(level)
            }
        } else if symbol > log.steps[log.steps.count - 1].highestNewObjectiveSymbol {
            log.steps[log.steps.count - 1].highestNewObjectiveSymbol = symbol
        }
    }
}

// MARK: - Recording at the tableau's write points

extension Tableau {
    /// Call before rewriting the row in `slot` (in place or whole).
    @inline(__always)
    mutating func willRewriteRow(_ slot: Slot) {
        if trail.isRecording && trail.needsRow(slot) { trail.recordRow(rows[slot.index], at: slot) }
    }

    @inline(__always)
    mutating func setBasic(_ basic: Symbol, of slot: Slot) {
        if trail.isRecording && slot.index < trail.rowCount { trail.record(.basic(slot), word: basics[slot.index]) }
        basics[slot.index] = basic
    }

    @inline(__always)
    mutating func setSlot(_ slot: Slot, ofBasic symbol: Symbol) {
        if trail.isRecording && Int(symbol) < trail.symbolCount { trail.record(.slotOfBasic(symbol), word: slotOfBasic[Int(symbol)].raw) }
        slotOfBasic[Int(symbol)] = slot
    }

    /// Remembers `basic` for the dual simplex: its row may have gone negative.
    @inline(__always)
    mutating func noteInfeasible(_ basic: Symbol) {
        if trail.isRecording { trail.record(.infeasibleAppended) }
        infeasible.append(basic)
    }

    mutating func popInfeasible() -> Symbol? {
        guard let basic = infeasible.popLast() else { return nil }
        if trail.isRecording { trail.record(.infeasiblePopped(basic)) }
        return basic
    }

    mutating func clearInfeasible() {
        if trail.isRecording && !infeasible.isEmpty { trail.recordList(.infeasible, infeasible) }
        infeasible.removeAll()
    }

    // The objectives' writes: every one goes through these.

    /// `levels[level] += factor × row`.
    mutating func addToObjective(_ level: Int, _ row: Row, times factor: Double) {
        if trail.isRecording {
            row.withLiveSymbols { trail.recordObjective(level, objectives.levels[level].row, writing: $0) }
        }
        objectives.levels[level].row.add(row, times: factor)
    }

    /// `levels[level] += coefficient × symbol`.
    mutating func addToObjective(_ level: Int, _ symbol: Symbol, _ coefficient: Double) {
        if trail.isRecording { trail.recordObjective(level, objectives.levels[level].row, writing: [symbol]) }
        objectives.levels[level].row.add(symbol, coefficient)
    }

    /// Sets `symbol`'s coefficient in `levels[level]` to zero; returns what it was.
    mutating func removeFromObjective(_ level: Int, _ symbol: Symbol) -> Double {
        let old = objectives.levels[level].row.coefficient(of: symbol)
        if old.bitPattern == 0 { return 0 }
        if trail.isRecording { trail.recordObjectiveCoefficient(Int32(level), symbol, old) }
        return objectives.levels[level].row.remove(symbol)
    }

    mutating func shiftObjectiveConstant(_ level: Int, by amount: Double) {
        if trail.isRecording { trail.record(.objectiveConstant(level: Int32(level)), number: objectives.levels[level].row.constant) }
        objectives.levels[level].row.constant += amount
    }

    /// Changes how many constraints have errors in `levels[level]`; returns the new count.
    mutating func changeMembers(_ level: Int, by amount: Int) -> Int {
        if trail.isRecording { trail.record(.members(level: Int32(level)), word: Int32(objectives.levels[level].members)) }
        objectives.levels[level].members += amount
        return objectives.levels[level].members
    }

    /// The index of the objective for `priority`, made when missing.
    mutating func objectiveLevel(for priority: Double) -> Int {
        let count = objectives.levels.count
        let index = objectives.levelIndex(for: priority)
        if trail.isRecording && objectives.levels.count > count { trail.recordLevelInserted(at: index) }
        return index
    }

    mutating func removeObjectiveLevel(at index: Int) {
        let level = objectives.levels.remove(at: index)
        if trail.isRecording { trail.recordLevelRemoved(level, at: index) }
    }
}

// MARK: - Rolling back

extension Tableau {
    /// Takes the newest step back, putting the solver's constraints back too; returns the step
    /// (for the solver's fields it kept whole).
    ///
    /// - Complexity: the entries the step recorded, plus the symbols they name.
    mutating func rollBackStep(constraints: inout [SolverConstraint?]) -> SolverTrail.Step {
        let step = trail.takeNewestStep()
        // Symbols whose row, basic status or value may have changed back, and those whose
        // objective coefficient did (their reduced cost).
        var touched: [Symbol] = []
        var costs: [Symbol] = []
        while let entry = trail.popEntry(above: step.start) {
            switch entry {
            case .row(let slot):
                touched.append(basics[slot.index])
                rows[slot.index] = trail.popRow()
                // Recorded with gaps (steps begin packed, so only defensively): packed again
                // before the next read (`Solver.rollBackStep`).
                if rows[slot.index].isGapped { gappedSlots.append(slot) }
            case .flatRow(let slot, let count):
                touched.append(basics[slot.index])
                rows[slot.index] = trail.popFlatRow(count: Int(count))
            case .rowConstant(let slot):
                touched.append(basics[slot.index])
                rows[slot.index].constant = trail.popNumber()
            case .basic(let slot):
                let old = trail.popWord()
                touched.append(basics[slot.index])
                touched.append(old)
                basics[slot.index] = old
            case .slotOfBasic(let symbol):
                touched.append(symbol)
                slotOfBasic[Int(symbol)] = Slot(trail.popWord())
            case .freeSlotPushed:
                freeSlots.removeLast()
            case .freeSlotPopped(let slot):
                freeSlots.append(slot)
            case .columnAppended, .columnLength, .columnEntryRemoved, .column, .columnLimit:
                columns.undo(entry, trail: &trail)
            case .objectiveCoefficient(let symbol, let level):
                costs.append(symbol)
                let index = level == trail.farLevel ? Int(trail.popWord()) : Int(level)
                objectives.levels[index].row.restore(symbol, trail.popNumber())
            case .objectiveConstant(let level):
                objectives.levels[Int(level)].row.constant = trail.popNumber()
            case .objectiveGrew(let level):
                objectives.levels[Int(level)].row.shrink(to: Int(trail.popWord()))
            case .members(let level):
                objectives.levels[Int(level)].members = Int(trail.popWord())
            case .levelInserted(let index):
                // Every symbol in a level that goes changes its reduced cost.
                costs += objectives.levels.remove(at: Int(index)).row.nonzeroSymbols
            case .levelRemoved(let index):
                let level = trail.popLevel()
                costs += level.row.nonzeroSymbols
                objectives.levels.insert(level, at: Int(index))
            case .candidatesAdded, .candidatesDropped, .candidates:
                objectives.undo(entry, trail: &trail)
            case .infeasibleAppended:
                infeasible.removeLast()
            case .infeasiblePopped(let basic):
                infeasible.append(basic)
            case .infeasible:
                infeasible = trail.popList()
            case .constraint(let id):
                constraints[Int(id)] = trail.popConstraint()
            }
        }
        // What the step appended goes: symbols, rows, constraints.
        let count = step.symbolCount
        // The first user variable taken back held the first value taken back.
        let valueCount = (count..<kinds.count).first { kinds[$0] == .external }.map { valueIndex(Symbol($0)) }
            ?? changes.values.count
        kinds.removeLast(kinds.count - count)
        owners.removeLast(owners.count - count)
        slotOfBasic.removeLast(slotOfBasic.count - count)
        columns.dropSymbols(from: count)
        objectives.dropSymbols(from: count, highestWritten: step.highestNewObjectiveSymbol)
        rows.removeLast(rows.count - step.rowCount)
        basics.removeLast(basics.count - step.rowCount)
        constraints.removeLast(constraints.count - step.constraintCount)

        changes.dropSymbols(from: count, values: valueCount)
        scratch.shrink(to: count)
        ambiguity?.shrink(to: count, values: valueCount)
        touched += ambiguity?.orphanedFreeSymbols ?? []
        for symbol in Set(touched).sorted() where symbol != noSymbol && Int(symbol) < count { touch(symbol) }
        changes.noteReducedCosts(Set(costs.filter { Int($0) < count }).sorted())
        return step
    }
}

extension WalkScratch {
    /// Forgets the marks of symbols from `count` on (taken back with a step).
    mutating func shrink(to count: Int) {
        if visited.count > count { visited.removeLast(visited.count - count) }
    }
}

extension AmbiguityState {
    /// Forgets the verdicts of symbols from `count` on (taken back with a step), and the changes
    /// of user variables from `valueCount` on (`Tableau.valueIndex`: those among them).
    mutating func shrink(to count: Int, values valueCount: Int) {
        guard symbolCount > count else { return }
        dropSteps(from: count)
        // `moves` holds user variables only, numbered in symbol order; it may stop short of
        // `valueCount` (grown at the last query, not with each symbol).
        moves.removeLast(from: valueCount)
        if !coneStep.isEmpty { coneStep = coneStep.filter { Int($0.key) < count } }
        orphanedFreeSymbols.removeAll { Int($0) >= count }
        // A degenerate row that went with the step leaves its free symbols' group to solve again.
        for (row, free) in freeSymbolsOfRow where Int(row) >= count {
            freeSymbolsOfRow[row] = nil
            orphanedFreeSymbols += free.filter { Int($0) < count }
        }
    }
}
