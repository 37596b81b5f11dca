import Testing
@testable import LayoutReport

/// The JSON value's serializer, without a session: the bytes every JSON report is made of.
@Suite struct JSONValueTests {
    @Test func serializerBytes() {
        let value = JSONValue.object([
            JSONMember("b", .integer(-3)),
            JSONMember("a", .array([.number(0.1), .number(20), .number(-0.5), .number(.nan), .number(.infinity)])),
            JSONMember("c", .object([JSONMember("t", .bool(true)), JSONMember("f", .bool(false)), JSONMember("n", .null)])),
            JSONMember("s", .string("q\"b\\n\nt\t\u{07}\u{2028}é")),
        ])
        // Keys in insertion order; non-finite numbers become null; control characters and
        // U+2028 escaped, other non-ASCII text left as it is.
        #expect(value.serialized == #"{"b":-3,"a":[0.1,20,-0.5,null,null],"c":{"t":true,"f":false,"n":null},"s":"q\"b\\n\nt\t\u0007\u2028é"}"#)
        #expect(value.keys == ["b", "a", "c", "s"])
        #expect(value["c"]?["n"] == .null && value["missing"] == nil && JSONValue.integer(1)["x"] == nil)
    }

    @Test func madeArraysAndObjectsReadAndPrintAsTheValuesTheyMake() {
        let names = ["v0", "v1", "v2"]
        let madeObject = JSONValue.madeObject(JSONItems(count: names.count) { JSONMember(names[$0], .integer($0 * 10)) })
        let object = JSONValue.object(names.indices.map { JSONMember(names[$0], .integer($0 * 10)) })
        let madeArray = JSONValue.madeArray(JSONItems(count: 3) { $0 == 1 ? madeObject : .number(Double($0) / 4) })
        let array = JSONValue.array([.number(0), object, .number(0.5)])
        #expect(madeArray.serialized == array.serialized && madeArray.serialized == #"[0,{"v0":0,"v1":10,"v2":20},0.5]"#)
        #expect(madeArray == array && array == madeArray && madeObject == object)
        #expect(madeArray != .array([.number(0), object]) && madeObject != .object([]))
        #expect(madeObject.keys == names && madeObject["v2"] == .integer(20) && madeObject["v3"] == nil)
        #expect(madeArray.plain == array && JSONValue.madeArray(JSONItems(count: 0) { _ in .null }).serialized == "[]")
    }

    @Test func aValueHandedOffInPiecesIsTheSameTextCutBetweenItems() {
        let rows = JSONValue.madeArray(JSONItems(count: 40) { index in
            .object([JSONMember("id", .string("c\(index)")), JSONMember("text", .string("é\u{2028}\(index)"))])
        })
        let value = JSONValue.object([JSONMember("rows", rows), JSONMember("n", .integer(40))])
        var pieces: [String] = []
        let rest = value.serialized(inPiecesOf: 100) { pieces.append($0) }
        #expect(pieces.joined() + rest == value.serialized)
        // Each piece is at least a piece long and ends where an item or a member ends: what
        // follows it is a comma or a closing bracket, never the inside of a string or number.
        #expect(pieces.count > 5 && pieces.allSatisfy { $0.utf8.count >= 100 })
        #expect((pieces.dropFirst() + [rest]).allSatisfy { [",", "}", "]"].contains($0.first) })
        #expect(rest.hasSuffix("\"n\":40}"))
        #expect(value.serialized(inPiecesOf: .max) { _ in Issue.record("a piece of a value shorter than a piece") } == value.serialized)
    }

    @Test func solvedValuesLoseTheSolversNoiseButNotTheirPrecision() {
        // cleanValue snaps within 1e-7 of a millionth: 19.999999999997 is 20, 1/3 stays 1/3
        // (JSON keeps full precision; only the text report rounds to thousandths).
        #expect(JSONValue.solved(19.999999999997).serialized == "20")
        #expect(JSONValue.solved(-0.0).serialized == "0")
        #expect(JSONValue.solved(1.0 / 3).serialized == "\(1.0 / 3)")
        #expect(JSONValue.solved(nil as Double?) == .null)
        #expect(formatValue(1.0 / 3) == "0.333" && formatValue(20.5) == "20.5" && formatValue(0.00003) == "0.00003")
    }
}
