import CEspeak
import TypingEcho
import Synchronization

/// espeak-ng, opened with `dlopen` the first time it is asked for, so that nothing links
/// against it and every other command runs without it.
///
/// espeak-ng keeps one synthesizer per process; every call goes through one lock.
public struct Espeak: Sendable {
    /// The environment variable that overrides the library `dlopen` is given (a file name it
    /// searches for, or a path). Setting it to a path that does not exist hides espeak-ng.
    public static let libraryVariable = "TYPING_ECHO_ESPEAK_LIBRARY"

    /// The library opened when the environment does not say otherwise.
    public static var defaultLibrary: String {
        #if canImport(Darwin)
        "libespeak-ng.1.dylib"
        #else
        "libespeak-ng.so.1"
        #endif
    }

    /// The one line `render` prints when espeak-ng cannot be opened.
    public static let installHint = "install espeak-ng to render audio: apt-get install libespeak-ng1 espeak-ng-data"

    /// espeak-ng's samples per second (22,050 for every voice it ships).
    public let sampleRate: Int

    /// The installed voices, by identifier order.
    public let voices: [Voice]

    /// The voice variants espeak-ng lists, by the name a voice takes after `+` (`f3`, `Mr serious`).
    public let variants: [String]

    /// An installed espeak-ng voice.
    public struct Voice: Sendable, Hashable {
        /// The file name under espeak-ng-data (`gmw/en-US`), accepted where a voice name is.
        public var identifier: String
        /// Its name (`English (America)`), accepted where a voice name is.
        public var name = ""
        /// Its languages, highest priority (lowest number) first: `en-us`, `en`.
        public var languages: [(name: String, priority: Int)] { zip(languageNames, priorities).map { ($0, $1) } }
        var languageNames: [String]
        var priorities: [Int]

        /// Compares identifiers and languages.
        public static func == (lhs: Voice, rhs: Voice) -> Bool {
            lhs.identifier == rhs.identifier && lhs.languageNames == rhs.languageNames && lhs.priorities == rhs.priorities
        }

        /// Hashes the identifier.
        public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
    }

    /// Why espeak-ng could not be used.
    public struct Unavailable: Error, Sendable, CustomStringConvertible {
        /// The library that was asked for.
        public var library: String
        /// What `dlopen` or espeak-ng said.
        public var reason: String
        /// The reason on one line.
        public var description: String { "cannot open \(library): \(reason)" }
    }

    /// A synthesis that espeak-ng refused, or a voice it does not have.
    public struct SynthesisError: Error, Sendable, CustomStringConvertible {
        /// What went wrong, without the text (it may be a secret's count, never the secret).
        public var description: String
        /// Whether a voice was asked for that espeak-ng does not have.
        public var isMissingVoice = false
        /// Whether the session is longer than `SessionRenderer.longestSession`.
        public var isTooLong = false

        /// Creates an error with a description.
        public init(description: String, isMissingVoice: Bool = false) {
            self.description = description
            self.isMissingVoice = isMissingVoice
        }

        /// The session lasts `milliseconds`, more than `render` writes.
        init(tooLong milliseconds: Int64) {
            description = "the session lasts \(VirtualDuration(milliseconds: milliseconds)) s; render writes at most \(SessionRenderer.longestSession) s of audio"
            isTooLong = true
        }
    }

    private static let lock = Mutex(())

    /// Opens espeak-ng: `library`, else `$TYPING_ECHO_ESPEAK_LIBRARY`, else the default name.
    public static func load(library: String? = nil, environment: [String: String]? = nil) throws(Unavailable) -> Espeak {
        let name = library ?? (environment ?? Self.processEnvironment())[libraryVariable].flatMap { $0.isEmpty ? nil : $0 } ?? defaultLibrary
        let result: Result<Espeak, Unavailable> = lock.withLock { _ in
            var message = [CChar](repeating: 0, count: 512)
            let rate = tees_open(name, &message, message.count)
            guard rate > 0 else {
                let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return .failure(Unavailable(library: name, reason: reason))
            }
            return .success(Espeak(sampleRate: Int(rate), voices: Self.listVoices(), variants: Self.listVariants()))
        }
        return try result.get()
    }

    private static func listVoices() -> [Voice] {
        var voices: [Voice] = []
        for index in 0..<tees_voice_count() {
            guard let identifier = tees_voice_identifier(index) else { continue }
            var names = [UnsafePointer<CChar>?](repeating: nil, count: 16)
            var priorities = [Int32](repeating: 0, count: 16)
            let count = Int(tees_voice_languages(index, &names, &priorities, 16))
            voices.append(Voice(identifier: String(cString: identifier), name: tees_voice_name(index).map { String(cString: $0) } ?? "",
                                languageNames: names.prefix(count).map { String(cString: $0!) },
                                priorities: priorities.prefix(count).map(Int.init)))
        }
        return voices.sorted { $0.identifier < $1.identifier }
    }

    /// The variant names espeak-ng lists, sorted.
    private static func listVariants() -> [String] {
        (0..<tees_variant_count()).compactMap { tees_variant_name($0).map { String(cString: $0) } }.sorted()
    }

    private static func processEnvironment() -> [String: String] {
        guard let value = getenv(libraryVariable) else { return [:] }
        return [libraryVariable: String(cString: value)]
    }

    /// One utterance for `synthesize(_:)`.
    public struct Request: Sendable, Hashable {
        /// What to say.
        public var text: String
        /// A voice of espeak-ng's list, as ``Espeak/voice(named:)`` takes it (`en-us`, `gmw/en-US`,
        /// `en-us+f3`); any other is refused as a missing voice.
        public var voice: String
        /// Words a minute (espeak-ng speaks 80–450).
        public var wordsPerMinute: Int
        /// 0–100, 50 is espeak-ng's normal pitch.
        public var pitch: Int

        /// Creates a request.
        public init(text: String, voice: String, wordsPerMinute: Int, pitch: Int) {
            self.text = text
            self.voice = voice
            self.wordsPerMinute = wordsPerMinute
            self.pitch = pitch
        }
    }

    /// Synthesises every request, in order, into 16-bit samples at `sampleRate`. Each request's
    /// voice is looked up in espeak-ng's lists first (``Espeak/voice(named:)``): a voice it does not
    /// list is a missing voice, thrown before anything reaches espeak-ng.
    ///
    /// espeak-ng keeps synthesis state in statics that nothing resets (pitch flutter, wave
    /// phase), so each call runs in a child process forked for it: the same requests always
    /// give the same samples, whatever was synthesised before in this process.
    public func synthesize(_ requests: [Request]) throws(SynthesisError) -> [[Int16]] {
        guard !requests.isEmpty else { return [] }
        let count = requests.count
        var results = [tees_samples](repeating: tees_samples(samples: nil, count: 0, capacity: 0, failed: 0), count: count)
        var statuses = [Int32](repeating: 0, count: count)
        // C strings that live until the child has been forked and read.
        var resolved: [String: String] = [:]
        for request in requests where resolved[request.voice] == nil { resolved[request.voice] = try voice(named: request.voice) }
        let texts = requests.map { strdup($0.text) }, voices = requests.map { strdup(resolved[$0.voice]!) }
        defer {
            for text in texts { free(text) }
            for voice in voices { free(voice) }
        }
        let cRequests = (0..<count).map { index in
            tees_request(text: texts[index], voice: voices[index], rate: Int32(clamping: requests[index].wordsPerMinute),
                         pitch: Int32(clamping: requests[index].pitch))
        }
        let status = tees_synthesize_all(cRequests, Int32(count), &results, &statuses)
        defer { for index in results.indices { tees_samples_free(&results[index]) } }
        guard status == 0 else { throw SynthesisError(description: "espeak-ng stopped before it finished synthesising") }
        var samples: [[Int16]] = []
        samples.reserveCapacity(count)
        for index in 0..<count {
            switch statuses[index] {
            case 0: break
            case 1: throw SynthesisError(description: "espeak-ng has no voice \(ScriptErrorText.quoted(requests[index].voice)) (espeak-ng --voices lists them)", isMissingVoice: true)
            default: throw SynthesisError(description: "espeak-ng could not synthesise an utterance (status \(statuses[index]))")
            }
            samples.append(results[index].samples.map { Array(UnsafeBufferPointer(start: $0, count: results[index].count)) } ?? [])
        }
        return samples
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
