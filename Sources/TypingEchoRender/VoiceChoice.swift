/// Which espeak-ng voice speaks each locale.
///
/// A locale tag is lowered and matched against the voices' languages, dropping subtags from the
/// end until one matches (`de-DE` → `de-de` → `de`; `zh-Hant-TW` → … → `zh`); among voices of the
/// same language the lowest priority number, then the identifier, wins. A locale no voice speaks
/// falls back to `en-us` (then the first voice), and is reported once so the caller can warn.
public struct VoiceChoice: Sendable {
    /// The voice used for every utterance when the user names one (`--voice`).
    public var override: String?
    private var byLanguage: [String: String] = [:]
    private var fallback: String

    /// Builds the language table of espeak-ng's installed voices.
    public init(voices: [Espeak.Voice], override: String? = nil) {
        self.override = override
        var best: [String: (priority: Int, identifier: String)] = [:]
        for voice in voices {
            for (name, priority) in voice.languages {
                let key = name.lowercased()
                if let current = best[key], (current.priority, current.identifier) <= (priority, voice.identifier) { continue }
                best[key] = (priority, voice.identifier)
            }
        }
        byLanguage = best.mapValues(\.identifier)
        fallback = byLanguage["en-us"] ?? byLanguage["en"] ?? voices.first?.identifier ?? "en"
    }

    /// The voice for a BCP 47 tag, and whether it is the fallback (no voice speaks the locale).
    public func voice(for locale: String) -> (voice: String, isFallback: Bool) {
        if let override { return (override, false) }
        var tag = Substring(locale.lowercased().replacingUnderscores())
        while !tag.isEmpty {
            if let identifier = byLanguage[String(tag)] { return (identifier, false) }
            guard let dash = tag.lastIndex(of: "-") else { break }
            tag = tag[..<dash]
        }
        return (fallback, true)
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String { String(map { $0 == "_" ? "-" : $0 }) }
}
