/// The one heap block of a row's entries: its capacity (the header), then `capacity` symbols,
/// then (8-aligned) `capacity` coefficients. Symbols come first, at a fixed offset: they are
/// read most (searches, walks), and their address needs no load of the capacity.
///
/// A row used to be two arrays, two heap blocks each with its own 32-byte header and malloc
/// overhead: a row of two entries took 112 bytes of heap, now 64, and a layout holds some 6.5
/// rows per view, most of two to four entries.
///
/// Readers reach the entries through `RowSymbols` and `RowCoefficients`, which compute the
/// addresses from the block's fixed layout: no generic call per entry. The accessors on that
/// path are `@_transparent`, inlined even in a debug build: left as calls (`@inline(__always)`
/// is not honoured there), they made reading a row a chain of calls per entry, and the debug
/// instruction gate grew 3–22%.
final class RowStorage: ManagedBuffer<Int, Double> {
    // The layout `ManagedBuffer<Int, Double>` gives: the object header (16 bytes), the `Int`
    // header, then the elements, 8-aligned. `make` checks it.
    @inline(__always) var address: UnsafeMutableRawPointer { rowStorageAddress(self) }

    /// How many entries the block holds room for.
    @inline(__always) var entryCapacity: Int { rowStorageCapacity(self) }
    @inline(__always) var symbols: UnsafeMutablePointer<Symbol> { rowStorageSymbols(self) }
    @inline(__always) var coefficients: UnsafeMutablePointer<Double> { rowStorageCoefficients(self) }

    /// A block with room for at least `capacity` entries (more when malloc's block has room).
    static func make(capacity: Int) -> RowStorage {
        let doubles = capacity + (capacity + 1) / 2
        let storage = unsafeDowncast(create(minimumCapacity: doubles) { _ in 0 }, to: RowStorage.self)
        // n entries take n + ⌈n/2⌉ doubles.
        let entries = storage.capacity * 2 / 3
        storage.header = entries
        storage.withUnsafeMutablePointerToElements { elements in
            precondition(UnsafeMutableRawPointer(elements) == storage.address + 24 && storage.entryCapacity == entries,
                         "RowStorage's layout is not the one its accessors assume")
            UnsafeMutableRawPointer(elements).bindMemory(to: Symbol.self, capacity: entries)
        }
        return storage
    }

    /// A block of exactly `slots` entries and `extraWords` 32-bit words after the coefficients
    /// (a row with gaps keeps its segments' counts there, Row+Gaps.swift).
    static func make(slots: Int, extraWords: Int) -> RowStorage {
        let doubles = slots + (slots + 1) / 2 + (extraWords + 1) / 2 + 1
        let storage = unsafeDowncast(create(minimumCapacity: doubles) { _ in 0 }, to: RowStorage.self)
        storage.header = slots
        _ = storage.withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements).bindMemory(to: Symbol.self, capacity: slots)
        }
        UnsafeMutableRawPointer(storage.coefficients + slots).bindMemory(to: Int32.self, capacity: extraWords)
        return storage
    }
}

// The accessors of a block, as free functions: `@_transparent` (inlined even in a debug build)
// is not allowed on a class's members.
@_transparent func rowStorageAddress(_ storage: RowStorage) -> UnsafeMutableRawPointer {
    Unmanaged.passUnretained(storage).toOpaque()
}

@_transparent func rowStorageCapacity(_ storage: RowStorage) -> Int {
    (rowStorageAddress(storage) + 16).assumingMemoryBound(to: Int.self).pointee
}

@_transparent func rowStorageSymbols(_ storage: RowStorage) -> UnsafeMutablePointer<Symbol> {
    (rowStorageAddress(storage) + 24).assumingMemoryBound(to: Symbol.self)
}

@_transparent func rowStorageCoefficients(_ storage: RowStorage) -> UnsafeMutablePointer<Double> {
    let offset = 24 + (rowStorageCapacity(storage) &* MemoryLayout<Symbol>.stride &+ 7) & ~7
    return (rowStorageAddress(storage) + offset).assumingMemoryBound(to: Double.self)
}

// (An index in range means the row holds entries, so its block exists: the subscripts take it
// with `unsafeBitCast`, which a debug build inlines and a release build does not check, where
// `!` was a branch per entry in release and `unsafelyUnwrapped` a call per entry in debug.)

/// A row's symbols at storage indices `startIndex..<endIndex` (`Row.storedSymbols`: all of the
/// storage, dead front included; `Row.symbols`: the live ones), read in place. Holds the block.
struct RowSymbols: RandomAccessCollection, Equatable {
    let storage: RowStorage?
    let startIndex: Int
    let endIndex: Int

    subscript(index: Int) -> Symbol {
        @_transparent get {
            precondition(UInt(bitPattern: index &- startIndex) < UInt(bitPattern: endIndex &- startIndex), "row index out of range")
            return rowStorageSymbols(unsafeBitCast(storage, to: RowStorage.self))[index]
        }
    }

    /// The storage from index 0 to `endIndex`, indexed as the storage is (dead front included).
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Symbol>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try body(UnsafeBufferPointer(start: rowStorageSymbols(storage), count: endIndex))
        }
    }

    static func == (a: RowSymbols, b: RowSymbols) -> Bool { a.elementsEqual(b) }

    // Concrete index arithmetic and iterator: the defaults for an Int-indexed collection are
    // generic code that a debug build runs unspecialized (metadata look-ups per step) wherever
    // a row's entries go through a generic algorithm (for-in, `first`, `zip`, `Array(_:)`).
    var indices: Range<Int> { startIndex..<endIndex }
    var count: Int { endIndex &- startIndex }
    func index(after i: Int) -> Int { i &+ 1 }
    func index(before i: Int) -> Int { i &- 1 }
    func index(_ i: Int, offsetBy distance: Int) -> Int { i &+ distance }
    func distance(from start: Int, to end: Int) -> Int { end &- start }

    struct Iterator: IteratorProtocol {
        let storage: RowStorage?
        var index: Int
        let end: Int

        mutating func next() -> Symbol? {
            guard index < end else { return nil }
            let entry = rowStorageSymbols(unsafeBitCast(storage, to: RowStorage.self))[index]
            index &+= 1
            return entry
        }
    }

    func makeIterator() -> Iterator { Iterator(storage: storage, index: startIndex, end: endIndex) }
}

/// A row's coefficients, at the same indices as its `RowSymbols`. Holds the block.
///
/// `RowSymbols` again for the other half of the block, on purpose: one generic type would run
/// unspecialized in debug builds, where the tests and the instruction gate run, on every entry
/// of every row walked.
struct RowCoefficients: RandomAccessCollection, Equatable {
    let storage: RowStorage?
    let startIndex: Int
    let endIndex: Int

    subscript(index: Int) -> Double {
        @_transparent get {
            precondition(UInt(bitPattern: index &- startIndex) < UInt(bitPattern: endIndex &- startIndex), "row index out of range")
            return rowStorageCoefficients(unsafeBitCast(storage, to: RowStorage.self))[index]
        }
    }

    /// The storage from index 0 to `endIndex`, indexed as the storage is (dead front included).
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Double>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            guard let storage else { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            return try body(UnsafeBufferPointer(start: rowStorageCoefficients(storage), count: endIndex))
        }
    }

    static func == (a: RowCoefficients, b: RowCoefficients) -> Bool { a.elementsEqual(b) }

    // Concrete index arithmetic and iterator: the defaults for an Int-indexed collection are
    // generic code that a debug build runs unspecialized (metadata look-ups per step) wherever
    // a row's entries go through a generic algorithm (for-in, `first`, `zip`, `Array(_:)`).
    var indices: Range<Int> { startIndex..<endIndex }
    var count: Int { endIndex &- startIndex }
    func index(after i: Int) -> Int { i &+ 1 }
    func index(before i: Int) -> Int { i &- 1 }
    func index(_ i: Int, offsetBy distance: Int) -> Int { i &+ distance }
    func distance(from start: Int, to end: Int) -> Int { end &- start }

    struct Iterator: IteratorProtocol {
        let storage: RowStorage?
        var index: Int
        let end: Int

        mutating func next() -> Double? {
            guard index < end else { return nil }
            let entry = rowStorageCoefficients(unsafeBitCast(storage, to: RowStorage.self))[index]
            index &+= 1
            return entry
        }
    }

    func makeIterator() -> Iterator { Iterator(storage: storage, index: startIndex, end: endIndex) }
}
