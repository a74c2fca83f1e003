/// Keyboard types (`keyboard=` on a field) as data: each is a file `Keyboards/type-NAME.txt`
/// that changes the locale's layout (format in `Keyboards/README.md`).
extension KeyboardLayout {
    /// The type files compiled into the binary.
    static let typeFiles: [KeyboardType: [UInt8]] = [
        .ascii: EmbeddedFiles.type_ascii_txt,
        .email: EmbeddedFiles.type_email_txt,
        .url: EmbeddedFiles.type_url_txt,
        .numberPad: EmbeddedFiles.type_number_pad_txt,
        .decimalPad: EmbeddedFiles.type_decimal_pad_txt,
        .phonePad: EmbeddedFiles.type_phone_pad_txt,
    ]

    /// How messages name it: `pl-PL`, or `pl-PL decimal-pad` for a keyboard type.
    public var title: String { type == .default ? locale : "\(locale) \(type.rawValue)" }

    /// The first layer that has keys: the letters, or a pad's only layer.
    public var homeLayer: KeyboardLayer {
        KeyboardLayer.allCases.first { !keys(on: $0).isEmpty } ?? .letters
    }

    /// The keyboard a field of `type` shows for a locale: the locale's layout (as
    /// `matching(_:)`) changed by the type's file.
    ///
    /// The type file's `[meta]` and `[geometry]` entries replace the layout's; each row it gives
    /// replaces the layout's row of that number. `base = TAG` starts from another layout
    /// (`ascii` from en-US); `layers = numbers` keeps only the type's own layers (pads, whose
    /// alternates are dropped too); `characters = ascii` leaves out keys and alternates outside
    /// ASCII. The row key `decimal` types the locale's decimal separator, from ICU.
    /// - Throws: `DataFile.Problem` when the merged file is not a valid layout.
    /// - Complexity: O(n) in the two files' sizes, plus one ICU call per character for capitals.
    public static func matching(_ tag: String, type: KeyboardType) throws(DataFile.Problem) -> KeyboardLayout {
        let base = matching(tag)
        guard type != .default, let typeBytes = typeFiles[type] else { return base }
        let typeName = "Keyboards/type-\(type.rawValue).txt"
        let overlay = try DataFile(named: typeName, utf8: typeBytes)
        let meta = overlay.section("meta")
        let baseLocale = meta["base"] ?? base.locale
        guard let baseBytes = embeddedFiles.first(where: { $0.locale == baseLocale })?.bytes ?? embeddedFiles.first(where: { $0.locale == base.locale })?.bytes else {
            throw DataFile.Problem(file: typeName, line: 1, message: "no layout '\(baseLocale)' to start from")
        }
        let baseName = "Keyboards/layout-\(baseLocale).txt"
        var entries = try DataFile(named: baseName, utf8: baseBytes).entries
        let ownLayers = meta["layers"].map { Set($0.split(separator: " ").map(String.init)) }
        if let ownLayers {
            let layerNames = Set(KeyboardLayer.allCases.map(\.rawValue))
            entries.removeAll { layerNames.contains($0.section) && !ownLayers.contains($0.section) || $0.section == "alternates" }
        }
        // Type files are written against four rows of letters: their row N is counted from the
        // bottom of a layout with more rows (Thai has five), so `row4` is always the space row.
        func rows(in section: String) -> Int { entries.filter { $0.section == section && $0.key.hasPrefix("row") }.count }
        var overlaid: [String: Set<String>] = [:]
        for var entry in overlay.entries {
            if KeyboardLayer(rawValue: entry.section) != nil, entry.key.hasPrefix("row"), let number = Int(entry.key.dropFirst(3)) {
                entry.key = "row\(number + Swift.max(0, rows(in: entry.section) - 4))"
                overlaid[entry.section, default: []].insert(entry.key)
            }
            if let index = entries.firstIndex(where: { $0.section == entry.section && $0.key == entry.key }) {
                entries[index] = entry
            } else {
                entries.append(entry)
            }
        }
        // A character key the type's rows add is taken off the layout's other rows of that layer
        // (the URL row's "/" is also a Thai letter-layer key).
        for (section, keys) in overlaid {
            let added = Set(entries.filter { $0.section == section && keys.contains($0.key) }
                .flatMap { $0.value.split(separator: " ").map { String($0.split(separator: ":", maxSplits: 1).first ?? $0) } }
                .filter { $0.count == 1 })
            for index in entries.indices where entries[index].section == section && entries[index].key.hasPrefix("row") && !keys.contains(entries[index].key) {
                entries[index].value = entries[index].value.split(separator: " ")
                    .filter { !added.contains(String($0.split(separator: ":", maxSplits: 1).first ?? $0)) }
                    .joined(separator: " ")
            }
        }
        if entries.contains(where: { $0.value.split(separator: " ").contains { $0 == "decimal" || $0.hasPrefix("decimal:") } }) {
            let separator = decimalSeparator(forLayoutLocale: baseLocale)
            for index in entries.indices where KeyboardLayer(rawValue: entries[index].section) != nil {
                entries[index].value = entries[index].value.split(separator: " ").map { token in
                    token == "decimal" ? separator : token.hasPrefix("decimal:") ? separator + token.dropFirst(7) : String(token)
                }.joined(separator: " ")
            }
        }
        if meta["characters"] == "ascii" {
            for index in entries.indices {
                let section = entries[index].section
                guard KeyboardLayer(rawValue: section) != nil || section == "alternates" else { continue }
                entries[index].value = entries[index].value.split(separator: " ").filter { token in
                    guard case .character(let character)? = KeyKind(token: String(token.split(separator: ":", maxSplits: 1).first ?? token)) else { return true }
                    return character.isASCII
                }.joined(separator: " ")
            }
            entries.removeAll { $0.section == "alternates" && ($0.value.isEmpty || !$0.key.allSatisfy(\.isASCII)) }
        }
        var layout = try KeyboardLayout(named: typeName, entries: entries, typeFile: true)
        layout.type = type
        return layout
    }

    /// The decimal separator of a layout's locale, from ICU: "," for pl-PL, "." for en-US.
    static func decimalSeparator(forLayoutLocale tag: String) -> String {
        guard let locale = try? Phrasebook.icuLocale(for: tag),
              let separator = try? NumberSymbols.decimalSeparator(locale: locale), separator.count == 1 else { return "." }
        return separator
    }
}
