// libFuzzer target over the script parser and the engine, with the secure invariant's leak
// oracle. Built with the engine's sources in one module by Fuzz/run.sh (not by SwiftPM).
//
// An input is `SECRET\nSCRIPT`: SECRET (1–16 ASCII letters and digits, else a default) goes
// into the password field by hardware keys, on-screen typing or paste (chosen by its length);
// then SCRIPT runs. The same input is run again with a decoy secret of the same shape. Any
// crash is a finding; so is output (events, error, descriptions) that differs between the two
// runs, or any two characters of the secret in the output that the decoy's output lacks.
// Expectation messages may differ (an `expect value` may guess the secret: one bit, by
// design) but go through the leak oracle.
#if canImport(Glibc)
import Glibc
#endif

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
    let head = bytes[..<newline]
    let secret: String
    if (1...16).contains(head.count), head.allSatisfy({ isAlphanumeric($0) }) {
        secret = String(decoding: head, as: UTF8.self)
    } else {
        secret = "Sesame42"
    }
    let body = Array(bytes[min(newline + 1, bytes.count)...])
    let decoy = String(secret.unicodeScalars.map { decoyCharacter($0) })
    let real = FuzzRun(prelude(secret), body)
    let shadow = FuzzRun(prelude(decoy), body)
    guard real.events == shadow.events, real.error == shadow.error, real.descriptions == shadow.descriptions else {
        fail("output depends on the secret")
    }
    if let leaked = leak(of: secret, in: real.text, publicText: shadow.text + String(decoding: body, as: UTF8.self)) {
        fail("the output contains \(leaked.utf8.count) bytes of the secret")
    }
    return 0
}

private func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
}

/// ROT13 for letters, d+5 mod 10 for digits: same case, same keyboard layer, same gestures.
private func decoyCharacter(_ scalar: Unicode.Scalar) -> Character {
    let value = scalar.value
    switch value {
    case 0x30...0x39: return Character(Unicode.Scalar(0x30 + (value - 0x30 + 5) % 10)!)
    case 0x41...0x5A: return Character(Unicode.Scalar(0x41 + (value - 0x41 + 13) % 26)!)
    default: return Character(Unicode.Scalar(0x61 + (value - 0x61 + 13) % 26)!)
    }
}

/// The declarations and the way the secret goes in (by its length: keys, type, paste).
private func prelude(_ secret: String) -> String {
    let entry: String
    switch secret.count % 3 {
    case 0: entry = "keys \"\(secret)\""
    case 1: entry = "settings secure-keys=silent\nfocus pw\ntype \"\(secret)\"\nsettings secure-keys=speak"
    default: entry = "clipboard \"\(secret)\"\nedit paste\nclipboard \"public\""
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
private let template: ReplaySession? = try? ReplaySession()

/// What one run showed.
private struct FuzzRun {
    var events: [TimedEvent] = []
    var failures: [String] = []
    var error: String?
    var descriptions: [String] = []
    var text = ""

    init(_ prelude: String, _ body: [UInt8]) {
        guard var session = template else { fail("no session") }
        var collector = EventCollector()
        do {
            try session.feed(Array(prelude.utf8), into: &collector)
            try session.feed(body, into: &collector) { self.failures.append($0.description) }
            try session.finish(into: &collector) { self.failures.append($0.description) }
        } catch {
            self.error = error.formatted(file: "fuzz.replay")
        }
        events = collector.events
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
