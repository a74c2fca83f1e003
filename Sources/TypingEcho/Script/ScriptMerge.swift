/// A script's text as lines that keep their layout: each line's content and its line ending.
struct ScriptText {
    /// One line: its text without the line ending, and the ending (`\n`, `\r\n`, or "" for a
    /// last line without one).
    struct Line {
        var content: Substring
        var ending: Substring
    }

    let lines: [Line]

    /// Splits `text` at its line feeds, as the script reader numbers lines.
    /// - Complexity: O(*n*) in the text's length.
    init(_ text: String) {
        var lines: [Line] = []
        var start = text.startIndex
        var index = text.startIndex
        // By scalars: "\r\n" is one Character, and a line feed must end a line whatever precedes it.
        let scalars = text.unicodeScalars
        while index < text.endIndex {
            if scalars[index] == "\n" {
                var contentEnd = index
                if contentEnd > start, scalars[scalars.index(before: contentEnd)] == "\r" { contentEnd = scalars.index(before: contentEnd) }
                let next = scalars.index(after: index)
                lines.append(Line(content: text[start..<contentEnd], ending: text[contentEnd..<next]))
                start = next
            }
            index = scalars.index(after: index)
        }
        if start < text.endIndex { lines.append(Line(content: text[start...], ending: "")) }
        self.lines = lines
    }

    /// The line ending the text uses (its first), or a line feed.
    var usualEnding: Substring { lines.first { !$0.ending.isEmpty }?.ending ?? "\n" }
}

extension ScriptText.Line {
    /// What comes before the command word: the indentation (and a byte-order mark), and an
    /// `@S` time with the space after it.
    var commandPrefix: Substring {
        let scalars = content.unicodeScalars
        var index = scalars.startIndex
        func skipBlanks() {
            while index < scalars.endIndex, [" ", "\t", "\u{FEFF}"].contains(scalars[index]) { index = scalars.index(after: index) }
        }
        skipBlanks()
        if index < scalars.endIndex, scalars[index] == "@" {
            while index < scalars.endIndex, ![" ", "\t", "#"].contains(scalars[index]) { index = scalars.index(after: index) }
            skipBlanks()
        }
        return content[..<index]
    }

    /// The indentation alone.
    var indentation: Substring {
        content.prefix { $0 == " " || $0 == "\t" }
    }

    /// The trailing comment with the blanks before it ("" when there is none): `#` outside a
    /// quoted string, as the lexer reads it.
    var trailingComment: Substring {
        let scalars = content.unicodeScalars
        var quoted = false
        var escaped = false
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if quoted {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    quoted = false
                }
            } else if scalar == "\"" {
                quoted = true
            } else if scalar == "#" {
                var start = index
                while start > scalars.startIndex, [" ", "\t"].contains(scalars[scalars.index(before: start)]) { start = scalars.index(before: start) }
                return content[start...]
            }
            index = scalars.index(after: index)
        }
        return ""
    }
}

/// Merges the runs of ``ScriptUpdater`` into the script's new text.
struct ScriptMerge {
    let text: ScriptText
    let parsed: [ScriptLine?]
    /// Each run's reader (nil: the one the script's settings chose) and what it came to.
    let outcomes: [(reader: ScreenReader?, outcome: RunOutcome)]

    func update() -> ScriptUpdate {
        var output = ""
        var update = ScriptUpdate(script: "", replaced: 0, added: 0, unwritten: [])
        let ending = text.usualEnding
        for (index, line) in text.lines.enumerated() {
            let added = addedLines(after: index)
            let lineEnding = line.ending.isEmpty && !added.isEmpty ? ending : line.ending
            if let parsed = parsed[index], case .expect(let expectation) = parsed.command {
                if outcomes.contains(where: { $0.outcome.replaced[index] == .some(nil) }) { update.unwritten.append(parsed.location) }
                let rewritten = lines(for: index, expectation: expectation, readers: parsed.readers)
                if rewritten.isEmpty {
                    output += line.content + lineEnding
                } else {
                    update.replaced += 1
                    for (number, written) in rewritten.enumerated() {
                        let comment = number == 0 ? line.trailingComment : ""
                        output += line.commandPrefix + written + comment + (number == rewritten.count - 1 ? lineEnding : ending)
                    }
                }
            } else {
                output += line.content + lineEnding
            }
            for (number, written) in added.enumerated() {
                let last = index == text.lines.count - 1 && number == added.count - 1 && line.ending.isEmpty
                output += line.indentation + written + (last ? "" : ending)
            }
            update.added += added.count
        }
        update.script = output
        return update
    }

    /// The lines that replace expect line `index`, or none when it stays as it is.
    private func lines(for index: Int, expectation: Expectation, readers: [ScreenReader]?) -> [String] {
        var chosen: [(reader: ScreenReader?, expectation: Expectation)] = []
        for (reader, outcome) in outcomes where outcome.ran.contains(index) {
            chosen.append((reader, (outcome.replaced[index] ?? nil) ?? expectation))
        }
        let groups = Self.grouped(chosen)
        if groups.count <= 1 {
            guard let only = groups.first, only.expectation != expectation else { return [] }
            return [ScriptWriter.line(for: only.expectation, readers: readers)]
        }
        // The readers differ: one line each, and the readers of the line not run keep it as it was.
        let run = Set(chosen.compactMap(\.reader))
        let notRun = (readers ?? ScreenReader.allCases).filter { !run.contains($0) }
        var split = groups
        if !notRun.isEmpty {
            if let kept = split.firstIndex(where: { $0.expectation == expectation }) {
                split[kept].readers = ScreenReader.allCases.filter { split[kept].readers.contains($0) || notRun.contains($0) }
            } else {
                split.append((notRun, expectation))
            }
        }
        split.sort { $0.readers[0].order < $1.readers[0].order }
        return split.map { ScriptWriter.line(for: $0.expectation, readers: $0.readers) }
    }

    /// The lines added after line `index`: one shared line when every run added the same,
    /// else one `for=` line per distinct expectation.
    private func addedLines(after index: Int) -> [String] {
        var chosen: [(reader: ScreenReader?, expectation: Expectation)] = []
        for (reader, outcome) in outcomes {
            if let added = outcome.added[index] { chosen.append((reader, added)) }
        }
        let groups = Self.grouped(chosen)
        if groups.count == 1, chosen.count == outcomes.count { return [ScriptWriter.line(for: .expect(groups[0].expectation))] }
        return groups.map { ScriptWriter.line(for: $0.expectation, readers: $0.readers) }
    }

    /// The readers grouped by the expectation they came to, in the order of each group's first
    /// reader (a run of nil, the script's own reader, is never split: it is alone).
    private static func grouped(
        _ chosen: [(reader: ScreenReader?, expectation: Expectation)]
    ) -> [(readers: [ScreenReader], expectation: Expectation)] {
        var groups: [(readers: [ScreenReader], expectation: Expectation)] = []
        for (reader, expectation) in chosen {
            if let index = groups.firstIndex(where: { $0.expectation == expectation }) {
                if let reader { groups[index].readers.append(reader) }
            } else {
                groups.append((reader.map { [$0] } ?? [], expectation))
            }
        }
        for index in groups.indices { groups[index].readers.sort { $0.order < $1.order } }
        return groups.sorted { ($0.readers.first?.order ?? 0) < ($1.readers.first?.order ?? 0) }
    }
}

extension ScreenReader {
    /// Where the reader comes in `allCases`, the order `for=` lists readers in.
    fileprivate var order: Int { Self.allCases.firstIndex(of: self)! }
}
