/// What `typing-echo describe` reports about a screen: each element's announcement, hint,
/// traits, lint findings and platform equivalents, then the findings about the whole screen.
///
/// ```swift
/// let description = ScreenDescription(session.screen)
/// print(description.text, terminator: "")
/// ```
///
/// The secure invariant holds: a secure field is described by its count, never its text.
public struct ScreenDescription: Sendable {
    /// One element as described.
    public struct Item: Sendable {
        /// The element as the engine holds it.
        public var element: Element
        /// The focus announcement's parts, in spoken order.
        public var parts: [(part: AnnouncementPart, text: String)]
        /// The whole focus announcement.
        public var announcement: String
        /// The hint spoken after the hint delay, if any.
        public var hint: String?
        /// Findings about this element.
        public var findings: [LintFinding]
        /// Its web, Android and Flutter equivalents.
        public var equivalents: PlatformEquivalents
        /// Its focus announcement as each reader asked for says it (`describe --reader`).
        public var readers: [(reader: ScreenReader, announcement: String)] = []
        /// What the braille display shows for it when focused (label, role words, the start of
        /// a field's text), as Unicode braille; nil when braille is off.
        public var braille: String?
    }

    /// The elements in reading order, hidden ones included (and marked).
    public var items: [Item]
    /// Findings about the screen as a whole.
    public var screenFindings: [LintFinding]

    /// Describes a screen's elements as they are, in its locale, with each element's
    /// announcement as each of `readers` says it in its defaults (`describe --reader`).
    /// - Complexity: O(n·r) in the elements and readers (the labels are grouped by the position of what they name first).
    public init(_ screen: ScreenSnapshot, readers: [ScreenReader] = []) {
        let describer = Describer(screen, readers: readers)
        items = screen.elements.enumerated().map { describer.item(for: $1, at: $0) }
        screenFindings = describer.screenFindings
    }

    /// What describing one element at a time needs: the lint context (field labels, the
    /// screen's findings) and the labels by target, made once for the whole screen; each
    /// element's findings are made as it is described, so a million elements are described
    /// without a million findings held.
    struct Describer: Sendable {
        let screen: ScreenSnapshot
        let lint: Lint.Context
        /// The ids of the labels naming each element (`labels=`), by the element's position:
        /// read in order as the elements are described, where a look-up of every element's
        /// id in a table of the labelled ones was 3 % of describing a million elements.
        let labelsByPosition: [[String]]
        let screenFindings: [LintFinding]
        /// How many findings there are in all.
        let findingCount: Int
        /// The other readers asked for, each with its announcer.
        let others: [(reader: ScreenReader, announcer: Announcer)]
        /// The announcer of the settings in force and its list separator, made once for the
        /// screen (each made again per element copied the phrasebook and looked up the separator).
        let announcer: Announcer
        let separator: String

        /// - Parameter jobs: How many threads count the elements' findings.
        /// - Complexity: O(n) in the elements.
        init(_ screen: ScreenSnapshot, readers: [ScreenReader] = [], jobs: Int = 1) {
            self.screen = screen
            announcer = screen.announcer
            separator = screen.phrasebook.listSeparator
            others = readers.map { reader in
                // The locale was accepted by the session, so it loads again.
                let phrasebook = (try? Phrasebook(locale: screen.settings.locale, wording: reader)) ?? screen.phrasebook
                return (reader, Announcer(phrasebook: phrasebook, style: EchoStyle.of(reader)))
            }
            let lint = Lint.Context(screen)
            let elements = screen.elements
            let count = lint.screenFindings.count + Self.sum(over: elements.count, jobs: jobs) { positions in
                positions.reduce(0) { $0 + lint.findings(for: elements[$1], at: $1).count }
            }
            var labelsByPosition = [[String]](repeating: [], count: screen.elements.count)
            for element in screen.elements {
                if let target = element.labelFor, let position = screen.positions[target] { labelsByPosition[position].append(element.id) }
            }
            self.lint = lint
            self.labelsByPosition = labelsByPosition
            screenFindings = lint.screenFindings
            findingCount = count
        }

        /// The sum of `part` over `0..<count` cut into `jobs` contiguous shares of at least
        /// 4,096, each share on its own thread.
        private static func sum(over count: Int, jobs: Int, _ part: @Sendable (Range<Int>) -> Int) -> Int {
            let jobs = max(1, min(jobs, count / 4_096))
            return onWorkers(jobs) { worker in part(count * worker / jobs..<count * (worker + 1) / jobs) }.reduce(0, +)
        }

        /// One element (at `position` on the screen) described.
        func item(for element: Element, at position: Int) -> Item {
            let parts = announcer.parts(for: element)
            return Item(element: element, parts: parts,
                        announcement: Self.joined(parts, separator: separator),
                        hint: announcer.hint(for: element),
                        findings: lint.findings(for: element, at: position),
                        equivalents: PlatformEquivalents(element, labelledBy: labelsByPosition[position]),
                        readers: others.map { reader, announcer in
                            // What focusing says; separate utterances (Orca, ChromeVox) joined by " · ",
                            // and a reader's words that are VoiceOver's for want of its own marked.
                            let utterances = announcer.utterances(focusing: element)
                            let text = utterances.map(\.text).joined(separator: utterances.count > 1 ? " · " : "")
                            return (reader, utterances.contains { $0.fallback } ? text + " (as VoiceOver)" : text)
                        },
                        braille: screen.brailleDescription(of: element))
        }

        /// The parts' texts with `separator` between them, without an array of the texts first.
        private static func joined(_ parts: [(part: AnnouncementPart, text: String)], separator: String) -> String {
            var text = ""
            for (index, part) in parts.enumerated() {
                if index > 0 { text += separator }
                text += part.text
            }
            return text
        }
    }

    /// Every finding, per element in reading order, then the screen's.
    public var findings: [LintFinding] { items.flatMap(\.findings) + screenFindings }
}

extension Element {
    /// How it was declared: `field kind=secure`, `element kind=button` or `element`.
    var declaredAs: String {
        if let field { return Self.fieldDeclarations.first { $0.kind == field.kind }?.text ?? "field" }
        guard let kind else { return "element" }
        return Self.elementDeclarations.first { $0.kind == kind }?.text ?? "element"
    }

    /// `field kind=…` for each field kind, made once: `describe` writes one for every element,
    /// and each made again was a string allocated (they are longer than a small string). A
    /// list searched by kind: hashing the kind into a dictionary cost more than the few compares.
    private static let fieldDeclarations = FieldKind.allCases.map { (kind: $0, text: "field kind=\($0.rawValue)") }
    /// `element kind=…` for each element kind, made once.
    private static let elementDeclarations = ElementKind.allCases.map { (kind: $0, text: "element kind=\($0.rawValue)") }
}
