import Testing
import TypingEcho
@testable import TypingEchoImport

@Suite struct UIAutomatorImportTests {
    @Test func signUpDump() throws {
        let screen = try ImportSample.screen("signup-uiautomator.xml", .uiautomator, density: 2.625)
        #expect(screen.elements.map(\.id) == ["title", "email", "password", "submit"])
        #expect(screen.elements.map(\.kind) == [.element(.label), .field(.text), .field(.secure), .element(.button)])
        let email = screen.elements[1]
        // The old dumper shows the hint as the text of an empty field.
        #expect(email.value == nil && email.placeholder == "Email" && email.name == nil)
        #expect(email.frame == Frame(x: 16, y: 95.24, width: 379.43, height: 49.52))
        let password = screen.elements[2]
        #expect(password.value == nil && password.secureValue?.count == 8)
        #expect(screen.elements[3].disabled == true)
        #expect(screen.notes.contains { $0.message.contains("labelFor") })
        #expect(email.dropped == ["long-clickable"])
    }

    @Test func zeroSizeNodesAreLeftOutWithANote() throws {
        let dump = #"<hierarchy><node class="android.widget.Button" text="Go" bounds="[10,10][10,50]"/></hierarchy>"#
        let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "d")
        #expect(screen.elements.isEmpty)
        #expect(screen.notes.first?.location == SourceLocation(line: 1, column: 12))
    }

    @Test func appiumClassNamedTagsAndIDsAfterTheSlash() throws {
        let dump = #"<hierarchy><android.widget.EditText resource-id="pkg:id/user name" text="ann" bounds="[0,0][1,1]"/></hierarchy>"#
        let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "d")
        #expect(screen.elements.first?.id == "user-name")
        #expect(screen.elements.first?.value == "ann")
    }
}

@Suite struct XCUITestImportTests {
    @Test func signUpTree() throws {
        let screen = try ImportSample.screen("signup-xcuitest.txt", .xcuitest)
        #expect(screen.elements.map(\.id) == ["label-1", "email", "password", "signUp", "switch-1"])
        let email = screen.elements[1]
        // An empty field reports its placeholder as its value.
        #expect(email.value == nil && email.placeholder == "name@example.com" && email.name == "Email")
        #expect(email.frame == Frame(x: 20, y: 130, width: 350, height: 44))
        #expect(screen.elements[2].secureValue?.count == 8)
        // A label with a quote and a comma, and the button's own text left out.
        #expect(screen.elements[3].name == "Don't wait, sign up" && screen.elements[3].disabled == true)
        #expect(screen.elements[4].traits == .selected && screen.elements[4].value == "1")
        #expect(screen.elements[0].source == SourceLocation(line: 6, column: 9))
    }

    @Test func newerTreesWithoutAddresses() throws {
        let tree = "Element subtree:\n →SecureTextField, {{32.0, 1010.7}, {326.0, 72.0}}, placeholderValue: 'Password'\n"
        let screen = try ScreenImport.importScreen(Array(tree.utf8), format: .xcuitest, source: "t")
        #expect(screen.elements.count == 1 && screen.elements[0].secureValue == nil && screen.elements[0].placeholder == "Password")
    }

    @Test func malformedLinesAreErrorsAtTheirPosition() {
        let error = ImportSample.error("Element subtree:\n  Button, {{1, 2}, {x, 4}}, label: 'A'\n", .xcuitest)
        #expect(error?.kind == .malformed && error?.location == SourceLocation(line: 2, column: 3))
        #expect(ImportSample.error("Query chain:\n →Find: Target Application 'x'\n", .xcuitest)?.kind == .notAScreen)
    }
}

@Suite struct AriaSnapshotImportTests {
    @Test func signUpSnapshot() throws {
        let screen = try ImportSample.screen("signup-aria.yml", .ariaSnapshot)
        #expect(screen.elements.map(\.kind.word) == ["heading", "label", "text", "label", "secure", "switch", "button", "label", "link"])
        #expect(screen.elements[0].level == 1)
        #expect(screen.elements[2].placeholder == "name@example.com")
        #expect(screen.elements[4].secureValue?.count == 8 && screen.elements[4].value == nil)
        #expect(screen.elements[7].live == .assertive)
    }

    @Test func secureMarkers() throws {
        let snapshot = "- textbox \"PIN\" [secure]: 1234\n- textbox \"Password hint\" [secure=false]: my cat\n"
        let screen = try ScreenImport.importScreen(Array(snapshot.utf8), format: .ariaSnapshot, source: "s")
        #expect(screen.elements.map(\.kind) == [.field(.secure), .field(.text)])
        #expect(screen.elements[1].value == "my cat")
    }

    @Test(arguments: [
        ("- a\n\t- b\n", 2, 1), ("- textbox \"x: 1\n", 1, 1), ("- a:\n    - b\n  - c\n", 3, 3), ("- a\n  - b\n", 2, 3), ("- a: |\n", 1, 6),
        ("key: value\n", 1, 1), ("- a: b\n  - c\n", 2, 3),
    ])
    func malformedYAML(text: String, line: Int, column: Int) {
        let error = ImportSample.error(text, .ariaSnapshot)
        #expect(error?.kind == .malformed)
        #expect(error?.location == SourceLocation(line: line, column: column))
    }
}

@Suite struct XMLReaderTests {
    @Test func billionLaughsIsRefused() throws {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 { laughs += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">\n" }
        laughs += "]>\n<hierarchy><node text=\"&lol9;\"/></hierarchy>\n"
        let error = ImportSample.error(laughs, .uiautomator)
        #expect(error?.kind == .refused && error?.location == SourceLocation(line: 2, column: 1))
        #expect(ScreenImport.recognize(Array(laughs.utf8)) == .format(.uiautomator))
    }

    @Test func externalEntitiesAreRefused() {
        let declared = "<!DOCTYPE h [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><hierarchy><node text=\"&xxe;\"/></hierarchy>"
        #expect(ImportSample.error(declared, .uiautomator)?.kind == .refused)
        let undeclared = "<hierarchy><node text=\"&xxe;\" bounds=\"[0,0][1,1]\"/></hierarchy>"
        let error = ImportSample.error(undeclared, .uiautomator)
        #expect(error?.kind == .refused && error?.location == SourceLocation(line: 1, column: 24))
    }

    @Test func limits() {
        let deep = "<hierarchy>" + String(repeating: "<node>", count: 300) + String(repeating: "</node>", count: 300) + "</hierarchy>"
        #expect(ImportSample.error(deep, .uiautomator)?.kind == .tooLarge)
        var few = ImportOptions()
        few.maxElements = 3
        let many = "<hierarchy>" + String(repeating: "<node/>", count: 5) + "</hierarchy>"
        #expect(ImportSample.error(many, .uiautomator, options: few)?.kind == .tooLarge)
        few.maxBytes = 10
        #expect(ImportSample.error(many, .uiautomator, options: few)?.kind == .tooLarge)
    }

    @Test(arguments: [
        ("<hierarchy><node></hierarchy>", 1, 18), ("<hierarchy a=\"1\" a=\"2\"/>", 1, 18), ("<hierarchy a=1/>", 1, 14),
        ("<hierarchy>\n<node a=\"<\"/></hierarchy>", 2, 10), ("<hierarchy/>x", 1, 13), ("<hierarchy><node text=\"&#0;\"/></hierarchy>", 1, 24),
        ("<hierarchy><!-- open", 1, 12), ("", 1, 1), ("<hierarchy/><other/>", 1, 13),
    ])
    func malformed(text: String, line: Int, column: Int) {
        let error = ImportSample.error(text, .uiautomator)
        #expect(error?.kind == .malformed)
        #expect(error?.location == SourceLocation(line: line, column: column))
    }

    @Test func invalidUTF8() {
        let bytes: [UInt8] = Array("<hierarchy>\n <node text=\"".utf8) + [0xC3, 0x28] + Array("\"/></hierarchy>".utf8)
        #expect(throws: ImportError.self) { try ScreenImport.importScreen(bytes, format: .uiautomator, source: "x") }
        do { _ = try ScreenImport.importScreen(bytes, format: .uiautomator, source: "x") } catch {
            #expect(error.location == SourceLocation(line: 2, column: 14))
        }
    }

    @Test func notAScreen() {
        #expect(ImportSample.error("<html/>", .uiautomator)?.kind == .notAScreen)
    }
}

@Suite struct RecognitionTests {
    @Test(arguments: [
        ("<?xml version='1.0'?><hierarchy rotation=\"0\"/>", ScreenImport.Recognition.format(.uiautomator)),
        ("Attributes: Application\nElement subtree:\n", .format(.xcuitest)),
        ("\n- textbox \"Email\"\n", .format(.ariaSnapshot)),
        ("<form><input id=a></form>", .format(.html)),
        ("- item\nAttributes: x\n", .ambiguous([.xcuitest, .ariaSnapshot])),
    ])
    func recognise(text: String, expected: ScreenImport.Recognition) {
        #expect(ScreenImport.recognize(Array(text.utf8)) == expected)
    }
}

@Suite struct ImportedIDTests {
    @Test func rules() {
        var ids = ImportedIDs()
        #expect(ids.id(source: "  e-mail address! ", kind: "text") == "e-mail-address")
        #expect(ids.id(source: "#$%", kind: "text") == "text-1")
        #expect(ids.id(source: "text-2", kind: "text") == "text-2")
        #expect(ids.id(source: nil, kind: "text") == "text-3")
        #expect(ids.id(source: "e-mail-address", kind: "text") == "e-mail-address-2")
        #expect(ids.id(source: "key:Return", kind: "button") == "key-Return")
        #expect(ImportedIDs.valid(String(repeating: "a", count: 200))?.count == ImportedIDs.maxLength)
    }
}
