import CICU

/// Locale-aware case mapping and normalisation through ICU.
public enum CaseMapping {
    /// Lower-cases text per the locale's rules (Turkish İ → i, I → ı).
    /// - Complexity: O(n).
    public static func lowercase(_ text: String, locale: String) -> String {
        map(text) { source, count, destination, capacity, status in
            tecu_to_lower(source, count, destination, capacity, locale, &status)
        }
    }

    /// Upper-cases text per the locale's rules (Turkish i → İ).
    /// - Complexity: O(n).
    public static func uppercase(_ text: String, locale: String) -> String {
        map(text) { source, count, destination, capacity, status in
            tecu_to_upper(source, count, destination, capacity, locale, &status)
        }
    }

    /// NFC-normalises text. Text already in NFC is returned as it is: text whose code points
    /// are all below U+0300 without asking ICU (none of them decomposes, and none composes
    /// with the one before it: every second part of a composition is U+0300 or above), short
    /// text after ICU's quick check, with no allocation. - Complexity: O(n).
    public static func nfc(_ text: String) -> String { nfc(text, shortcuts: true) }

    /// `nfc(_:)`, optionally always through ICU's normaliser (the tests compare the two).
    static func nfc(_ text: String, shortcuts: Bool) -> String {
        guard shortcuts else { return map(text) { tecu_normalize_nfc($0, $1, $2, $3, &$4) } }
        // In UTF-8, code points below U+0300 are the bytes below 0xCC.
        if text.utf8.allSatisfy({ $0 < 0xCC }) { return text }
        let count = text.utf8.count  // UTF-16 never needs more units than UTF-8 has bytes
        if count <= 64 {
            let isNFC = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: count) { buffer in
                var length = 0
                for unit in text.utf16 {
                    buffer[length] = unit
                    length += 1
                }
                defer { buffer.update(repeating: 0) }
                return tecu_is_nfc(buffer.baseAddress!, Int32(length))
            }
            if isNFC { return text }
        }
        return map(text) { source, count, destination, capacity, status in
            tecu_normalize_nfc(source, count, destination, capacity, &status)
        }
    }

    private static func map(
        _ text: String,
        _ body: (UnsafePointer<UInt16>, Int32, UnsafeMutablePointer<UInt16>, Int32, inout Int32) -> Int32
    ) -> String {
        let units = Array(text.utf16)
        let result = try? units.withUnsafeBufferPointer { source throws(ICUError) in
            try ICU.withResizingUTF16Buffer("mapping case", initialCapacity: units.count + 8) { destination, capacity, status in
                body(source.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32(units.count), destination, capacity, &status)
            }
        }
        return result ?? text
    }
}

extension CaseMapping {
    /// Case-folds text with Unicode's default folding (locale-independent). - Complexity: O(n).
    public static func fold(_ text: String) -> String {
        let units = Array(text.utf16)
        let result = try? units.withUnsafeBufferPointer { source throws(ICUError) in
            try ICU.withResizingUTF16Buffer("folding case", initialCapacity: units.count + 8) { destination, capacity, status in
                tecu_fold_case(source.baseAddress ?? UnsafePointer(bitPattern: 1)!, Int32(units.count), destination, capacity, &status)
            }
        }
        return result ?? text
    }
}
