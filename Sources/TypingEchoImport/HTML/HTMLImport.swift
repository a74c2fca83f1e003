import TypingEcho

/// Imports an HTML page or fragment: parsed by gumbo as a browser parses it, hidden content left
/// out, names and descriptions by the Accessible Name computation, roles by HTML-AAM, and the
/// text linear navigation visits as static text, in document order.
func importHTML(_ bytes: [UInt8], source: String, options: ImportOptions) throws(ImportError) -> ImportedScreen {
    try HTMLImporter(bytes: bytes, source: source, options: options).run()
}

/// Reads one HTML source into an ``ImportedScreen``.
struct HTMLImporter {
    let bytes: [UInt8]
    let source: String
    let options: ImportOptions

    /// The screen, or an error for a page that nests too deeply or needs too much memory.
    func run() throws(ImportError) -> ImportedScreen {
        try Gumbo.open()
        let text = Self.utf8(bytes)
        let positions = HTMLPositions(text)
        let document: HTMLDocument
        // gumbo's tree holds a few hundred bytes per element; the bound leaves room for any page
        // of plain markup and stops markup that makes the parser copy elements without end.
        switch Gumbo.parse(text, depthLimit: options.maxDepth, memoryLimit: min(text.count, Int.max / 128) * 96 + (32 << 20)) {
        case .success(let parsed): document = parsed
        case .failure(.tooDeep(let offset)):
            throw ImportError(
                .tooLarge, "elements nest deeper than \(options.maxDepth) levels", at: positions.location(of: offset ?? text.count))
        case .failure(.tooLarge):
            throw ImportError(.tooLarge, "the page needs more memory to parse than \(text.count) bytes of HTML should", at: nil)
        case .failure(.noMemory):
            throw ImportError(.tooLarge, "out of memory while parsing the page", at: nil)
        }
        var walk = HTMLWalk(document: document, positions: positions, options: options)
        return try walk.screen(source: source)
    }

    /// The source as UTF-8: a UTF-8 byte order mark is dropped, UTF-16 with a byte order mark is
    /// converted; anything else is read as UTF-8 (gumbo replaces invalid bytes with U+FFFD).
    static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
        let littleEndian = bytes.starts(with: [0xFF, 0xFE])
        guard littleEndian || bytes.starts(with: [0xFE, 0xFF]) else { return bytes }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var index = 2
        while index + 1 < bytes.count {
            let (low, high) = littleEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).utf8)
    }
}

/// One pass over the document in tree order that finds what a screen reader visits.
struct HTMLWalk {
    let document: HTMLDocument
    let positions: HTMLPositions
    let options: ImportOptions
    let visibility: HTMLVisibility
    var names: AccessibleName

    /// What a visited node becomes.
    enum Item {
        /// An element (field, control, heading, link, image, label, live region).
        case element(Int, ImportedKind)
        /// A run of text between blocks and elements, from the byte offset of its first text.
        case text(String, offset: Int)
    }

    private var items: [Item] = []
    private var pendingText = ""
    private var pendingOffset: Int?
    private var notes: [ImportNote] = []

    init(document: HTMLDocument, positions: HTMLPositions, options: ImportOptions) {
        self.document = document
        self.positions = positions
        self.options = options
        visibility = HTMLVisibility(document)
        names = AccessibleName(document: document, visibility: visibility)
    }

    /// The screen: the elements in reading order, with notes.
    mutating func screen(source: String) throws(ImportError) -> ImportedScreen {
        notes.append(
            ImportNote(
                "HTML has no layout: no frames are imported; no style sheet or script is read, so visibility, generated content "
                    + "(::before, ::after) and roles that style sheets or scripts set are unknown (inline style is read)",
                at: SourceLocation(line: 1, column: 1)))
        noteCharset()
        if !document.nodes.isEmpty { visit(0) }
        flushText()
        guard items.count <= options.maxElements else {
            throw ImportError(.tooLarge, "the page has more than \(options.maxElements) elements to import", at: location(of: items[options.maxElements]))
        }
        var builder = HTMLElementBuilder(walk: self)
        let elements = builder.build(items)
        notes += builder.notes
        notes.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        return ImportedScreen(source: source, format: .html, elements: elements, notes: notes)
    }

    /// Where a node starts: its own offset, else its first descendant's that has one.
    func location(ofNode node: Int) -> SourceLocation {
        if let offset = document.nodes[node].offset { return positions.location(of: offset) }
        for index in node..<document.nodes[node].subtreeEnd {
            if let offset = document.nodes[index].offset { return positions.location(of: offset) }
        }
        return SourceLocation(line: 1, column: 1)
    }

    private func location(of item: Item) -> SourceLocation {
        switch item {
        case .element(let node, _): location(ofNode: node)
        case .text(_, let offset): positions.location(of: offset)
        }
    }

    // MARK: - The walk

    private mutating func visit(_ node: Int) {
        let current = document.nodes[node]
        if current.kind == .text {
            if !visibility.hidden[node] {
                if pendingOffset == nil && !HTMLText.flattened(current.text).isEmpty { pendingOffset = current.offset }
                pendingText += current.text
            }
            return
        }
        if current.kind == .template {
            notes.append(ImportNote("a <template>'s content is inert and is not imported", at: location(ofNode: node)))
            return
        }
        if visibility.hidden[node] {
            if let reason = visibility.reasons[node] { noteHidden(node, reason: reason) }
            // Under visibility:hidden a descendant can be visible again.
            if !visibility.removed[node] {
                for child in current.children { visit(child) }
            }
            return
        }
        let block = visibility.block[node]
        if block { flushText() }
        if let kind = classify(node) {
            flushText()
            items.append(.element(node, kind))
            // Inside a field, button, image or live region nothing else is visited; inside a
            // heading, link or label the controls it holds are.
            switch kind {
            case .element(.heading), .element(.link), .element(.label): visitControls(in: node)
            default: break
            }
        } else {
            for child in current.children { visit(child) }
        }
        if block { flushText() }
    }

    /// Visits the controls inside an element whose text is its own name.
    private mutating func visitControls(in node: Int) {
        for child in document.nodes[node].children where document.nodes[child].kind == .element && !visibility.hidden[child] {
            if let kind = classify(child), kind.isField || Self.isControl(kind) {
                items.append(.element(child, kind))
            } else {
                visitControls(in: child)
            }
        }
    }

    private static func isControl(_ kind: ImportedKind) -> Bool {
        switch kind {
        case .element(.button), .element(.link), .element(.switch), .element(.slider), .element(.tab): true
        default: false
        }
    }

    private mutating func flushText() {
        defer {
            pendingText = ""
            pendingOffset = nil
        }
        let text = HTMLText.flattened(pendingText)
        guard !text.isEmpty, let offset = pendingOffset else { return }
        items.append(.text(text, offset: offset))
    }

    /// What an element becomes, or nil when it is only a container.
    func classify(_ node: Int) -> ImportedKind? {
        let element = document.nodes[node]
        let role = HTMLRoles.role(document, node)
        let explicit = HTMLRoles.explicit(document, node)
        if element.isHTML {
            switch element.name {
            case "input":
                switch document.inputType(node) {
                case "password": return .field(.secure)
                case "search": return .field(.search)
                case "text", "email", "url", "tel", "number": return .field(.text)
                case "checkbox", "radio": return .element(.switch)
                case "range": return .element(.slider)
                case "hidden": return nil
                default: return .element(.button)
                }
            case "textarea": return .field(.area)
            case "select", "button": return .element(.button)
            default: break
            }
        }
        if isEditable(node) { return .field(.area) }
        switch explicit ?? role {
        case "textbox":
            let multiline = document.attribute("aria-multiline", of: node).map { HTMLText.asciiLowercase(HTMLText.trimmed($0)) } == "true"
            return .field(multiline ? .area : .text)
        case "searchbox": return .field(.search)
        case "button", "menuitem": return .element(.button)
        case "link": return .element(.link)
        case "checkbox", "radio", "switch", "menuitemcheckbox", "menuitemradio": return .element(.switch)
        case "slider", "spinbutton": return .element(.slider)
        case "tab": return .element(.tab)
        case "heading": return .element(.heading)
        case "image": return .element(.image)
        case "alert", "status", "log": return .element(.label)
        default: break
        }
        if liveness(node) != nil { return .element(.label) }
        if element.isHTML && element.name == "label" && document.labelled[node] != nil { return .element(.label) }
        return nil
    }

    /// Whether the element is editable content (`contenteditable` true, "" or plaintext-only)
    /// whose parent is not.
    func isEditable(_ node: Int) -> Bool {
        guard let value = document.attribute("contenteditable", of: node).map({ HTMLText.asciiLowercase(HTMLText.trimmed($0)) }),
            ["", "true", "plaintext-only"].contains(value)
        else { return false }
        let parent = document.nodes[node].parent
        return parent < 0 || !isEditable(parent)
    }

    /// How a live region announces its changes: `aria-live`, else `role=alert` (assertive),
    /// `status` or `log` (polite).
    func liveness(_ node: Int) -> LiveRegion? {
        if let live = document.attribute("aria-live", of: node).map({ HTMLText.asciiLowercase(HTMLText.trimmed($0)) }) {
            return LiveRegion(rawValue: live)
        }
        switch HTMLRoles.explicit(document, node) {
        case "alert": return .assertive
        case "status", "log": return .polite
        default: return nil
        }
    }

    // MARK: - Notes

    private mutating func noteHidden(_ node: Int, reason: String) {
        if reason != "type=hidden" && hasControls(node) {
            notes.append(ImportNote("hidden content is left out (\(reason)), controls included", at: location(ofNode: node)))
        }
    }

    /// Whether a subtree holds anything that would be a field or control.
    private func hasControls(_ node: Int) -> Bool {
        (node..<document.nodes[node].subtreeEnd).contains { index in
            document.nodes[index].kind == .element && classify(index).map { $0.isField || Self.isControl($0) } == true
        }
    }

    private mutating func noteCharset() {
        for index in document.nodes.indices where document.isElement(index, "meta") {
            var charset = document.attribute("charset", of: index)
            if charset == nil, let content = document.attribute("content", of: index),
                let range = HTMLText.find("charset=", in: HTMLText.asciiLowercase(content))
            {
                charset = String(HTMLText.asciiLowercase(content)[range.upperBound...])
            }
            if let charset = charset.map({ HTMLText.asciiLowercase(HTMLText.trimmed($0)) }), !charset.isEmpty, charset != "utf-8",
                charset != "utf8"
            {
                notes.append(ImportNote("the page declares the charset \(charset.prefix(40)); it is read as UTF-8", at: location(ofNode: index)))
            }
        }
    }

    /// Adds a note.
    mutating func note(_ message: String, node: Int) { notes.append(ImportNote(message, at: location(ofNode: node))) }
}
