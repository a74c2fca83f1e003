import TypingEcho

/// Reads an Android `uiautomator dump` (`<hierarchy>` of `<node>`s, or Appium's class-named
/// tags) into an ``ImportedScreen``.
///
/// `bounds` are pixels, divided by ``ImportOptions/density``; `password="true"` is a secure field
/// whose `text` (empty, bullets or clear) gives only its count; `hint` is the placeholder (a text
/// equal to the hint is an empty field); `content-desc`, else `text`, is the label of other views;
/// `resource-id` after its `/` is the id. Views with nothing to say (layouts with no text,
/// description or click) are left out; zero-size ones too, with a note.
struct UIAutomatorImporter {
    let bytes: [UInt8]
    let source: String
    let options: ImportOptions

    /// The attributes every node has that say nothing a screen reader says (structure, packaging).
    private static let structural: Set<String> = [
        "index", "class", "package", "instance", "display-id", "drawing-order", "visible-to-user", "focusable",
        "clickable", "enabled", "password", "checkable", "checked", "selected", "bounds", "resource-id", "text",
        "content-desc", "hint", "editable", "long-clickable", "scrollable", "focused", "NAF", "displayed",
        "a11y-important", "a11y-focused", "rotation", "screen-reader-focusable", "heading", "showing-hint",
        "input-type", "live-region", "context-clickable", "multiline", "max-text-length", "error",
        "content-invalid", "dismissable", "pane-title", "tooltip-text", "text-entry-key", "important-for-accessibility",
    ]

    /// The screen.
    func run() throws(ImportError) -> ImportedScreen {
        var reader = XMLReader(bytes, options: options)
        let document = try reader.read()
        var positions = SourcePositions(bytes)
        var builder = ScreenBuilder(source: source, format: .uiautomator, options: options)
        guard let root = document.elements.first, root.name == "hierarchy" else {
            let at = document.elements.first.map { positions.location(of: $0.offset) }
            throw ImportError(.notAScreen, "the root element is not <hierarchy>: not a uiautomator dump", at: at)
        }
        let rootLocation = positions.location(of: root.offset)
        if let rotation = root.attribute("rotation"), rotation != "0" {
            builder.note("the dump was taken at rotation \(Self.short(rotation)); bounds are kept as they are", at: rootLocation)
        }
        for node in document.elements.dropFirst() {
            let location = positions.location(of: node.offset)
            if let element = try imported(node, at: location, into: &builder) { try builder.add(element) }
        }
        builder.note(
            "a uiautomator dump does not state which label names a field (labelFor), required, error, maximum length, "
                + "keyboard, multi-line or density (--density \(ScriptWriter.number(options.density))): they take the model's defaults",
            at: rootLocation)
        return builder.screen
    }

    /// A value as a note shows it: at most 40 characters.
    private static func short(_ text: String) -> String { XMLReader.excerpt(text) }

    /// The element a node becomes, or nil for a node with nothing to say.
    private func imported(_ node: XMLElement, at location: SourceLocation, into builder: inout ScreenBuilder) throws(ImportError) -> ImportedElement? {
        let className = node.name == "node" ? node.attribute("class") ?? "" : node.name
        let shortClass = className.split(separator: ".").last.map(String.init) ?? className
        func flag(_ name: String) -> Bool { node.attribute(name) == "true" }
        let text = node.attribute("text") ?? ""
        let description = node.attribute("content-desc") ?? ""
        let hint = node.attribute("hint").flatMap { $0.isEmpty ? nil : $0 }
        let secure = flag("password")
        let editable = secure || flag("editable") || ["EditText", "AutoCompleteTextView", "MultiAutoCompleteTextView",
                                                       "TextInputEditText", "AppCompatEditText", "SearchView$SearchAutoComplete"].contains(shortClass)
        let resourceID = node.attribute("resource-id").flatMap { id -> String? in
            let name = id.split(separator: "/", maxSplits: 1).last.map(String.init) ?? id
            return name.isEmpty ? nil : name
        }
        let kind: ImportedKind
        if secure {
            kind = .field(.secure)
        } else if editable {
            kind = .field(resourceID == "search_src_text" || shortClass.contains("Search") ? .search : .text)
        } else {
            switch shortClass {
            case "Button", "ImageButton", "AppCompatButton", "MaterialButton", "AppCompatImageButton", "FloatingActionButton":
                kind = .element(.button)
            case "Switch", "SwitchCompat", "SwitchMaterial", "ToggleButton", "CheckBox", "AppCompatCheckBox",
                 "MaterialCheckBox", "RadioButton", "AppCompatRadioButton", "CheckedTextView":
                kind = .element(.switch)
            case "SeekBar", "AppCompatSeekBar", "RatingBar", "Slider":
                kind = .element(.slider)
            case "ImageView", "AppCompatImageView":
                kind = .element(.image)
            case "TextView", "AppCompatTextView", "MaterialTextView":
                kind = .element(.label)
            default:
                if !description.isEmpty || !text.isEmpty || flag("clickable") {
                    kind = .element(flag("clickable") ? .button : .label)
                } else {
                    return nil
                }
            }
        }
        // Zero-size and unreadable bounds.
        var frame: Frame?
        if let bounds = node.attribute("bounds") {
            guard let pixels = Self.bounds(bounds) else {
                builder.note("bounds '\(Self.short(bounds))' cannot be read: the element has no frame", at: location)
                return try finish(node, kind: kind, text: text, description: description, hint: hint, resourceID: resourceID,
                                  className: className, frame: nil, at: location, into: &builder)
            }
            guard pixels.width > 0, pixels.height > 0 else {
                builder.note("a \(Self.short(shortClass)) of zero size is left out (TalkBack does not reach it)", at: location)
                return nil
            }
            // Points to the hundredth: finer than any touch, and a frame that reads back as written.
            func points(_ pixels: Double) -> Double { (pixels / options.density * 100).rounded() / 100 }
            frame = Frame(x: points(pixels.x), y: points(pixels.y), width: points(pixels.width), height: points(pixels.height))
        }
        return try finish(node, kind: kind, text: text, description: description, hint: hint, resourceID: resourceID,
                          className: className, frame: frame, at: location, into: &builder)
    }

    private func finish(
        _ node: XMLElement, kind: ImportedKind, text: String, description: String, hint: String?, resourceID: String?,
        className: String, frame: Frame?, at location: SourceLocation, into builder: inout ScreenBuilder
    ) throws(ImportError) -> ImportedElement {
        func flag(_ name: String) -> Bool { node.attribute(name) == "true" }
        var element = builder.element(sourceID: resourceID, kind: kind, at: location)
        element.role = className.isEmpty ? nil : className
        element.frame = frame
        if node.attribute("enabled") == "false" { element.disabled = true }
        if flag("selected") { element.traits = .selected }
        switch kind {
        case .field(let fieldKind):
            if !description.isEmpty {
                element.name = description
                builder.note("\(element.id) is labelled by its content-desc: TalkBack reads it instead of the text", at: location)
            } else {
                builder.note("\(element.id) has no label in the dump (labelFor is not dumped); its placeholder or nothing names it", at: location)
            }
            element.placeholder = hint
            // An old dumper shows the hint as the text of an empty field.
            let value = text == hint || flag("showing-hint") ? "" : text
            if fieldKind == .secure {
                element.secureValue = SecureValue(value)
            } else if !value.isEmpty {
                element.value = value
            }
        case .element(let elementKind):
            element.name = description.isEmpty ? text : description
            if !description.isEmpty && !text.isEmpty && text != description { element.value = text }
            if elementKind == .switch, node.attribute("checkable") == "true" { element.value = flag("checked") ? "1" : "0" }
            if elementKind != .button, flag("clickable") { element.interactive = true }
            if node.attribute("NAF") == "true" {
                builder.note("\(element.id) is marked NAF (not accessibility friendly): clickable with no text or description", at: location)
            }
            if flag("heading") { element.kind = .element(.heading) }
        }
        for name in ["scrollable", "long-clickable", "focused", "checkable"] where flag(name) {
            if name == "checkable", case .element(.switch) = kind { continue }
            element.dropped.append(name)
        }
        for attribute in node.attributes where !Self.structural.contains(attribute.name) {
            element.dropped.append(attribute.name)
        }
        return element
    }

    /// `[x1,y1][x2,y2]` as an origin and a size in pixels, nil when malformed or out of range.
    static func bounds(_ text: String) -> (x: Double, y: Double, width: Double, height: Double)? {
        let numbers = text.split(whereSeparator: { "[],".contains($0) })
        guard numbers.count == 4, text.hasPrefix("["), text.hasSuffix("]"), text.contains("]["),
              let x1 = boundedNumber(numbers[0]), let y1 = boundedNumber(numbers[1]),
              let x2 = boundedNumber(numbers[2]), let y2 = boundedNumber(numbers[3])
        else { return nil }
        return (x1, y1, max(0, x2 - x1), max(0, y2 - y1))
    }
}
