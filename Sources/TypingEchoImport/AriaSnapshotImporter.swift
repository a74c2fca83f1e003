import TypingEcho

/// Reads a Playwright aria snapshot (`- role "name" [attr=value]: text`, nested lists, `- text: …`,
/// `- /placeholder: …`, `- /url: …`) into an ``ImportedScreen``.
///
/// An aria snapshot cannot tell a password field from a text field, and it prints input values in
/// clear text. A `textbox` is a secure field when it carries `[secure]` (written into the
/// snapshot by the user) or when its name says password, passcode or passphrase (with a note);
/// `[secure=false]` keeps such a field a text field. A secure field's text gives only its count.
struct AriaSnapshotImporter {
    let bytes: [UInt8]
    let source: String
    let options: ImportOptions

    /// Words in a field's name that make it a password field unless it is marked `[secure=false]`.
    static let passwordWords = ["password", "passcode", "passphrase"]

    /// Roles that group others: not elements themselves.
    private static let groups: Set<String> = [
        "list", "listitem", "navigation", "main", "form", "group", "region", "banner", "contentinfo", "complementary",
        "generic", "document", "article", "section", "table", "rowgroup", "row", "grid", "tablist", "toolbar", "menu",
        "menubar", "tree", "treegrid", "radiogroup", "dialog", "alertdialog", "search", "figure", "none", "presentation",
        "log", "marquee", "timer", "note", "directory", "feed", "application", "listbox", "tabpanel",
    ]

    /// A key parsed: `role "name" [attr] [attr=value]`.
    private struct Key {
        var role: String
        var name: String?
        var attributes: [(name: String, value: String?)] = []
        func attribute(_ key: String) -> String?? {
            attributes.first { $0.name == key }.map(\.value)
        }
    }

    /// The screen.
    func run() throws(ImportError) -> ImportedScreen {
        let items = try YAMLListReader(bytes, options: options).read()
        var builder = ScreenBuilder(source: source, format: .ariaSnapshot, options: options)
        guard let first = items.first else {
            throw ImportError(.notAScreen, "no list items: not an aria snapshot", at: SourceLocation(line: 1, column: 1))
        }
        var work: [(item: YAMLItem, live: LiveRegion?)] = items.reversed().map { ($0, nil) }
        while let (item, live) = work.popLast() {
            let key = try Self.key(item.key, at: item.location)
            var childLive = live
            if key.role == "alert" { childLive = .assertive }
            if key.role == "status" || key.role == "log" { childLive = .polite }
            if let element = try imported(item, key: key, live: live, into: &builder) {
                try builder.add(element)
                // A field's and a control's own children (its value, /placeholder, /url) were read with it.
                if !Self.groups.contains(key.role) && !["alert", "status"].contains(key.role) { continue }
            }
            work.append(contentsOf: item.children.reversed().map { ($0, childLive) })
        }
        builder.note("an aria snapshot does not state password fields (mark one [secure]), required, descriptions, errors' text, "
                         + "maximum length, keyboard or frames: they take the model's defaults", at: first.location)
        return builder.screen
    }

    private func imported(_ item: YAMLItem, key: Key, live: LiveRegion?, into builder: inout ScreenBuilder) throws(ImportError) -> ImportedElement? {
        let role = key.role
        var placeholder: String?
        var url: String?
        var childText: String?
        for child in item.children where child.key.hasPrefix("/") {
            switch child.key {
            case "/placeholder": placeholder = child.value
            case "/url": url = child.value
            default: break
            }
        }
        if item.children.count == 1, let only = item.children.first, !only.key.hasPrefix("/"), only.value == nil,
           only.children.isEmpty, (try? Self.key(only.key, at: only.location))?.name == nil, role != "text" {
            childText = nil
        }
        let kind: ImportedKind
        switch role {
        case "textbox", "combobox", "spinbutton":
            let marked = key.attribute("secure")
            let named = (key.name ?? "").lowercased()
            let looksSecret = Self.passwordWords.contains { named.contains($0) }
            let secure: Bool
            switch marked {
            case .some(.none), .some(.some("true")): secure = true
            case .some(.some("false")): secure = false
            default: secure = looksSecret
            }
            if secure && marked == nil {
                builder.note("a textbox named like a password is imported as a secure field; mark it [secure=false] to keep it a text field",
                             at: item.location)
            }
            kind = .field(secure ? .secure : .text)
        case "searchbox": kind = .field(.search)
        case "button", "menuitem", "menuitemcheckbox", "menuitemradio", "option", "treeitem": kind = .element(.button)
        case "link": kind = .element(.link)
        case "heading": kind = .element(.heading)
        case "img", "image": kind = .element(.image)
        case "checkbox", "switch", "radio": kind = .element(.switch)
        case "slider", "scrollbar", "progressbar", "meter": kind = .element(.slider)
        case "tab": kind = .element(.tab)
        case "text", "paragraph", "cell", "gridcell", "columnheader", "rowheader", "caption", "term", "definition",
             "blockquote", "code", "emphasis", "strong", "subscript", "superscript", "time", "status", "alert", "tooltip":
            // Static text: its text is its name.
            let text = item.value ?? key.name ?? Self.text(of: item.children)
            guard let text, !text.isEmpty else { return nil }
            var element = builder.element(sourceID: nil, kind: .element(.label), at: item.location)
            element.role = role
            element.name = text
            element.live = role == "alert" ? .assertive : role == "status" ? .polite : live
            return element
        default:
            if Self.groups.contains(role) {
                if let name = key.name, !name.isEmpty {
                    builder.note("the name of a \(XMLReader.excerpt(role)) group is not an element of its own", at: item.location)
                }
                return nil
            }
            builder.note("role '\(XMLReader.excerpt(role))' is imported as a label", at: item.location)
            kind = .element(.label)
        }
        var element = builder.element(sourceID: nil, kind: kind, at: item.location)
        element.role = role
        element.name = key.name
        element.live = live
        if case .field(let fieldKind) = kind {
            element.placeholder = placeholder
            let value = item.value ?? childText
            if fieldKind == .secure {
                element.secureValue = SecureValue(value ?? "")
            } else if let value, !value.isEmpty {
                element.value = value
            }
            if role == "spinbutton" { element.keyboard = .decimalPad }
            if role == "combobox" { element.dropped.append("combobox") }
            if element.name == nil || element.name == "" {
                builder.note("\(element.id) has no name\(placeholder == nil ? "" : " but its placeholder")", at: item.location)
            }
        } else {
            if let value = item.value, !value.isEmpty {
                if element.name == nil { element.name = value } else if role != "link" { element.value = value }
            }
            if url != nil { element.dropped.append("/url") }
        }
        for (name, value) in key.attributes {
            switch name {
            case "disabled": element.disabled = value != "false"
            case "checked", "pressed":
                element.value = value == "false" ? "0" : value == "mixed" ? "2" : "1"
            case "selected": if value != "false" { element.traits = .selected }
            case "level":
                guard let text = value, let level = Int(text), (1...6).contains(level) else {
                    throw ImportError(.malformed, "level= must be 1 to 6", at: item.location)
                }
                element.level = level
            case "invalid": element.invalid = value != "false"
            case "secure", "ref", "active", "cursor": break
            default: element.dropped.append(name)
            }
        }
        if role == "checkbox" || role == "switch" || role == "radio", element.value == nil { element.value = "0" }
        return element
    }

    /// The text of plain-text children, joined by spaces.
    private static func text(of children: [YAMLItem]) -> String? {
        let parts = children.compactMap { child -> String? in
            child.key == "text" ? child.value : nil
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// `role "name" [attr] [attr=value]`, or `text` (for `- text: …`).
    private static func key(_ text: String, at location: SourceLocation) throws(ImportError) -> Key {
        var rest = Substring(text)
        let role = rest.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "/" }
        guard !role.isEmpty else { throw ImportError(.malformed, "an item must start with a role", at: location) }
        var key = Key(role: String(role))
        rest = rest.dropFirst(role.count).drop { $0 == " " }
        if rest.first == "\"" {
            var name = ""
            var index = rest.index(after: rest.startIndex)
            var closed = false
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\\" {
                    let next = rest.index(after: index)
                    guard next < rest.endIndex else { break }
                    switch rest[next] {
                    case "n": name.append("\n")
                    case "t": name.append("\t")
                    default: name.append(rest[next])
                    }
                    index = rest.index(after: next)
                    continue
                }
                if character == "\"" {
                    closed = true
                    index = rest.index(after: index)
                    break
                }
                name.append(character)
                index = rest.index(after: index)
            }
            guard closed else { throw ImportError(.malformed, "unclosed quote in the name", at: location) }
            key.name = name
            rest = rest[index...].drop { $0 == " " }
        } else if rest.first == "/" {
            // A regular-expression name (a template, not a snapshot): kept as written.
            guard let end = rest.dropFirst().firstIndex(of: "/") else { throw ImportError(.malformed, "unclosed /regex/ name", at: location) }
            key.name = String(rest[rest.startIndex...end])
            rest = rest[rest.index(after: end)...].drop { $0 == " " }
        }
        while rest.first == "[" {
            guard let close = rest.firstIndex(of: "]") else { throw ImportError(.malformed, "unclosed '[' attribute", at: location) }
            let body = rest[rest.index(after: rest.startIndex)..<close]
            if let equals = body.firstIndex(of: "=") {
                key.attributes.append((String(body[..<equals]), String(body[body.index(after: equals)...])))
            } else {
                key.attributes.append((String(body), nil))
            }
            rest = rest[rest.index(after: close)...].drop { $0 == " " }
        }
        guard rest.isEmpty else { throw ImportError(.malformed, "unexpected text after the attributes", at: location) }
        return key
    }
}
