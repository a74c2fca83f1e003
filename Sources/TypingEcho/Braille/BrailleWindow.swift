/// What the braille display shows (`braille` event): the raised dots of its window, the cell of
/// the insertion point and the first character of the text shown.
public struct BrailleWindow: Sendable, Hashable {
    /// The window's cells as Unicode braille (U+2800–U+28FF), cursor and selection dots
    /// included; at most `braille-cells` of them.
    public var cells: String
    /// The cell of the insertion point in the window, or nil when it is not shown.
    public var cursor: Int?
    /// The first character of the text shown (0 when the window starts on the label).
    public var start: Int

    /// Creates a window as a `braille` event carries it.
    public init(cells: String, cursor: Int?, start: Int) {
        self.cells = cells
        self.cursor = cursor
        self.start = start
    }

    /// The empty display: nothing shown.
    public static let empty = BrailleWindow(cells: "", cursor: nil, start: 0)
}
