import Synchronization
import Testing
import TypingEcho
@testable import TypingEchoRender

/// espeak-ng, opened once for every render test (the tests need it: CI installs it).
enum Shared {
    static let espeak: Result<Espeak, Espeak.Unavailable> = Result { () throws(Espeak.Unavailable) in try Espeak.load() }

    /// The package root, from this file's path.
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// Every example script's file name, sorted.
    static let examples: [String] = {
        var names: [String] = []
        guard let directory = opendir(root + "/Examples") else { return [] }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name.hasSuffix(".replay") { names.append(name) }
        }
        return names.sorted()
    }()

    /// The bytes of a file under the package root.
    static func read(_ path: String) -> [UInt8] {
        guard let file = fopen(root + "/" + path, "rb") else { return [] }
        defer { fclose(file) }
        var bytes: [UInt8] = [], buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}

/// One render per example for every test that needs it (rendering is the slow part).
enum ExampleRenders {
    private static let cache = Mutex<[String: (events: [TimedEvent], audio: RenderedAudio)]>([:])

    /// The events and audio of `Examples/NAME`, rendered on first use.
    static func named(_ name: String) throws -> (events: [TimedEvent], audio: RenderedAudio) {
        if let known = cache.withLock({ $0[name] }) { return known }
        let stream = try events(of: Shared.read("Examples/" + name))
        let rendered = (stream, try render(stream))
        cache.withLock { $0[name] = rendered }
        return rendered
    }
}

/// Runs a script to its end and returns its events (script errors are test failures).
func events(of script: [UInt8], overrides: [(key: String, value: String)] = []) throws -> [TimedEvent] {
    var session = try Session(overrides: overrides)
    try session.feedScript(script)
    try session.finishScript()
    return session.log.events
}

/// Renders events with the shared espeak-ng.
func render(_ events: [TimedEvent], voice: String? = nil) throws -> RenderedAudio {
    let renderer = SessionRenderer(espeak: try Shared.espeak.get(), voice: voice)
    return try renderer.render(events)
}

/// Root mean square of samples (0 for none).
func rms(_ samples: ArraySlice<Int16>) -> Double {
    guard !samples.isEmpty else { return 0 }
    return (samples.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(samples.count)).squareRoot()
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
