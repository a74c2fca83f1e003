/// Element ids for every importer: the source's own id made valid for the script language and
/// unique (`email`, `email-2`), or `KIND-N` in reading order (`text-1`, `button-2`).
///
/// A valid id is a run of letters, digits, `-`, `_` and `.`: every other character becomes `-`,
/// runs of `-` fold into one, and `-` is trimmed from both ends. Ids are case-sensitive.
///
/// ```swift
/// var ids = ImportedIDs()
/// let first = ids.id(source: "user name", kind: "text")   // "user-name"
/// let second = ids.id(source: "user name", kind: "text")  // "user-name-2"
/// let third = ids.id(source: nil, kind: "button")         // "button-1"
/// ```
public struct ImportedIDs: Sendable {
    private var used: Set<String> = []
    private var generated: [String: Int] = [:]

    /// No id handed out yet.
    public init() {}

    /// The longest id made from a source's (longer ones are cut), in characters.
    public static let maxLength = 64

    /// The next element's id, from the source's own id when it has a usable one, else from its kind.
    /// - Parameters:
    ///   - source: The source's id (HTML `id`/`name`/`data-testid`, Android `resource-id` after
    ///     its `/`, XCUITest `identifier`), if any.
    ///   - kind: The script kind word (`text`, `button` …), `element` for an element without one.
    /// - Complexity: O(*n*) in the id's length, amortised.
    public mutating func id(source: String?, kind: String) -> String {
        if let source, let base = Self.valid(source) {
            return unique(base)
        }
        let prefix = Self.valid(kind) ?? "element"
        var number = generated[prefix, default: 0]
        while true {
            number += 1
            let candidate = "\(prefix)-\(number)"
            if used.insert(candidate).inserted {
                generated[prefix] = number
                return candidate
            }
        }
    }

    /// Whether an id was already handed out.
    public func contains(_ id: String) -> Bool { used.contains(id) }

    /// `base`, or `base-2`, `base-3` … the first not handed out yet.
    private mutating func unique(_ base: String) -> String {
        if used.insert(base).inserted { return base }
        var suffix = 2
        while !used.insert("\(base)-\(suffix)").inserted { suffix += 1 }
        return "\(base)-\(suffix)"
    }

    /// The text made valid, or nil when nothing valid is left.
    /// - Complexity: O(*n*) in the text's length, stopping after ``maxLength`` characters.
    public static func valid(_ text: String) -> String? {
        var result = ""
        var count = 0
        var lastWasDash = true  // no leading dash
        for character in text {
            if count >= maxLength { break }
            let keep = character.isLetter || character.isNumber || character == "_" || character == "."
            if keep {
                result.append(character)
                lastWasDash = false
            } else if !lastWasDash {
                result.append("-")
                lastWasDash = true
            } else {
                continue
            }
            count += 1
        }
        while result.last == "-" { result.removeLast() }
        return result.isEmpty ? nil : result
    }
}
