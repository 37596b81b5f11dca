/// The one heap block of a row's entries: its capacity (the header), then `capacity`
/// coefficients, then `capacity` symbols.
///
/// A row used to be two arrays, two heap blocks each with its own 32-byte header and malloc
/// overhead: a row of two entries took 112 bytes of heap, now 64, and a layout holds some 6.5
/// rows per view, most of two to four entries.
///
/// Readers reach the entries through `RowSymbols` and `RowCoefficients`, which compute the
/// addresses from the block's fixed layout: no generic call per entry, so a debug build reads a
/// row no slower than it read an array.
final class RowStorage: ManagedBuffer<Int, Double> {
    // The layout `ManagedBuffer<Int, Double>` gives: the object header (16 bytes), the `Int`
    // header, then the elements, 8-aligned. `make` checks it.
    @inline(__always) private var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// How many entries the block holds room for.
    @inline(__always) var entryCapacity: Int { (address + 16).assumingMemoryBound(to: Int.self).pointee }

    @inline(__always) var coefficients: UnsafeMutablePointer<Double> {
        (address + 24).assumingMemoryBound(to: Double.self)
    }

    @inline(__always) var symbols: UnsafeMutablePointer<Symbol> {
        (address + 24 + entryCapacity &* MemoryLayout<Double>.stride).assumingMemoryBound(to: Symbol.self)
    }

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
            UnsafeMutableRawPointer(elements + entries).bindMemory(to: Symbol.self, capacity: entries)
        }
        return storage
    }
}

/// A row's symbols at storage indices `startIndex..<endIndex` (`Row.storedSymbols`: all of the
/// storage, dead front included; `Row.symbols`: the live ones), read in place. Holds the block.
struct RowSymbols: RandomAccessCollection, Equatable {
    let storage: RowStorage?
    let startIndex: Int
    let endIndex: Int

    @inline(__always) subscript(index: Int) -> Symbol {
        precondition(UInt(bitPattern: index &- startIndex) < UInt(bitPattern: endIndex &- startIndex), "row index out of range")
        return storage.unsafelyUnwrapped.symbols[index]
    }

    /// The storage from index 0 to `endIndex`, indexed as the storage is (dead front included).
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Symbol>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.map { UnsafePointer($0.symbols) }, count: endIndex))
        }
    }

    static func == (a: RowSymbols, b: RowSymbols) -> Bool { a.elementsEqual(b) }
}

/// A row's coefficients, at the same indices as its `RowSymbols`. Holds the block.
struct RowCoefficients: RandomAccessCollection, Equatable {
    let storage: RowStorage?
    let startIndex: Int
    let endIndex: Int

    @inline(__always) subscript(index: Int) -> Double {
        precondition(UInt(bitPattern: index &- startIndex) < UInt(bitPattern: endIndex &- startIndex), "row index out of range")
        return storage.unsafelyUnwrapped.coefficients[index]
    }

    /// The storage from index 0 to `endIndex`, indexed as the storage is (dead front included).
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Double>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) {
            try body(UnsafeBufferPointer(start: storage.map { UnsafePointer($0.coefficients) }, count: endIndex))
        }
    }

    static func == (a: RowCoefficients, b: RowCoefficients) -> Bool { a.elementsEqual(b) }
}
