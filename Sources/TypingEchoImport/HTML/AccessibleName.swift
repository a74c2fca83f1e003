/// Where an element's accessible name came from (the step of the computation that gave it).
enum NameSource: String, Sendable, Hashable {
    case labelledBy = "aria-labelledby"
    case ariaLabel = "aria-label"
    case label = "<label>"
    case alt
    case value
    case defaultText = "the default text"
    case contents = "its content"
    case title
    case placeholder
    /// No step gave a name: the name is "".
    case none = "nothing"
}

/// The W3C Accessible Name and Description Computation 1.2, with HTML-AAM's rules for each HTML
/// element, over a document without style sheets.
///
/// The steps: a hidden node gives nothing (2A) unless the traversal began at a hidden node that
/// `aria-labelledby` or `aria-describedby` references (or at a hidden `<label>` of the
/// element, as browsers and web-platform-tests do); `aria-labelledby` (and the misspelling
/// `aria-labeledby`) outside such a traversal (2B); an embedded control inside a label gives
/// its value (2C); `aria-label` (2D); the host language (2E: HTML-AAM's order for each
/// element: for text inputs and `textarea` the associated `<label>`s, then `title`, then
/// `placeholder`); the content for roles that allow it and in every recursion (2F–2H, with
/// block elements set apart by spaces); `title` as the tooltip (2I).
///
/// Where browsers differ from the specification, the specification is followed: `placeholder`
/// comes after `title` (Chromium puts it before) and `aria-placeholder` is never a name
/// (Chromium uses it). A password input gives nothing as an embedded control (its value is
/// secret; browsers give bullets).
struct AccessibleName {
    let document: HTMLDocument
    let visibility: HTMLVisibility

    /// The texts of subtrees that do not hold the element being named, by node and traversal,
    /// so that many fields that point at one large label do not walk it again.
    private var remembered: [Int: String] = [:]

    /// A computation over a document and its visibility.
    init(document: HTMLDocument, visibility: HTMLVisibility) {
        self.document = document
        self.visibility = visibility
    }

    /// How the current traversal reached a node.
    private struct Traversal {
        /// The element whose name or description is being computed.
        let root: Int
        /// Inside an `aria-labelledby` or `aria-describedby` traversal (2B is not taken again).
        var referenced = false
        /// The traversal began at a hidden node, so hidden nodes count.
        var includesHidden = false
        /// Embedded controls give nothing (the static text of a label, not a name).
        var withoutControls = false

        var key: Int { (referenced ? 1 : 0) | (includesHidden ? 2 : 0) | (withoutControls ? 4 : 0) }
    }

    // MARK: - The name

    /// The accessible name of an element and the step that gave it.
    /// - Complexity: O(*n*) in the size of the subtrees the name is computed from.
    mutating func name(of root: Int) -> (text: String, source: NameSource) {
        let traversal = Traversal(root: root)
        if let text = labelledBy(root, traversal), !text.isEmpty { return (text, .labelledBy) }
        if let label = ariaLabel(root) { return (label, .ariaLabel) }
        let element = document.nodes[root]
        guard element.kind == .element else { return ("", .none) }
        let role = HTMLRoles.role(document, root)
        if element.isHTML {
            switch element.name {
            case "input":
                let type = document.inputType(root)
                if let text = labelsText(root), !text.isEmpty { return (text, .label) }
                switch type {
                case "button", "submit", "reset":
                    if let value = document.attribute("value", of: root), !HTMLText.flattened(value).isEmpty {
                        return (HTMLText.flattened(value), .value)
                    }
                    if type != "button" { return (type == "submit" ? "Submit" : "Reset", .defaultText) }
                case "image":
                    for attribute in ["alt", "value"] {
                        if let text = document.attribute(attribute, of: root).map(HTMLText.flattened), !text.isEmpty {
                            return (text, attribute == "alt" ? .alt : .value)
                        }
                    }
                    if let title = title(root) { return (title, .title) }
                    return ("Submit", .defaultText)
                default: break
                }
                if let title = title(root) { return (title, .title) }
                if Self.placeholderTypes.contains(type), let placeholder = placeholder(root) { return (placeholder, .placeholder) }
                return ("", .none)
            case "textarea":
                if let text = labelsText(root), !text.isEmpty { return (text, .label) }
                if let title = title(root) { return (title, .title) }
                if let placeholder = placeholder(root) { return (placeholder, .placeholder) }
                return ("", .none)
            case "select", "meter", "progress", "output":
                if let text = labelsText(root), !text.isEmpty { return (text, .label) }
            case "button":
                if let text = labelsText(root), !text.isEmpty { return (text, .label) }
                let text = HTMLText.flattened(contents(root, traversal))
                if !text.isEmpty { return (text, .contents) }
            case "img", "area":
                if let alt = document.attribute("alt", of: root) {
                    let text = HTMLText.flattened(alt)
                    if !text.isEmpty || title(root) == nil { return (text, text.isEmpty ? .none : .alt) }
                }
            case "fieldset":
                if let legend = element.children.first(where: { document.isElement($0, "legend") }) {
                    let text = HTMLText.flattened(contents(legend, traversal))
                    if !text.isEmpty { return (text, .contents) }
                }
            default: break
            }
        }
        if role.map(HTMLRoles.nameFromContent.contains) == true || (element.isHTML && Self.contentNamed.contains(element.name)) {
            let text = HTMLText.flattened(contents(root, traversal))
            if !text.isEmpty { return (text, .contents) }
        }
        if let title = title(root) { return (title, .title) }
        return ("", .none)
    }

    /// The input types whose `placeholder` is shown (and so can name them).
    static let placeholderTypes: Set<String> = ["text", "search", "url", "tel", "email", "password", "number"]

    /// Elements whose implicit role takes its name from its content.
    private static let contentNamed: Set<String> = ["a", "button", "h1", "h2", "h3", "h4", "h5", "h6", "summary", "option", "td", "th"]

    /// The text of the element's associated `<label>`s, in tree order, joined by spaces; nil when
    /// it has none. A hidden label still names its control (as browsers and web-platform-tests
    /// have it), its hidden content included.
    mutating func labelsText(_ root: Int) -> String? {
        guard let labels = document.labels[root] else { return nil }
        let texts = labels.map { label in
            HTMLText.flattened(contents(label, Traversal(root: root, includesHidden: visibility.hidden[label])))
        }
        return HTMLText.flattened(texts.joined(separator: " "))
    }

    /// The static text of a `<label>` as linear navigation reads it: its content, with the
    /// controls it holds giving nothing.
    mutating func staticText(of node: Int) -> String {
        HTMLText.flattened(contents(node, Traversal(root: node, withoutControls: true)))
    }

    // MARK: - The description

    /// The accessible description: `aria-describedby`, else `aria-description`, else `title`
    /// when the name did not come from it; nil when there is none.
    mutating func description(of root: Int, nameSource: NameSource) -> String? {
        if let text = referencedText("aria-describedby", of: root), !text.isEmpty { return text }
        if let description = document.attribute("aria-description", of: root).map(HTMLText.flattened), !description.isEmpty {
            return description
        }
        if nameSource != .title, let title = title(root) { return title }
        return nil
    }

    /// The text of the elements an IDREF attribute names (`aria-describedby`,
    /// `aria-errormessage`), each computed as a referenced node, joined by spaces; nil when no
    /// IDREF names an element.
    mutating func referencedText(_ attribute: String, of root: Int) -> String? {
        guard let ids = document.idrefs(attribute, of: root) else { return nil }
        let targets = ids.compactMap { document.byID[$0] }
        guard !targets.isEmpty else { return nil }
        let texts = targets.map { target in
            text(of: target, Traversal(root: root, referenced: true, includesHidden: visibility.hidden[target]))
        }
        return HTMLText.flattened(texts.joined(separator: " "))
    }

    // MARK: - The steps

    /// 2B: the text of the nodes `aria-labelledby` names; nil when the node has none that names an element.
    private mutating func labelledBy(_ node: Int, _ traversal: Traversal) -> String? {
        guard !traversal.referenced else { return nil }
        let attribute = document.has("aria-labelledby", node) ? "aria-labelledby" : "aria-labeledby"
        guard let ids = document.idrefs(attribute, of: node) else { return nil }
        let targets = ids.compactMap { document.byID[$0] }
        guard !targets.isEmpty else { return nil }
        let texts = targets.map { target in
            text(of: target, Traversal(root: traversal.root, referenced: true, includesHidden: visibility.hidden[target]))
        }
        return HTMLText.flattened(texts.joined(separator: " "))
    }

    /// 2D: `aria-label`, when it holds more than whitespace.
    private func ariaLabel(_ node: Int) -> String? {
        guard let label = document.attribute("aria-label", of: node) else { return nil }
        let text = HTMLText.flattened(label)
        return text.isEmpty ? nil : text
    }

    /// 2I: `title`, when it holds more than whitespace.
    private func title(_ node: Int) -> String? {
        guard let title = document.attribute("title", of: node) else { return nil }
        let text = HTMLText.flattened(title)
        return text.isEmpty ? nil : text
    }

    /// The placeholder text HTML shows: `placeholder` without its line breaks.
    private func placeholder(_ node: Int) -> String? {
        guard let placeholder = document.attribute("placeholder", of: node) else { return nil }
        let text = HTMLText.flattened(HTMLText.withoutLineBreaks(placeholder))
        return text.isEmpty ? nil : text
    }

    /// The text alternative of a node reached in a recursion (the steps from 2A on).
    private mutating func text(of node: Int, _ traversal: Traversal) -> String {
        let current = document.nodes[node]
        if current.kind == .text { return visibility.hidden[node] && !traversal.includesHidden ? "" : current.text }
        guard current.kind == .element else { return "" }
        // 2A.
        if visibility.hidden[node] && !traversal.includesHidden { return "" }
        // The element being named, met again inside its own label or reference: only its own
        // aria-label, when a reference names it.
        if node == traversal.root { return traversal.referenced ? ariaLabel(node) ?? "" : "" }
        let cacheable = !document.contains(node, traversal.root)
        let key = node &* 8 &+ traversal.key
        if cacheable, let known = remembered[key] { return known }
        let result = computeText(of: node, traversal)
        if cacheable { remembered[key] = result }
        return result
    }

    private mutating func computeText(of node: Int, _ traversal: Traversal) -> String {
        let current = document.nodes[node]
        // 2B.
        if let text = labelledBy(node, traversal), !text.isEmpty { return text }
        let role = HTMLRoles.role(document, node)
        // 2C.
        if let value = embeddedValue(node, role: role) { return traversal.withoutControls ? "" : value }
        // 2D.
        if let label = ariaLabel(node) { return label }
        // 2E.
        if current.isHTML {
            switch current.name {
            case "img", "area":
                if let alt = document.attribute("alt", of: node) { return alt }
            case "input":
                switch document.inputType(node) {
                case "button", "submit", "reset":
                    if let value = document.attribute("value", of: node), !value.isEmpty { return value }
                    if document.inputType(node) == "submit" { return "Submit" }
                    if document.inputType(node) == "reset" { return "Reset" }
                case "image":
                    if let alt = document.attribute("alt", of: node), !alt.isEmpty { return alt }
                default: break
                }
            default: break
            }
        }
        // 2F–2H: in a recursion every element gives its content.
        let text = contents(node, traversal)
        if !HTMLText.flattened(text).isEmpty { return text }
        // 2I.
        return title(node) ?? ""
    }

    /// 2C: the value an embedded control gives inside another element's label: a text box its
    /// value (a password input nothing), a combo box or list box its selected option, a range its
    /// value text or value; nil when the node is not such a control.
    private func embeddedValue(_ node: Int, role: String?) -> String? {
        let element = document.nodes[node]
        switch role {
        case "textbox", "searchbox":
            if element.isHTML && element.name == "input" { return HTMLText.withoutLineBreaks(document.attribute("value", of: node) ?? "") }
            return document.textContent(node)
        case "combobox", "listbox":
            if element.isHTML && element.name == "select" { return selectedOption(node).map(optionText) ?? "" }
            if element.isHTML && element.name == "input" { return document.attribute("value", of: node) ?? "" }
            return document.attribute("aria-valuetext", of: node) ?? ""
        case "slider", "spinbutton", "scrollbar", "progressbar", "meter":
            if let text = document.attribute("aria-valuetext", of: node) { return text }
            if let now = document.attribute("aria-valuenow", of: node) { return now }
            if element.isHTML && element.name == "input" { return document.attribute("value", of: node) ?? "" }
            return nil
        default:
            // A password input has no role: it is a text box that gives nothing.
            if element.isHTML && element.name == "input" && document.inputType(node) == "password" { return "" }
            return nil
        }
    }

    /// The option a single-choice `select` shows: the first with `selected`, else the first.
    func selectedOption(_ select: Int) -> Int? {
        var first: Int?
        for index in select + 1..<document.nodes[select].subtreeEnd where document.isElement(index, "option") {
            if document.has("selected", index) { return index }
            if first == nil { first = index }
        }
        return first
    }

    /// An option's text: its `label`, else its text with whitespace collapsed.
    func optionText(_ option: Int) -> String {
        if let label = document.attribute("label", of: option), !label.isEmpty { return label }
        return HTMLText.flattened(document.textContent(option))
    }

    /// 2F: the text of the node's children, each block set apart by spaces.
    private mutating func contents(_ node: Int, _ traversal: Traversal) -> String {
        var result = ""
        for child in document.nodes[node].children {
            let text = text(of: child, traversal)
            if document.nodes[child].kind == .element && visibility.block[child] {
                result += " " + text + " "
            } else {
                result += text
            }
        }
        return result
    }
}
