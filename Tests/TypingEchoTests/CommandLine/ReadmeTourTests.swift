import Foundation
import Testing
@testable import TypingEcho

/// The README's "A short tour": its script is `Examples/tour.replay`, and its transcript
/// excerpt is what `typing-echo replay Examples/tour.replay` prints.
///
/// The excerpt may leave lines out: a line holding only `…` stands for one or more output
/// lines. Every other line must be an output line exactly (leading spaces included), each run
/// of lines between two `…` must be consecutive lines of the output, the runs in order, the
/// first run at the first output line and the last run at the last (unless the excerpt begins
/// or ends with `…`).
@Suite("README: the tour and plain-field.replay")
struct ReadmeTourTests {
    static let root = Repository.root

    /// The fenced code blocks of the README's "A short tour" section, in order.
    static func tourBlocks() throws -> [[String]] {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "## A short tour"), "README.md has no '## A short tour' section")
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") || $0.hasPrefix("### ") } ?? lines.count
        var blocks: [[String]] = [], current: [String]?
        for line in lines[(start + 1)..<end] {
            if line.hasPrefix("```") {
                if let block = current { blocks.append(block); current = nil } else { current = [] }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Where an excerpt's runs fall in `output`, or why they do not.
    static func match(excerpt: [String], output: [String]) -> String? {
        let isGap = { (line: String) in line.trimmingCharacters(in: .whitespaces) == "…" }
        var runs: [[String]] = [[]]
        for line in excerpt {
            if isGap(line) { runs.append([]) } else { runs[runs.count - 1].append(line) }
        }
        let anchoredStart = !(excerpt.first.map(isGap) ?? true), anchoredEnd = !(excerpt.last.map(isGap) ?? true)
        var cursor = 0
        for (number, run) in runs.enumerated() where !run.isEmpty {
            // After a "…" at least one line is left out.
            let from = number == 0 ? 0 : cursor + 1
            let found = from <= output.count - run.count
                ? (from...(output.count - run.count)).first { Array(output[$0..<($0 + run.count)]) == run } : nil
            guard let found else { return "the excerpt's lines \(run.first!) … \(run.last!) are not consecutive output lines after line \(cursor)" }
            if number == 0 && anchoredStart && found != 0 { return "the excerpt does not start at the output's first line" }
            cursor = found + run.count
        }
        if anchoredEnd && cursor != output.count { return "the excerpt does not end at the output's last line (\(output.count - cursor) lines follow)" }
        return nil
    }

    @Test("the tour's script is Examples/tour.replay, byte for byte")
    func scriptIsTheExample() throws {
        let blocks = try Self.tourBlocks()
        try #require(blocks.count == 2, "the tour should hold two code blocks: the script and the transcript")
        let example = try String(contentsOf: Self.root.appendingPathComponent("Examples/tour.replay"), encoding: .utf8)
        #expect(blocks[0].joined(separator: "\n") + "\n" == example)
    }

    @Test("the tour's transcript excerpt is what the binary prints for Examples/tour.replay")
    func transcriptMatchesTheBinary() throws {
        let blocks = try Self.tourBlocks()
        try #require(blocks.count == 2)
        let result = try Tool.run(["replay", Self.root.appendingPathComponent("Examples/tour.replay").path])
        #expect(result.status == 0 && result.error.isEmpty)
        var output = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if output.last == "" { output.removeLast() }
        let mismatch = Self.match(excerpt: blocks[1], output: output)
        #expect(mismatch == nil, "\(mismatch ?? ""); the binary prints:\n\(result.output)")
        #expect(try Tool.run(["check", Self.root.appendingPathComponent("Examples/tour.replay").path]).status == 0)
    }

    @Test("the excerpt matcher: runs in order, consecutive, anchored, each … leaving something out")
    func matcher() {
        let output = ["a", "b", "c", "d", "e"]
        #expect(Self.match(excerpt: ["a", "b", "…", "d", "e"], output: output) == nil)
        #expect(Self.match(excerpt: ["a", "…", "e"], output: output) == nil)
        #expect(Self.match(excerpt: ["…", "c", "…"], output: output) == nil)
        #expect(Self.match(excerpt: output, output: output) == nil)
        #expect(Self.match(excerpt: ["a", "c", "…", "e"], output: output) != nil)      // not consecutive
        #expect(Self.match(excerpt: ["b", "…", "e"], output: output) != nil)           // not at the start
        #expect(Self.match(excerpt: ["a", "…", "d"], output: output) != nil)           // not at the end
        #expect(Self.match(excerpt: ["a", "b", "…", "c", "…", "e"], output: output) != nil)  // a … that leaves nothing out
        #expect(Self.match(excerpt: ["a", "…", "d", "…", "c", "…"], output: output) != nil)  // out of order
        #expect(Self.match(excerpt: ["a", "…", "x", "…"], output: output) != nil)
    }

    /// `typing-echo replay Examples/plain-field.replay` shows what a person hears typing at
    /// the default key-cadence: no "cut" line at all.
    ///
    /// Every typed character is echoed when it is entered; an echo that comes while the echo of
    /// the key before is still being said waits for it (an English letter takes 0.259 s, longer
    /// than the 0.2 s between keys), so each is heard to the end, and so are both words.
    @Test("plain-field.replay: every typed character and both words heard to the end, nothing cut")
    func plainFieldIsHeard() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Examples/plain-field.replay"), encoding: .utf8)
        let commands = text.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(!commands.contains { $0.contains("key-cadence") }, "plain-field.replay is about the default cadence")
        let result = replay(text)
        #expect(result.error == nil && result.failures.isEmpty)

        var spokenAt: [Int: (time: VirtualTime, utterance: Utterance)] = [:]
        var endedAt: [Int: (time: VirtualTime, completed: Bool)] = [:]
        var inserts: [(time: VirtualTime, text: String)] = []
        for timed in result.events {
            switch timed.event {
            case .speak(let utterance): spokenAt[utterance.id] = (timed.time, utterance)
            case .finished(let id, let completed): endedAt[id] = (timed.time, completed)
            case .edit(let edit) where edit.operation == .insert: inserts.append((timed.time, edit.text ?? ""))
            default: break
            }
        }
        #expect(inserts.map(\.text).joined() == "Hi there.")
        let echoes = spokenAt.values.filter { $0.utterance.role == .echo }.sorted { $0.utterance.id < $1.utterance.id }
        // One echo per typed character, said when the character is entered.
        #expect(echoes.map(\.time) == inserts.map(\.time))
        #expect(echoes.map(\.utterance.text) == ["capital H", "i", "space", "t", "h", "e", "r", "e", "period"])
        // Each is heard to the end: it follows the echo before it when that is still being said.
        for echo in echoes {
            let end = try #require(endedAt[echo.utterance.id])
            #expect(end.completed, "\"\(echo.utterance.text)\" at \(echo.time) was cut after \(end.time - echo.time) s")
        }
        let words = spokenAt.values.filter { $0.utterance.role == .word }.sorted { $0.utterance.id < $1.utterance.id }
        #expect(words.map(\.utterance.text) == ["Hi", "there"])
        #expect(words.allSatisfy { endedAt[$0.utterance.id]?.completed == true })

        // What the binary prints: no "cut" line at all, and echoes that had to wait say so.
        let printed = try Tool.run(["replay", Self.root.appendingPathComponent("Examples/plain-field.replay").path])
        #expect(printed.status == 0)
        let lines = printed.output.split(separator: "\n")
        #expect(!lines.contains { $0.contains(" cut ") }, "\(lines.filter { $0.contains(" cut ") })")
        #expect(lines.contains { $0.hasSuffix("\"i\"  (echo, queued)") })
    }
}

/// Every command in the README's `sh` blocks is run: each `typing-echo …` line by this test, on
/// the built tool, in a scratch folder that sees the repository's Examples/; every other line
/// (installing packages, building, the tests themselves) by `.ci/run`, which holds it word for
/// word (a package list: the same packages).
@Suite("README: every command runs")
struct ReadmeCommandTests {
    /// The command lines of the README's `sh` blocks, comments dropped.
    static func commands() throws -> [String] {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        var commands: [String] = [], inShell = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = !inShell && line == "```sh"; continue }
            guard inShell else { continue }
            let command = (line.range(of: "   #").map { line[..<$0.lowerBound] } ?? line[...]).trimmingCharacters(in: .whitespaces)
            if !command.isEmpty && !command.hasPrefix("#") { commands.append(command) }
        }
        return commands
    }

    @Test("each typing-echo command of the README succeeds")
    func toolCommands() throws {
        let commands = try Self.commands().filter { $0.hasPrefix("typing-echo ") }
        #expect(commands.count >= 5, "the README shows \(commands.count) typing-echo commands")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("typing-echo-readme-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try? FileManager.default.createSymbolicLink(at: scratch.appendingPathComponent("Examples"),
                                                    withDestinationURL: Repository.root.appendingPathComponent("Examples"))
        let bin = Tool.executable.deletingLastPathComponent().path
        for command in commands {
            let result = try Tool.shell("cd \"$0\" && PATH=\"$1:$PATH\" NO_COLOR=1 " + command + " > /dev/null", scratch.path, bin)
            #expect(result.status == 0 && !result.signalled, "\(command): exit \(result.status)\n\(result.error)")
        }
    }

    @Test("every other command of the README is one that .ci/run runs")
    func otherCommandsRunInCI() throws {
        let ci = try String(contentsOf: Repository.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        let ciPackages = Set(ci.split(whereSeparator: { " \n()\";,".contains($0) }).map(String.init).filter { ["lib", "pkg", "espeak", "unicode"].contains(where: $0.hasPrefix) })
        let others = try Self.commands().filter { !$0.hasPrefix("typing-echo ") }
        #expect(others.contains { $0.hasPrefix("swift test") })
        for command in others {
            if command.hasPrefix("sudo apt-get install ") {
                let packages = Set(command.split(separator: " ").dropFirst(3).map(String.init))
                #expect(packages.isSubset(of: ciPackages), "\(command): .ci/run installs \(ciPackages.sorted())")
            } else {
                #expect(ci.contains(command), "\(command) is not run by .ci/run")
            }
        }
    }
}
