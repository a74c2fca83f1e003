/// A layer of the on-screen keyboard: the letters, the numbers, or the symbols.
public enum KeyboardLayer: String, Sendable, Hashable, CaseIterable {
    /// The letters, with shift.
    case letters
    /// Digits and common punctuation ("123").
    case numbers
    /// More symbols ("#+=").
    case symbols

    /// How many layers there are (the ordinals are below it).
    static let count = 3

    /// 0, 1, 2 in declaration order: the index of the layer's keys in a layout.
    var ordinal: Int {
        switch self {
        case .letters: 0
        case .numbers: 1
        case .symbols: 2
        }
    }

    /// Hashes the case, not its raw string (equal layers hash alike, as before).
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }
}

/// What a key does when it is entered.
public enum KeyKind: Sendable, Hashable {
    /// Types a character (shifted on the letters layer when shift or caps lock is on).
    case character(Character)
    /// Shift: once for one capital, twice quickly for caps lock.
    case shift
    /// Deletes the character before the insertion point.
    case delete
    /// Types a space.
    case space
    /// A line break in a text area; elsewhere it submits and types nothing.
    case `return`
    /// Switches to another layer ("numbers", "symbols", "letters").
    case layer(KeyboardLayer)

    /// The named keys as written in layouts and scripts.
    static let named: [(String, KeyKind)] = [
        ("shift", .shift), ("delete", .delete), ("space", .space), ("return", .return),
        ("numbers", .layer(.numbers)), ("symbols", .layer(.symbols)), ("letters", .layer(.letters)),
    ]

    /// The index of a named kind in ``named`` (nil for a character key).
    var namedSlot: Int? {
        switch self {
        case .character: nil
        case .shift: 0
        case .delete: 1
        case .space: 2
        case .return: 3
        case .layer(.numbers): 4
        case .layer(.symbols): 5
        case .layer(.letters): 6
        }
    }

    /// The key's name in scripts and layouts: `q`, `shift`, `numbers`.
    public var name: String {
        if case .character(let character) = self { return String(character) }
        return Self.named.first { $0.1 == self }!.0
    }

    /// The key of a layout token: a named key, a `U+XXXX` code point, or one character.
    init?(token: String) {
        if let named = Self.named.first(where: { $0.0 == token }) {
            self = named.1
        } else if token.count == 1, let character = token.first {
            self = .character(character)
        } else if token.hasPrefix("U+"), let value = UInt32(token.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
            self = .character(Character(scalar))
        } else {
            return nil
        }
    }
}

/// One key: what it does, where it is, and the alternates touch-and-hold offers.
public struct Key: Sendable, Hashable {
    /// What the key does.
    public var kind: KeyKind
    /// The row, 0 at the top.
    public var row: Int
    /// The key's rectangle in screen points (the gaps between keys are not part of it).
    public var frame: Frame
    /// Its width in columns, as written in the layout (1 for a letter key).
    public var columns: Double
    /// What touch-and-hold offers, in order; the first is preselected.
    public var alternates: [Character]
}

/// Which key on which layer: the layer and the key's index among that layer's keys.
public struct KeyID: Sendable, Hashable {
    /// The layer the key is on.
    public var layer: KeyboardLayer
    /// The index in `KeyboardLayout.keys(on:)`.
    public var index: Int
}

/// An on-screen keyboard for one locale: its layers of keys with their frames in points and
/// their alternates, read from a translator-editable file in `Keyboards/`.
public struct KeyboardLayout: Sendable {
    /// The BCP 47 tag the layout is for (`pl-PL`).
    public let locale: String
    /// The language's name in that language (`Polski`).
    public let name: String
    /// The arrangement of the letters (`QWERTY`, `QWERTZ`, `AZERTY`).
    public let arrangement: String
    /// The keyboard type it is for (`keyboard=` on a field); `default` for a locale's layout.
    public internal(set) var type = KeyboardType.default
    /// The whole screen the keyboard sits at the bottom of.
    public let screen: Frame
    /// The keyboard's area: touches inside it go to the nearest key.
    public let frame: Frame
    /// The distance between the tops of two rows.
    public let rowPitch: Double
    /// The space between two keys in a row.
    public let keyGap: Double
    /// The ICU locale id used to shift letters (`pl_PL`).
    let icuLocale: String
    /// The keys of each layer, at its ``KeyboardLayer/ordinal``.
    private let layers: [[Key]]
    /// Per layer, the index of the first key of each named kind (see `namedSlot`), or -1.
    private let namedKeys: [[Int]]
    /// The capital of every character on a key or an alternate, worked out once (ICU).
    private let capitals: [Character: Character]
    /// Where each character is typed from, per layer, worked out once (see `route(for:from:inArea:)`).
    private(set) var routeIndex = KeyRouteIndex()
    /// The layer keys from each layer to each other (`layerPath(from:to:)`), at
    /// `from.ordinal * KeyboardLayer.count + to.ordinal`, worked out once: every key typed with `type`
    /// asks, and a debug build copied every key of a layer searching it.
    private(set) var layerPaths: [[KeyID]?] = []

    /// A layout from its parts; capitals are worked out here once.
    init(locale: String, name: String, arrangement: String, screen: Frame, frame: Frame,
         rowPitch: Double, keyGap: Double, icuLocale: String, layers: [KeyboardLayer: [Key]]) {
        self.locale = locale
        self.name = name
        self.arrangement = arrangement
        self.screen = screen
        self.frame = frame
        self.rowPitch = rowPitch
        self.keyGap = keyGap
        self.icuLocale = icuLocale
        self.layers = KeyboardLayer.allCases.map { layers[$0] ?? [] }
        self.namedKeys = self.layers.map { keys in
            var slots = [Int](repeating: -1, count: KeyKind.named.count)
            for (index, key) in keys.enumerated() {
                if let slot = key.kind.namedSlot, slots[slot] < 0 { slots[slot] = index }
            }
            return slots
        }
        var capitals: [Character: Character] = [:]
        for key in self.layers.joined() {
            guard case .character(let base) = key.kind else { continue }
            for character in [base] + key.alternates where capitals[character] == nil {
                let upper = CaseMapping.uppercase(String(character), locale: icuLocale)
                capitals[character] = upper.count == 1 ? upper.first! : character
            }
        }
        self.capitals = capitals
        routeIndex = KeyRouteIndex(self)
        var paths: [[KeyID]?] = []
        for start in KeyboardLayer.allCases {
            for goal in KeyboardLayer.allCases { paths.append(searchLayerPath(from: start, to: goal)) }
        }
        layerPaths = paths
    }

    /// The keys of a layer, row by row, left to right.
    public func keys(on layer: KeyboardLayer) -> [Key] { layers[layer.ordinal] }

    /// A key by id.
    public subscript(id: KeyID) -> Key { layers[id.layer.ordinal][id.index] }

    /// Every key of a layer with its id.
    func ids(on layer: KeyboardLayer) -> [KeyID] {
        keys(on: layer).indices.map { KeyID(layer: layer, index: $0) }
    }

    /// The character a character key or alternate types with shift on: the locale's capital
    /// when it is a single character (ß stays ß), else the character itself.
    func shifted(_ character: Character) -> Character {
        if let capital = capitals[character] { return capital }
        let upper = CaseMapping.uppercase(String(character), locale: icuLocale)
        return upper.count == 1 ? upper.first! : character
    }

    /// The first key on a layer that does `kind`.
    func key(_ kind: KeyKind, on layer: KeyboardLayer) -> KeyID? {
        if let slot = kind.namedSlot {
            let index = namedKeys[layer.ordinal][slot]
            return index < 0 ? nil : KeyID(layer: layer, index: index)
        }
        return keys(on: layer).firstIndex { $0.kind == kind }.map { KeyID(layer: layer, index: $0) }
    }
}
