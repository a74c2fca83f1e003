import TypingEcho

/// Imports a screen from the bytes of a source in one of the ``ScreenFormat``s.
///
/// ```swift
/// let tree = """
///     Attributes: Application, pid: 42, label: 'Demo'
///     Element subtree:
///      →Application, 0x1, pid: 42, label: 'Demo'
///         TextField, 0x2, {{20.0, 100.0}, {335.0, 44.0}}, identifier: 'email', placeholderValue: 'Email', value: Email
///     """
/// let screen = try ScreenImport.importScreen(Array(tree.utf8), format: .xcuitest, source: "tree.txt")
/// let ids = screen.elements.map(\.id)  // ["email"]
/// ```
public enum ScreenImport {
    /// Imports `bytes` read as `format`.
    /// - Parameters:
    ///   - bytes: The source, UTF-8 (a byte order mark is skipped).
    ///   - format: Its format (``recognize(_:)`` guesses it from the content).
    ///   - source: Its name, for the screen and for messages.
    ///   - options: The density and the limits.
    /// - Throws: ``ImportError`` for a source that is malformed, too large, or refused.
    /// - Complexity: O(*n*) in the source's size.
    public static func importScreen(
        _ bytes: [UInt8], format: ScreenFormat, source: String, options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> ImportedScreen {
        guard bytes.count <= options.maxBytes else {
            throw ImportError(.tooLarge, "the source holds \(bytes.count) bytes; at most \(options.maxBytes) are imported", at: nil)
        }
        guard options.density.isFinite, ImportOptions.densityRange.contains(options.density) else {
            throw ImportError(.refused, "the density must be between 0.1 and 100", at: nil)
        }
        switch format {
        case .html: return try importHTML(bytes, source: source, options: options)
        case .ariaSnapshot: return try AriaSnapshotImporter(bytes: bytes, source: source, options: options).run()
        case .uiautomator: return try UIAutomatorImporter(bytes: bytes, source: source, options: options).run()
        case .xcuitest: return try XCUITestImporter(bytes: bytes, source: source, options: options).run()
        }
    }

    /// What the content of a source looks like.
    public enum Recognition: Sendable, Hashable {
        /// One format fits.
        case format(ScreenFormat)
        /// Several fit: the user must say which (`--from`).
        case ambiguous([ScreenFormat])
    }

    /// The format a source's content shows: an XML root `<hierarchy>` is uiautomator; a line
    /// `Element subtree:` or `Attributes:` is XCUITest; a first line that starts `- ` is an aria
    /// snapshot; anything else is HTML. More than one sign is ambiguous.
    /// - Complexity: O(*n*) in the source's size.
    public static func recognize(_ bytes: [UInt8]) -> Recognition {
        var found: [ScreenFormat] = []
        if xmlRootName(bytes) == "hierarchy" { found.append(.uiautomator) }
        var firstLine: ArraySlice<UInt8>?
        var xcuitest = false
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            var line = bytes[start..<end]
            while let last = line.last, last == 0x0D || last == 0x20 || last == 0x09 { line.removeLast() }
            let trimmed = line.drop { $0 == 0x20 || $0 == 0x09 }
            if firstLine == nil && !trimmed.isEmpty { firstLine = line }
            if trimmed.elementsEqual("Element subtree:".utf8) || trimmed.starts(with: "Attributes:".utf8) { xcuitest = true }
            start = end + 1
        }
        if xcuitest { found.append(.xcuitest) }
        if let firstLine, firstLine.starts(with: "- ".utf8) { found.append(.ariaSnapshot) }
        switch found.count {
        case 0: return .format(.html)
        case 1: return .format(found[0])
        default: return .ambiguous(found)
        }
    }

    /// The name of the first element of an XML document, after its declaration, comments,
    /// processing instructions and doctype; nil when the bytes do not start like XML.
    static func xmlRootName(_ bytes: [UInt8]) -> String? {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        func skipSpace() { while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 } }
        func skip(past end: [UInt8]) {
            while index < bytes.count && !bytes[index...].starts(with: end) { index += 1 }
            index = min(bytes.count, index + end.count)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "<") else { return nil }
            let rest = bytes[index...]
            if rest.starts(with: "<?".utf8) { skip(past: Array("?>".utf8)) }
            else if rest.starts(with: "<!--".utf8) { skip(past: Array("-->".utf8)) }
            else if rest.starts(with: "<!".utf8) {
                // A doctype's internal subset holds `>`s of its own: skip to the `>` after its `]`.
                var depth = 0
                while index < bytes.count {
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "]") { depth = max(0, depth - 1) }
                    if byte == UInt8(ascii: ">") && depth == 0 { break }
                }
            }
            else {
                index += 1
                var name: [UInt8] = []
                while index < bytes.count, XMLReader.isNameByte(bytes[index]) { name.append(bytes[index]); index += 1 }
                return String(decoding: name, as: UTF8.self)
            }
        }
    }
}
