import TypingEcho

/// Reads an XCUITest `debugDescription` ("Element subtree:" of lines such as
/// ` →TextField, 0x6000…, {{20.0, 100.0}, {335.0, 44.0}}, identifier: 'email', label: 'Email'`)
/// into an ``ImportedScreen``.
///
/// Frames are points. An empty field reports its placeholder as its value (a value equal to
/// `placeholderValue` is an empty field); a `SecureTextField`'s value is one bullet per character
/// and gives only its count. Children that VoiceOver never visits are left out: the text inside a
/// button, field, link, switch or cell that repeats its label, and the keyboard.
struct XCUITestImporter {
    let bytes: [UInt8]
    let source: String
    let options: ImportOptions

    /// The element types VoiceOver visits as one element (their descendants repeating the label are left out).
    private static let leafControls: Set<String> = [
        "Button", "TextField", "SecureTextField", "SearchField", "TextView", "Link", "Switch", "Toggle", "Cell",
        "Slider", "Stepper", "Tab", "MenuItem", "RadioButton", "CheckBox", "SegmentedControl",
    ]
    /// Containers: not elements themselves unless labelled.
    private static let containers: Set<String> = [
        "Application", "Window", "Other", "Group", "ScrollView", "Table", "CollectionView", "NavigationBar", "TabBar",
        "Toolbar", "StatusBar", "WebView", "Sheet", "Alert", "Map", "Picker", "PickerWheel", "Keyboard", "Key",
        "LayoutArea", "LayoutItem", "Menu", "MenuBar", "Popover", "Dialog", "Drawer", "Browser", "Any",
        "TouchBar", "ActivityIndicator", "PageIndicator", "ProgressIndicator",
    ]

    /// One line of the tree.
    private struct Line {
        var type: String
        var depth: Int
        var frame: Frame?
        var identifier: String?
        var label: String?
        var placeholder: String?
        var value: String?
        var title: String?
        var flags: [String] = []
        var unknown: [String] = []
    }

    /// The screen.
    func run() throws(ImportError) -> ImportedScreen {
        var positions = SourcePositions(bytes)
        if let bad = firstInvalidUTF8(bytes) {
            throw ImportError(.malformed, "invalid UTF-8", at: positions.location(of: bad))
        }
        var builder = ScreenBuilder(source: source, format: .xcuitest, options: options)
        let lines = Self.lines(bytes)
        // The tree is the lines after `Element subtree:` up to the next section; without that
        // header, every line that reads as an element.
        let header = lines.firstIndex { Self.trimmed($0.text) == "Element subtree:" }
        var ancestors: [(indent: Int, type: String, label: String?, skip: Bool)] = []
        var firstLocation: SourceLocation?
        var count = 0
        for line in lines[(header.map { $0 + 1 } ?? 0)...] {
            let text = line.text
            let body = Self.trimmed(text)
            if body.isEmpty { continue }
            if header != nil, !(text.first.map { $0 == " " || $0 == "\t" || $0 == "→" } ?? false) {
                break  // `Path to element:`, `Query chain:`: the tree has ended.
            }
            let indent = text.prefix { $0 == " " || $0 == "\t" }.count
            let location = positions.location(of: line.offset + text.prefix(indent).utf8.count)
            let element = String(body.hasPrefix("→") ? body.dropFirst() : body)
            guard let parsed = try Self.parse(element, at: location) else {
                if header != nil { throw ImportError(.malformed, "expected an element line: TYPE, {{X, Y}, {W, H}}, …", at: location) }
                continue
            }
            guard ancestors.count < options.maxDepth || ancestors.last.map({ $0.indent >= indent }) == true else {
                throw ImportError(.tooLarge, "the tree nests deeper than \(options.maxDepth) levels", at: location)
            }
            while let last = ancestors.last, last.indent >= indent { ancestors.removeLast() }
            let insideControl = ancestors.last { Self.leafControls.contains($0.type) }
            let skipped = ancestors.contains { $0.skip }
            ancestors.append((indent, parsed.type, parsed.label, skipped || parsed.type == "Keyboard"))
            if firstLocation == nil { firstLocation = location }
            count += 1
            if skipped || parsed.type == "Keyboard" { continue }
            if let control = insideControl, ["StaticText", "Image", "Other"].contains(parsed.type),
               parsed.label == nil || parsed.label == control.label || parsed.label == "" {
                continue  // The button's own text: VoiceOver reads the button.
            }
            if let element = imported(parsed, at: location, into: &builder) { try builder.add(element) }
        }
        guard count > 0 else {
            throw ImportError(.notAScreen, "no element lines: not an XCUITest debugDescription (is it only a query chain?)",
                              at: SourceLocation(line: 1, column: 1))
        }
        builder.note("an XCUITest tree does not state hints, required, errors, maximum length, keyboard, return key or heading levels: "
                         + "they take the model's defaults", at: firstLocation ?? SourceLocation(line: 1, column: 1))
        return builder.screen
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text.drop { $0 == " " || $0 == "\t" }
        while text.last == " " || text.last == "\t" || text.last == "\r" { text = text.dropLast() }
        return text
    }

    /// The lines of the source, each with its byte offset (a byte order mark is skipped).
    private static func lines(_ bytes: [UInt8]) -> [(text: Substring, offset: Int)] {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let text = String(decoding: bytes[start...], as: UTF8.self)
        var result: [(Substring, Int)] = []
        var offset = start
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            result.append((line, offset))
            offset += line.utf8.count + 1
        }
        return result
    }

    /// An element line's parts, nil for a line that does not start with a type name.
    private static func parse(_ text: String, at location: SourceLocation) throws(ImportError) -> Line? {
        var scanner = Substring(text)
        let type = scanner.prefix { $0.isLetter || $0.isNumber }
        guard let first = type.first, first.isUppercase else { return nil }
        scanner = scanner.dropFirst(type.count)
        // `Window (Main)`: a qualifier after the type.
        if scanner.hasPrefix(" ("), let close = scanner.firstIndex(of: ")") { scanner = scanner[scanner.index(after: close)...] }
        guard scanner.isEmpty || scanner.hasPrefix(",") else { return nil }
        var line = Line(type: String(type), depth: 0)
        while !scanner.isEmpty {
            guard scanner.hasPrefix(", ") || scanner.hasPrefix(",") else {
                throw ImportError(.malformed, "expected ', ' between the parts of an element line", at: location)
            }
            scanner = scanner.drop { $0 == "," || $0 == " " }
            if scanner.hasPrefix("{{") {
                guard let end = scanner.firstIndex(ofText: "}}") else { throw ImportError(.malformed, "unclosed frame '{{'", at: location) }
                let afterEnd = scanner.index(end, offsetBy: 2)
                let numbers = scanner[scanner.index(scanner.startIndex, offsetBy: 2)..<end]
                    .split(whereSeparator: { "{}, ".contains($0) })
                guard numbers.count == 4, let x = boundedNumber(numbers[0]), let y = boundedNumber(numbers[1]),
                      let w = boundedNumber(numbers[2]), let h = boundedNumber(numbers[3]), w >= 0, h >= 0
                else { throw ImportError(.malformed, "a frame is written {{X, Y}, {W, H}} with numbers", at: location) }
                line.frame = Frame(x: x, y: y, width: w, height: h)
                scanner = scanner[afterEnd...]
            } else if scanner.hasPrefix("0x") {
                scanner = scanner.drop { $0 != "," }
            } else if let colon = scanner.firstIndex(of: ":"), scanner[..<colon].allSatisfy({ $0.isLetter || $0.isNumber }),
                      !scanner[..<colon].isEmpty {
                let key = String(scanner[..<colon])
                scanner = scanner[colon...].dropFirst().drop { $0 == " " }
                let value: String
                if scanner.hasPrefix("'") {
                    // A quoted string ends at a quote followed by the next part or the end of the line
                    // (quotes inside labels are not escaped).
                    var end = scanner.index(after: scanner.startIndex)
                    var found: Substring.Index?
                    while end < scanner.endIndex {
                        if scanner[end] == "'" {
                            let after = scanner[scanner.index(after: end)...]
                            if after.isEmpty || Self.startsPart(after) { found = end; break }
                        }
                        end = scanner.index(after: end)
                    }
                    guard let close = found else { throw ImportError(.malformed, "unclosed quote in '\(key):'", at: location) }
                    value = String(scanner[scanner.index(after: scanner.startIndex)..<close])
                    scanner = scanner[scanner.index(after: close)...]
                } else {
                    // An unquoted value (`value: 268`) runs to the next part.
                    var end = scanner.startIndex
                    while end < scanner.endIndex, !(scanner[end] == "," && startsPart(scanner[end...])) { end = scanner.index(after: end) }
                    value = String(scanner[..<end])
                    scanner = scanner[end...]
                }
                switch key {
                case "identifier": line.identifier = value
                case "label": line.label = value
                case "placeholderValue": line.placeholder = value
                case "value": line.value = value
                case "title": line.title = value
                case "pid", "hitPoint", "elementType": break
                default: line.unknown.append(key)
                }
            } else {
                let word = scanner.prefix { $0 != "," }
                line.flags.append(String(word))
                scanner = scanner.dropFirst(word.count)
            }
        }
        return line
    }

    /// Whether the text starts the next part of an element line: `, ` then a key, a flag, a frame or an address.
    private static func startsPart(_ text: Substring) -> Bool {
        guard text.hasPrefix(", ") else { return false }
        let rest = text.dropFirst(2)
        if rest.hasPrefix("{{") || rest.hasPrefix("0x") { return true }
        let word = rest.prefix { $0.isLetter || $0.isNumber }
        guard !word.isEmpty else { return false }
        let after = rest.dropFirst(word.count)
        if after.hasPrefix(": ") || after.hasPrefix(":") && after.count == 1 { return true }
        return (after.isEmpty || after.hasPrefix(",")) && ["Selected", "Disabled", "Enabled", "Focused", "Keyboard", "Hittable"].contains(word)
    }

    private func imported(_ line: Line, at location: SourceLocation, into builder: inout ScreenBuilder) -> ImportedElement? {
        let kind: ImportedKind
        switch line.type {
        case "TextField": kind = .field(.text)
        case "SecureTextField": kind = .field(.secure)
        case "SearchField": kind = .field(.search)
        case "TextView": kind = .field(.area)
        case "Button", "MenuItem", "MenuButton", "PopUpButton", "DisclosureTriangle", "ColorWell", "RadioButton", "CheckBox":
            kind = .element(.button)
        case "Link": kind = .element(.link)
        case "StaticText": kind = .element(.label)
        case "Image", "Icon": kind = .element(.image)
        case "Switch", "Toggle": kind = .element(.switch)
        case "Slider", "Stepper", "Adjustable": kind = .element(.slider)
        case "Tab": kind = .element(.tab)
        case "Cell": kind = .element(nil)
        default:
            guard !Self.containers.contains(line.type) || (line.label.map { !$0.isEmpty } ?? false && line.type == "Other") else { return nil }
            if Self.containers.contains(line.type) {
                kind = .element(.label)
            } else {
                builder.note("element type '\(XMLReader.excerpt(line.type))' is imported as a label", at: location)
                kind = .element(.label)
            }
        }
        var element = builder.element(sourceID: line.identifier.flatMap { $0.isEmpty ? nil : $0 }, kind: kind, at: location)
        element.role = line.type
        element.frame = line.frame
        if let label = line.label, !label.isEmpty { element.name = label }
        if line.flags.contains("Disabled") { element.disabled = true }
        if line.flags.contains("Selected") { element.traits = .selected }
        if case .field(let fieldKind) = kind {
            if let placeholder = line.placeholder, !placeholder.isEmpty { element.placeholder = placeholder }
            // An empty field reports its placeholder as its value.
            let value = line.value == line.placeholder ? nil : line.value
            if fieldKind == .secure {
                // Stated (bullets, or the placeholder of an empty field) or not at all.
                element.secureValue = line.value.map { _ in SecureValue(value ?? "") }
            } else if let value, !value.isEmpty {
                element.value = value
            }
            if element.name == nil {
                builder.note("\(element.id) has no label: VoiceOver names it by its placeholder only", at: location)
            }
        } else {
            if let value = line.value, !value.isEmpty { element.value = value }
            if line.type == "Cell", element.name == nil { return nil }
        }
        element.dropped = line.unknown + line.flags.filter { !["Selected", "Disabled", "Enabled", "Hittable"].contains($0) }
        if line.title != nil { element.dropped.append("title") }
        return element
    }
}
