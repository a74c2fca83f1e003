import Testing
import TypingEcho
@testable import TypingEchoImport

// The ```swift examples of TypingEchoImport's doc comments, each verbatim inside a function that
// returns what its comments claim; the suite checks the claims.

// Sources/TypingEchoImport/SecureValue.swift
func secureValueExample() -> (String, Int) {
    let value = SecureValue("hunter2")
    let shown = "\(value)"  // "secure value, 7 characters"
    let count = value.count  // 7
    return (shown, count)
}

// Sources/TypingEchoImport/ImportedScreen.swift
func importedScreenExample() throws -> String {
    let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
        + #"resource-id="com.example:id/email" hint="Email" bounds="[0,0][100,50]"/></hierarchy>"#
    let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
    let id = screen.elements[0].id  // "email"
    return id
}

// Sources/TypingEchoImport/ImportedIDs.swift
func importedIDsExample() -> [String] {
    var ids = ImportedIDs()
    let first = ids.id(source: "user name", kind: "text")   // "user-name"
    let second = ids.id(source: "user name", kind: "text")  // "user-name-2"
    let third = ids.id(source: nil, kind: "button")         // "button-1"
    return [first, second, third]
}

// Sources/TypingEchoImport/ScreenImport.swift
func screenImportExample() throws -> [String] {
    let tree = """
        Attributes: Application, pid: 42, label: 'Demo'
        Element subtree:
         →Application, 0x1, pid: 42, label: 'Demo'
            TextField, 0x2, {{20.0, 100.0}, {335.0, 44.0}}, identifier: 'email', placeholderValue: 'Email', value: Email
        """
    let screen = try ScreenImport.importScreen(Array(tree.utf8), format: .xcuitest, source: "tree.txt")
    let ids = screen.elements.map(\.id)  // ["email"]
    return ids
}

// Sources/TypingEchoImport/Session+Import.swift
func sessionImportExample() throws -> String? {
    let dump = #"<hierarchy rotation="0"><node class="android.widget.EditText" text="" "#
        + #"resource-id="com.example:id/email" content-desc="Email" bounds="[0,0][100,50]"/></hierarchy>"#
    let screen = try ScreenImport.importScreen(Array(dump.utf8), format: .uiautomator, source: "dump.xml")
    var session = try Session()
    try session.declare(screen)
    try session.focus("email")
    let spoken = session.log.lastSpoken  // "Email, text field"
    return spoken
}

@Suite struct ImportDocExamples {
    @Test func claims() throws {
        #expect(secureValueExample() == ("secure value, 7 characters", 7))
        #expect(try importedScreenExample() == "email")
        #expect(importedIDsExample() == ["user-name", "user-name-2", "button-1"])
        #expect(try screenImportExample() == ["email"])
        #expect(try sessionImportExample() == "Email, text field")
    }
}
