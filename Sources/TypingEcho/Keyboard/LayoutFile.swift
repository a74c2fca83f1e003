/// Reading a layout file of `Keyboards/` (format in `Keyboards/README.md`).
extension KeyboardLayout {
    /// Reads and checks a layout file: every layer with its rows of keys, the geometry that
    /// places them in points, and the alternates.
    /// - Throws: `DataFile.Problem` pointing at the line that is wrong.
    /// - Complexity: O(n) in the file's size.
    public init(named file: String, utf8 bytes: some Collection<UInt8>) throws(DataFile.Problem) {
        try self.init(named: file, entries: DataFile(named: file, utf8: bytes).entries)
    }

    /// Reads a layout from a data file's entries (a layout file, or one merged with a keyboard
    /// type's file, see `KeyboardLayout+Types.swift`).
    /// - Parameter typeFile: Whether the entries come from a keyboard type: then only `delete`
    ///   is required on every layer (a URL keyboard has no space bar, pads no return key), and
    ///   the layers present may be fewer than three.
    init(named file: String, entries: [DataFile.Entry], typeFile: Bool = false) throws(DataFile.Problem) {
        struct Entries { var entries: [DataFile.Entry]; func section(_ name: String) -> [String: String] {
            var found: [String: String] = [:]
            for entry in entries where entry.section == name { found[entry.key] = entry.value }
            return found
        } }
        let data = Entries(entries: entries)
        func problem(_ line: Int, _ message: String) -> DataFile.Problem {
            DataFile.Problem(file: file, line: line, message: message)
        }
        func entry(_ section: String, _ key: String) throws(DataFile.Problem) -> DataFile.Entry {
            guard let found = data.entries.first(where: { $0.section == section && $0.key == key }) else {
                throw problem(1, "missing '\(key)' in [\(section)]")
            }
            return found
        }
        func number(_ section: String, _ key: String) throws(DataFile.Problem) -> Double {
            let found = try entry(section, key)
            guard let value = Double(found.value), value.isFinite, value >= 0 else {
                throw problem(found.line, "'\(key)' expects a number of points, got '\(found.value)'")
            }
            return value
        }
        let locale = try entry("meta", "locale").value
        let icuLocale: String
        do { icuLocale = try Phrasebook.icuLocale(for: locale) } catch {
            throw problem(try entry("meta", "locale").line, error.description)
        }
        let width = try number("geometry", "screen-width"), height = try number("geometry", "screen-height")
        let top = try number("geometry", "keyboard-top"), padding = try number("geometry", "top-padding")
        let pitch = try number("geometry", "row-pitch"), keyHeight = try number("geometry", "key-height")
        let gap = try number("geometry", "key-gap"), defaultColumns = try number("geometry", "columns")
        guard width > 0, top < height, defaultColumns >= 1, keyHeight > 0, gap < width / defaultColumns else {
            throw problem(try entry("geometry", "screen-width").line, "the geometry leaves no room for keys")
        }

        var layers: [KeyboardLayer: [Key]] = [:]
        for layer in KeyboardLayer.allCases {
            let entries = data.entries.filter { $0.section == layer.rawValue }
            var columns = defaultColumns
            var rows: [(number: Int, entry: DataFile.Entry)] = []
            for entry in entries {
                if entry.key == "columns" {
                    guard let value = Double(entry.value), value >= 1 else { throw problem(entry.line, "'columns' expects a number") }
                    columns = value
                } else if entry.key.hasPrefix("row"), let number = Int(entry.key.dropFirst(3)), number >= 1 {
                    rows.append((number, entry))
                } else {
                    throw problem(entry.line, "expected row1, row2, … or columns in [\(layer.rawValue)]")
                }
            }
            guard !rows.isEmpty else {
                if typeFile { continue }
                throw problem(1, "missing the [\(layer.rawValue)] layer")
            }
            rows.sort { $0.number < $1.number }
            let unit = width / columns
            var keys: [Key] = []
            for (rowIndex, row) in rows.enumerated() {
                var tokens: [(KeyKind, Double)] = []
                for token in row.entry.value.split(separator: " ").map(String.init) {
                    guard let parsed = Self.parse(token: token) else {
                        throw problem(row.entry.line, "'\(token)' is not a key: use one character, U+XXXX, or shift, delete, space, return, numbers, symbols, letters (with :WIDTH)")
                    }
                    tokens.append(parsed)
                }
                let total = tokens.reduce(0) { $0 + $1.1 }
                guard total <= columns + 0.001 else {
                    throw problem(row.entry.line, "the row is \(total) columns wide; the layer has \(columns)")
                }
                let y = top + padding + Double(rowIndex) * pitch
                guard y + keyHeight <= height else { throw problem(row.entry.line, "the row falls below the screen") }
                var x = (width - total * unit) / 2
                for (kind, span) in tokens {
                    if case .character = kind, keys.contains(where: { $0.kind == kind }) {
                        throw problem(row.entry.line, "the key '\(kind.name)' is twice on the \(layer.rawValue) layer")
                    }
                    let frame = Frame(x: x + gap / 2, y: y, width: span * unit - gap, height: keyHeight)
                    keys.append(Key(kind: kind, row: rowIndex, frame: frame, columns: span, alternates: []))
                    x += span * unit
                }
            }
            for required in typeFile ? [KeyKind.delete] : [.delete, .space, .return] where !keys.contains(where: { $0.kind == required }) {
                throw problem(rows[0].entry.line, "the \(layer.rawValue) layer has no \(required.name) key")
            }
            // Scripts without capitals (Arabic, Hebrew, Thai, Urdu) need no shift key.
            let hasCapitals = keys.contains { key in
                guard case .character(let base) = key.kind else { return false }
                return CaseMapping.uppercase(String(base), locale: icuLocale) != String(base)
            }
            if layer == .letters && hasCapitals && !keys.contains(where: { $0.kind == .shift }) {
                throw problem(rows[0].entry.line, "the letters layer has letters with capitals but no shift key")
            }
            layers[layer] = keys
        }

        guard !layers.isEmpty else { throw problem(1, "the keyboard has no layer of keys") }
        for entry in data.entries where entry.section == "alternates" {
            guard let base = KeyKind(token: entry.key),
                  case .character = base else {
                throw problem(entry.line, "'\(entry.key)' is not one character")
            }
            var alternates: [Character] = []
            for token in entry.value.split(separator: " ").map(String.init) {
                guard case .character(let character)? = KeyKind(token: token) else {
                    throw problem(entry.line, "'\(token)' is not one character or U+XXXX")
                }
                alternates.append(character)
            }
            var found = false
            for layer in KeyboardLayer.allCases where layers[layer] != nil {
                for index in layers[layer]!.indices where layers[layer]![index].kind == base {
                    layers[layer]![index].alternates = alternates
                    found = true
                }
            }
            guard found else { throw problem(entry.line, "no key '\(entry.key)' to hold for these alternates") }
        }

        self.init(locale: locale, name: try entry("meta", "name").value,
                  arrangement: data.section("meta")["arrangement"] ?? "",
                  screen: Frame(x: 0, y: 0, width: width, height: height),
                  frame: Frame(x: 0, y: top, width: width, height: height - top),
                  rowPitch: pitch, keyGap: gap, icuLocale: icuLocale, layers: layers)
        for layer in KeyboardLayer.allCases where !keys(on: layer).isEmpty {
            for other in KeyboardLayer.allCases where !keys(on: other).isEmpty && layerPath(from: layer, to: other) == nil {
                throw problem(1, "no layer key leads from the \(layer.rawValue) layer to the \(other.rawValue) layer")
            }
        }
    }

    /// A row token: `KEY` or `KEY:WIDTH` (in columns; `::1.4` is the colon key 1.4 wide).
    private static func parse(token: String) -> (KeyKind, Double)? {
        if token.count > 2, let colon = token.dropFirst().lastIndex(of: ":"),
           let span = Double(token[token.index(after: colon)...]), span > 0, span.isFinite {
            return KeyKind(token: String(token[..<colon])).map { ($0, span) }
        }
        return KeyKind(token: token).map { ($0, 1) }
    }
}
