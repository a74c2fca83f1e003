import Testing
@testable import TypingEcho

@Suite("Traits")
struct TraitsTests {
    static let bits: [(String, UInt64)] = [
        ("button", 1 << 0), ("link", 1 << 1), ("image", 1 << 2), ("selected", 1 << 3), ("playsSound", 1 << 4),
        ("keyboardKey", 1 << 5), ("staticText", 1 << 6), ("summaryElement", 1 << 7), ("notEnabled", 1 << 8),
        ("updatesFrequently", 1 << 9), ("searchField", 1 << 10), ("startsMediaSession", 1 << 11),
        ("adjustable", 1 << 12), ("allowsDirectInteraction", 1 << 13), ("causesPageTurn", 1 << 14),
        ("tabBar", 1 << 15), ("header", 1 << 16), ("textEntry", 1 << 18), ("isEditing", 1 << 21),
        ("secureTextField", 1 << 24), ("textArea", 1 << 47), ("toggle", 1 << 53),
    ]

    @Test("every trait has Apple's bit value and its name, both ways", arguments: bits)
    func bitAndName(name: String, bit: UInt64) throws {
        let trait = try #require(Traits(name: name))
        #expect(trait.rawValue == bit)
        #expect(Traits(rawValue: bit).names == [name])
        #expect(Traits(token: "0x" + String(bit, radix: 16)) == trait)
    }

    @Test("the table names every trait once, in bit order")
    func tableIsComplete() {
        #expect(Traits.named.map(\.name) == Self.bits.map(\.0))
        #expect(Traits.named.map(\.trait.rawValue) == Self.bits.map(\.1).sorted())
    }

    @Test("selected is 0x8 (not header) and a mask prints as names and hex")
    func description() {
        #expect(Traits.selected.rawValue == 0x8)
        #expect(Traits([.button, .selected]).description == "button,selected (0x9)")
        #expect(Traits([.staticText, .header]).hex == "0x10040")
    }

    @Test("a hex mask in traits= sets its bits, unnamed private bits kept", arguments: [
        ("0x9", Traits([.button, .selected])), ("0x20000", Traits(rawValue: 1 << 17)),
    ])
    func hexToken(token: String, expected: Traits) throws {
        #expect(Traits(token: token) == expected)
        let run = replay("element e label=\"E\" traits=\(token)")
        #expect(run.error == nil)
        #expect(run.engine?.element("e")?.traits == expected)
    }

    @Test("not a name or a hex mask", arguments: ["0x", "0xZZ", "Button", "9"])
    func badToken(token: String) { #expect(Traits(token: token) == nil) }

    @Test("standard elements bring their default traits; traits= adds to them", arguments: [
        ("element e label=\"E\" kind=button", Traits.button),
        ("element e label=\"E\" kind=label", Traits.staticText),
        ("element e label=\"E\" kind=image", Traits.image),
        ("element e label=\"E\" kind=heading", Traits([.staticText, .header])),
        ("element e label=\"E\" kind=slider", Traits.adjustable),
        ("element e label=\"E\" kind=switch", Traits([.button, .toggle])),
        ("element e label=\"E\" kind=button traits=selected", Traits([.button, .selected])),
        ("field e kind=text label=\"E\"", Traits.textEntry),
        ("field e kind=secure label=\"E\"", Traits([.textEntry, .secureTextField])),
        ("field e kind=search label=\"E\"", Traits([.textEntry, .searchField])),
        ("field e kind=area label=\"E\"", Traits([.textEntry, .textArea])),
    ])
    func defaults(declaration: String, expected: Traits) {
        #expect(replay(declaration).engine?.element("e")?.traits == expected)
    }
}
