/// Up to eight yes-or-no fields of a record the model keeps by the thousand (a constraint, a
/// view), a bit each in one byte, where a `Bool` takes a byte of its own. Read and written by
/// the bit's mask: `flags[Flag.active] = true`.
struct ByteFlags: Sendable {
    private var bits: UInt8

    init(_ bits: UInt8 = 0) { self.bits = bits }

    subscript(mask: UInt8) -> Bool {
        @inline(__always) get { bits & mask != 0 }
        @inline(__always) set { bits = newValue ? bits | mask : bits & ~mask }
    }
}
