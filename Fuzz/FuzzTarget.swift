// libFuzzer target over the script parser and the engine, with the secure invariant's leak
// oracle. Built with the engine's sources in one module by Fuzz/run.sh (not by SwiftPM).
//
// An input is `SECRET\nSCRIPT`: SECRET (1–16 characters from `pool`: printable ASCII and
// what the en-US keyboard types; else a default) goes into the password field by one of
// several ways chosen by a hash of the input: hardware keys, `type` with
// `secure-keys=silent` in each typing mode, `type` with `secure-keys=speak` in direct typing,
// paste, refused dictation; then SCRIPT runs. The same input is run again with an independent
// decoy: a random secret of the same count (each character written with as many characters in
// the script), drawn from the same pool with a generator seeded by the input's hash, so a
// finding replays. Any crash is a finding; so is output (events, error, descriptions) that
// differs between the two runs, or any two characters of the secret in the output that the
// decoy's output lacks. Expectation messages may differ (an `expect value` may guess the
// secret: one bit, by design) but go through the leak oracle.
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let way = EntryWay.allCases[Int(hash % UInt64(EntryWay.allCases.count))]
    let allowed = way.typesOnScreen ? onScreen : pool
    var secret = "Sesame42"
    if let head = String(validating: bytes[..<newline], as: UTF8.self),
       (1...16).contains(head.count), head.allSatisfy({ allowed.contains($0) }) {
        secret = head
    }
    let body = Array(bytes[min(newline + 1, bytes.count)...])
    var random = hash
    let decoy = String(secret.map { character -> Character in
        let options = (way.typesOnScreen ? onScreenByWidth : poolByWidth)[width(of: character)] ?? [character]
        random = random &* 6364136223846793005 &+ 1442695040888963407
        return options[Int((random >> 33) % UInt64(options.count))]
    })
    let real = FuzzRun(prelude(secret, way: way), body)
    let shadow = FuzzRun(prelude(decoy, way: way), body)
    guard real.events == shadow.events, real.error == shadow.error, real.descriptions == shadow.descriptions else {
        fail("output depends on the secret (entered by \(way))")
    }
    if let leaked = leak(of: secret, in: real.text, publicText: shadow.text + String(decoding: body, as: UTF8.self)) {
        fail("the output contains \(leaked.utf8.count) bytes of the secret")
    }
    return 0
}

/// The characters a secret may hold: printable ASCII and everything the en-US keyboard types;
/// none joins a neighbour, so a decoy of the same count shows the same counts.
private let onScreen: Set<Character> = Set(KeyboardLayout.matching("en-US").typeableCharacters)
private let pool: Set<Character> = onScreen.union((UInt8(0x20)...UInt8(0x7E)).map { Character(Unicode.Scalar($0)) })
private let poolByWidth = Dictionary(grouping: pool.sorted(), by: width(of:))
private let onScreenByWidth = Dictionary(grouping: onScreen.sorted(), by: width(of:))

/// How many characters a character takes written in a script string (`\"` and `\\` take two).
private func width(of character: Character) -> Int { character == "\"" || character == "\\" ? 2 : 1 }

/// A script string literal.
private func quoted(_ text: String) -> String {
    var result = "\""
    for character in text {
        if character == "\"" || character == "\\" { result.append("\\") }
        result.append(character)
    }
    return result + "\""
}

/// How the secret goes in.
private enum EntryWay: CaseIterable {
    case keys, typeStandard, typeTouch, typeDirect, typeDirectSpeaking, paste, dictate

    var typesOnScreen: Bool {
        switch self {
        case .typeStandard, .typeTouch, .typeDirect, .typeDirectSpeaking: true
        default: false
        }
    }
}

/// The declarations and the way the secret goes in.
private func prelude(_ secret: String, way: EntryWay) -> String {
    let text = quoted(secret)
    let entry: String
    switch way {
    case .keys: entry = "keys \(text)"
    case .typeStandard: entry = "settings secure-keys=silent typing=standard\ntype \(text)\nsettings secure-keys=speak"
    case .typeTouch: entry = "settings secure-keys=silent typing=touch\ntype \(text)\nsettings secure-keys=speak typing=standard"
    case .typeDirect: entry = "settings secure-keys=silent typing=direct\ntype \(text)\nsettings secure-keys=speak typing=standard"
    case .typeDirectSpeaking: entry = "settings typing=direct\ntype \(text)\nsettings typing=standard"
    case .paste: entry = "clipboard \(text)\nedit paste\nclipboard \"public\""
    case .dictate: entry = "dictate \(text)"
    }
    return """
    field user kind=text label="Username" max=12
    field pw kind=secure label="Password"
    field pin kind=secure label="PIN" max=4 dictation=off
    element go label="Sign in" traits=button
    focus pw
    double-tap
    \(entry)

    """
}

/// A session with its phrasebook and keyboard loaded, copied for every run.
private let template: Session<EventCollector>? = try? Session()

/// What one run showed.
private struct FuzzRun {
    var events: [TimedEvent] = []
    var failures: [String] = []
    var error: String?
    var descriptions: [String] = []
    var text = ""

    init(_ prelude: String, _ body: [UInt8]) {
        guard var session = template else { fail("no session") }
        do {
            try session.feedScript(Array(prelude.utf8))
            try session.feedScript(body) { self.failures.append($0.description) }
            try session.finishScript { self.failures.append($0.description) }
        } catch {
            self.error = error.formatted(file: "fuzz.replay")
        }
        events = session.log.events
        var transcript = Transcript()
        var lines: [String] = []
        for event in events {
            lines.append(JSONLines.line(event))
            if let line = transcript.line(for: event) { lines.append(line) }
        }
        var dumped = ""
        dump(session, to: &dumped)
        descriptions = [String(describing: session.engine), String(reflecting: session.engine), dumped]
        text = (lines + failures + [error ?? ""] + descriptions).joined(separator: "\n")
    }
}

/// The first two adjacent characters of `secret` in `output` but not in `publicText`.
private func leak(of secret: String, in output: String, publicText: String) -> String? {
    let characters = Array(secret)
    let width = characters.count == 1 ? 1 : 2
    for start in 0...(characters.count - width) {
        let piece = String(characters[start..<(start + width)])
        if output.utf8.firstRange(of: piece.utf8) != nil && publicText.utf8.firstRange(of: piece.utf8) == nil { return piece }
    }
    return nil
}

private func fail(_ message: String) -> Never {
    // The message never holds the secret: the input file libFuzzer saves is the reproducer.
    fputs("secure invariant violated: \(message)\n", stderr)
    abort()
}
