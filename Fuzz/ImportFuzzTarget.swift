// libFuzzer target over the importers (uiautomator, XCUITest, aria snapshot; HTML once it is
// built). Built with the engine's and the importers' sources in one module by Fuzz/import.sh.
//
// An input is a source of the format named by TYPING_ECHO_FUZZ_FORMAT. Any crash or hang is a
// finding; so is an import whose script output (`typing-echo import --format script`) does not
// replay without an error, or whose JSON is not one object per element.
#if canImport(Glibc)
import Glibc
#endif

let fuzzFormat: ScreenFormat = {
    guard let name = getenv("TYPING_ECHO_FUZZ_FORMAT").map({ String(cString: $0) }), let format = ScreenFormat(rawValue: name) else {
        return .uiautomator
    }
    return format
}()

/// One fuzz input: imported as the format named by TYPING_ECHO_FUZZ_FORMAT, then written and replayed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var options = ImportOptions()
    options.maxElements = 2_000
    options.maxDepth = 64
    _ = ScreenImport.recognize(bytes)
    let screen: ImportedScreen
    do { screen = try ScreenImport.importScreen(bytes, format: fuzzFormat, source: "fuzz", options: options) } catch {
        _ = error.formatted(file: "fuzz")
        return 0
    }
    let (script, _) = screen.script()
    _ = screen.json
    do {
        var session = try Session()
        try session.run(script: script)
        var again = try Session()
        try again.declare(screen)
        _ = ScreenDescription.write(again.screen, json: false) { _ in true }
    } catch {
        fputs("the imported script does not replay: \(error)\n\(script)\n", stderr)
        abort()
    }
    return 0
}
