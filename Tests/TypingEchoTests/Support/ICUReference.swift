import CICU
import TypingEcho

/// Segments a whole contiguous text with a fresh ICU break iterator: the plain, non-incremental
/// reference the gap buffer's incremental bookkeeping is checked against.
enum ICUReference {
    /// One ICU break iterator reused over many texts.
    final class Segmenter {
        let breaker: OpaquePointer

        init(kind: tecu_break_kind, locale: String = "en_US") throws {
            var status: Int32 = 0
            guard let breaker = tecu_breaker_open(kind, locale, &status), status <= 0 else {
                throw ICUError(code: status, operation: "opening a reference break iterator")
            }
            self.breaker = breaker
        }

        deinit { tecu_breaker_close(breaker) }

        /// Every boundary of `units`, 0 and the end included.
        func boundaries(_ units: [UInt16]) -> [Int] {
            units.withUnsafeBufferPointer { buffer in
                var status: Int32 = 0
                tecu_breaker_attach_units(breaker, buffer.baseAddress ?? UnsafePointer(bitPattern: 2)!, Int64(units.count), &status)
                var result = [0]
                var position: Int64 = 0
                while true {
                    position = tecu_breaker_following(breaker, position)
                    if position < 0 { break }
                    result.append(Int(position))
                }
                return result
            }
        }
    }

    /// Every boundary of `units` (0 and the end included) for characters or words.
    static func boundaries(_ units: [UInt16], kind: tecu_break_kind, locale: String = "en_US") -> [Int] {
        // Opening an iterator for a bundled locale cannot fail but for memory exhaustion.
        try! Segmenter(kind: kind, locale: locale).boundaries(units)
    }
}

/// The simplest model of a text field: a UTF-16 array and an insertion point, re-segmented
/// from scratch after every change.
struct ReferenceField {
    var units: [UInt16] = []
    var caret = 0

    var characters: [Int] { ICUReference.boundaries(units, kind: TECU_BREAK_CHARACTER) }
    var string: String { String(decoding: units, as: UTF16.self) }

    mutating func insert(_ text: String) {
        units.insert(contentsOf: text.utf16, at: caret)
        caret += text.utf16.count
        // An insertion can join the character after it (a ZWJ before an emoji): go to its end.
        caret = characters.first { $0 >= caret }!
    }

    mutating func deleteBackward() {
        guard let start = characters.last(where: { $0 < caret }) else { return }
        units.removeSubrange(start..<caret)
        caret = characters.first { $0 >= start }!
    }

    mutating func deleteForward() {
        guard let end = characters.first(where: { $0 > caret }) else { return }
        units.removeSubrange(caret..<end)
        caret = characters.first { $0 >= caret }!
    }

    mutating func moveCharacter(forward: Bool) {
        let target = forward ? characters.first { $0 > caret } : characters.last { $0 < caret }
        caret = target ?? caret
    }
}
