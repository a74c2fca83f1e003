#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Names of emoji and symbols in a language, from the CLDR annotations that Debian's
/// `unicode-cldr-core` package installs (`/usr/share/unicode/cldr/common/annotations/*.xml`),
/// read when a phrasebook for a language other than English is made.
///
/// Only the spoken ("tts") name of each entry is kept. Entries whose key is one letter or digit
/// are left out (those are said as themselves), as are CLDR's "inherit" markers (`↑↑↑`).
/// When the package is not installed the table is empty and names fall back as
/// `docs/localisation.md` describes: the locale's phonetics file, then English, then ICU's
/// Unicode name.
///
/// ```swift
/// let french = CLDRAnnotations.names(for: try LocaleInfo(tag: "fr-FR"))
/// let thumbsUp = french["👍"]   // "pouce vers le haut"
/// ```
public enum CLDRAnnotations {
    /// Where the annotations are read from: `$TYPING_ECHO_CLDR_ANNOTATIONS` when set (a
    /// directory; an empty value turns CLDR names off), else Debian's install location.
    public static var directory: String {
        if let value = getenv("TYPING_ECHO_CLDR_ANNOTATIONS") { return String(cString: value) }
        return "/usr/share/unicode/cldr/common/annotations"
    }

    /// The annotation file names to read for a locale, least specific first
    /// (`fr`, then `fr_CA`), as CLDR inherits them.
    static func fileNames(for info: LocaleInfo) -> [String] {
        // CLDR keeps Norwegian Bokmål's annotations under `no`.
        let aliases = info.language == "nb" ? ["no"] : []
        return aliases + info.fallbackTags.reversed().map { $0.replacingHyphens() }
    }

    /// The spoken names of a locale's annotations, merged from the language's file and its
    /// more specific ones. Empty when no file is installed or the directory is off.
    /// - Complexity: O(n) in the size of the files.
    public static func names(for info: LocaleInfo, in directory: String = directory) -> [String: String] {
        guard !directory.isEmpty else { return [:] }
        var names: [String: String] = [:]
        for name in fileNames(for: info) {
            names.merge(cache.table(at: directory + "/" + name + ".xml")) { $1 }
        }
        return names
    }

    /// Each file is read and parsed once per process: a phrasebook is made for every engine and
    /// every `settings locale=…`, and property tests make thousands.
    private static let cache = FileCache()

    /// Parsed annotation files by path, filled on first use. The tables never change once
    /// read, so a lookup gives the same answer whenever it runs (a missing file stays empty).
    private final class FileCache: @unchecked Sendable {
        // Guarded by `lock`; entries are immutable once stored.
        private var tables: [String: [String: String]] = [:]
        private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
            let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
            pthread_mutex_init(lock, nil)
            return lock
        }()

        func table(at path: String) -> [String: String] {
            pthread_mutex_lock(lock)
            defer { pthread_mutex_unlock(lock) }
            if let table = tables[path] { return table }
            let table = CLDRAnnotations.readFile(path).map(CLDRAnnotations.parse) ?? [:]
            tables[path] = table
            return table
        }
    }

    /// The `<annotation cp="…" type="tts">NAME</annotation>` entries of one file, by NFC key.
    /// - Complexity: O(n) in the file's size.
    static func parse(_ bytes: [UInt8]) -> [String: String] {
        let open = Array("<annotation cp=\"".utf8), tts = Array("\" type=\"tts\">".utf8), close = Array("</annotation>".utf8)
        var result: [String: String] = [:]
        var index = 0
        while let start = find(open, in: bytes, from: index) {
            let keyStart = start + open.count
            guard let quote = bytes[keyStart...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            index = quote
            guard bytes.count >= quote + tts.count, Array(bytes[quote..<(quote + tts.count)]) == tts else { continue }
            let valueStart = quote + tts.count
            guard let end = find(close, in: bytes, from: valueStart) else { break }
            index = end + close.count
            let key = CaseMapping.nfc(unescape(bytes[keyStart..<quote]))
            let value = unescape(bytes[valueStart..<end]).trimmingWhitespace()
            guard !key.isEmpty, !value.isEmpty, value != "↑↑↑", !isLetterOrDigit(key) else { continue }
            result[key] = CaseMapping.nfc(value)
        }
        return result
    }

    /// Whether a key is a single letter or digit (said as itself, never by an annotation).
    private static func isLetterOrDigit(_ key: String) -> Bool {
        var scalars = key.unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return false }
        let category = CharacterCategory(of: first)
        return category.isLetter || category.isNumber
    }

    /// The first index of `needle` in `bytes` at or after `start`.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var index = start
        let last = bytes.count - needle.count
        while index <= last {
            if bytes[index] == first {
                var matched = true
                for offset in 1..<needle.count where bytes[index + offset] != needle[offset] { matched = false; break }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }

    /// XML text with its five named entities and numeric references decoded.
    private static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";") else { break }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16)
                    : entity.hasPrefix("#") ? UInt32(entity.dropFirst(), radix: 10) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&\(entity);" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }

    /// The whole file, or nil when it cannot be read. Files over 16 MiB are not annotations.
    private static func readFile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count > 0 { bytes += chunk[0..<count] }
            if count < chunk.count { break }
            if bytes.count > 16 << 20 { return nil }
        }
        return ferror(file) == 0 ? bytes : nil
    }
}

extension String {
    /// `pt-PT` → `pt_PT`, the spelling of CLDR's file names.
    func replacingHyphens() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
