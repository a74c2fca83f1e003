/// Code examples in documentation, for tests that keep every example compiled.
public enum DocExamples {
    /// The lines of each `swift` code block in a doc comment (`///`) or a Markdown file,
    /// trimmed, empty lines left out.
    /// - Complexity: O(n) in the length of `text`.
    public static func codeBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = trimmed(raw)
            if line.hasPrefix("///") { line = line.dropFirst(3).drop { $0 == " " || $0 == "\t" } }
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil, !line.isEmpty {
                current!.append(String(line))
            }
        }
        return blocks
    }

    /// The `swift` blocks of `documentation` that do not stand, word for word, in `testSource`
    /// (a test file that keeps its documentation's examples compiled); lines compare trimmed.
    /// - Complexity: O(n × d) for a test source of n lines and documentation of d lines.
    public static func blocks(of documentation: String, missingFrom testSource: String) -> [[String]] {
        let lines = testSource.split(separator: "\n").map { String(trimmed($0)) }
        return codeBlocks(in: documentation).filter { !contains($0, in: lines) }
    }

    /// Whether `block` stands in `lines` as consecutive lines (a test file holding its
    /// documentation's examples word for word).
    /// - Complexity: O(n × b) for n lines and a block of b lines.
    public static func contains(_ block: [String], in lines: [String]) -> Bool {
        lines.indices.contains { start in
            start + block.count <= lines.count && Array(lines[start..<start + block.count]) == block
        }
    }

    /// A line without the spaces and tabs around it.
    private static func trimmed(_ line: Substring) -> Substring {
        var line = line.drop { $0 == " " || $0 == "\t" }
        while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
        return line
    }
}
