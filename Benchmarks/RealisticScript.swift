#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A generated script that looks like a recorded user session on a form, for the replay rows
/// that compare output formats: fields and a button declared, focus moved by swipes and
/// directly, double taps to start editing, short `keys` words, backspaces, arrows and word
/// moves, rotor changes and rotor swipes, waits that let hints and phonetic words play.
/// About ten events per line. Each block re-declares the same ids, so the screen (and memory)
/// stays the same size however long the script runs.
enum RealisticScript {
    static let words = ["the", "quick", "brown", "fox", "Jumps", "over", "lazy", "dog", "hello", "World", "typing", "echo",
                        "café", "Łódź", "naïve", "résumé", "42", "x", "ok", "Zażółć"]

    /// About `lines` lines (exactly `lines` when `lines` ≥ one block), from a fixed seed.
    static func text(lines: Int, seed: UInt64 = 11) -> String {
        var random = SeededRandom(seed: seed)
        var out = ""
        out.reserveCapacity(lines * 24)
        var written = 0
        func line(_ text: String) {
            guard written < lines else { return }
            out += text
            out += "\n"
            written += 1
        }
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        func phrase(_ count: Int) -> String { (0..<count).map { _ in pick(words) }.joined(separator: " ") }
        while written < lines {
            line("field name kind=text label=\"Name\" hint=\"Your full name.\" value=\"\(phrase(2))\"")
            line("field mail kind=text label=\"Email\" keyboard=email placeholder=\"name@example.com\"")
            line("field pin kind=secure label=\"PIN\"")
            line("element send label=\"Send\" kind=button hint=\"Sends the form.\"")
            line("focus name")
            line("wait 1.2")
            line("double-tap")
            for _ in 0..<(6 + Int(random.next() % 4)) {
                line("keys \"\(pick([" ", " ", ", "]))\(phrase(1 + Int(random.next() % 3)))\"")
                if random.next() % 3 == 0 { line("key backspace") }
                if random.next() % 2 == 0 { line(pick(["key left", "key right", "key option-left", "key option-right", "key left"])) }
                if random.next() % 5 == 0 { line("wait \(pick(["0.3", "1.1", "2"]))") }
            }
            line("rotor words")
            line("swipe \(pick(["up", "down"]))")
            line("rotor characters")
            line("swipe \(pick(["up", "down"]))")
            line("swipe right")
            line("double-tap")
            line("keys \"\(pick(words).lowercased())@example.com\"")
            line("swipe right")
            line("double-tap")
            line("keys \"\(random.next() % 10_000)\"")
            line("wait 1.5")
        }
        return out
    }

    /// Writes `text(lines:)` to `path`.
    static func save(lines: Int, to path: String) {
        let bytes = Array(text(lines: lines).utf8)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot write \(path)")
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let result = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            precondition(result > 0, "cannot write \(path)")
            offset += result
        }
    }
}
