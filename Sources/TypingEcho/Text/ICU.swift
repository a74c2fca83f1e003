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
            if status == 15 || Int(needed) > capacity {  // 15: U_BUFFER_OVERFLOW_ERROR
                capacity = Int(needed) + 1
                continue
            }
            if status > 0 { throw ICUError(code: status, operation: operation()) }
            return String(decoding: units[..<Int(needed)], as: UTF16.self)
        }
        throw ICUError(code: 15, operation: operation())
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
            if status == 15 || Int(needed) > capacity {
                capacity = Int(needed) + 1
                continue
            }
            if status > 0 { throw ICUError(code: status, operation: operation()) }
            return String(decoding: bytes[..<Int(needed)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        throw ICUError(code: 15, operation: operation())
    }

    /// ICU's version, e.g. "72.1".
    static var version: String {
        var buffer = [CChar](repeating: 0, count: 32)
        tecu_version(&buffer, 32)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
