/// Draws a layout for the terminal (`typing-echo layouts`): each layer as rows of boxed keys
/// at their positions, the alternates, and optionally every key's frame in points.
///
/// ```
/// letters
///  [ q ][ w ][ e ][ r ][ t ][ y ][ u ][ i ][ o ][ p ]
///    [ a ][ s ][ d ][ f ][ g ][ h ][ j ][ k ][ l ]
///  [ ⇧   ][ z ][ x ][ c ][ v ][ b ][ n ][ m ][   ⌫ ]
/// ```
public enum KeyboardPicture {
    /// Characters of terminal width for one column (a letter key).
    static let charactersPerColumn = 6

    /// The whole picture of a layout.
    /// - Parameters:
    ///   - layout: The keyboard to draw, every layer.
    ///   - frames: Whether to list every key's frame in points too.
    public static func render(_ layout: KeyboardLayout, frames: Bool) -> String {
        var lines = [header(layout), ""]
        for layer in KeyboardLayer.allCases {
            lines.append(layer.rawValue)
            lines += picture(of: layer, in: layout)
            lines.append("")
        }
        let held = layout.keys(on: .letters) + layout.keys(on: .numbers) + layout.keys(on: .symbols)
        var seen: Set<String> = []
        lines.append("alternates (touch and hold)")
        for key in held where !key.alternates.isEmpty && seen.insert(key.kind.name).inserted {
            lines.append("  \(label(of: key.kind))  " + key.alternates.map { label(of: .character($0)) }.joined(separator: " "))
        }
        if frames {
            lines += ["", "key frames (x, y, width, height in points)"]
            for layer in KeyboardLayer.allCases {
                for key in layout.keys(on: layer) {
                    let frame = [key.frame.x, key.frame.y, key.frame.width, key.frame.height].map(points).joined(separator: ", ")
                    lines.append("  " + layer.rawValue.padding(to: 9) + key.kind.name.padding(to: 8) + frame)
                }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `pl-PL  Polski (QWERTY), keyboard at 0,553 size 390x291 on a 390x844 screen`.
    public static func header(_ layout: KeyboardLayout) -> String {
        let frame = layout.frame
        return "\(layout.locale)  \(layout.name) (\(layout.arrangement)), keyboard at \(points(frame.x)),\(points(frame.y)) "
            + "size \(points(frame.width))x\(points(frame.height)) on a \(points(layout.screen.width))x\(points(layout.screen.height)) screen"
    }

    /// One text line per row of a layer, keys drawn as `[ q ]` where they are.
    public static func picture(of layer: KeyboardLayer, in layout: KeyboardLayout) -> [String] {
        let keys = layout.keys(on: layer)
        let unit = keys.first.map { ($0.frame.width + layout.keyGap) / $0.columns } ?? 1
        let scale = Double(charactersPerColumn) / unit
        let rows = (keys.map(\.row).max() ?? -1) + 1
        return (0..<rows).map { row in
            var line = ""
            for key in keys where key.row == row {
                let start = Int(((key.frame.x - layout.keyGap / 2) * scale).rounded())
                let end = Swift.max(start + 3, Int(((key.frame.x + key.frame.width + layout.keyGap / 2) * scale).rounded()))
                line += String(repeating: " ", count: Swift.max(0, start - line.count))
                let inside = end - start - 2
                var label = String(label(of: key.kind).prefix(inside))
                let left = (inside - label.count) / 2
                label = String(repeating: " ", count: left) + label + String(repeating: " ", count: inside - left - label.count)
                line += "[" + label + "]"
            }
            return " " + line
        }
    }

    /// What a key shows: its character, or a symbol or short word for a named key.
    static func label(of kind: KeyKind) -> String {
        switch kind {
        // A mark that would join the space before it (Thai ุ, ำ) is drawn on a dotted circle.
        case .character(let character): (" " + String(character)).count == 1 ? "◌" + String(character) : String(character)
        case .shift: "⇧"
        case .delete: "⌫"
        case .space: "space"
        case .return: "return"
        case .layer(.letters): "ABC"
        case .layer(.numbers): "123"
        case .layer(.symbols): "#+="
        }
    }

    /// Points with one decimal: `35.5`.
    static func points(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = "\(sign)\(abs(tenths) / 10)"
        return abs(tenths) % 10 == 0 ? whole : whole + ".\(abs(tenths) % 10)"
    }
}
