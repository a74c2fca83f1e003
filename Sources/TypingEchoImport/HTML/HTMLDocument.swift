import CGumbo

/// An HTML document as gumbo built it, copied into arrays in tree order: a node's parent comes
/// before it and its descendants follow it (`subtreeEnd`), so that one pass from the first node
/// to the last sees every parent before its children.
///
/// Comments are left out; a `<template>`'s content (an inert fragment) is left out.
struct HTMLDocument {
    /// What a node is.
    enum Kind: UInt8 {
        case element
        case text
        /// A `<template>`, whose content is not part of the document.
        case template
    }

    /// One attribute: a lowercase name, the decoded value, and where its name starts.
    struct Attribute {
        let name: String
        let value: String
        let offset: Int
    }

    /// One node.
    struct Node {
        let kind: Kind
        /// The lowercase tag name of an element ("" for text).
        let name: String
        /// Whether the element is in the HTML namespace (not SVG or MathML).
        let isHTML: Bool
        /// The parent's index, -1 for the root (`html`).
        let parent: Int
        /// The children's indexes, in order.
        var children: [Int] = []
        let attributes: [Attribute]
        /// A text node's decoded text.
        let text: String
        /// The byte offset of the start tag or the text; nil for an element the parser inserted.
        let offset: Int?
        /// The index after the node's last descendant.
        var subtreeEnd: Int = 0
    }

    /// The nodes in tree order; the first is the root element (`html`).
    private(set) var nodes: [Node] = []
    /// The first element in tree order with each `id`, as `getElementById` finds it.
    private(set) var byID: [String: Int] = [:]
    /// Each labelable element's `<label>`s, in tree order: a label's `for` names the element,
    /// or (without `for`) the label's first labelable descendant.
    private(set) var labels: [Int: [Int]] = [:]
    /// The control each `<label>` labels.
    private(set) var labelled: [Int: Int] = [:]
    /// The type of each `input`, as ``inputType(_:)`` reads it.
    private var inputTypes: [Int: String] = [:]

    /// Copies the shim's tree.
    init(_ tree: tegum_tree) {
        let strings = UnsafeBufferPointer(start: UnsafeRawPointer(tree.strings)?.assumingMemoryBound(to: UInt8.self), count: tree.strings_length)
        func string(_ range: tegum_range) -> String {
            guard range.length > 0, let base = strings.baseAddress else { return "" }
            return String(decoding: UnsafeBufferPointer(start: base + Int(range.offset), count: Int(range.length)), as: UTF8.self)
        }
        nodes.reserveCapacity(tree.node_count)
        for index in 0..<tree.node_count {
            let node = tree.nodes[index]
            var attributes: [Attribute] = []
            if node.attribute_count > 0 {
                attributes.reserveCapacity(Int(node.attribute_count))
                for at in Int(node.first_attribute)..<Int(node.first_attribute) + Int(node.attribute_count) {
                    let attribute = tree.attributes[at]
                    attributes.append(Attribute(name: string(attribute.name), value: string(attribute.value), offset: Int(attribute.offset)))
                }
            }
            let kind: Kind = node.kind == Int32(tegum_text) ? .text : node.kind == Int32(tegum_template) ? .template : .element
            nodes.append(
                Node(
                    kind: kind, name: string(node.name), isHTML: node.namespace_ == Int32(tegum_html), parent: Int(node.parent),
                    attributes: attributes, text: kind == .text ? string(node.text) : "", offset: node.offset >= 0 ? Int(node.offset) : nil))
        }
        // Children and subtree ends: nodes are in tree order, so a node's subtree ends where the
        // next node that is not its descendant starts.
        var open: [Int] = []
        for index in nodes.indices {
            let parent = nodes[index].parent
            while let last = open.last, last != parent {
                nodes[last].subtreeEnd = index
                open.removeLast()
            }
            if parent >= 0 { nodes[parent].children.append(index) }
            open.append(index)
        }
        for index in open { nodes[index].subtreeEnd = nodes.count }
        for index in nodes.indices where nodes[index].kind == .element {
            if let id = attribute("id", of: index), !id.isEmpty, byID[id] == nil { byID[id] = index }
            if nodes[index].isHTML && nodes[index].name == "input" {
                let written = attribute("type", of: index).map { HTMLText.asciiLowercase(HTMLText.trimmed($0)) } ?? "text"
                inputTypes[index] = HTMLText.inputTypes.contains(written) ? written : "text"
            }
        }
        for index in nodes.indices where isElement(index, "label") {
            let target: Int?
            if let name = attribute("for", of: index) {
                target = byID[name].flatMap { isLabelable($0) ? $0 : nil }
            } else {
                target = (index + 1..<nodes[index].subtreeEnd).first { isLabelable($0) }
            }
            if let target {
                labels[target, default: []].append(index)
                labelled[index] = target
            }
        }
    }

    /// The value of attribute `name` (lowercase) of a node, nil when it has none.
    func attribute(_ name: String, of node: Int) -> String? {
        let count = name.utf8.count
        for attribute in nodes[node].attributes where attribute.name.utf8.count == count && attribute.name == name { return attribute.value }
        return nil
    }

    /// Whether the node has attribute `name`.
    func has(_ name: String, _ node: Int) -> Bool { attribute(name, of: node) != nil }

    /// Whether the node is an HTML element named `name`.
    func isElement(_ node: Int, _ name: String) -> Bool {
        let element = nodes[node]
        return element.kind == .element && element.isHTML && element.name == name
    }

    /// The `type` of an `input`, lowercase, as the browser reads it: a missing or unknown type is
    /// `text`.
    func inputType(_ node: Int) -> String { inputTypes[node] ?? "text" }

    /// Whether the element is labelable (HTML: button, input but hidden, meter, output,
    /// progress, select, textarea).
    func isLabelable(_ node: Int) -> Bool {
        let element = nodes[node]
        guard element.kind == .element, element.isHTML else { return false }
        switch element.name {
        case "button", "meter", "output", "progress", "select", "textarea": return true
        case "input": return inputType(node) != "hidden"
        default: return false
        }
    }

    /// Whether `ancestor` is `node` or contains it.
    func contains(_ ancestor: Int, _ node: Int) -> Bool { ancestor <= node && node < nodes[ancestor].subtreeEnd }

    /// The text of every text node under the node, in order (`textContent`).
    /// - Complexity: O(*n*) in the subtree's size.
    func textContent(_ node: Int) -> String {
        if nodes[node].kind == .text { return nodes[node].text }
        var text = ""
        for index in node..<nodes[node].subtreeEnd where nodes[index].kind == .text { text += nodes[index].text }
        return text
    }

    /// The IDREFs of an attribute, split on ASCII whitespace.
    func idrefs(_ name: String, of node: Int) -> [String]? {
        guard let value = attribute(name, of: node) else { return nil }
        return HTMLText.tokens(value)
    }
}
