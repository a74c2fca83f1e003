/// Accessibility traits as a bit mask with Apple's runtime values.
///
/// The text-entry bits (`textEntry`, `isEditing`, `secureTextField`, `textArea`, `toggle`) are
/// the values iOS keeps privately. Note that 0x8 is `selected`, not header.
public struct Traits: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The bit mask.
    public var rawValue: UInt64

    /// Creates traits from a bit mask.
    public init(rawValue: UInt64) { self.rawValue = rawValue }

    // The set operations as bit arithmetic on the mask: the same results as `OptionSet`'s
    // generic defaults, which a debug build (what `swift test` runs) calls through the
    // protocol's witness tables and generic metadata on every check of a trait.

    /// Whether every bit of `member` is set.
    public func contains(_ member: Traits) -> Bool { rawValue & member.rawValue == member.rawValue }

    /// The bits set in either.
    public func union(_ other: Traits) -> Traits { Traits(rawValue: rawValue | other.rawValue) }

    /// The bits set in both.
    public func intersection(_ other: Traits) -> Traits { Traits(rawValue: rawValue & other.rawValue) }

    /// The bits set in one of the two only.
    public func symmetricDifference(_ other: Traits) -> Traits { Traits(rawValue: rawValue ^ other.rawValue) }

    /// The bits of these traits not set in `other`.
    public func subtracting(_ other: Traits) -> Traits { Traits(rawValue: rawValue & ~other.rawValue) }

    /// Whether every bit set here is set in `other`.
    public func isSubset(of other: Traits) -> Bool { rawValue & other.rawValue == rawValue }

    /// Whether every bit set in `other` is set here.
    public func isSuperset(of other: Traits) -> Bool { rawValue & other.rawValue == other.rawValue }

    /// Whether no bit is set in both.
    public func isDisjoint(with other: Traits) -> Bool { rawValue & other.rawValue == 0 }

    /// Whether no bit is set.
    public var isEmpty: Bool { rawValue == 0 }

    /// Sets the bits of `other`.
    public mutating func formUnion(_ other: Traits) { rawValue |= other.rawValue }

    /// Keeps only the bits set in `other` too.
    public mutating func formIntersection(_ other: Traits) { rawValue &= other.rawValue }

    /// Clears the bits of `other`.
    public mutating func subtract(_ other: Traits) { rawValue &= ~other.rawValue }

    /// Sets the bits of `newMember`; as `OptionSet`, whether they were not all set before,
    /// and `newMember` (or, when they were, the bits of it that were set).
    @discardableResult
    public mutating func insert(_ newMember: Traits) -> (inserted: Bool, memberAfterInsert: Traits) {
        let old = Traits(rawValue: rawValue & newMember.rawValue)
        if old.rawValue == newMember.rawValue { return (false, old) }
        rawValue |= newMember.rawValue
        return (true, newMember)
    }

    /// Clears the bits of `member`; the bits of it that were set, or nil when none was.
    @discardableResult
    public mutating func remove(_ member: Traits) -> Traits? {
        let removed = rawValue & member.rawValue
        rawValue &= ~member.rawValue
        return removed == 0 ? nil : Traits(rawValue: removed)
    }

    /// Activating it performs an action.
    public static let button = Traits(rawValue: 1 << 0)
    /// Activating it opens a link.
    public static let link = Traits(rawValue: 1 << 1)
    /// An image.
    public static let image = Traits(rawValue: 1 << 2)
    /// Currently selected ("Selected, …").
    public static let selected = Traits(rawValue: 1 << 3)
    /// Plays its own sound when activated.
    public static let playsSound = Traits(rawValue: 1 << 4)
    /// A keyboard key.
    public static let keyboardKey = Traits(rawValue: 1 << 5)
    /// Text that does not change.
    public static let staticText = Traits(rawValue: 1 << 6)
    /// A summary read when the app starts.
    public static let summaryElement = Traits(rawValue: 1 << 7)
    /// Disabled ("dimmed").
    public static let notEnabled = Traits(rawValue: 1 << 8)
    /// Its value changes often; not re-announced on every change.
    public static let updatesFrequently = Traits(rawValue: 1 << 9)
    /// A search field.
    public static let searchField = Traits(rawValue: 1 << 10)
    /// Starts media; speech is silenced when activated.
    public static let startsMediaSession = Traits(rawValue: 1 << 11)
    /// Swipe up or down adjusts its value.
    public static let adjustable = Traits(rawValue: 1 << 12)
    /// Gestures pass through to the app.
    public static let allowsDirectInteraction = Traits(rawValue: 1 << 13)
    /// Reading continues onto the next page.
    public static let causesPageTurn = Traits(rawValue: 1 << 14)
    /// A tab bar.
    public static let tabBar = Traits(rawValue: 1 << 15)
    /// A heading.
    public static let header = Traits(rawValue: 1 << 16)
    /// Text can be entered (private iOS bit).
    public static let textEntry = Traits(rawValue: 1 << 18)
    /// The field is being edited (private iOS bit).
    public static let isEditing = Traits(rawValue: 1 << 21)
    /// The field hides its text (private iOS bit).
    public static let secureTextField = Traits(rawValue: 1 << 24)
    /// A multi-line text area (private iOS bit).
    public static let textArea = Traits(rawValue: 1 << 47)
    /// A toggle switch (private iOS bit).
    public static let toggle = Traits(rawValue: 1 << 53)

    /// Every named trait with its script name, in bit order.
    public static let named: [(name: String, trait: Traits)] = [
        ("button", .button), ("link", .link), ("image", .image), ("selected", .selected),
        ("playsSound", .playsSound), ("keyboardKey", .keyboardKey), ("staticText", .staticText),
        ("summaryElement", .summaryElement), ("notEnabled", .notEnabled),
        ("updatesFrequently", .updatesFrequently), ("searchField", .searchField),
        ("startsMediaSession", .startsMediaSession), ("adjustable", .adjustable),
        ("allowsDirectInteraction", .allowsDirectInteraction), ("causesPageTurn", .causesPageTurn),
        ("tabBar", .tabBar), ("header", .header), ("textEntry", .textEntry), ("isEditing", .isEditing),
        ("secureTextField", .secureTextField), ("textArea", .textArea), ("toggle", .toggle),
    ]

    /// The trait with a script name (`button`, `staticText`), if there is one.
    public init?(name: String) {
        guard let match = Self.named.first(where: { $0.name == name }) else { return nil }
        self = match.trait
    }

    /// A trait from one token of a `traits=` list: a name (`button`) or a hex mask (`0x9`).
    ///
    /// A mask may carry bits that have no name here (iOS has more private bits); they are kept.
    public init?(token: String) {
        if let named = Traits(name: token) {
            self = named
            return
        }
        guard token.hasPrefix("0x"), token.count > 2, let mask = UInt64(token.dropFirst(2), radix: 16) else { return nil }
        self.init(rawValue: mask)
    }

    /// The mask in hex as scripts and `describe` write it: `0x9`.
    public var hex: String { "0x" + String(rawValue, radix: 16) }

    /// The names of the traits set, in bit order.
    public var names: [String] {
        var names: [String] = []
        for index in Self.named.indices where rawValue & Self.named[index].trait.rawValue == Self.named[index].trait.rawValue {
            names.append(Self.named[index].name)
        }
        return names
    }

    /// `button,selected (0x9)`.
    public var description: String {
        "\(names.joined(separator: ",")) (\(hex))"
    }
}
