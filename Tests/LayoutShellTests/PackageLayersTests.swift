import Foundation
import Testing

/// The one-way dependency rule (docs/internals.md, "Inside"), checked against Package.swift itself: each
/// module may depend only on modules of a lower layer. A new module must be given a layer
/// here, so adding one is a decision, not an accident.
@Suite struct PackageLayersTests {
    /// Lower layers first; modules of one layer do not depend on each other.
    static let layers: [[String]] = [
        ["UndoTrail"],
        ["Cassowary", "LayoutVocabulary"],
        ["LayoutModel", "VisualFormat", "ConsoleLog", "LayoutCode", "InterfaceBuilder"],
        ["LayoutImport", "LayoutReport"],
        ["LayoutPictures"],
        ["LayoutShell"],
        ["CEditLine"],
        ["layoutlab"],
    ]

    /// Every `.target(name: "X", dependencies: [...])` and `.executableTarget` of the
    /// manifest: name and the dependencies named as plain strings (products of other
    /// packages are not ours to order).
    static func manifest() throws -> String {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Package.swift")
        return try String(contentsOf: url, encoding: .utf8)
    }

    static func targets(in text: String) -> [(name: String, dependencies: [String])] {
        var result: [(String, [String])] = []
        // A target's declaration runs from `.target(`/`.executableTarget(`/`.systemLibrary(`
        // to the next declaration; test targets are left out (they may see every layer).
        let starts = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("]
        var pieces: [Substring] = [text[...]]
        for start in starts { pieces = pieces.flatMap { $0.components(separatedBy: start).enumerated().map { $0.offset == 0 ? Substring($0.element) : Substring(start + $0.element) } } }
        for piece in pieces where !piece.hasPrefix(".testTarget(") && starts.contains(where: piece.hasPrefix) {
            guard let name = piece.firstMatch(of: /name:\s*"([^"]+)"/)?.1 else { continue }
            // Test helpers (TestSupport, ShellTestSupport) live under Tests/ and may see every layer.
            if String(name).hasSuffix("TestSupport") { continue }
            var dependencies: [String] = []
            if let list = piece.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/)?.1 {
                // Plain strings only: `.product(name: …)` names another package's product.
                let withoutProducts = list.replacing(/\.product\([^)]*\)/, with: "")
                dependencies = withoutProducts.matches(of: /"([^"]+)"/).map { String($0.1) }
            }
            result.append((String(name), dependencies))
        }
        return result
    }

    /// One line per dependency that does not point down (or names a module with no layer).
    static func violations(_ targets: [(name: String, dependencies: [String])]) -> [String] {
        let layer = Dictionary(uniqueKeysWithValues: layers.enumerated().flatMap { index, names in names.map { ($0, index) } })
        var problems: [String] = []
        for target in targets {
            guard let own = layer[target.name] else { problems.append("\(target.name) has no layer"); continue }
            for dependency in target.dependencies {
                guard let theirs = layer[dependency] else { problems.append("\(dependency) has no layer"); continue }
                if theirs >= own { problems.append("\(target.name) (layer \(own)) depends on \(dependency) (layer \(theirs))") }
            }
        }
        return problems
    }

    @Test func everyModuleDependsOnlyOnLowerLayers() throws {
        let targets = Self.targets(in: try Self.manifest())
        #expect(targets.count >= 12, "the manifest was read: \(targets.map(\.name))")
        #expect(Self.violations(targets) == [])
    }

    @Test func anUpwardOrSidewaysDependencyIsCaught() {
        let manifest = """
            .target(name: "LayoutReport", dependencies: ["LayoutModel", "LayoutShell"]),
            .target(name: "LayoutImport", dependencies: ["LayoutReport"]),
            .executableTarget(name: "layoutlab", dependencies: ["LayoutShell", .product(name: "ArgumentParser", package: "x")]),
            .testTarget(name: "LayoutModelTests", dependencies: ["LayoutShell"]),
            .target(name: "Newcomer"),
            """
        #expect(Self.violations(Self.targets(in: manifest)) == [
            "LayoutReport (layer 3) depends on LayoutShell (layer 5)",
            "LayoutImport (layer 3) depends on LayoutReport (layer 3)",
            "Newcomer has no layer",
        ])
    }
}
