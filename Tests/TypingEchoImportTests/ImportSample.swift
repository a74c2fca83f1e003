import Foundation
import TypingEcho
@testable import TypingEchoImport

/// The sample sources under Tests/TypingEchoImportTests/Samples, read from the test's own folder.
enum ImportSample {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Samples")

    /// The bytes of a sample.
    static func bytes(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: folder.appendingPathComponent(name))) }

    /// A sample imported.
    static func screen(_ name: String, _ format: ScreenFormat, density: Double = 1) throws -> ImportedScreen {
        try ScreenImport.importScreen(bytes(name), format: format, source: name, options: ImportOptions(density: density))
    }

    /// Imports text, expecting an error; nil when it imports.
    static func error(_ text: String, _ format: ScreenFormat, options: ImportOptions = ImportOptions()) -> ImportError? {
        do {
            _ = try ScreenImport.importScreen(Array(text.utf8), format: format, source: "t", options: options)
            return nil
        } catch { return error }
    }
}
