/// The role HTML-AAM gives an element (its explicit `role`, else its tag's implicit role), as
/// the ARIA role word a browser's computed role gives: `textbox`, `searchbox`, `spinbutton`,
/// `checkbox`, `button`, `link`, `heading` … and nil where HTML-AAM gives none (a password
/// input, a `label`, a `div`).
enum HTMLRoles {
    /// The roles of WAI-ARIA 1.2 (and `image`, 1.3's synonym of `img`) an author may write.
    static let known: Set<String> = [
        "alert", "alertdialog", "application", "article", "banner", "blockquote", "button", "caption", "cell", "checkbox", "code",
        "columnheader", "combobox", "complementary", "contentinfo", "definition", "deletion", "dialog", "directory", "document",
        "emphasis", "feed", "figure", "form", "generic", "grid", "gridcell", "group", "heading", "image", "img", "insertion", "link",
        "list", "listbox", "listitem", "log", "main", "marquee", "math", "menu", "menubar", "menuitem", "menuitemcheckbox",
        "menuitemradio", "meter", "navigation", "none", "note", "option", "paragraph", "presentation", "progressbar", "radio",
        "radiogroup", "region", "row", "rowgroup", "rowheader", "scrollbar", "search", "searchbox", "separator", "slider",
        "spinbutton", "status", "strong", "subscript", "superscript", "switch", "tab", "table", "tablist", "tabpanel", "term",
        "textbox", "time", "timer", "toolbar", "tooltip", "tree", "treegrid", "treeitem",
    ]

    /// Roles whose name may come from their content (WAI-ARIA 1.2, "name from: contents").
    static let nameFromContent: Set<String> = [
        "button", "cell", "checkbox", "columnheader", "gridcell", "heading", "link", "menuitem", "menuitemcheckbox", "menuitemradio",
        "option", "radio", "row", "rowheader", "switch", "tab", "tooltip", "treeitem",
    ]

    /// The element's first known token of `role`, lowercase; nil when it has none.
    static func explicit(_ document: HTMLDocument, _ node: Int) -> String? {
        guard let value = document.attribute("role", of: node) else { return nil }
        let role = HTMLText.tokens(HTMLText.asciiLowercase(value)).first { known.contains($0) }
        return role == "img" ? "image" : role
    }

    /// The role: the explicit one, else the implicit one (`none` for `presentation`).
    static func role(_ document: HTMLDocument, _ node: Int) -> String? {
        if let role = explicit(document, node) { return role == "presentation" ? "none" : role }
        return implicit(document, node)
    }

    /// The implicit role HTML-AAM gives the element's tag.
    static func implicit(_ document: HTMLDocument, _ node: Int) -> String? {
        let element = document.nodes[node]
        guard element.kind == .element, element.isHTML else { return nil }
        switch element.name {
        case "a", "area": return document.has("href", node) ? "link" : "generic"
        case "button": return "button"
        case "input":
            let list = document.has("list", node)
            switch document.inputType(node) {
            case "button", "submit", "reset", "image": return "button"
            case "checkbox": return "checkbox"
            case "radio": return "radio"
            case "range": return "slider"
            case "number": return "spinbutton"
            case "search": return list ? "combobox" : "searchbox"
            case "text", "email", "tel", "url": return list ? "combobox" : "textbox"
            default: return nil
            }
        case "textarea": return "textbox"
        case "select":
            let size = document.attribute("size", of: node).flatMap(HTMLText.nonNegativeInteger) ?? 0
            return document.has("multiple", node) || size > 1 ? "listbox" : "combobox"
        case "h1", "h2", "h3", "h4", "h5", "h6": return "heading"
        case "img": return document.attribute("alt", of: node) == "" ? "none" : "image"
        case "p": return "paragraph"
        case "ul", "ol", "menu": return "list"
        case "li":
            let parent = element.parent
            return parent >= 0 && ["ul", "ol", "menu"].contains(document.nodes[parent].name) ? "listitem" : "generic"
        case "nav": return "navigation"
        case "main": return "main"
        case "form": return "form"
        case "fieldset", "details", "optgroup", "address", "hgroup": return "group"
        case "output": return "status"
        case "progress": return "progressbar"
        case "meter": return "meter"
        case "table": return "table"
        case "dialog": return "dialog"
        case "hr": return "separator"
        case "option": return "option"
        case "article": return "article"
        case "blockquote": return "blockquote"
        case "figure": return "figure"
        case "search": return "search"
        case "strong", "b": return "strong"
        case "em": return "emphasis"
        case "code": return "code"
        case "div", "span", "section", "header", "footer", "aside", "i", "u", "q", "small", "samp", "pre", "bdi", "bdo", "data":
            return "generic"
        default: return nil
        }
    }
}
