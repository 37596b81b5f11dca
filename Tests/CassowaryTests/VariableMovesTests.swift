// `VariableMoves` keeps a variable's two vectors only while they are not zero. These check that
// every move reads back with the bits it was written with (−0 included), that zeroing a move
// frees its room for the next, and that forgetting variables forgets their moves.

@testable import Cassowary
import Testing
import TestSupport

@Suite struct VariableMovesTests {
    static func bits(_ move: VariableMoves.Move) -> [UInt64] {
        [move.along.x, move.along.y, move.magnitude.x, move.magnitude.y].map(\.bitPattern)
    }

    @Test func movesReadBackBitForBitAndOnlyMovingOnesAreKept() {
        var moves = VariableMoves()
        moves.append(notMoving: 6)
        #expect(moves.count == 6 && moves.movingCount == 0)
        #expect(Self.bits(moves[3]) == [0, 0, 0, 0])
        let negativeZero = VariableMoves.Move(along: SIMD2(-0.0, 0), magnitude: .zero)
        let move = VariableMoves.Move(along: SIMD2(1.5, -2), magnitude: SIMD2(3, 4))
        moves.set(1, negativeZero)
        moves.set(4, move)
        #expect(moves.movingCount == 2, "a −0 is kept as a number")
        #expect(Self.bits(moves[1]) == Self.bits(negativeZero))
        #expect(Self.bits(moves[4]) == Self.bits(move))
        moves.set(1, .zero)
        #expect(moves.movingCount == 1)
        #expect(Self.bits(moves[1]) == [0, 0, 0, 0])
        moves.set(5, move)
        #expect(moves.movingCount == 2 && Self.bits(moves[5]) == Self.bits(move))
        moves.removeLast(from: 5)
        #expect(moves.count == 5 && moves.movingCount == 1)
        moves.append(notMoving: 1)
        #expect(Self.bits(moves[5]) == [0, 0, 0, 0], "a variable made again starts still")
        #expect(Self.bits(moves[4]) == Self.bits(move))
    }

    /// Random writes, zeroings and cuts, against a plain array of moves.
    @Test func randomHistoriesReadLikeAPlainArray() {
        var rng = SplitMix64(seed: 0x30E5)
        for _ in 0..<100 {
            var moves = VariableMoves()
            var plain: [VariableMoves.Move] = []
            for _ in 0..<60 {
                switch rng.next() % 5 {
                case 0:
                    let count = Int(rng.next() % 4)
                    moves.append(notMoving: count)
                    plain += repeatElement(.zero, count: count)
                case 1 where !plain.isEmpty:
                    let count = Int(rng.next() % UInt64(plain.count + 1))
                    moves.removeLast(from: count)
                    plain.removeLast(plain.count - count)
                case 2 where !plain.isEmpty:
                    let index = Int(rng.next() % UInt64(plain.count))
                    moves.set(index, .zero)
                    plain[index] = .zero
                default:
                    guard !plain.isEmpty else { continue }
                    let index = Int(rng.next() % UInt64(plain.count))
                    let move = VariableMoves.Move(along: SIMD2(Double(rng.next() % 9) - 4, 1), magnitude: SIMD2(2, Double(rng.next() % 3)))
                    moves.set(index, move)
                    plain[index] = move
                }
                #expect(moves.count == plain.count)
                #expect(moves.movingCount == plain.filter { !$0.isZero }.count)
                for index in plain.indices { #expect(Self.bits(moves[index]) == Self.bits(plain[index])) }
            }
        }
    }
}
