import CLouis
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// liblouis, the braille translator NVDA, Orca, JAWS and TalkBack use, opened with `dlopen`
/// the first time it is asked for, so that nothing links against it and everything but braille
/// works without it.
///
/// liblouis is not thread-safe: the shim serialises every call behind one lock. Tables are
/// resolved only in liblouis's installed table folder (`tablesFolder`), by the shim's own table
/// resolver, so `LOUIS_TABLEPATH` and the current directory change nothing.
public struct Liblouis: Sendable, Hashable {
    /// liblouis's version, e.g. "3.24.0".
    public let version: String
    /// The folder every table name is looked up in, e.g. `/usr/share/liblouis/tables`.
    public let tablesFolder: String

    /// The library opened: liblouis 3's shared library.
    public static var defaultLibrary: String {
        #if canImport(Darwin)
        "liblouis.20.dylib"
        #else
        "liblouis.so.20"
        #endif
    }

    /// The environment variable that names another library to open instead of
    /// ``defaultLibrary`` (the tests point it at one that does not exist).
    public static let libraryVariable = "TYPING_ECHO_LIBLOUIS_LIBRARY"

    /// Opens liblouis (once per process; later calls return the same library): the library
    /// `TYPING_ECHO_LIBLOUIS_LIBRARY` names, else ``defaultLibrary``.
    public static func load() throws(BrailleError) -> Liblouis {
        if let named = getenv(libraryVariable), named.pointee != 0 { return try load(library: String(cString: named)) }
        return try load(library: defaultLibrary)
    }

    /// Opens `library` instead of liblouis's usual name: tests point it at a library that does
    /// not exist to see what happens without liblouis.
    static func load(library: String) throws(BrailleError) -> Liblouis {
        var message = [CChar](repeating: 0, count: 512)
        guard telou_open(library, &message, message.count) == 1, let version = telou_version(), let folder = telou_tables_folder() else {
            throw .liblouisMissing(library: library, reason: Self.string(message))
        }
        return Liblouis(version: String(cString: version), tablesFolder: String(cString: folder))
    }

    /// "liblouis 3.24.0", or "liblouis not found" when it cannot be opened: for `--version`.
    public static var versionFound: String {
        (try? load()).map { "liblouis \($0.version)" } ?? "liblouis not found"
    }

    /// The file names of the tables in the folder (`.ctb`, `.utb`, `.tbl`), sorted.
    ///
    /// - Complexity: O(*n* log *n*) in the number of files in the folder.
    public func tableNames() -> [String] {
        guard let names = telou_list_tables() else { return [] }
        defer { telou_string_free(names) }
        return String(cString: names).split(separator: "\n").map(String.init).sorted()
    }

    /// The table a locale's display uses by default: the first of `BrailleTable.defaults(forLocale:)`
    /// installed here, else English grade 1 (`en-ueb-g1.ctb`).
    public func defaultTable(forLocale identifier: String) -> BrailleTable {
        BrailleTable.defaults(forLocale: identifier).first { exists($0) } ?? .englishGrade1
    }

    /// The locale's computer braille table, if one is installed (``BrailleTable/computerDefaults(forLocale:)``).
    public func computerTable(forLocale identifier: String) -> BrailleTable? {
        BrailleTable.computerDefaults(forLocale: identifier).first { exists($0) }
    }

    /// A translator for `table`, whose file must be in the folder and compile.
    public func translator(for table: BrailleTable) throws(BrailleError) -> BrailleTranslator {
        guard exists(table) else {
            throw .tableNotFound(name: table.name, folder: tablesFolder, suggestion: Suggestion.closest(to: table.name, among: tableNames()))
        }
        let list = BrailleTranslator.tableList(for: table)
        var message = [CChar](repeating: 0, count: 512)
        guard telou_check_table(list, &message, message.count) == 1 else {
            throw .tableDoesNotCompile(name: table.name, reason: Self.string(message))
        }
        return BrailleTranslator(library: self, table: table, readsBackward: metadata("direction", of: table) != "forward")
    }

    /// A table's metadata value for `key` (`contraction`, `direction`, `grade`), or nil when it
    /// declares none.
    ///
    /// liblouis reads the table's file for it on every call (`lou_getTableInfo`): each value is
    /// kept for the process after the first read, as liblouis keeps a table it compiled (the
    /// folder's files are not expected to change while a process runs). Turning Braille Screen
    /// Input on asks for two or three, and read each time they were most of its cost.
    /// - Complexity: O(1) after the first read of a table's `key`.
    func metadata(_ key: String, of table: BrailleTable) -> String? {
        let cacheKey = MetadataKey(folder: tablesFolder, table: table.name, key: key)
        if let known = Self.metadataRead.withLock({ $0[cacheKey] }) { return known }
        var value = [CChar](repeating: 0, count: 64)
        let read: String? = telou_table_info(table.name, key, &value, value.count) == 1 ? Self.string(value) : nil
        Self.metadataRead.withLock { $0[cacheKey] = read }
        return read
    }

    /// Which metadata value was read: a table of a folder and the key.
    private struct MetadataKey: Hashable {
        let folder: String
        let table: String
        let key: String
    }

    /// The metadata values read so far (nil: the table declares none), at most the folder's
    /// tables times the three keys asked for.
    private static let metadataRead = Mutex<[MetadataKey: String?]>([:])

    /// Whether a table contracts (its metadata says `contraction: full` or `partial`, or a
    /// grade of 2 or more): Braille Screen Input then holds the cells until the word ends.
    func isContracted(_ table: BrailleTable) -> Bool {
        if let contraction = metadata("contraction", of: table) { return contraction != "no" }
        if let grade = metadata("grade", of: table), let number = Double(grade) { return number >= 2 }
        return false
    }

    /// Whether the folder has a regular file named like the table.
    func exists(_ table: BrailleTable) -> Bool { telou_table_exists(table.name) == 1 }

    /// A C message buffer as a string.
    static func string(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
