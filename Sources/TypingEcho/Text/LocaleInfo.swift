import CICU

/// What ICU knows about a locale: its canonical id and subtags, whether ICU has data for its
/// language, its exemplar letters and quotation marks, and the names of regions in it.
///
/// ```swift
/// let polish = try LocaleInfo(tag: "pl-PL")
/// let identifier = polish.identifier       // "pl_PL"
/// let tags = polish.fallbackTags            // ["pl-PL", "pl"]
/// ```
public struct LocaleInfo: Sendable, Hashable {
    /// The canonical ICU locale id (`pl_PL`, `ur_PK@numbers=arabext`).
    public let identifier: String
    /// The language subtag (`pl`).
    public let language: String
    /// The script subtag (`Latn`), empty when the tag has none.
    public let script: String
    /// The region subtag (`PL`), empty when the tag has none.
    public let region: String

    /// Canonicalises a BCP 47 tag through ICU.
    /// - Throws: `LocaleError` when the tag is not well-formed.
    public init(tag: String) throws(LocaleError) {
        let id: String
        do {
            id = try ICU.withResizingByteBuffer("reading the locale tag", initialCapacity: 64) { buffer, capacity, status in
                tecu_locale_from_tag(tag, buffer, capacity, &status)
            }
        } catch {
            throw LocaleError(tag: tag, reason: "is not a BCP 47 language tag")
        }
        identifier = id
        func subtag(_ which: ICU.Subtag) -> String {
            (try? ICU.withResizingByteBuffer("reading a subtag", initialCapacity: 16) { buffer, capacity, status in
                tecu_locale_subtag(id, which.rawValue, buffer, capacity, &status)
            }) ?? ""
        }
        language = subtag(.language)
        script = subtag(.script)
        region = subtag(.region)
    }

    /// Whether ICU has locale data for the language (`xx-YY` has none).
    public var isKnownToICU: Bool { tecu_locale_is_available(identifier) }

    /// The data-file names to try, most specific first, without extensions or keywords:
    /// `sr-Latn-RS` → `sr-Latn-RS`, `sr-Latn`, `sr-RS`, `sr`. English is not added.
    public var fallbackTags: [String] {
        var result: [String] = []
        func add(_ parts: String...) {
            let tag = parts.filter { !$0.isEmpty }.joined(separator: "-")
            if !tag.isEmpty && !result.contains(tag) { result.append(tag) }
        }
        add(language, script, region)
        add(language, script)
        add(language, region)
        add(language)
        return result
    }

    /// The letters of the locale's main exemplar set (CLDR "standard" exemplars), NFC, in
    /// ICU's order; a multi-character letter such as Czech `ch` is one item.
    /// - Complexity: O(n) in the size of the set.
    public var exemplarLetters: [String] {
        var status: Int32 = 0
        guard let set = tecu_exemplar_set(identifier, ICU.ExemplarSet.standard.rawValue, &status), status <= ICU.success else { return [] }
        defer { tecu_set_close(set) }
        var letters: [String] = []
        for item in 0..<tecu_set_item_count(set) {
            var start: Int32 = 0, end: Int32 = 0
            let text = try? ICU.withResizingUTF16Buffer("reading an exemplar", initialCapacity: 16) { buffer, capacity, status in
                tecu_set_item(set, item, buffer, capacity, &start, &end, &status)
            }
            if start >= 0 && end >= start {
                for value in start...end {
                    if let scalar = Unicode.Scalar(UInt32(value)) { letters.append(String(scalar)) }
                }
            } else if let text, !text.isEmpty {
                letters.append(CaseMapping.nfc(text))
            }
        }
        return letters
    }

    /// The locale's quotation marks: start, end, alternate start, alternate end (may repeat).
    public var quotationMarks: [String] {
        let marks = try? ICU.withResizingUTF16Buffer("reading quotation marks", initialCapacity: 64) { buffer, capacity, status in
            tecu_quotation_marks(identifier, buffer, capacity, &status)
        }
        return (marks ?? "").split(separator: " ").map(String.init)
    }

    /// The name of a region (`PL`) in this locale's language ("Polska"), nil if ICU has none.
    public func regionName(_ code: String) -> String? {
        let name = try? ICU.withResizingUTF16Buffer("naming a region", initialCapacity: 64) { buffer, capacity, status in
            tecu_region_name(code, identifier, buffer, capacity, &status)
        }
        guard let name, !name.isEmpty else { return nil }
        return name
    }
}
