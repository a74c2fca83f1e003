import CLouis

/// Translates text to braille cells and braille input back to text with one liblouis table.
///
/// The table is always used with `braille-patterns.cti` after it (as NVDA does), so that
/// Unicode braille in a text shows as itself. Translation asks liblouis for dot patterns
/// (`dotsIO`, `ucBrl`), passes no typeform or spacing buffer, and sizes its buffers as TalkBack
/// does: twice the input, doubled until liblouis consumes all of it.
public struct BrailleTranslator: Sendable, Hashable {
    /// The library the table was compiled by.
    public let library: Liblouis
    /// The table.
    public let table: BrailleTable
    /// Whether the table can read braille input: false when its metadata says
    /// `direction: forward` (such tables back-translate to nonsense).
    public let readsBackward: Bool

    /// The most characters one translation covers: a longer line is translated in a window of
    /// about this many characters around the cursor, starting and ending at a space where one
    /// is near, so that a 10 MB line costs no more per call than a long paragraph.
    public static let longestTranslation = 2048

    /// The table list handed to liblouis.
    static func tableList(for table: BrailleTable) -> String { table.name + ",braille-patterns.cti" }

    /// Translates `line` with the cursor before character `cursor` (0…its count; `nil` for no
    /// cursor). With `expandAtCursor` the word at the cursor is shown in computer braille
    /// (liblouis's `compbrlAtCursor`, NVDA's and Orca's "expand to computer braille at the
    /// cursor"); liblouis does not expand when the cursor is at the end of the text. A U+0000,
    /// which would end liblouis's input, is translated as U+2400 SYMBOL FOR NULL (`␀`).
    ///
    /// - Complexity: O(*c* + *w*): walking to the cursor *c*, then liblouis over the window *w*
    ///   (at most about `longestTranslation` characters).
    public func translate(_ line: some StringProtocol, cursor: Int? = nil, expandAtCursor: Bool = false) throws(BrailleError) -> BrailleTranslation {
        let window = try Self.window(of: line, around: cursor ?? 0)
        guard cursor == nil || cursor! >= 0 else { throw .cursorOutOfRange(cursor: cursor!) }
        // The window's code points, and for each the character (from the window's start) it
        // belongs to. Plain loops over buffers: this runs on every change the display shows,
        // and closures over ranges cost several times more in a debug build.
        let piece = line[window.range]
        var scalars: [UInt32] = []
        var characterOfScalar: [Int] = []
        var firstScalar: [Int] = []
        scalars.reserveCapacity(piece.utf8.count)
        characterOfScalar.reserveCapacity(piece.utf8.count)
        firstScalar.reserveCapacity(piece.utf8.count)
        var offset = 0
        for character in piece {
            firstScalar.append(scalars.count)
            for scalar in character.unicodeScalars {
                scalars.append(scalar.value)
                characterOfScalar.append(offset)
            }
            offset += 1
        }
        let cursorScalar = cursor.map { $0 - window.start < firstScalar.count ? firstScalar[$0 - window.start] : scalars.count } ?? 0
        var result = telou_translation()
        var message = [CChar](repeating: 0, count: 512)
        let mode = expandAtCursor && cursor != nil ? Int32(telou_mode_compbrl_at_cursor) : 0
        let translated = telou_translate(Self.tableList(for: table), scalars, Int32(scalars.count), Int32(cursorScalar), mode,
                                         &result, &message, message.count)
        guard translated == 1 else { throw .translationFailed(table: table.name, reason: Liblouis.string(message)) }
        defer { telou_translation_free(&result) }
        let count = Int(result.cell_count)
        let characters = firstScalar.count
        let start = window.start
        let cells = [BrailleCell](unsafeUninitializedCapacity: count) { buffer, initialized in
            var index = 0
            while index < count {
                (buffer.baseAddress! + index).initialize(to: BrailleCell(dots: UInt8(truncatingIfNeeded: result.cells[index])))
                index += 1
            }
            initialized = count
        }
        let cellOfCharacter = [Int](unsafeUninitializedCapacity: characters) { buffer, initialized in
            firstScalar.withUnsafeBufferPointer { first in
                var index = 0
                while index < characters {
                    (buffer.baseAddress! + index).initialize(to: Int(result.output_positions[first[index]]))
                    index += 1
                }
            }
            initialized = characters
        }
        let characterOfCell = [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
            characterOfScalar.withUnsafeBufferPointer { owner in
                var index = 0
                while index < count {
                    (buffer.baseAddress! + index).initialize(to: start + owner[Int(result.input_positions[index])])
                    index += 1
                }
            }
            initialized = count
        }
        return BrailleTranslation(cells: cells, cursor: cursor == nil ? nil : Int(result.cursor), start: start,
                                  cellOfCharacter: cellOfCharacter, characterOfCell: characterOfCell)
    }

    /// Back-translates braille input (`cells`, as typed on Braille Screen Input or a braille
    /// keyboard) to text. `partialWord` says the cells are the start of a word still being typed
    /// (liblouis's `partialTrans`); cells that mean nothing give nothing (`noUndefined`).
    ///
    /// - Complexity: O(*n*) in the number of cells, as liblouis's back-translation is.
    public func backTranslate(_ cells: [BrailleCell], partialWord: Bool = false) throws(BrailleError) -> String {
        guard readsBackward else { throw .cannotBackTranslate(table: table.name) }
        guard cells.count <= Int(Int32.max) / 64 else { throw .translationFailed(table: table.name, reason: "too many cells") }
        let points = cells.map { $0.scalar.value }
        var text: UnsafeMutablePointer<UInt32>?
        var length: Int32 = 0
        var message = [CChar](repeating: 0, count: 512)
        let mode = Int32(telou_mode_no_undefined) | (partialWord ? Int32(telou_mode_partial) : 0)
        guard telou_back_translate(Self.tableList(for: table), points, Int32(points.count), mode, &text, &length, &message, message.count) == 1 else {
            throw .translationFailed(table: table.name, reason: Liblouis.string(message))
        }
        defer { telou_text_free(text) }
        var scalars = String.UnicodeScalarView()
        for index in 0..<Int(length) {
            scalars.append(Unicode.Scalar(text![index]) ?? "\u{FFFD}")
        }
        return String(scalars)
    }

    /// The characters a translation with the cursor at `cursor` covers: the whole line when it
    /// has at most `longestTranslation` characters, else that many around the cursor (a window
    /// that reaches one end of the line takes what it lost there from the other side), cut after
    /// a space at the start and before one at the end where one is within the window.
    static func window<Text: StringProtocol>(of line: Text, around cursor: Int) throws(BrailleError) -> (range: Range<Text.Index>, start: Int) {
        guard cursor >= 0, let at = line.index(line.startIndex, offsetBy: cursor, limitedBy: line.endIndex) else {
            throw .cursorOutOfRange(cursor: cursor)
        }
        let half = longestTranslation / 2
        var lower = line.index(at, offsetBy: -half, limitedBy: line.startIndex) ?? line.startIndex
        var upper = line.index(at, offsetBy: half, limitedBy: line.endIndex) ?? line.endIndex
        // Without this, a label of 1,100 characters translated without a cursor (at 0) lost its
        // last 76 and the role words after it.
        let before = line.distance(from: lower, to: at), after = line.distance(from: at, to: upper)
        if before < half { upper = line.index(upper, offsetBy: half - before, limitedBy: line.endIndex) ?? line.endIndex }
        if after < half { lower = line.index(lower, offsetBy: after - half, limitedBy: line.startIndex) ?? line.startIndex }
        var start = cursor - line.distance(from: lower, to: at)
        if lower != line.startIndex, let space = line[lower..<at].firstIndex(where: \.isWhitespace) {
            start += line.distance(from: lower, to: space) + 1
            lower = line.index(after: space)
        }
        if upper != line.endIndex, at < upper, let space = line[line.index(after: at)..<upper].lastIndex(where: \.isWhitespace) {
            upper = space
        }
        return (lower..<upper, start)
    }
}
