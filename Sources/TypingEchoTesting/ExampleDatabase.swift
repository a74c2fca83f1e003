#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Failing cases saved between runs and replayed first on the next run, as Hypothesis's
/// example database does: a property that failed keeps failing at once, with its shrunk
/// counterexample, until it is fixed; then the saved case passes and is forgotten.
///
/// Each property has one text file, `DIRECTORY/NAME`, one line per saved case:
/// `seed=S case=N choices=C1,C2,…` (the run seed, the case number, and the choices the
/// shrunk counterexample was built from). The default directory is `.typing-echo/examples`
/// in the package of the calling test file (the nearest folder above it with a
/// `Package.swift`); `TYPING_ECHO_EXAMPLES=DIR` moves it, `TYPING_ECHO_EXAMPLES=off` turns it off.
/// Keep it out of version control (the repository's `.gitignore` lists `.typing-echo/`).
///
/// ```swift
/// let database = ExampleDatabase(directory: "/tmp/typing-echo-examples")
/// let failure = check("noSeven", Gen.int(in: 0...100), database: database) { try require($0 != 7, "seven") }
/// // the next run with the same database tries the saved case (7) before any new one
/// ```
public struct ExampleDatabase: Sendable, Hashable {
    /// The folder holding one file per property.
    public var directory: String

    /// The most cases kept per property; the newest are kept.
    public static let maximumExamples = 8

    /// A database in `directory` (created when the first case is saved).
    public init(directory: String) {
        self.directory = directory
    }

    /// The default database of the calling test's package, found when the property runs
    /// (``default(for:)`` of the test's file).
    public static let automatic = ExampleDatabase(directory: "")

    /// This database, or for ``automatic`` the default one of the package holding `filePath`
    /// (nil when `TYPING_ECHO_EXAMPLES=off`).
    public func resolved(for filePath: String) -> ExampleDatabase? {
        directory.isEmpty ? .default(for: filePath) : self
    }

    /// The database a test in `filePath` uses: `TYPING_ECHO_EXAMPLES` if set (nil when it is
    /// `off`), else `.typing-echo/examples` in the package that holds the file, else in the
    /// current directory.
    public static func `default`(for filePath: String) -> ExampleDatabase? {
        if let setting = PropertyEnvironment.variable("TYPING_ECHO_EXAMPLES") {
            if setting == "off" || setting.isEmpty { return nil }
            return ExampleDatabase(directory: setting)
        }
        return ExampleDatabase(directory: FileSystem.join(FileSystem.packageRoot(of: filePath), ".typing-echo/examples"))
    }

    /// The file that holds `property`'s cases.
    public func file(for property: String) -> String {
        FileSystem.join(directory, FileSystem.safeName(property))
    }

    /// The saved cases of `property`, newest first; lines that do not read are skipped.
    public func examples(for property: String) -> [SavedExample] {
        guard let text = FileSystem.read(file(for: property)) else { return [] }
        return text.split(separator: "\n").compactMap { SavedExample(line: String($0)) }
    }

    /// Saves a failing case of `property` first in its file, keeping at most ``maximumExamples``.
    public func save(_ example: SavedExample, for property: String) {
        let kept = [example] + examples(for: property).filter { $0 != example }
        store(Array(kept.prefix(Self.maximumExamples)), for: property)
    }

    /// Forgets a case of `property` (it passes now).
    public func remove(_ example: SavedExample, for property: String) {
        store(examples(for: property).filter { $0 != example }, for: property)
    }

    private func store(_ examples: [SavedExample], for property: String) {
        let path = file(for: property)
        if examples.isEmpty {
            FileSystem.remove(path)
        } else if FileSystem.makeDirectories(directory) {
            FileSystem.write(examples.map { $0.line + "\n" }.joined(), to: path)
        }
    }
}

/// One failing case in an ``ExampleDatabase``.
public struct SavedExample: Sendable, Hashable {
    /// The run seed the case came from.
    public var seed: UInt64
    /// The case's number in that run.
    public var caseNumber: Int
    /// The choices that build the shrunk counterexample.
    public var choices: [UInt64]

    /// A saved case.
    public init(seed: UInt64, caseNumber: Int, choices: [UInt64]) {
        self.seed = seed
        self.caseNumber = caseNumber
        self.choices = choices
    }

    /// The case as one line of its property's file.
    public var line: String {
        "seed=\(seed) case=\(caseNumber) choices=" + choices.map(String.init).joined(separator: ",")
    }

    /// Reads a line written by ``line``; nil when it is not one.
    public init?(line: String) {
        var seed: UInt64?, caseNumber: Int?, choices: [UInt64]?
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "seed": seed = UInt64(pair[1])
            case "case": caseNumber = Int(pair[1]).flatMap { $0 > 0 ? $0 : nil }
            case "choices":
                let parts = pair[1].split(separator: ",")
                guard parts.count <= Source.maximumChoices else { return nil }
                let values = parts.compactMap { UInt64($0) }
                guard values.count == parts.count else { return nil }
                choices = values
            default: return nil
            }
        }
        guard let seed, let caseNumber, let choices else { return nil }
        self.init(seed: seed, caseNumber: caseNumber, choices: choices)
    }
}

/// The few file operations the property runner needs, on the C library (no Foundation).
enum FileSystem {
    /// `directory/name`.
    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// A file name made of `name`'s letters, digits, `.`, `-` and `_`, other characters as `_`.
    static func safeName(_ name: String) -> String {
        let safe = String(String.UnicodeScalarView(name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.".unicodeScalars.contains(scalar))
                ? scalar : "_"
        }))
        return safe.isEmpty || safe.hasPrefix(".") ? "_" + safe : safe
    }

    /// The nearest folder above `filePath` with a `Package.swift`, else the current directory.
    static func packageRoot(of filePath: String) -> String {
        var parts = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        while !parts.isEmpty {
            let folder = parts.joined(separator: "/")
            if !folder.isEmpty, access(join(folder, "Package.swift"), F_OK) == 0 { return folder }
            parts = parts.dropLast()
        }
        return "."
    }

    /// The file's text, or nil when it cannot be read (at most 16 MiB).
    static func read(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The file's bytes, or nil when it cannot be read (at most 16 MiB).
    static func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while bytes.count < 16 << 20 {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        return bytes
    }

    /// A new empty file in the temporary folder (`TMPDIR`, else `/tmp`) whose name starts
    /// with `prefix`; nil when none can be made.
    static func temporaryFile(_ prefix: String) -> String? {
        let folder = PropertyEnvironment.variable("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array(join(folder, prefix + "XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        close(descriptor)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Writes `text` to a temporary file beside `path`, then renames it over `path`.
    @discardableResult
    static func write(_ text: String, to path: String) -> Bool {
        let temporary = path + ".tmp\(getpid())"
        guard let file = fopen(temporary, "wb") else { return false }
        let bytes = Array(text.utf8)
        let written = bytes.isEmpty ? 0 : fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file) == 0
        guard written == bytes.count, closed, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes a file if it exists.
    static func remove(_ path: String) {
        unlink(path)
    }

    /// Creates `path` and the folders above it; true when it exists afterwards.
    @discardableResult
    static func makeDirectories(_ path: String) -> Bool {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            prefix += part
            if access(prefix, F_OK) != 0 { mkdir(prefix, 0o755) }
            prefix += "/"
        }
        return access(path, F_OK) == 0
    }
}
