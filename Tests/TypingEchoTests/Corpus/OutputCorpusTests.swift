import Foundation
import Testing

/// The bytes `typing-echo` writes for every example, kept in `Tests/Corpus/`: a change to an
/// encoder (JSON Lines, the transcript, `describe`) that alters a single byte fails here.
///
/// When a change of behaviour is meant to change the output (new timing, new wording),
/// re-record the corpus and review the diff before committing it:
///
///     RECORD_SNAPSHOTS=1 swift test --filter OutputCorpus
///     git diff --stat Tests/Corpus
@Suite("Output corpus: every example's output, byte for byte")
struct OutputCorpusTests {
    /// `Tests/Corpus/`.
    static let corpus = Repository.root.appendingPathComponent("Tests/Corpus")

    /// Whether to write the corpus instead of comparing with it.
    static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false

    /// The runs recorded for each example: file name in the example's folder, then arguments
    /// after the script's path. The `-pitch` runs change pitch, typing mode and rate, so that
    /// pitch marks and fractional durations are covered too.
    static let runs: [(file: String, command: String, arguments: [String])] = [
        ("replay.jsonl", "replay", ["--format", "json"]),
        ("replay.txt", "replay", ["--format", "text"]),
        ("replay-pitch.jsonl", "replay", ["--format", "json", "--set", "capitals=pitch", "--set", "typing=touch", "--set", "rate=1.7"]),
        ("replay-pitch.txt", "replay", ["--format", "text", "--set", "capitals=pitch", "--set", "typing=touch", "--set", "rate=1.7"]),
        ("describe.txt", "describe", []),
        ("describe.json", "describe", ["--format", "json"]),
    ]

    /// The runs of the example that holds every reader's expectations (`for=`): each other
    /// reader's JSON Lines and transcript too.
    static let readerRuns: [(file: String, command: String, arguments: [String])] = ["talkback", "nvda", "orca", "chromevox"].flatMap { reader in
        [("replay-\(reader).jsonl", "replay", ["--format", "json", "--set", "reader=\(reader)"]),
         ("replay-\(reader).txt", "replay", ["--format", "text", "--set", "reader=\(reader)"])]
    }

    @Test("every example's JSON Lines, transcript and describe output equals the recorded corpus",
          arguments: try allExamples().map(\.name))
    func example(name: String) throws {
        let folder = Self.corpus.appendingPathComponent(String(name.dropLast(".replay".count)))
        if Self.recording { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        for run in Self.runs + (name == "five-readers.replay" ? Self.readerRuns : []) {
            let result = try Tool.run([run.command, examplePath(name)] + run.arguments)
            #expect(!result.signalled, "\(name) \(run.file): signal \(result.status)")
            let output = Data(result.output.utf8)
            let file = folder.appendingPathComponent(run.file)
            if Self.recording {
                try output.write(to: file)
                continue
            }
            let recorded = try #require(try? Data(contentsOf: file),
                                        "\(name): no recorded \(run.file); record with RECORD_SNAPSHOTS=1 swift test --filter OutputCorpus")
            #expect(output == recorded, "\(name) \(run.file) differs from Tests/Corpus (\(Self.firstDifference(output, recorded)))")
        }
    }

    @Test("the corpus has a folder for every example and nothing else")
    func noStaleFolders() throws {
        guard !Self.recording else { return }
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(folders == (try allExamples()).map { String($0.name.dropLast(".replay".count)) })
    }

    /// Where two outputs first differ, as `line N: got … / recorded …`.
    static func firstDifference(_ output: Data, _ recorded: Data) -> String {
        let got = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let want = String(decoding: recorded, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(got.count, want.count) {
            let left = index < got.count ? String(got[index]) : "<end>"
            let right = index < want.count ? String(want[index]) : "<end>"
            if left != right { return "line \(index + 1): got \(left.debugDescription) / recorded \(right.debugDescription)" }
        }
        return "same lines, different bytes"
    }
}
