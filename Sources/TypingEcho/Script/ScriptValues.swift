/// Conversions of script text into numbers, frames and closed-set values, with their error messages.
enum ScriptValues {
    /// A decimal number `123` or `1.5` (with a leading `-` when `signed`); no exponent, no `+`.
    static func decimal(_ text: String, signed: Bool) -> Double? {
        var text = text
        return text.withUTF8 { decimal($0[...], signed: signed) }
    }

    /// ``decimal(_:signed:)`` over UTF-8 bytes. Up to 15 significant digits (every frame and
    /// time a script holds) the value is the digits as an integer divided by a power of ten,
    /// both exact in a `Double`, so the quotient is the correctly rounded value `Double(text)`
    /// gives (Clinger's fast path); longer numbers go to `Double(text)`.
    static func decimal(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, signed: Bool) -> Double? {
        var index = bytes.startIndex
        let negative = signed && index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var whole = 0
        var fraction = -1
        var digits: UInt64 = 0
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), fraction < 0, whole > 0 {
                fraction = 0
            } else if byte &- UInt8(ascii: "0") < 10 {
                if fraction < 0 { whole += 1 } else { fraction += 1 }
                if whole + max(fraction, 0) <= 15 { digits = digits &* 10 &+ UInt64(byte &- UInt8(ascii: "0")) }
            } else {
                return nil
            }
            index += 1
        }
        guard whole > 0, fraction != 0 else { return nil }
        let places = max(fraction, 0)
        if whole + places <= 15 {
            let magnitude = places == 0 ? Double(digits) : Double(digits) / powersOfTen[places]
            return negative ? -magnitude : magnitude
        }
        guard let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// 10⁰ through 10¹⁵, each exact in a `Double`.
    private static let powersOfTen: [Double] = (0...15).map { (0..<$0).reduce(1.0) { value, _ in value * 10 } }

    /// A whole number written with digits only, at least 0.
    static func integer(_ piece: ScriptPiece, in line: ScriptLineText) throws(ScriptError) -> Int {
        let digits = piece.text.unicodeScalars
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw line.error("bad number; expected a whole number, like 3", at: piece.offset)
        }
        guard let value = Int(piece.text) else {
            throw line.error("number too large", at: piece.offset)
        }
        return value
    }

    /// `X,Y,W,H`: four numbers, the width and height not negative.
    static func frame(_ piece: ScriptPiece, in line: ScriptLineText) throws(ScriptError) -> Frame {
        // Four well-formed numbers (every frame but a wrong one) are read from the bytes in place,
        // into four values (an array of them was an allocation per frame).
        func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (Double, Double, Double, Double)? {
            var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
            var count = 0
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: ",") {
                guard count < 4, let number = decimal(bytes[start..<index], signed: count < 2) else { return nil }
                switch count {
                case 0: numbers.0 = number
                case 1: numbers.1 = number
                case 2: numbers.2 = number
                default: numbers.3 = number
                }
                count += 1
                start = index + 1
            }
            return count == 4 ? numbers : nil
        }
        var text = piece.text
        let numbers = text.utf8.withContiguousStorageIfAvailable(read) ?? text.withUTF8(read)
        if let numbers { return Frame(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3) }
        // Something is wrong: find the part to blame, as before.
        let parts = piece.commaSeparated()
        guard parts.count == 4 else {
            throw line.error("bad frame; expected four numbers X,Y,W,H", at: piece.offset)
        }
        for (index, part) in parts.enumerated() where decimal(part.text, signed: index < 2) == nil {
            let expected = index < 2 ? "a number" : "a non-negative number"
            throw line.error("bad number in frame; expected \(expected)", at: part.offset)
        }
        preconditionFailure("a frame read part by part that its bytes did not give")
    }

    /// The case of `Choice` whose raw value is the piece's text.
    static func choice<Choice: CaseIterable & RawRepresentable>(
        _ piece: ScriptPiece, what: String, in line: ScriptLineText
    ) throws(ScriptError) -> Choice where Choice.RawValue == String {
        if let value = Choice(rawValue: piece.text) { return value }
        let message = unknown(what, piece, allowed: Choice.allCases.map(\.rawValue))
        throw line.error(message, at: piece.offset)
    }

    /// `unknown WHAT 'TEXT' (expected a, b or c); did you mean 'b'?` — the text and the guess only when not quoted.
    static func unknown(_ what: String, _ piece: ScriptPiece, allowed: [String]) -> String {
        guard !piece.quoted else { return "unknown \(what) (expected \(list(allowed)))" }
        var message = "unknown \(what) \(ScriptErrorText.quoted(piece.text)) (expected \(list(allowed)))"
        if let guess = suggestion(for: piece.text, among: allowed) { message += "; did you mean '\(guess)'?" }
        return message
    }

    /// `a, b or c`.
    static func list(_ names: [String]) -> String {
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The closest name when it is only a typo away (`Suggestion.closest(to:among:)`).
    static func suggestion(for word: String, among names: [String]) -> String? {
        Suggestion.closest(to: word, among: names)
    }
}
