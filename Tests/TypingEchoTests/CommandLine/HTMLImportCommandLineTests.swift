import Foundation
import Testing

/// `typing-echo import` on HTML through the built tool: without gumbo it says how to install
/// it (exit 69, the other formats unaffected); with it, a page that nests too deeply is an
/// error at its position (exit 65).
struct HTMLImportCommandLineTests {
    @Test func withoutGumboTheImportSaysHowToInstallIt() throws {
        let page = Data("<input id=a aria-label=\"A\">".utf8)
        let result = try Tool.run(["import", "--from", "html", "-"], input: page, environment: ["TYPING_ECHO_LIBGUMBO_LIBRARY": "/nonexistent/libgumbo.so.1"])
        #expect(result.status == 69)
        #expect(result.error.contains("HTML import needs gumbo"))
        #expect(result.error.contains("apt-get install libgumbo1"))
        #expect(result.output.isEmpty)
    }

    @Test func aPageTooDeepIsAnErrorAtItsPosition() throws {
        let page = Data(("<p>\n" + String(repeating: "<div>", count: 400)).utf8)
        let result = try Tool.run(["import", "--from", "html", "-"], input: page)
        #expect(result.status == 65)
        // html, body and 254 divs fit in 256 levels: the 255th div goes past.
        #expect(result.error.contains("<stdin>:2:1271: error: elements nest deeper than 256 levels"), "\(result.error)")
    }
}
