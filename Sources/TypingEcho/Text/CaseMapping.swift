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

    /// NFC-normalises text. Text whose code points are all below U+0300 is returned as it is,
    /// without ICU: none of them decomposes, and none composes with the one before it (every
    /// second part of a composition is U+0300 or above). - Complexity: O(n).
    public static func nfc(_ text: String) -> String {
        // In UTF-8, code points below U+0300 are the bytes below 0xCC.
        if text.utf8.allSatisfy({ $0 < 0xCC }) { return text }
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
