import Testing
@testable import TypingEcho

@Suite("Keyboard layouts")
struct KeyboardLayoutTests {
    @Test("Every layout file in Keyboards/ reads without problems", arguments: KeyboardLayout.embeddedFiles.map(\.locale))
    func filesRead(_ locale: String) throws {
        let file = try #require(KeyboardLayout.embeddedFiles.first { $0.locale == locale })
        let layout = try KeyboardLayout(named: "layout-\(locale).txt", utf8: file.bytes)
        #expect(layout.locale == locale)
        #expect(KeyboardLayout.all.contains { $0.locale == locale })
    }

    @Test("Each layer has delete, space, return and keys to the other layers; letters has shift where it has capitals",
          arguments: KeyboardLayout.all.map(\.locale))
    func requiredKeys(_ locale: String) {
        let layout = KeyboardLayout.matching(locale)
        for layer in KeyboardLayer.allCases {
            for kind in [KeyKind.delete, .space, .return] {
                #expect(layout.key(kind, on: layer) != nil, "\(locale) \(layer) has no \(kind.name)")
            }
            for other in KeyboardLayer.allCases {
                #expect(layout.layerPath(from: layer, to: other) != nil)
            }
        }
        // Shift only where letters have capitals: Arabic, Hebrew, Thai and Urdu have none.
        let caseless = ["ar", "he-IL", "th-TH", "ur-PK"].contains(locale)
        #expect((layout.key(.shift, on: .letters) != nil) == !caseless)
    }

    @Test("Keys lie on the keyboard at the bottom of a 390 x 844 screen and never overlap",
          arguments: KeyboardLayout.all.map(\.locale))
    func frames(_ locale: String) {
        let layout = KeyboardLayout.matching(locale)
        #expect(layout.screen.width == 390 && layout.screen.height == 844)
        #expect(layout.frame.y + layout.frame.height == 844)
        for layer in KeyboardLayer.allCases {
            let keys = layout.keys(on: layer)
            for key in keys {
                #expect(key.frame.x >= 0 && key.frame.x + key.frame.width <= 390.001)
                #expect(key.frame.y >= layout.frame.y && key.frame.y + key.frame.height <= 844)
                #expect(key.frame.width >= 25, "\(key.kind.name) is too narrow to touch")
            }
            for (i, a) in keys.enumerated() {
                for b in keys[(i + 1)...] {
                    let apart = a.frame.x + a.frame.width <= b.frame.x + 0.001 || b.frame.x + b.frame.width <= a.frame.x + 0.001
                        || a.frame.y + a.frame.height <= b.frame.y || b.frame.y + b.frame.height <= a.frame.y
                    #expect(apart, "\(a.kind.name) and \(b.kind.name) overlap on \(layer)")
                }
            }
        }
    }

    @Test("A touch at a key's centre hits that key; a touch by name finds it too", arguments: KeyboardLayout.all.map(\.locale))
    func hitCentres(_ locale: String) {
        let layout = KeyboardLayout.matching(locale)
        for layer in KeyboardLayer.allCases {
            for (index, key) in layout.keys(on: layer).enumerated() {
                let centre = key.frame.centre
                #expect(layout.key(atX: centre.x, y: centre.y, on: layer) == KeyID(layer: layer, index: index))
                #expect(layout.key(named: key.kind.name, on: layer) == KeyID(layer: layer, index: index))
            }
        }
    }

    @Test("Between two keys the nearer one is hit; off the keyboard nothing is")
    func hitBetween() throws {
        let layout = KeyboardLayout.matching("en-US")
        let s = try #require(layout.key(named: "s", on: .letters)), d = try #require(layout.key(named: "d", on: .letters))
        let gapStart = layout[s].frame.x + layout[s].frame.width, gapEnd = layout[d].frame.x
        let y = layout[s].frame.centre.y
        #expect(layout.key(atX: gapStart + 1, y: y, on: .letters) == s)
        #expect(layout.key(atX: gapEnd - 1, y: y, on: .letters) == d)
        #expect(layout.key(atX: 200, y: 840, on: .letters).map { layout[$0].kind } == .space)
        #expect(layout.key(atX: 200, y: 500, on: .letters) == nil)
        #expect(layout.key(atX: -1, y: 700, on: .letters) == nil)
    }

    @Test("Polish alternates: a → ą, l → ł, z → ż ź; capitals through shift")
    func polishAlternates() throws {
        let layout = KeyboardLayout.matching("pl-PL")
        let z = try #require(layout.key(named: "z", on: .letters))
        #expect(Array(layout[z].alternates.prefix(2)) == ["ż", "ź"])
        #expect(layout.alternate(named: "Ź", of: z) == 1)
        let typeable = Set(layout.typeableCharacters)
        for character in "ąłżźŻĄĆ1!@ €" { #expect(typeable.contains(character), "\(character)") }
    }

    @Test("A layer path, shortest first: letters → symbols goes through numbers")
    func layerPaths() {
        let layout = KeyboardLayout.matching("en-US")
        let path = layout.layerPath(from: .letters, to: .symbols)?.map { layout[$0].kind }
        #expect(path == [.layer(.numbers), .layer(.symbols)])
        #expect(layout.layerPath(from: .symbols, to: .letters)?.count == 1)
    }

    @Test("Layout lookup: exact tag, then language, then en-US")
    func lookup() {
        #expect(KeyboardLayout.matching("pl").locale == "pl-PL")
        #expect(KeyboardLayout.matching("de-AT").locale == "de-DE")
        #expect(KeyboardLayout.matching("ur-IN").locale == "ur-PK")
        #expect(KeyboardLayout.matching("ko-KR").locale == "en-US")
        #expect(KeyboardLayout.named("ko") == nil)
        #expect(KeyboardLayout.named("fr")?.arrangement == "AZERTY")
    }

    struct BrokenFile: Sendable, CustomTestStringConvertible {
        let name: String
        let lines: [String]
        let line: Int
        let mentions: String
        var testDescription: String { name }
    }

    static let valid = [
        "[meta]", "locale = en-US", "name = Test", "[geometry]", "screen-width = 390", "screen-height = 844",
        "keyboard-top = 553", "columns = 10", "top-padding = 8", "row-pitch = 54", "key-height = 42", "key-gap = 6",
        "[letters]", "row1 = q w shift delete space return numbers", "[numbers]", "row1 = 1 delete space return letters symbols",
        "[symbols]", "row1 = # delete space return letters numbers",
    ]

    static let broken: [BrokenFile] = [
        .init(name: "unknown key word", lines: valid.map { $0 == "row1 = q w shift delete space return numbers" ? "row1 = q shiftt" : $0 }, line: 14, mentions: "'shiftt' is not a key"),
        .init(name: "row too wide", lines: valid.map { $0 == "row1 = q w shift delete space return numbers" ? "row1 = q w shift:5 delete:5 space return numbers" : $0 }, line: 14, mentions: "columns wide"),
        .init(name: "alternates of a missing key", lines: valid + ["[alternates]", "x = ź"], line: 20, mentions: "no key 'x'"),
        .init(name: "bad geometry number", lines: valid.map { $0 == "row-pitch = 54" ? "row-pitch = wide" : $0 }, line: 10, mentions: "row-pitch"),
        .init(name: "no shift on letters", lines: valid.map { $0 == "row1 = q w shift delete space return numbers" ? "row1 = q w delete space return numbers" : $0 }, line: 14, mentions: "no shift key"),
        .init(name: "a key twice on a layer", lines: valid.map { $0 == "row1 = q w shift delete space return numbers" ? "row1 = q q shift delete space return numbers" : $0 }, line: 14, mentions: "twice"),
    ]

    @Test("A broken layout file is reported at its line with what is wrong", arguments: broken)
    func brokenFiles(_ example: BrokenFile) {
        #expect(throws: Never.self) { try KeyboardLayout(named: "ok.txt", utf8: Array(Self.valid.joined(separator: "\n").utf8)) }
        do {
            _ = try KeyboardLayout(named: "test.txt", utf8: Array(example.lines.joined(separator: "\n").utf8))
            Issue.record("no problem reported")
        } catch {
            #expect(error.line == example.line)
            #expect(error.description.contains(example.mentions), "\(error)")
        }
    }

    @Test("layouts picture draws every key label in its row")
    func picture() {
        let layout = KeyboardLayout.matching("fr-FR")
        let rows = KeyboardPicture.picture(of: .letters, in: layout)
        #expect(rows.count == 4)
        #expect(rows[0].contains("[ a  ][ z  ][ e  ]"))
        #expect(KeyboardPicture.render(layout, frames: true).contains("letters  a       3, 561, 33, 42"))
    }
}
