import CICU

/// A locale's number symbols, from ICU.
enum NumberSymbols {
    /// The decimal separator: "," for `pl_PL`, "." for `en_US`, "٫" for `ar_EG`.
    /// - Throws: `ICUError` when ICU has no number format for the locale.
    static func decimalSeparator(locale: String) throws(ICUError) -> String {
        try ICU.withResizingUTF16Buffer("reading the decimal separator", initialCapacity: 8) { buffer, capacity, status in
            tecu_decimal_separator(locale, buffer, capacity, &status)
        }
    }
}
