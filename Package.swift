// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "LayoutLab",
    // macOS 15: the shell's Ctrl-C flag is a Synchronization.Atomic (macOS 15 and later), and
    // the Swift 6 toolchains run on macOS 15 anyway. Linux is not affected by this line.
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "UndoTrail", targets: ["UndoTrail"]),
        .library(name: "Cassowary", targets: ["Cassowary"]),
        .library(name: "LayoutVocabulary", targets: ["LayoutVocabulary"]),
        .library(name: "LayoutModel", targets: ["LayoutModel"]),
        .library(name: "VisualFormat", targets: ["VisualFormat"]),
        .library(name: "ConsoleLog", targets: ["ConsoleLog"]),
        .library(name: "LayoutCode", targets: ["LayoutCode"]),
        .library(name: "InterfaceBuilder", targets: ["InterfaceBuilder"]),
        .library(name: "LayoutImport", targets: ["LayoutImport"]),
        .library(name: "LayoutReport", targets: ["LayoutReport"]),
        .library(name: "LayoutPictures", targets: ["LayoutPictures"]),
        .library(name: "LayoutShell", targets: ["LayoutShell"]),
        .executable(name: "layoutlab", targets: ["layoutlab"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The undo trail: containers that record what a step overwrites, so that it can be
        // taken back exactly (the model's tables; the solver keeps its own journal beside plain
        // arrays, Tableau+Trail.swift, so it does not depend on this).
        // Full cross-module optimization: the trail's generic containers sit on every write of the
        // model, and unspecialized they cost a metadata lookup per call in release builds.
        .target(name: "UndoTrail", swiftSettings: [.unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        .target(name: "Cassowary"),
        // The plain words of a constraint (attributes, relations, priorities, specs): what
        // parsers and importers produce, without the engine that solves them.
        .target(name: "LayoutVocabulary"),
        .target(name: "LayoutModel", dependencies: ["UndoTrail", "Cassowary", "LayoutVocabulary"]),
        .target(name: "VisualFormat", dependencies: ["LayoutVocabulary"]),
        // UIKit's and AppKit's console logs ("Unable to simultaneously satisfy constraints",
        // _autolayoutTrace) read into plain data, for the shell's importer.
        .target(name: "ConsoleLog", dependencies: ["LayoutVocabulary"]),
        // Swift and Objective-C layout code read into a neutral structure (for `import`).
        .target(name: "LayoutCode", dependencies: ["LayoutVocabulary"]),
        // Interface Builder files (storyboards, xibs) read into plain data with FoundationXML's
        // XMLParser (entity expansion off), for the importer and `layoutlab lint`.
        .target(name: "InterfaceBuilder", dependencies: ["LayoutVocabulary"]),
        // Importers: a read document (log, code, IB file) translated into session lines, tried
        // through a small ImportContext the shell provides; the registry picks the importer.
        .target(name: "LayoutImport", dependencies: ["LayoutVocabulary", "LayoutModel", "VisualFormat", "ConsoleLog", "LayoutCode", "InterfaceBuilder"]),
        // What the shell says after each input (CommandResult), as text or JSON, and the words
        // for the model's values it reports: built from the model alone, no session.
        .target(name: "LayoutReport", dependencies: ["LayoutVocabulary", "LayoutModel"]),
        // `draw` and `svg`: the layout as a terminal picture or an SVG document, from the model.
        .target(name: "LayoutPictures", dependencies: ["LayoutVocabulary", "LayoutModel", "LayoutReport"]),
        .target(name: "LayoutShell", dependencies: ["UndoTrail", "LayoutVocabulary", "LayoutModel", "VisualFormat", "ConsoleLog", "LayoutCode", "LayoutImport", "InterfaceBuilder", "LayoutReport", "LayoutPictures"]),
        // libedit: on Linux through pkg-config (Debian's libedit-dev); macOS has it in the SDK
        // (histedit.h, libedit.tbd) and no pkg-config, where SwiftPM only warns that the .pc
        // file is missing and builds with the SDK's.
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .executableTarget(
            name: "layoutlab",
            dependencies: [
                "LayoutShell",
                "LayoutReport",
                "LayoutVocabulary",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // Sessions from lines, frames, fingerprints, JSON read back: what the shell's tests share.
        .target(name: "ShellTestSupport", dependencies: ["LayoutShell", "LayoutReport", "LayoutModel", "LayoutVocabulary", "TestSupport"], path: "Tests/ShellTestSupport"),
        .testTarget(name: "CassowaryTests", dependencies: ["Cassowary", "UndoTrail", "TestSupport"]),
        .testTarget(name: "LayoutModelTests", dependencies: ["LayoutModel", "UndoTrail", "LayoutVocabulary", "Cassowary", "TestSupport"]),
        .testTarget(name: "VisualFormatTests", dependencies: ["VisualFormat", "LayoutVocabulary"]),
        // The real logs the tests read are text files under Fixtures/, each with its source.
        .testTarget(name: "ConsoleLogTests", dependencies: ["ConsoleLog", "LayoutVocabulary"], exclude: ["Fixtures"]),
        // Fixtures: layout code written here, modelled on public code, read by path (LayoutShellTests imports them too).
        .testTarget(name: "LayoutCodeTests", dependencies: ["LayoutCode", "LayoutVocabulary"], exclude: ["Fixtures"]),
        // The importers without the shell, against a fake ImportContext.
        .testTarget(name: "LayoutImportTests", dependencies: ["LayoutImport", "LayoutCode", "ConsoleLog"]),
        // Reports and pictures without the shell, from models built here.
        .testTarget(name: "LayoutReportTests", dependencies: ["LayoutReport", "LayoutModel", "LayoutVocabulary", "TestSupport"]),
        .testTarget(name: "LayoutPicturesTests", dependencies: ["LayoutPictures", "LayoutReport", "LayoutModel", "LayoutVocabulary"]),
        .testTarget(name: "LayoutShellTests", dependencies: ["LayoutShell", "LayoutImport", "LayoutReport", "LayoutPictures", "LayoutModel", "LayoutVocabulary", "TestSupport", "ShellTestSupport"]),
        // Fixtures: storyboards and xibs written here in IB's format, read by path.
        .testTarget(name: "InterfaceBuilderTests", dependencies: ["InterfaceBuilder", "LayoutImport", "LayoutShell", "LayoutReport", "LayoutModel", "LayoutVocabulary", "TestSupport"], exclude: ["Fixtures"]),
        // The executable's own code (`@testable import layoutlab`): flags, files, history, completion.
        .testTarget(
            name: "layoutlabTests",
            dependencies: [
                "layoutlab",
                "LayoutShell",
                "LayoutReport",
                "CEditLine",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
