/// Which nodes a screen reader cannot reach, and which elements are laid out as blocks, from
/// the markup alone: no style sheet is read, so only inline `style` and the HTML default style
/// sheet count.
///
/// Hidden: the `hidden` attribute, `aria-hidden="true"`, `inert`, `input type=hidden`, inline
/// `display:none`, inline `visibility:hidden` or `collapse` (which a descendant's
/// `visibility:visible` undoes, as in CSS), elements never rendered (`head`, `script`, `style`,
/// `template`, `noscript` …), a `dialog` without `open`, and a closed `details` but its first
/// `summary`. A hidden element hides its whole subtree.
struct HTMLVisibility {
    /// Whether each node is hidden.
    private(set) var hidden: [Bool]
    /// Whether each node is hidden with its whole subtree (all but `visibility`, which a
    /// descendant can undo).
    private(set) var removed: [Bool]
    /// Whether each element is laid out as a block, so that the text on either side of it
    /// does not run together.
    private(set) var block: [Bool]
    /// The attribute or rule that hides each element that is hidden while its parent is not.
    private(set) var reasons: [Int: String] = [:]

    /// Elements that are never rendered.
    static let neverRendered: Set<String> = [
        "head", "script", "style", "template", "noscript", "title", "meta", "link", "base", "datalist", "param", "source", "track",
    ]

    /// Elements the default style sheet lays out as blocks (or list items, table parts).
    static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "br", "caption", "center", "colgroup", "dd", "details", "dialog", "dir",
        "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
        "hgroup", "hr", "html", "legend", "li", "listing", "main", "menu", "nav", "ol", "optgroup", "option", "p", "plaintext", "pre",
        "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "tr", "ul", "xmp",
    ]

    /// Works out every node's visibility in one pass.
    /// - Complexity: O(*n*) in the document's size.
    init(_ document: HTMLDocument) {
        let nodes = document.nodes
        hidden = Array(repeating: false, count: nodes.count)
        block = Array(repeating: false, count: nodes.count)
        // `visibility` is inherited and can be undone below; the rest hides a whole subtree.
        var invisible = Array(repeating: false, count: nodes.count)
        removed = Array(repeating: false, count: nodes.count)
        for index in nodes.indices {
            let node = nodes[index]
            let parent = node.parent
            var isRemoved = parent >= 0 && removed[parent]
            var isInvisible = parent >= 0 && invisible[parent]
            if node.kind == .text {
                hidden[index] = isRemoved || isInvisible
                removed[index] = isRemoved
                continue
            }
            var reason: String?
            let style = document.attribute("style", of: index).map(HTMLText.styleDeclarations) ?? [:]
            if node.isHTML { block[index] = Self.blockElements.contains(node.name) }
            if let display = style["display"] {
                block[index] = !(display.hasPrefix("inline") || display == "contents" || display == "none")
                if display == "none" { reason = "style display:none" }
            }
            if let visibility = style["visibility"] {
                if visibility == "hidden" || visibility == "collapse" {
                    isInvisible = true
                    reason = reason ?? "style visibility:\(visibility)"
                } else if visibility == "visible" {
                    isInvisible = false
                }
            }
            if node.kind == .template || (node.isHTML && Self.neverRendered.contains(node.name)) {
                reason = reason ?? "<\(node.name)> is not rendered"
            }
            if document.has("hidden", index) { reason = reason ?? "hidden" }
            if document.attribute("aria-hidden", of: index).map({ HTMLText.asciiLowercase(HTMLText.trimmed($0)) }) == "true" {
                reason = reason ?? "aria-hidden=true"
            }
            if document.has("inert", index) { reason = reason ?? "inert" }
            if node.isHTML && node.name == "input" && document.inputType(index) == "hidden" { reason = reason ?? "type=hidden" }
            if parent >= 0 && nodes[parent].isHTML {
                if nodes[parent].name == "dialog" && !document.has("open", parent) && !removed[parent] {
                    reason = reason ?? "its dialog is not open"
                }
                if nodes[parent].name == "details" && !document.has("open", parent)
                    && !(node.name == "summary" && nodes[parent].children.first { nodes[$0].kind == .element } == index)
                {
                    reason = reason ?? "its details element is closed"
                }
            }
            if let reason, !isRemoved {
                if reason.hasPrefix("style visibility") {
                    if !(parent >= 0 && invisible[parent]) { reasons[index] = reason }
                } else {
                    isRemoved = true
                    reasons[index] = reason
                }
            }
            removed[index] = isRemoved
            invisible[index] = isInvisible
            hidden[index] = isRemoved || isInvisible
        }
    }
}
