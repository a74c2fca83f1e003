import CEspeak
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

    /// An installed espeak-ng voice.
    public struct Voice: Sendable, Hashable {
        /// The file name under espeak-ng-data (`gmw/en-US`), accepted where a voice name is.
        public var identifier: String
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
            return .success(Espeak(sampleRate: Int(rate), voices: Self.listVoices()))
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
            voices.append(Voice(identifier: String(cString: identifier),
                                languageNames: names.prefix(count).map { String(cString: $0!) },
                                priorities: priorities.prefix(count).map(Int.init)))
        }
        return voices.sorted { $0.identifier < $1.identifier }
    }

    private static func processEnvironment() -> [String: String] {
        guard let value = getenv(libraryVariable) else { return [:] }
        return [libraryVariable: String(cString: value)]
    }

    /// Synthesises `text` with `voice` (a name or identifier espeak-ng accepts) at
    /// `wordsPerMinute` (80–450) and `pitch` (0–100, 50 normal): 16-bit samples at `sampleRate`.
    public func synthesize(_ text: String, voice: String, wordsPerMinute: Int, pitch: Int) throws(SynthesisError) -> [Int16] {
        let result: Result<[Int16], SynthesisError> = Self.lock.withLock { _ in
            guard tees_set_voice(voice) == 0 else { return .failure(SynthesisError(description: "espeak-ng has no voice '\(voice)'")) }
            var out = tees_samples(samples: nil, count: 0, capacity: 0, failed: 0)
            defer { tees_samples_free(&out) }
            let status = tees_synthesize(text, Int32(wordsPerMinute), Int32(pitch), &out)
            guard status == 0 else { return .failure(SynthesisError(description: "espeak-ng failed to synthesise (status \(status))")) }
            guard let samples = out.samples else { return .success([]) }
            return .success(Array(UnsafeBufferPointer(start: samples, count: out.count)))
        }
        return try result.get()
    }

    /// Whether espeak-ng accepts `name` as a voice (`en-us`, `gmw/en-US`, `en-us+f3`).
    public func hasVoice(_ name: String) -> Bool {
        Self.lock.withLock { _ in tees_set_voice(name) == 0 }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
