import TypingEcho

/// Turns what the walk found into ``ImportedElement``s: ids first (a label names its field by
/// id, and the field may come after it), then each element's name, description, states and
/// keyboard attributes, with a note for every attribute dropped or value defaulted.
///
/// A password input's `value` becomes a ``SecureValue`` and is never quoted: notes about a
/// secure field name its attributes, never their values.
struct HTMLElementBuilder {
    private let walk: HTMLWalk
    private var names: AccessibleName
    private var document: HTMLDocument { walk.document }
    /// The notes written while building.
    private(set) var notes: [ImportNote] = []

    init(walk: HTMLWalk) {
        self.walk = walk
        names = walk.names
    }

    /// The elements, in the walk's order.
    mutating func build(_ items: [HTMLWalk.Item]) -> [ImportedElement] {
        var ids = ImportedIDs()
        var idOfNode: [Int: String] = [:]
        var assigned: [String] = []
        assigned.reserveCapacity(items.count)
        for item in items {
            switch item {
            case .element(let node, let kind):
                let document = self.document
                let sourceID = ["id", "name", "data-testid"].compactMap { document.attribute($0, of: node) }
                    .first { !HTMLText.trimmed($0).isEmpty }
                let id = ids.id(source: sourceID, kind: kind.word ?? "element")
                idOfNode[node] = id
                assigned.append(id)
            case .text:
                assigned.append(ids.id(source: nil, kind: ElementKind.label.rawValue))
            }
        }
        var elements: [ImportedElement] = []
        elements.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            switch item {
            case .element(let node, let kind):
                elements.append(element(node, kind: kind, id: assigned[index], idOfNode: idOfNode))
            case .text(let text, let offset):
                var element = ImportedElement(id: assigned[index], kind: .element(.label), source: walk.positions.location(of: offset))
                element.name = text
                elements.append(element)
            }
        }
        return elements
    }

    private mutating func note(_ message: String, _ node: Int) { notes.append(ImportNote(message, at: walk.location(ofNode: node))) }

    /// A value quoted in a note, or "a value" for a secure field's attribute.
    private func quoted(_ value: String, secure: Bool) -> String {
        secure ? "a value" : "\"\(value.count > 40 ? String(value.prefix(40)) + "…" : value)\""
    }

    private func lowered(_ name: String, _ node: Int) -> String? {
        document.attribute(name, of: node).map { HTMLText.asciiLowercase(HTMLText.trimmed($0)) }
    }

    // MARK: - One element

    private mutating func element(_ node: Int, kind: ImportedKind, id: String, idOfNode: [Int: String]) -> ImportedElement {
        var element = ImportedElement(id: id, kind: kind, source: walk.location(ofNode: node))
        let role = HTMLRoles.role(document, node)
        element.role = role == "generic" || role == "none" ? nil : role
        let secure = kind.isSecure
        var handled: Set<String> = ["role", "aria-label", "aria-labelledby", "aria-labeledby", "aria-describedby", "aria-description", "title"]
        let tag = document.nodes[node].name

        if kind == .element(.label) && document.isElement(node, "label") {
            element.name = names.staticText(of: node)
            if let target = document.labelled[node] { element.labels = idOfNode[target] }
            handled.insert("for")
        } else if kind == .element(.label) {
            // A live region: its text, spoken when it changes.
            element.name = HTMLText.flattened(names.staticText(of: node))
            element.live = walk.liveness(node)
            handled.formUnion(["aria-live", "aria-atomic", "aria-relevant"])
        } else {
            let (name, source) = names.name(of: node)
            if source == .placeholder && kind.isField {
                // Named only by its placeholder: no label; the placeholder stays a placeholder.
                element.name = ""
                note("<\(tag)> has no label: its only name is its placeholder, imported as placeholder= with an empty label", node)
            } else {
                element.name = name
            }
            if name.isEmpty && source == .none && (kind.isField || kind == .element(.button) || kind == .element(.link)) {
                note("<\(tag)> has no accessible name", node)
            }
            if let description = names.description(of: node, nameSource: source) { element.description = description }
        }

        if kind.isField {
            field(node, into: &element, secure: secure, handled: &handled)
        } else {
            control(node, kind: kind, into: &element, handled: &handled)
        }
        states(node, into: &element, secure: secure, handled: &handled)
        dropped(node, into: &element, handled: handled, secure: secure)
        return element
    }

    // MARK: - Fields

    private mutating func field(_ node: Int, into element: inout ImportedElement, secure: Bool, handled: inout Set<String>) {
        let tag = document.nodes[node].name
        let isInput = document.isElement(node, "input")
        let type = isInput ? document.inputType(node) : tag == "textarea" ? "textarea" : "editable"
        handled.formUnion([
            "type", "value", "placeholder", "aria-placeholder", "maxlength", "minlength", "inputmode", "enterkeyhint", "autocapitalize",
            "autocomplete", "contenteditable", "aria-multiline",
        ])
        if isInput, let written = lowered("type", node), !HTMLText.inputTypes.contains(written) {
            note("type=\(quoted(written, secure: secure)) is not an input type; a browser makes it a text field, and so does the import", node)
        }

        // The value, as HTML sanitizes it.
        var value: String?
        if isInput {
            value = document.attribute("value", of: node).map(HTMLText.withoutLineBreaks)
            if type == "email" || type == "url" { value = value.map(HTMLText.trimmed) }
            if type == "number", let number = value, !number.isEmpty, Double(number) == nil || number.hasPrefix("+") {
                note("value is not a number: a number input drops it", node)
                value = ""
            }
        } else if tag == "textarea" {
            value = document.textContent(node)
        } else {
            value = document.textContent(node)
        }
        if let value, !value.isEmpty {
            if secure { element.secureValue = SecureValue(value) } else { element.value = value }
        }

        // The placeholder: HTML's on inputs and textareas, else aria-placeholder.
        let placeholderShown = isInput ? AccessibleName.placeholderTypes.contains(type) : tag == "textarea"
        if placeholderShown, let placeholder = document.attribute("placeholder", of: node) {
            let text = HTMLText.withoutLineBreaks(placeholder)
            if !HTMLText.trimmed(text).isEmpty { element.placeholder = text }
            if document.has("aria-placeholder", node) {
                note("aria-placeholder is left out: placeholder is shown, and aria-placeholder is never a name", node)
            }
        } else if let placeholder = document.attribute("aria-placeholder", of: node) {
            if !HTMLText.trimmed(placeholder).isEmpty { element.placeholder = placeholder }
            if isInput || tag == "textarea" {
                note("aria-placeholder on a native field: imported as its placeholder (not as a name, as the specification says)", node)
            }
        }

        // Length limits.
        if let written = document.attribute("maxlength", of: node) {
            if let limit = HTMLText.nonNegativeInteger(written) { element.maxLength = limit } else {
                note("maxlength=\(quoted(written, secure: false)) is not a non-negative integer: no limit, as in a browser", node)
            }
        }
        if let written = document.attribute("minlength", of: node) {
            if let limit = HTMLText.nonNegativeInteger(written) { element.minLength = limit } else {
                note("minlength=\(quoted(written, secure: false)) is not a non-negative integer: dropped, as in a browser", node)
            }
        }
        if let minimum = element.minLength, let maximum = element.maxLength, minimum > maximum {
            note("minlength is more than maxlength: the field can never be valid", node)
        }

        keyboard(node, type: type, into: &element, secure: secure)

        if let autocomplete = document.attribute("autocomplete", of: node) {
            let tokens = HTMLText.tokens(HTMLText.asciiLowercase(autocomplete))
            if !tokens.isEmpty { element.autocomplete = tokens.joined(separator: " ") }
        }
    }

    /// `type` and `inputmode` give the keyboard (inputmode wins), `enterkeyhint` the return key,
    /// `autocapitalize` (the field's, else its form's) where shift turns on.
    private mutating func keyboard(_ node: Int, type: String, into element: inout ImportedElement, secure: Bool) {
        switch type {
        case "email": element.keyboard = .email
        case "url": element.keyboard = .url
        case "tel": element.keyboard = .phonePad
        case "number":
            element.keyboard = .decimalPad
            note("type=number: iOS shows digits and punctuation, a keyboard the model lacks; imported as keyboard=decimal-pad", node)
        default: break
        }
        if let mode = lowered("inputmode", node) {
            switch mode {
            case "text", "search": element.keyboard = .default
            case "email": element.keyboard = .email
            case "url": element.keyboard = .url
            case "tel": element.keyboard = .phonePad
            case "numeric": element.keyboard = .numberPad
            case "decimal": element.keyboard = .decimalPad
            case "none": note("inputmode=none hides the on-screen keyboard, which the model cannot do: the keyboard is kept", node)
            default: note("inputmode=\(quoted(mode, secure: secure)) is not an input mode: dropped, as in a browser", node)
            }
        }
        if type == "search" { element.returnKey = .search }
        if let hint = lowered("enterkeyhint", node) {
            switch hint {
            case "enter": element.returnKey = .default
            case "done": element.returnKey = .done
            case "go": element.returnKey = .go
            case "next": element.returnKey = .next
            case "search": element.returnKey = .search
            case "send": element.returnKey = .send
            case "previous": note("enterkeyhint=previous has no return key in the model: dropped", node)
            default: note("enterkeyhint=\(quoted(hint, secure: secure)) is not a hint: dropped, as in a browser", node)
            }
        }
        var owner: Int? = node
        var written: String?
        while let current = owner, current >= 0 {
            if let value = lowered("autocapitalize", current) {
                written = value
                break
            }
            owner = document.isElement(current, "form") ? nil : document.nodes[current].parent
        }
        guard let written else { return }
        if ["email", "url", "password"].contains(type) {
            if document.has("autocapitalize", node) { note("autocapitalize has no effect on type=\(type): the field never capitalizes", node) }
            return
        }
        switch written {
        case "off", "none": element.autocapitalization = .never
        case "on", "sentences", "": element.autocapitalization = .sentences
        case "words": element.autocapitalization = .words
        case "characters": element.autocapitalization = .all
        default: note("autocapitalize=\(quoted(written, secure: secure)) is not a value: dropped", node)
        }
    }

    // MARK: - Other elements

    private mutating func control(_ node: Int, kind: ImportedKind, into element: inout ImportedElement, handled: inout Set<String>) {
        let tag = document.nodes[node].name
        switch kind {
        case .element(.heading):
            handled.insert("aria-level")
            var level = tag.count == 2 && tag.first == "h" ? Int(String(tag.last!)) : nil
            if let written = document.attribute("aria-level", of: node) {
                if let number = HTMLText.nonNegativeInteger(written), (1...6).contains(number) {
                    level = number
                } else {
                    note("aria-level=\(quoted(written, secure: false)) is not a level from 1 to 6: dropped", node)
                }
            }
            element.level = level ?? 2
            if level == nil { note("role=heading without aria-level: level 2, as browsers give", node) }
        case .element(.link):
            handled.insert("href")
        case .element(.image):
            handled.insert("alt")
            if !document.has("alt", node) && document.attribute("role", of: node) == nil {
                note("<img> has no alt attribute: screen readers may read its file name instead", node)
            }
        case .element(.switch):
            handled.formUnion(["checked", "aria-checked", "type", "value"])
            let checked = document.has("checked", node) || lowered("aria-checked", node) == "true"
            if checked { element.traits = .selected }
        case .element(.slider):
            handled.formUnion(["type", "value", "min", "max", "step", "aria-valuenow", "aria-valuetext", "aria-valuemin", "aria-valuemax"])
            element.value = document.attribute("aria-valuetext", of: node) ?? document.attribute("aria-valuenow", of: node)
                ?? document.attribute("value", of: node)
        case .element(.button):
            handled.formUnion(["type", "value", "alt"])
            if document.isElement(node, "select") {
                handled.formUnion(["multiple", "size"])
                if let option = names.selectedOption(node) { element.value = names.optionText(option) }
            } else if document.isElement(node, "input"), ["date", "month", "week", "time", "datetime-local", "color", "file"].contains(document.inputType(node)) {
                note("<input type=\(document.inputType(node))> opens a picker, not a keyboard: imported as a button", node)
            }
        default: break
        }
    }

    // MARK: - States

    private mutating func states(_ node: Int, into element: inout ImportedElement, secure: Bool, handled: inout Set<String>) {
        handled.formUnion(["required", "aria-required", "aria-invalid", "aria-errormessage", "disabled", "aria-disabled", "readonly", "aria-readonly"])
        let tag = document.nodes[node].name
        let isNative = document.nodes[node].isHTML && ["input", "textarea", "select"].contains(tag)
        let type = document.isElement(node, "input") ? document.inputType(node) : ""

        // Required: the attribute wins over aria-required.
        if document.has("required", node) {
            if isNative && !["image", "submit", "reset", "button", "range", "color", "hidden"].contains(type) {
                element.required = true
            } else {
                note("required has no effect on this element: dropped", node)
            }
        }
        if element.required == nil, let written = lowered("aria-required", node) {
            if written == "true" { element.required = true } else if written == "false" { element.required = false }
        }

        // Invalid: any token but "false" and "" is invalid; its message only counts while invalid.
        if let written = lowered("aria-invalid", node) {
            element.invalid = !(written == "false" || written.isEmpty)
        }
        let message = names.referencedText("aria-errormessage", of: node)
        if element.invalid == true {
            if let message, !message.isEmpty {
                element.error = message
                // aria-describedby often names the message too (for readers that ignore
                // aria-errormessage): it is said once, as the error.
                if let description = element.description, description == message || description.hasSuffix(" " + message) {
                    let rest = String(description.dropLast(message.count))
                    element.description = HTMLText.trimmed(rest).isEmpty ? nil : HTMLText.trimmed(rest)
                    note("the error message is also in aria-describedby: it is said once, as the error", node)
                }
            } else if let description = element.description {
                element.error = description
                element.description = nil
                note("invalid without aria-errormessage: its description is taken as the error message", node)
            } else {
                note("invalid with no error message: screen readers say only that it is invalid", node)
            }
        } else if document.has("aria-errormessage", node) {
            note("aria-errormessage counts only while aria-invalid is true: left out", node)
        }

        // Disabled: the attribute, aria-disabled, or a disabled fieldset (outside its first legend).
        if (document.has("disabled", node) && (isNative || tag == "button")) || lowered("aria-disabled", node) == "true" || inDisabledFieldset(node) {
            element.disabled = true
        }

        // Read-only: on text inputs and textareas, or aria-readonly.
        if document.has("readonly", node) && element.kind.isField && (tag == "textarea" || document.isElement(node, "input")) {
            element.readOnly = true
        } else if let written = lowered("aria-readonly", node) {
            if written == "true" { element.readOnly = true } else if written == "false" { element.readOnly = false }
        }
    }

    private func inDisabledFieldset(_ node: Int) -> Bool {
        guard document.nodes[node].isHTML, ["input", "textarea", "select", "button"].contains(document.nodes[node].name) else { return false }
        var child = node
        var current = document.nodes[node].parent
        while current >= 0 {
            if document.isElement(current, "fieldset") && document.has("disabled", current) {
                let firstLegend = document.nodes[current].children.first { document.isElement($0, "legend") }
                if firstLegend != child { return true }
            }
            child = current
            current = document.nodes[current].parent
        }
        return false
    }

    // MARK: - Dropped attributes

    /// Attributes that say nothing a screen reader user hears or a keyboard does.
    private static let irrelevant: Set<String> = [
        "id", "name", "class", "style", "lang", "dir", "translate", "tabindex", "accesskey", "draggable", "spellcheck", "hidden",
        "form", "formaction", "formmethod", "formenctype", "formtarget", "formnovalidate", "action", "method", "target", "rel",
        "src", "srcset", "sizes", "width", "height", "loading", "decoding", "crossorigin", "referrerpolicy", "nonce", "slot", "part",
        "is", "itemprop", "itemscope", "itemtype", "itemid", "itemref", "xmlns", "dirname", "download", "ping", "hreflang", "media",
        "usemap", "ismap", "fetchpriority", "popovertarget", "popovertargetaction", "autofocus",
    ]

    private mutating func dropped(_ node: Int, into element: inout ImportedElement, handled: Set<String>, secure: Bool) {
        var names: [String] = []
        for attribute in document.nodes[node].attributes {
            let name = attribute.name
            if handled.contains(name) || Self.irrelevant.contains(name) || name.hasPrefix("data-") || name.hasPrefix("on") { continue }
            if !names.contains(name) { names.append(name) }
        }
        guard !names.isEmpty else { return }
        element.dropped = names
        note("<\(document.nodes[node].name)> attributes the model cannot express are dropped: \(names.joined(separator: ", "))", node)
    }
}
