// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "TypingEcho",
    products: [
        .library(name: "TypingEcho", targets: ["TypingEcho"]),
        .library(name: "TypingEchoTesting", targets: ["TypingEchoTesting"]),
        .library(name: "TypingEchoRender", targets: ["TypingEchoRender"]),
        .library(name: "TypingEchoImport", targets: ["TypingEchoImport"]),
        .executable(name: "typing-echo", targets: ["typing-echo"]),
        .executable(name: "typing-echo-bench", targets: ["typing-echo-bench"]),
    ],
    targets: [
        // The system's ICU, found with pkg-config (a missing library gives SwiftPM's install
        // hint). Only the C shim below includes its headers; no Swift code imports it.
        .systemLibrary(
            name: "SystemICU",
            path: "Sources/SystemICU",
            pkgConfig: "icu-uc icu-i18n",
            providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]
        ),
        // The only place ICU headers are seen: a C shim with its own prefix (`tecu_`).
        .target(
            name: "CICU",
            dependencies: ["SystemICU"],
            path: "Sources/CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        // The engine. The translators' data files (Phonetics/, Localization/, Keyboards/) and
        // the script language's reference (docs/script-language.md, printed by `typing-echo help
        // script`) are compiled in by the EmbedDataFiles plugin, from where they live.
        .target(
            name: "TypingEcho",
            dependencies: ["CICU", "CLouis"],
            exclude: ["TypingEcho.docc"],
            linkerSettings: [.linkedLibrary("m")],
            plugins: [.plugin(name: "EmbedDataFiles")]
        ),
        // The plugin's tool: the data files as one Swift file of string literals.
        .executableTarget(name: "typing-echo-embed"),
        .plugin(name: "EmbedDataFiles", capability: .buildTool(), dependencies: ["typing-echo-embed"]),
        .target(name: "TypingEchoTesting", dependencies: ["TypingEcho"]),
        // Real screens in: HTML, Playwright aria snapshots, uiautomator dumps and XCUITest trees,
        // read into one format-neutral model (`ImportedScreen`) and declared into a session.
        .target(name: "TypingEchoImport", dependencies: ["TypingEcho", "CGumbo"]),
        // gumbo (Google's HTML5 parser), opened with dlopen when HTML is first imported: the
        // build needs no gumbo headers and only `import --from html` needs libgumbo1.
        .target(name: "CGumbo", path: "Sources/CGumbo", linkerSettings: [.linkedLibrary("dl")]),
        // espeak-ng, opened with dlopen when `render` runs: nothing links against it, and its
        // declarations are restated in the shim so that its headers are not needed to build.
        .target(name: "CEspeak", path: "Sources/CEspeak", linkerSettings: [.linkedLibrary("dl")]),
        // liblouis (braille), opened with dlopen the same way when braille is first asked for.
        .target(name: "CLouis", path: "Sources/CLouis", linkerSettings: [.linkedLibrary("dl")]),
        // `typing-echo render`: speech, earcons, mixing, WAV. The engine does not depend on it.
        .target(name: "TypingEchoRender", dependencies: ["TypingEcho", "CEspeak"]),
        .executableTarget(name: "typing-echo", dependencies: ["TypingEcho", "TypingEchoRender", "TypingEchoImport"]),
        // Benchmarks against raw ICU and Swift's String: `swift run -c release typing-echo-bench`.
        .executableTarget(name: "typing-echo-bench", dependencies: ["TypingEcho", "TypingEchoTesting", "TypingEchoImport", "CICU", "CGumbo"], path: "Benchmarks"),
        .testTarget(name: "TypingEchoTests", dependencies: ["TypingEcho", "TypingEchoTesting", "CICU"]),
        .testTarget(name: "TypingEchoTestingTests", dependencies: ["TypingEchoTesting", "TypingEcho"]),
        .testTarget(name: "TypingEchoImportTests", dependencies: ["TypingEchoImport", "TypingEcho", "TypingEchoTesting"], exclude: ["Samples"]),
        .testTarget(name: "TypingEchoRenderTests", dependencies: ["TypingEchoRender", "TypingEcho", "TypingEchoTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
