// libFuzzer target over the HTML importer (gumbo through the CGumbo shim, the visibility pass,
// the name computation, the elements and notes, and the script and JSON written from them),
// with the secure invariant's oracle. Built with the engine's and the importer's sources in one
// module by Fuzz/run-html.sh (not by SwiftPM).
//
// An input is a page. It is imported as it is (any crash, trap or hang is a finding), then twice
// more after a password input holding a secret, and after the same input holding a decoy of the
// same length that differs in every character (both drawn from a hash of the input, so a finding
// replays). The password has id="pw" so that the page can point at it (aria-labelledby,
// aria-describedby, <label for=pw>, aria-errormessage). Any difference between the two imports'
// script, JSON, notes or errors is a finding, and so is any two consecutive characters of the
// secret in the output that the decoy's output and the page lack.
#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's entry: imports one page, then the same page after a password and after a decoy.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let page = Array(UnsafeBufferPointer(start: data, count: size))
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in page { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    _ = render(page)
    var random = hash
    func next() -> Int {
        random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: random >> 33)
    }
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%()*+,-./:;=?@[]^_{|}~ éж")
    var secret = ""
    var decoy = ""
    for _ in 0..<(1 + next() % 16) {
        let character = alphabet[next() % alphabet.count]
        var other = alphabet[next() % alphabet.count]
        while other == character { other = alphabet[next() % alphabet.count] }
        secret.append(character)
        decoy.append(other)
    }
    let real = render(Array("<input type=password id=pw value=\"\(secret)\">".utf8) + page)
    let shadow = render(Array("<input type=password id=pw value=\"\(decoy)\">".utf8) + page)
    guard real == shadow else { fail("the import's output depends on the password beyond its length") }
    let characters = Array(secret)
    let pageText = String(decoding: page, as: UTF8.self)
    for start in 0..<max(characters.count - 1, 0) {
        let piece = String(characters[start...(start + 1)])
        if real.utf8.firstRange(of: piece.utf8) != nil && shadow.utf8.firstRange(of: piece.utf8) == nil
            && pageText.utf8.firstRange(of: piece.utf8) == nil
        {
            fail("the import's output holds two characters of the password")
        }
    }
    return 0
}

/// Everything the importer prints for a page: the script and its notes, the JSON, the screen's
/// notes, or the error.
private func render(_ page: [UInt8]) -> String {
    do {
        let screen = try ScreenImport.importScreen(page, format: .html, source: "fuzz.html")
        let (script, notes) = screen.script()
        return script + "\n" + screen.json + "\n" + (screen.notes + notes).map(\.description).joined(separator: "\n")
    } catch {
        return error.description
    }
}

private func fail(_ message: String) -> Never {
    // The message never holds the secret: the input file libFuzzer saves is the reproducer.
    fputs("secure invariant violated: \(message)\n", stderr)
    abort()
}
