import CICU

/// An error reported by ICU, carrying its `UErrorCode` and symbolic name.
public struct ICUError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The raw `UErrorCode` (positive: an error).
    public var code: Int32
    /// What the engine was doing when ICU failed, e.g. "opening a word break iterator".
    public var operation: String

    /// Creates an error for a failed ICU call.
    public init(code: Int32, operation: String) {
        self.code = code
        self.operation = operation
    }

    /// ICU's symbolic name for the code, e.g. `U_ILLEGAL_ARGUMENT_ERROR`.
    public var name: String { String(cString: tecu_error_name(code)) }

    /// `ICU failed opening a word break iterator: U_MISSING_RESOURCE_ERROR`.
    public var description: String { "ICU failed \(operation): \(name)" }
}

/// Helpers that turn ICU's status codes into typed Swift errors and hide buffer resizing.
enum ICU {
    /// `U_ZERO_ERROR`: a status at or below it is success (negative: a warning).
    static let success: Int32 = 0
    /// `U_BUFFER_OVERFLOW_ERROR`: the buffer was too small; ICU says how much it needs.
    static let bufferOverflowError: Int32 = 15

    /// The subtags `tecu_locale_subtag` reads.
    enum Subtag: Int32 {
        case language = 0, script = 1, region = 2
    }

    /// The exemplar sets `tecu_exemplar_set` opens (`ULocaleDataExemplarSetType`).
    enum ExemplarSet: Int32 {
        case standard = 0, auxiliary = 1, index = 2, punctuation = 3
    }

    /// A character's strong direction (bidi classes L, and R or AL), nil for a weak or
    /// neutral character. - Complexity: O(1).
    static func strongDirection(of scalar: Unicode.Scalar) -> TextDirectionality? {
        switch tecu_char_direction(scalar.value) {
        case leftToRight: .leftToRight
        case rightToLeft, rightToLeftArabic: .rightToLeft
        default: nil
        }
    }

    /// `UCharDirection` values: `U_LEFT_TO_RIGHT`, `U_RIGHT_TO_LEFT`, `U_RIGHT_TO_LEFT_ARABIC`.
    private static let leftToRight: Int32 = 0, rightToLeft: Int32 = 1, rightToLeftArabic: Int32 = 13

    /// Whether text in a locale runs right to left (Arabic, Hebrew, Urdu).
    static func isRightToLeft(locale: String) -> Bool { tecu_locale_is_rtl(locale) }

    /// A code point's `UScriptCode`, or nil for Common and Inherited (shared by every script).
    /// - Complexity: O(1).
    static func script(of scalar: Unicode.Scalar) -> Int32? {
        let script = tecu_char_script(scalar.value)
        return script > inheritedScript ? script : nil
    }

    /// `USCRIPT_INHERITED` (`USCRIPT_COMMON` is 0).
    private static let inheritedScript: Int32 = 1

    /// Whether lower-casing, upper-casing or case-folding changes the code point.
    /// - Complexity: O(1).
    static func changesCase(_ scalar: Unicode.Scalar) -> Bool { tecu_char_changes_case(scalar.value) }
    /// Runs `body` with a fresh status and throws if ICU reports an error (warnings pass).
    static func call<T>(_ operation: @autoclosure () -> String, _ body: (inout Int32) -> T) throws(ICUError) -> T {
        var status: Int32 = 0
        let result = body(&status)
        if status > 0 { throw ICUError(code: status, operation: operation()) }
        return result
    }

    /// Calls an ICU function that fills a UTF-16 buffer, retrying once with the size it asks for.
    static func withResizingUTF16Buffer(
        _ operation: @autoclosure () -> String,
        initialCapacity: Int = 64,
        _ fill: (UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
    ) throws(ICUError) -> String {
        var capacity = max(initialCapacity, 1)
        for _ in 0..<2 {
            var status: Int32 = 0
            var units = [UInt16](repeating: 0, count: capacity)
            let needed = units.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity), &status) }
            if status == bufferOverflowError || Int(needed) > capacity {
                capacity = Int(needed) + 1
                continue
            }
            if status > 0 { throw ICUError(code: status, operation: operation()) }
            return String(decoding: units[..<Int(needed)], as: UTF16.self)
        }
        throw ICUError(code: bufferOverflowError, operation: operation())
    }

    /// Calls an ICU function that fills a byte buffer with ASCII or UTF-8 text.
    static func withResizingByteBuffer(
        _ operation: @autoclosure () -> String,
        initialCapacity: Int = 128,
        _ fill: (UnsafeMutablePointer<CChar>, Int32, inout Int32) -> Int32
    ) throws(ICUError) -> String {
        var capacity = max(initialCapacity, 1)
        for _ in 0..<2 {
            var status: Int32 = 0
            var bytes = [CChar](repeating: 0, count: capacity + 1)
            let needed = bytes.withUnsafeMutableBufferPointer { fill($0.baseAddress!, Int32(capacity), &status) }
            if status == bufferOverflowError || Int(needed) > capacity {
                capacity = Int(needed) + 1
                continue
            }
            if status > 0 { throw ICUError(code: status, operation: operation()) }
            return String(decoding: bytes[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        throw ICUError(code: bufferOverflowError, operation: operation())
    }

    /// ICU's version, e.g. "72.1".
    static var version: String {
        var buffer = [CChar](repeating: 0, count: 32)
        tecu_version(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// The direction of a strong character or a paragraph.
enum TextDirectionality: Sendable, Hashable {
    case leftToRight
    case rightToLeft
}
