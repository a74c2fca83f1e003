import TypingEcho

extension Espeak {
    /// The voice espeak-ng is asked for when a user names `name` (`--voice`): the identifier of
    /// a voice of its list, then `+` and a variant of its variant list when `name` has one.
    ///
    /// `name` is looked up as espeak-ng looks up a voice, but only in its lists: a voice's name
    /// (`English (America)`), then its identifier (`gmw/en-US`), then its file name (`en-us`),
    /// letters in any case (ASCII only); a variant (after the first `+`) by its file name
    /// (`f3`, `Mr serious`), exactly, else in any case. Nothing else reaches espeak-ng, which
    /// would read a voice file at any path it is given (`../../etc/passwd`), copy a long variant
    /// into a 40-byte buffer, or crash on a folder of voices (`gmw`).
    ///
    /// - Throws: A missing voice (``Espeak/SynthesisError/isMissingVoice``) with one line that names the
    ///   closest voice or variant when there is one.
    /// - Complexity: O(*v* · *n*) for *v* listed voices and a name of length *n*.
    public func voice(named name: String) throws(SynthesisError) -> String {
        let plus = name.firstIndex(of: "+")
        let base = plus.map { String(name[..<$0]) } ?? name
        guard let voice = listedVoice(base) else {
            let fileNames = Self.unique(voices.map { Self.asciiLowercased(Self.fileName(of: $0.identifier)) })
            let suggestion = Suggestion.closest(to: Self.asciiLowercased(base), among: fileNames)
            throw SynthesisError(description: "espeak-ng has no voice \(Self.quoted(name))\(Self.didYouMean(suggestion)); `espeak-ng --voices` lists them",
                                 isMissingVoice: true)
        }
        guard let plus else { return voice.identifier }
        let wanted = String(name[name.index(after: plus)...])
        let lowered = Self.asciiLowercased(wanted)
        guard let variant = variants.first(where: { $0 == wanted }) ?? variants.first(where: { Self.asciiLowercased($0) == lowered }) else {
            let suggestion = Suggestion.closest(to: wanted, among: variants)
            throw SynthesisError(description: "espeak-ng has no variant \(Self.quoted(wanted))\(Self.didYouMean(suggestion)) for \(Self.quoted(base)); `espeak-ng --voices=variant` lists them",
                                 isMissingVoice: true)
        }
        return voice.identifier + "+" + variant
    }

    /// The listed voice `base` names: by name, else identifier, else file name, in any case; the
    /// first in identifier order wins a tie.
    private func listedVoice(_ base: String) -> Voice? {
        guard !base.isEmpty else { return nil }
        let lowered = Self.asciiLowercased(base)
        return voices.first { Self.asciiLowercased($0.name) == lowered }
            ?? voices.first { Self.asciiLowercased($0.identifier) == lowered }
            ?? voices.first { Self.asciiLowercased(Self.fileName(of: $0.identifier)) == lowered }
    }

    /// The last part of an identifier (`en-US` of `gmw/en-US`).
    private static func fileName(of identifier: String) -> String {
        identifier.split(separator: "/").last.map(String.init) ?? identifier
    }

    /// `text` with A–Z lowered and every other scalar as it is (espeak-ng compares with `strcasecmp`).
    private static func asciiLowercased(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.value >= 0x41 && scalar.value <= 0x5A ? Unicode.Scalar(scalar.value + 0x20)! : scalar)
        }
        return String(scalars)
    }

    /// The names once each, in their first order.
    private static func unique(_ names: [String]) -> [String] {
        var seen: Set<String> = []
        return names.filter { seen.insert($0).inserted }
    }

    /// A name as an error shows it: quoted, cut after 40 characters, controls written as `\u{…}`
    /// so that the message stays one line.
    private static func quoted(_ text: String) -> String { TerminalText.escaped(ScriptErrorText.quoted(text)) }

    /// " (did you mean 'NAME'?)", or nothing.
    private static func didYouMean(_ suggestion: String?) -> String { suggestion.map { " (did you mean '\($0)'?)" } ?? "" }
}
