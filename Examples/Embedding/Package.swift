// swift-tools-version:6.0
// A separate package that uses TypingEcho the way an outside project does: by path, through
// its public products only. Built and tested by `.ci/run` (see README.md here).
import PackageDescription

let package = Package(
    name: "Embedding",
    products: [
        .library(name: "TinySimulator", targets: ["TinySimulator"]),
    ],
    dependencies: [
        // The repository root; `name:` keeps the identity stable whatever the clone's folder is called.
        .package(name: "TypingEcho", path: "../.."),
    ],
    targets: [
        .target(name: "TinySimulator", dependencies: [.product(name: "TypingEcho", package: "TypingEcho")]),
        .testTarget(
            name: "TinySimulatorTests",
            dependencies: ["TinySimulator", .product(name: "TypingEchoTesting", package: "TypingEcho")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
