import TypingEcho

/// What every importer does with the elements it finds: ids (``ImportedIDs``), notes, limits.
struct ScreenBuilder {
    private(set) var screen: ImportedScreen
    private var ids = ImportedIDs()
    private let options: ImportOptions

    /// An empty screen of `format` read from `source`.
    init(source: String, format: ScreenFormat, options: ImportOptions) {
        screen = ImportedScreen(source: source, format: format)
        self.options = options
    }

    /// A new element with its id from the source's id or its kind; not yet added.
    mutating func element(sourceID: String?, kind: ImportedKind, at location: SourceLocation) -> ImportedElement {
        ImportedElement(id: ids.id(source: sourceID, kind: kind.word ?? "element"), kind: kind, source: location)
    }

    /// Adds an element, with a note for each attribute it dropped.
    mutating func add(_ element: ImportedElement) throws(ImportError) {
        guard screen.elements.count < options.maxElements else {
            throw ImportError(.tooLarge, "more than \(options.maxElements) elements", at: element.source)
        }
        for name in element.dropped {
            note("'\(name)' of \(element.id) is dropped: the model has no such attribute", at: element.source)
        }
        screen.elements.append(element)
    }

    /// Adds a note.
    mutating func note(_ message: String, at location: SourceLocation) {
        screen.notes.append(ImportNote(message, at: location))
    }
}

/// Characters that stand for one hidden character of a password (`•`, `●`, `*`, `·`, `∙`).
let maskCharacters: Set<Character> = ["\u{2022}", "\u{25CF}", "*", "\u{00B7}", "\u{2219}"]

/// A number from a source, range-checked: finite and within ±10,000,000.
func boundedNumber(_ text: some StringProtocol) -> Double? {
    guard let value = Double(text.trimmingPrefix(" ")), value.isFinite, value.magnitude <= 10_000_000 else { return nil }
    return value
}

extension Substring {
    /// Where `pattern` first starts in the text, by characters; nil when it does not occur.
    /// - Complexity: O(*n* × *m*) for a pattern of *m* characters (patterns here are 2).
    func firstIndex(ofText pattern: String) -> Index? {
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(pattern) { return index }
            index = self.index(after: index)
        }
        return nil
    }
}
