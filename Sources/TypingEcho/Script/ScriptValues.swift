/// Conversions of script text into numbers, frames and closed-set values, with their error messages.
enum ScriptValues {
    /// A decimal number `123` or `1.5` (with a leading `-` when `signed`); no exponent, no `+`.
    static func decimal(_ text: String, signed: Bool) -> Double? {
        var scalars = text.unicodeScalars[...]
        if signed, scalars.first == "-" { scalars = scalars.dropFirst() }
        var whole = 0
        var fraction: Int?
        for scalar in scalars {
            if scalar == ".", fraction == nil, whole > 0 {
                fraction = 0
            } else if ("0"..."9").contains(scalar) {
                if fraction == nil { whole += 1 } else { fraction! += 1 }
            } else {
                return nil
            }
        }
        guard whole > 0, fraction != 0, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A whole number written with digits only, at least 0.
    static func integer(_ piece: ScriptPiece, line: Int) throws(ScriptError) -> Int {
        let digits = piece.text.unicodeScalars
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }) else {
            throw ScriptError("bad number; expected a whole number, like 3", line: line, column: piece.column)
        }
        guard let value = Int(piece.text) else {
            throw ScriptError("number too large", line: line, column: piece.column)
        }
        return value
    }

    /// `X,Y,W,H`: four numbers, the width and height not negative.
    static func frame(_ piece: ScriptPiece, line: Int) throws(ScriptError) -> Frame {
        let parts = piece.commaSeparated()
        guard parts.count == 4 else {
            throw ScriptError("bad frame; expected four numbers X,Y,W,H", line: line, column: piece.column)
        }
        var numbers: [Double] = []
        for (index, part) in parts.enumerated() {
            guard let number = decimal(part.text, signed: index < 2) else {
                let expected = index < 2 ? "a number" : "a non-negative number"
                throw ScriptError("bad number in frame; expected \(expected)", line: line, column: part.column)
            }
            numbers.append(number)
        }
        return Frame(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
    }

    /// The case of `Choice` whose raw value is the piece's text.
    static func choice<Choice: CaseIterable & RawRepresentable>(
        _ piece: ScriptPiece, what: String, line: Int
    ) throws(ScriptError) -> Choice where Choice.RawValue == String {
        if let value = Choice(rawValue: piece.text) { return value }
        let message = unknown(what, piece, allowed: Choice.allCases.map(\.rawValue))
        throw ScriptError(message, line: line, column: piece.column)
    }

    /// `unknown WHAT 'TEXT' (expected a, b or c); did you mean 'b'?` — the text and the guess only when not quoted.
    static func unknown(_ what: String, _ piece: ScriptPiece, allowed: [String]) -> String {
        guard !piece.quoted else { return "unknown \(what) (expected \(list(allowed)))" }
        var message = "unknown \(what) '\(piece.text)' (expected \(list(allowed)))"
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
