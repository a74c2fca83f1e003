import Synchronization

/// `describe`'s two formats: a readable text and one JSON document.
extension ScreenDescription {
    /// The readable report, one block per element.
    ///
    /// ```
    /// 1. username  field kind=text
    ///    says:     Username, text field, required
    ///    hint:     Double tap to edit.
    ///    traits:   textEntry (0x40000)
    ///    ARIA:     role=textbox aria-label="Username" aria-required="true"
    ///    Android:  android.widget.EditText isClickable="true"
    ///    Flutter:  isTextField, hasEnabledState, isEnabled
    /// ```
    ///
    /// Labels, values and messages are shown with ``TerminalText`` rules (controls and bidi
    /// controls as `\u{…}`).
    /// - Complexity: O(*n*) in the elements and the length of their texts.
    public var text: String {
        let total = findings.count
        var report = ReportBytes()
        report.bytes = Self.textHead(items.count, findingCount: total)
        for (index, item) in items.enumerated() { report.element(item, number: index + 1) }
        report.bytes += Self.textTail(screenFindings, findingCount: total)
        return String(decoding: report.bytes, as: UTF8.self)
    }

    /// One JSON object: `{"elements":[…],"lint":[…]}`, one element per line, ending in a newline.
    public var json: String {
        var bytes = Array("{\"elements\":[\n".utf8)
        for (index, item) in items.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            bytes.append(contentsOf: Self.jsonElement(item).utf8)
        }
        bytes += Self.jsonTail(screenFindings)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes the report of a screen (``text``, or ``json`` when `json` is true) in
    /// pieces as it is made, a block of elements at a time, without holding the whole report or
    /// every element's description: `describe` of a million elements needs memory for a few
    /// blocks. With `jobs` above 1 the blocks are described on that many threads, a round of
    /// blocks at a time, and written in reading order: the bytes are the same for every `jobs`.
    /// - Parameters:
    ///   - screen: The screen described.
    ///   - json: Whether to write the JSON document instead of the text.
    ///   - readers: The readers whose announcements are shown beside each element's (`--reader`).
    ///   - jobs: How many threads describe the elements (1: the calling thread alone).
    ///   - write: Takes the next bytes; returns false to stop (the output failed).
    /// - Returns: How many lint findings the screen has.
    /// - Complexity: O(*n*) time in the elements and their texts, spread over `jobs` threads.
    public static func write(_ screen: ScreenSnapshot, json: Bool, readers: [ScreenReader] = [], jobs: Int = 1,
                             to write: ([UInt8]) -> Bool) -> Int {
        self.write(screen, json: json, readers: readers, jobs: jobs, roundWeightLimit: roundWeightLimit, to: write)
    }

    /// ``write(_:json:readers:jobs:to:)`` with a round's weight limit of the caller's (tests).
    static func write(_ screen: ScreenSnapshot, json: Bool, readers: [ScreenReader], jobs: Int, roundWeightLimit: Int,
                      to write: ([UInt8]) -> Bool) -> Int {
        let describer = Describer(screen, readers: readers, jobs: jobs)
        let count = screen.elements.count, total = describer.findingCount
        let head = json ? Array("{\"elements\":[\n".utf8) : textHead(count, findingCount: total)
        guard write(head) else { return total }
        let written = writeElements(screen.elements, jobs: jobs, weightLimit: roundWeightLimit, to: write) { position, report in
            let item = describer.item(for: screen.elements[position], at: position)
            if json {
                if position > 0 { report.literal(",\n") }
                report.bytes.append(contentsOf: jsonElement(item).utf8)
            } else {
                report.element(item, number: position + 1)
            }
        }
        guard written else { return total }
        _ = write(json ? jsonTail(describer.screenFindings) : textTail(describer.screenFindings, findingCount: total))
        return total
    }

    /// How many elements a thread describes together: a block's text is about 45 KB of typical elements.
    static let blockSize = 128

    /// The most bytes of text a round of blocks may hold (``textWeight(of:)``) and still be
    /// described on several threads: a round's report is held whole until it is written (while
    /// the next round is made), so elements with long texts are described one at a time, as on
    /// one thread.
    static let roundWeightLimit = 1 << 23

    /// Renders the elements in order with `render` and writes the bytes. On one thread they
    /// are written whenever 64 KiB have gathered. With several jobs, each round of `8 × jobs`
    /// blocks of ``blockSize`` elements is described by the workers, each taking the next block
    /// not yet taken, while one of them first writes the round before (written between rounds,
    /// its bytes left the other core idle: a tenth of describing a million elements into a
    /// file); a round whose texts weigh more than ``roundWeightLimit`` is described on one thread.
    /// - Returns: false when `write` did (the rest is not described).
    private static func writeElements(_ elements: [Element], jobs: Int, weightLimit: Int, to write: ([UInt8]) -> Bool,
                                      render: @Sendable (Int, inout ReportBytes) -> Void) -> Bool {
        func oneByOne(_ positions: Range<Int>) -> Bool {
            var report = ReportBytes()
            for position in positions {
                render(position, &report)
                if report.bytes.count >= 1 << 16 {
                    guard write(report.bytes) else { return false }
                    report.bytes.removeAll(keepingCapacity: true)
                }
            }
            return report.bytes.isEmpty || write(report.bytes)
        }
        let count = elements.count, blocks = (count + blockSize - 1) / blockSize
        let jobs = min(max(1, jobs), blocks)
        guard jobs > 1 else { return oneByOne(0..<count) }
        return withoutActuallyEscaping(write) { write in
            let output = UncheckedSendable(write)
            // The blocks of the round before, made and not yet written.
            var pending = RoundBlocks(count: 0)
            var start = 0
            while start < count {
                let round = start..<min(count, start + 8 * jobs * blockSize)
                start = round.upperBound
                guard elements[round].reduce(0, { $0 + textWeight(of: $1) }) <= weightLimit else {
                    guard pending.write(to: output.value), oneByOne(round) else { return false }
                    pending = RoundBlocks(count: 0)
                    continue
                }
                let made = RoundBlocks(count: (round.count + blockSize - 1) / blockSize)
                let previous = pending
                let written = onWorkers(jobs) { worker in
                    let written = worker == 0 ? previous.write(to: output.value) : true
                    while let block = made.take() {
                        var report = ReportBytes()
                        let first = round.lowerBound + block * blockSize
                        for position in first..<min(round.upperBound, first + blockSize) { render(position, &report) }
                        made.store(report.bytes, at: block)
                    }
                    return written
                }
                guard written[0] else { return false }
                pending = made
            }
            return pending.write(to: output.value)
        }
    }

    /// The blocks of one round: each taken by one worker (the next not taken), stored in its
    /// slot, and written in order once all are made.
    ///
    /// `@unchecked Sendable`: slot `k` is written only by the worker that took block `k`, once,
    /// and the slots are read only after ``onWorkers(_:_:)`` returns, which orders every write
    /// before the reads.
    private final class RoundBlocks: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<[UInt8]>
        private let next = Atomic<Int>(0)

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: [])
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        /// The next block no worker has taken, if any.
        func take() -> Int? {
            let block = next.add(1, ordering: .relaxed).oldValue
            return block < slots.count ? block : nil
        }

        func store(_ bytes: [UInt8], at block: Int) {
            slots[block] = bytes
        }

        /// Writes the blocks in order, each once; false when `write` failed.
        func write(to write: ([UInt8]) -> Bool) -> Bool {
            for block in slots.indices {
                guard write(slots[block]) else { return false }
                slots[block] = []
            }
            return true
        }
    }

    /// The bytes of text an element's description repeats, at most a few times each (label,
    /// value, hint, a field's text, placeholder and error, the steps): what a round weighs.
    private static func textWeight(of element: Element) -> Int {
        var weight = 256 + element.label.utf8.count + (element.value?.utf8.count ?? 0) + (element.hint?.utf8.count ?? 0)
        weight += element.steps.reduce(0) { $0 + $1.utf8.count }
        if let field = element.field {
            weight += 3 * field.buffer.utf16Count + (field.placeholder?.utf8.count ?? 0) + (field.error?.utf8.count ?? 0)
        }
        return weight
    }

    /// The text report's first lines: the counts and an empty line.
    private static func textHead(_ count: Int, findingCount total: Int) -> [UInt8] {
        var report = ReportBytes()
        report.line("\(count) element\(count == 1 ? "" : "s"), \(total) lint finding\(total == 1 ? "" : "s")")
        report.line("")
        return report.bytes
    }

    /// The text report's last lines: the screen's findings, or that there are none.
    private static func textTail(_ screenFindings: [LintFinding], findingCount total: Int) -> [UInt8] {
        var report = ReportBytes()
        for finding in screenFindings { report.line("screen lint: \(finding.rule.rawValue): \(finding.message)") }
        if total == 0 { report.line("no lint findings") }
        return report.bytes
    }

    /// The end of the JSON document: the screen's findings.
    private static func jsonTail(_ screenFindings: [LintFinding]) -> [UInt8] {
        Array(("\n],\"lint\":[" + screenFindings.map(Self.json).joined(separator: ",") + "]}\n").utf8)
    }

    private static func jsonElement(_ item: Item) -> String {
        let element = item.element, equivalents = item.equivalents
        var fields: [String] = [
            "\"id\":\(JSONText.quote(element.id))",
            "\"declared\":\(JSONText.quote(element.declaredAs))",
            "\"hidden\":\(element.isHidden)",
            "\"announcement\":\(JSONText.quote(item.announcement))",
            "\"parts\":[" + item.parts.map { "{\"part\":\(JSONText.quote($0.part.rawValue)),\"text\":\(JSONText.quote($0.text))}" }.joined(separator: ",") + "]",
        ]
        if !item.readers.isEmpty {
            fields.append("\"readers\":{" + item.readers.map { "\(JSONText.quote($0.reader.rawValue)):\(JSONText.quote($0.announcement))" }.joined(separator: ",") + "}")
        }
        if let hint = item.hint { fields.append("\"hint\":\(JSONText.quote(hint))") }
        if let braille = item.braille { fields.append("\"braille\":\(JSONText.quote(braille))") }
        fields.append("\"traits\":{\"names\":[\(element.traits.names.map(JSONText.quote).joined(separator: ","))],\"mask\":\(JSONText.quote(element.traits.hex))}")
        fields.append("\"lint\":[\(item.findings.map(Self.json).joined(separator: ","))]")
        let aria = equivalents.ariaRole.map(JSONText.quote) ?? "null"
        fields.append("\"aria\":{\"role\":\(aria),\"attributes\":\(JSONText.object(equivalents.ariaAttributes))}")
        let state = equivalents.androidStateDescription.map(JSONText.quote) ?? "null"
        fields.append("\"android\":{\"className\":\(JSONText.quote(equivalents.androidClassName)),\"stateDescription\":\(state),\"properties\":\(JSONText.object(equivalents.androidProperties))}")
        fields.append("\"flutter\":[\(equivalents.flutterFlags.map(JSONText.quote).joined(separator: ","))]")
        return "{" + fields.joined(separator: ",") + "}"
    }

    private static func json(_ finding: LintFinding) -> String {
        let element = finding.element.map(JSONText.quote) ?? "null"
        return "{\"rule\":\(JSONText.quote(finding.rule.rawValue)),\"element\":\(element),\"message\":\(JSONText.quote(finding.message))}"
    }
}

/// A value handed to the workers that only one of them uses at a time (the output's `write`,
/// called by one worker while the others describe).
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// JSON string and object text without Foundation.
enum JSONText {
    /// A JSON string literal, escaped as the event stream escapes its strings.
    static func quote(_ text: String) -> String { JSONLines.quoted(text) }

    /// `{"name":"value",…}` in the attributes' order.
    static func object(_ attributes: [PlatformEquivalents.Attribute]) -> String {
        "{" + attributes.map { "\(quote($0.name)):\(quote($0.value))" }.joined(separator: ",") + "}"
    }
}

/// The text report's bytes as they are written: a piece of text is shown with ``TerminalText``
/// rules, a literal (the report's fixed words) as it is. (Methods of a value, not functions
/// sharing a captured buffer: those checked their access to it at run time, piece by piece.)
private struct ReportBytes {
    var bytes: [UInt8] = []
    /// Space an element's block is written into before it is appended in one copy (kept from
    /// one element to the next: appending each of a block's 30 pieces on its own was a
    /// quarter of describing a million elements).
    private var scratch: [UInt8] = []

    /// A whole line of text and its line feed.
    mutating func line(_ line: String) {
        text(line)
        end()
    }

    mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func text(_ text: String) {
        TerminalText.append(text, to: &bytes)
    }

    mutating func end() {
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The most bytes of a block's fixed words, numbers and line feeds (about 250).
    private static let fixedBound = 512

    /// The most bytes the trait names take, all of them shown with their commas.
    private static let traitNamesBound = Traits.named.reduce(0) { $0 + ByteWriter.escapedBound($1.name) + 1 }

    /// The most bytes an element's block takes (``element(_:number:)`` writes no more).
    private static func bound(of item: ScreenDescription.Item) -> Int {
        let element = item.element, equivalents = item.equivalents
        var bound = fixedBound + traitNamesBound
        bound += ByteWriter.escapedBound(element.id) + ByteWriter.escapedBound(element.declaredAs)
        bound += ByteWriter.escapedBound(item.announcement)
        for (reader, announcement) in item.readers {
            bound += 32 + 6 * reader.displayName.utf8.count + ByteWriter.escapedBound(announcement)
        }
        if let hint = item.hint { bound += 16 + ByteWriter.escapedBound(hint) }
        if let braille = item.braille { bound += 16 + ByteWriter.escapedBound(braille) }
        bound += ByteWriter.escapedBound(equivalents.ariaRole ?? "")
        for attribute in equivalents.ariaAttributes {
            bound += 8 + ByteWriter.escapedBound(attribute.name) + ByteWriter.escapedBound(attribute.value)
        }
        for property in equivalents.androidProperties {
            bound += 8 + ByteWriter.escapedBound(property.name) + ByteWriter.escapedBound(property.value)
        }
        bound += ByteWriter.escapedBound(equivalents.androidClassName)
        if let state = equivalents.androidStateDescription { bound += 24 + ByteWriter.escapedBound(state) }
        for flag in equivalents.flutterFlags { bound += 2 + ByteWriter.escapedBound(flag) }
        for finding in item.findings {
            bound += 16 + ByteWriter.escapedBound(finding.rule.rawValue) + ByteWriter.escapedBound(finding.message)
        }
        return bound
    }

    /// One element's block, numbered from 1, and the empty line after it: written through a
    /// ``ByteWriter`` into ``scratch``, sized by ``bound(of:)``, and appended in one copy.
    mutating func element(_ item: ScreenDescription.Item, number: Int) {
        let bound = Self.bound(of: item)
        if scratch.count < bound { scratch = [UInt8](repeating: 0, count: max(bound, 2 * scratch.count)) }
        scratch.withUnsafeMutableBufferPointer { buffer in
            var writer = ByteWriter(start: buffer.baseAddress!)
            Self.write(item, number: number, to: &writer)
            precondition(writer.count <= bound, "element block longer than its bound")
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<writer.count]))
        }
    }

    /// An attribute after a space, as its `description` writes it (`name="value"`).
    private static func attribute(_ attribute: PlatformEquivalents.Attribute, to writer: inout ByteWriter) {
        writer.byte(UInt8(ascii: " "))
        writer.escaping(attribute.name, for: .terminal)
        writer.literal("=\"")
        writer.escaping(attribute.value, for: .terminal)
        writer.byte(UInt8(ascii: "\""))
    }

    /// The text of one element's block (see ``element(_:number:)``).
    private static func write(_ item: ScreenDescription.Item, number: Int, to writer: inout ByteWriter) {
        let element = item.element
        let newline = UInt8(ascii: "\n")
        writer.decimal(number)
        writer.literal(". ")
        writer.escaping(element.id, for: .terminal)
        writer.literal("  ")
        writer.escaping(element.declaredAs, for: .terminal)
        if element.isHidden { writer.literal("  (hidden from the screen reader)") }
        writer.byte(newline)
        writer.literal("   says:     ")
        writer.escaping(item.announcement, for: .terminal)
        writer.byte(newline)
        for (reader, announcement) in item.readers {
            let name = reader.displayName + ":"
            writer.escaping("   " + name + String(repeating: " ", count: max(1, 11 - name.count)) + announcement, for: .terminal)
            writer.byte(newline)
        }
        if let hint = item.hint {
            writer.literal("   hint:     ")
            writer.escaping(hint, for: .terminal)
            writer.byte(newline)
        }
        if let braille = item.braille {
            writer.literal("   braille:  ")
            writer.escaping(braille, for: .terminal)
            writer.byte(newline)
        }
        writer.literal("   traits:   ")
        // The traits' `names` and `hex`, written as they are made: no array of names, no
        // `String(_:radix:)` per element.
        var first = true
        for (name, trait) in Traits.named where element.traits.contains(trait) {
            if !first { writer.byte(UInt8(ascii: ",")) }
            first = false
            writer.escaping(name, for: .terminal)
        }
        writer.literal(" (0x")
        writer.hexadecimal(element.traits.rawValue)
        writer.byte(UInt8(ascii: ")"))
        writer.byte(newline)
        let equivalents = item.equivalents
        writer.literal("   ARIA:     role=")
        if let role = equivalents.ariaRole { writer.escaping(role, for: .terminal) } else { writer.literal("none (plain text)") }
        for attribute in equivalents.ariaAttributes { self.attribute(attribute, to: &writer) }
        writer.byte(newline)
        writer.literal("   Android:  ")
        writer.escaping(equivalents.androidClassName, for: .terminal)
        if let state = equivalents.androidStateDescription {
            writer.literal(" stateDescription=\"")
            writer.escaping(state, for: .terminal)
            writer.byte(UInt8(ascii: "\""))
        }
        for property in equivalents.androidProperties { attribute(property, to: &writer) }
        writer.byte(newline)
        writer.literal("   Flutter:  ")
        if equivalents.flutterFlags.isEmpty { writer.literal("(no flags)") }
        first = true
        for flag in equivalents.flutterFlags {
            if !first { writer.literal(", ") }
            first = false
            writer.escaping(flag, for: .terminal)
        }
        writer.byte(newline)
        for finding in item.findings {
            writer.literal("   lint:     ")
            writer.escaping(finding.rule.rawValue, for: .terminal)
            writer.literal(": ")
            writer.escaping(finding.message, for: .terminal)
            writer.byte(newline)
        }
        writer.byte(newline)
    }
}
