import Testing
@testable import TypingEcho

/// The route index answers exactly what walking every key answers, for every built-in layout
/// and keyboard type, from every layer, for every character on the layout, its capital, and
/// characters that are on no key.
@Suite("Key routes: the index agrees with a walk over every key")
struct KeyRouteIndexTests {
    static var layouts: [KeyboardLayout] {
        KeyboardLayout.all.flatMap { base in
            KeyboardType.allCases.compactMap { try? KeyboardLayout.matching(base.locale, type: $0) }
        }
    }

    @Test("every layout, type, layer and character")
    func indexMatchesWalk() throws {
        var compared = 0
        for layout in Self.layouts {
            var characters: Set<Character> = [" ", "\n", "€", "ß", "İ", "ǅ", "👍🏽", "e\u{301}", "\u{E000}"]
            for layer in KeyboardLayer.allCases {
                for key in layout.keys(on: layer) {
                    guard case .character(let base) = key.kind else { continue }
                    for character in [base] + key.alternates {
                        characters.insert(character)
                        characters.insert(layout.shifted(character))
                        for scalar in character.unicodeScalars { characters.insert(Character(scalar)) }
                    }
                }
            }
            for character in characters {
                for layer in KeyboardLayer.allCases {
                    for inArea in [false, true] {
                        let indexed = layout.route(for: character, from: layer, inArea: inArea)
                        let walked = layout.routeByWalkingKeys(for: character, from: layer, inArea: inArea)
                        #expect(indexed == walked, "\(layout.locale) \(layout.type) \(String(reflecting: character)) from \(layer)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 10_000)
    }
}
