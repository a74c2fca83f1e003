import CICU
import Synchronization

/// ICU's cardinal plural rules and number formatting for one locale.
final class PluralRules: @unchecked Sendable {
    // Immutable after init; ICU documents select/format on a const object as thread-safe.
    private let rules: OpaquePointer
    /// The ICU locale id.
    let locale: String
    /// The locale's integer format, opened on the first `format(_:)` and kept: opening one
    /// costs far more than formatting with it, and a refused keystroke says a count every time.
    /// Used under the lock, so engines sharing these rules on several threads never share a call.
    private let integerFormat = Mutex<OpaquePointer?>(nil)
    /// The category and the digits of each small count asked for so far (below `memoLimit`):
    /// a field's counts are said again and again, and each asked ICU twice (a tenth of a
    /// refused key's echo in a debug build). Pure functions of the count, so keeping them
    /// changes nothing said.
    private let memo = Mutex<[Int: (category: String, digits: String)]>([:])
    private static let memoLimit = 1_024

    /// Opens the rules of an ICU locale id.
    init(locale: String) throws(ICUError) {
        var status: Int32 = 0
        let rules = tecu_plurals_open(locale, &status)
        guard status <= 0, let rules else { throw ICUError(code: status, operation: "opening plural rules for \(locale)") }
        self.rules = rules
        self.locale = locale
    }

    deinit {
        tecu_plurals_close(rules)
        integerFormat.withLock { format in tecu_integer_format_close(format) }
    }

    /// The category ("one", "few", "many", "other", …) of a count and the count written with
    /// the locale's digits: ``category(of:)`` and ``format(_:)`` together, remembered for a
    /// small count.
    func categoryAndDigits(of number: Int) -> (category: String, digits: String) {
        guard number >= 0, number < Self.memoLimit else { return (category(of: number), format(number)) }
        if let known = memo.withLock({ $0[number] }) { return known }
        let made = (category(of: number), format(number))
        memo.withLock { $0[number] = made }
        return made
    }

    /// The category ("one", "few", "many", "other", …) of a count.
    func category(of number: Int) -> String {
        (try? ICU.withResizingByteBuffer("selecting a plural form", initialCapacity: 16) { buffer, capacity, status in
            tecu_plurals_select(rules, Double(number), buffer, capacity, &status)
        }) ?? "other"
    }

    /// Every category these rules can select.
    var categories: [String] {
        let list = (try? ICU.withResizingByteBuffer("listing plural forms") { buffer, capacity, status in
            tecu_plurals_keywords(rules, buffer, capacity, &status)
        }) ?? "other"
        return list.split(separator: " ").map(String.init)
    }

    /// The number written with the locale's digits, without grouping ("22", "٢٢").
    func format(_ number: Int) -> String {
        integerFormat.withLock { format in
            if format == nil {
                var status: Int32 = 0
                format = tecu_integer_format_open(locale, &status)
                if status > 0 { format = nil }
            }
            guard let opened = format else { return String(number) }
            return (try? ICU.withResizingUTF16Buffer("formatting a number", initialCapacity: 32) { buffer, capacity, status in
                tecu_integer_format_write(opened, Int64(number), buffer, capacity, &status)
            }) ?? String(number)
        }
    }
}
