// swift-tools-version:6.0
// The benchmark harness lives in its own package so that its release build never slows the main
// `swift build`. Benchmarks/run.sh builds it (scratch path Benchmarks/.build) next to kiwi.
import PackageDescription

let package = Package(
    name: "LayoutLabBenchmarks",
    dependencies: [
        .package(name: "LayoutLab", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "SolverBench",
            dependencies: [.product(name: "Cassowary", package: "LayoutLab")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
