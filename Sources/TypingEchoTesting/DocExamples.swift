/// Code examples in documentation, for tests that keep every example compiled.
public enum DocExamples {
    /// The lines of each `swift` code block in a doc comment (`///`) or a Markdown file,
    /// trimmed, empty lines left out.
    /// - Complexity: O(n) in the length of `text`.
    public static func codeBlocks(in text: String) -> [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(raw).drop { $0 == " " || $0 == "\t" }
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
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

    /// Whether `block` stands in `lines` as consecutive lines (a test file holding its
    /// documentation's examples word for word).
    /// - Complexity: O(n × b) for n lines and a block of b lines.
    public static func contains(_ block: [String], in lines: [String]) -> Bool {
        lines.indices.contains { start in
            start + block.count <= lines.count && Array(lines[start..<start + block.count]) == block
        }
    }
}
