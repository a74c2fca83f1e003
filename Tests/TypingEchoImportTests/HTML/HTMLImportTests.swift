import Testing
import TypingEcho

@testable import TypingEchoImport

/// The HTML importer on small pages: what becomes an element, with which name, description,
/// states and keyboard, where it starts, and what is noted.
struct HTMLImportTests {
    static func screen(_ html: String, options: ImportOptions = ImportOptions()) throws -> ImportedScreen {
        try ScreenImport.importScreen(Array(html.utf8), format: .html, source: "page.html", options: options)
    }

    static func element(_ id: String, in screen: ImportedScreen) throws -> ImportedElement {
        try #require(screen.elements.first { $0.id == id }, "no element \(id) in \(screen.elements.map(\.id))")
    }

    static func notes(_ screen: ImportedScreen) -> [String] { screen.notes.map(\.description) }

    @Test func aSignUpFormBecomesLabelsFieldsAndTextInDocumentOrder() throws {
        let screen = try Self.screen(
            """
            <h2>Sign up</h2>
            <p>Two fields.</p>
            <label for="mail">Email</label>
            <input id="mail" type="email" required autocomplete="email">
            <button>Go</button>
            """)
        #expect(screen.elements.map(\.id) == ["heading-1", "label-1", "label-2", "mail", "button-1"])
        #expect(screen.elements.map(\.kind.word) == ["heading", "label", "label", "text", "button"])
        let mail = try Self.element("mail", in: screen)
        #expect(mail.name == "Email")
        #expect(mail.role == "textbox")
        #expect(mail.required == true)
        #expect(mail.keyboard == .email)
        #expect(mail.autocomplete == "email")
        #expect(mail.source == SourceLocation(line: 4, column: 1))
        #expect(try Self.element("label-2", in: screen).labels == "mail")
        #expect(try Self.element("heading-1", in: screen).level == 2)
    }

    @Test func idsComeFromIdThenNameThenTestID() throws {
        let screen = try Self.screen(
            #"<input id="a b" name="n1"><input name="user[name]"><input data-testid="pw" type=password><input><input id="a b">"#)
        #expect(screen.elements.map(\.id) == ["a-b", "user-name", "pw", "text-1", "a-b-2"])
    }

    @Test func rolesFollowHTMLAAM() throws {
        let screen = try Self.screen(
            #"<input id=t><input id=s type=search><input id=n type=number><input id=p type=password><textarea id=a></textarea>"#
                + #"<input id=l type=text list=x><input id=c type=checkbox><div id=d role=textbox aria-multiline=true></div>"#)
        let roles = screen.elements.map { "\($0.id):\($0.role ?? "-"):\($0.kind.word ?? "-")" }
        #expect(roles == ["t:textbox:text", "s:searchbox:search", "n:spinbutton:text", "p:-:secure", "a:textbox:area", "l:combobox:text", "c:checkbox:switch", "d:textbox:area"])
    }

    @Test func hiddenContentIsLeftOut() throws {
        let screen = try Self.screen(
            """
            <input id=a hidden><input id=b aria-hidden="true"><input id=c type=hidden name=csrf value=x>
            <div style="display: none"><input id=d></div>
            <div style="visibility:hidden"><input id=e><span style="visibility: visible"><input id=f></span></div>
            <template><input id=g></template>
            <dialog><input id=h></dialog><dialog open><input id=i></dialog>
            <details><summary>More</summary><input id=j></details>
            <div inert><input id=k></div>
            <input id=z>
            """)
        #expect(screen.elements.filter(\.kind.isField).map(\.id) == ["f", "i", "z"])
        #expect(Self.notes(screen).contains { $0.hasPrefix("4:1: note: a <template>") })
        #expect(Self.notes(screen).contains { $0 == "1:1: note: hidden content is left out (hidden), controls included" })
    }

    @Test func namesFollowTheSpecificationWherePlaceholderAndTitleMeet() throws {
        // Chromium puts placeholder before title and reads aria-placeholder; the specification does neither.
        let screen = try Self.screen(
            #"<input id=a title="Title" placeholder="Hold"><input id=b aria-placeholder="Aria"><input id=c placeholder="Only">"#)
        #expect(try Self.element("a", in: screen).name == "Title")
        #expect(try Self.element("a", in: screen).placeholder == "Hold")
        #expect(try Self.element("a", in: screen).description == nil)
        #expect(try Self.element("b", in: screen).name == "")
        #expect(try Self.element("b", in: screen).placeholder == "Aria")
        // Named by its placeholder only: no label, and the placeholder stays a placeholder.
        let only = try Self.element("c", in: screen)
        #expect(only.name == "")
        #expect(only.placeholder == "Only")
        #expect(Self.notes(screen).contains { $0.contains("its only name is its placeholder") })
    }

    @Test func embeddedControlsAndHiddenLabelContent() throws {
        let screen = try Self.screen(
            """
            <label for=who>Deliver <select><option>daily</option><option selected>weekly</option></select> to
            <input value="Ann"></label><input id=who>
            <label for=x>Code <span hidden>secret</span><input id=y type=password value="hunter2"> here</label><input id=x>
            <span id=ref style="display:none">Hidden <b>ref</b></span><input id=r aria-labelledby="ref">
            """)
        #expect(try Self.element("who", in: screen).name == "Deliver weekly to Ann")
        // A password gives nothing as an embedded control; hidden content of a visible label is skipped.
        #expect(try Self.element("x", in: screen).name == "Code here")
        #expect(try Self.element("r", in: screen).name == "Hidden ref")
    }

    @Test func descriptionsFromDescribedbyDescriptionAndTitle() throws {
        let screen = try Self.screen(
            """
            <input id=a aria-label="A" aria-describedby="h1 h2"><p id=h1>One.</p><p id=h2 hidden>Two.</p>
            <input id=b aria-label="B" aria-description="Said after.">
            <input id=c aria-label="C" title="Tip">
            <input id=d title="Only a title">
            """)
        #expect(try Self.element("a", in: screen).description == "One. Two.")
        #expect(try Self.element("b", in: screen).description == "Said after.")
        #expect(try Self.element("c", in: screen).description == "Tip")
        #expect(try Self.element("d", in: screen).name == "Only a title")
        #expect(try Self.element("d", in: screen).description == nil)
    }

    @Test func statesRequiredInvalidDisabledReadOnly() throws {
        let screen = try Self.screen(
            """
            <input id=a required aria-required="false">
            <input id=b aria-required="true">
            <input id=c aria-invalid="true" aria-errormessage="m"><p id=m>Too short.</p>
            <input id=d aria-invalid="spelling" aria-describedby="e"><p id=e>Check it.</p>
            <input id=f aria-invalid="false" aria-errormessage="m">
            <input id=g aria-invalid="">
            <input id=h disabled><input id=i aria-disabled="true"><input id=j readonly><div id=k role=textbox aria-readonly="true"></div>
            <fieldset disabled><legend><input id=l></legend><input id=m2></fieldset>
            """)
        #expect(try Self.element("a", in: screen).required == true)
        #expect(try Self.element("b", in: screen).required == true)
        #expect(try Self.element("c", in: screen).invalid == true)
        #expect(try Self.element("c", in: screen).error == "Too short.")
        let d = try Self.element("d", in: screen)
        #expect(d.invalid == true)
        #expect(d.error == "Check it.")
        #expect(d.description == nil)
        #expect(try Self.element("f", in: screen).invalid == false)
        #expect(try Self.element("f", in: screen).error == nil)
        #expect(try Self.element("g", in: screen).invalid == false)
        #expect(try Self.element("h", in: screen).disabled == true)
        #expect(try Self.element("i", in: screen).disabled == true)
        #expect(try Self.element("j", in: screen).readOnly == true)
        #expect(try Self.element("k", in: screen).readOnly == true)
        #expect(try Self.element("l", in: screen).disabled == nil)
        #expect(try Self.element("m2", in: screen).disabled == true)
    }

    @Test func keyboardAttributes() throws {
        let screen = try Self.screen(
            """
            <form autocapitalize="words">
            <input id=a type=tel enterkeyhint="send" maxlength="10" minlength="2">
            <input id=b inputmode="numeric" type=email>
            <input id=c type=number>
            <input id=d type=search autocapitalize="characters">
            <input id=e inputmode="bogus" enterkeyhint="previous" maxlength="-1" autocomplete=" Section-A  Email ">
            <input id=f type=url autocapitalize="words">
            </form>
            """)
        let a = try Self.element("a", in: screen)
        #expect(a.keyboard == .phonePad)
        #expect(a.returnKey == .send)
        #expect(a.maxLength == 10)
        #expect(a.minLength == 2)
        #expect(a.autocapitalization == .words)
        #expect(try Self.element("b", in: screen).keyboard == .numberPad)
        #expect(try Self.element("c", in: screen).keyboard == .decimalPad)
        let d = try Self.element("d", in: screen)
        #expect(d.returnKey == .search)
        #expect(d.autocapitalization == .all)
        let e = try Self.element("e", in: screen)
        #expect(e.keyboard == nil)
        #expect(e.returnKey == nil)
        #expect(e.maxLength == nil)
        #expect(e.autocomplete == "section-a email")
        #expect(try Self.element("f", in: screen).autocapitalization == nil)
        let notes = Self.notes(screen)
        #expect(notes.contains("6:1: note: inputmode=\"bogus\" is not an input mode: dropped, as in a browser"))
        #expect(notes.contains("6:1: note: enterkeyhint=previous has no return key in the model: dropped"))
        #expect(notes.contains("6:1: note: maxlength=\"-1\" is not a non-negative integer: no limit, as in a browser"))
        #expect(notes.contains("7:1: note: autocapitalize has no effect on type=url: the field never capitalizes"))
    }

    @Test func parsedAsABrowserParses() throws {
        let screen = try Self.screen(
            """
            <table><tr><td>cell</td></tr><input id=fostered></table>
            <textarea id=raw><b>bold</b> &amp; more</textarea>
            <label for=ent>E&check;mail&nbsp;now</label><input id=ent>
            <p>Intro<section><input id=after></section>
            """)
        // The input misplaced in the table is moved before it, as a browser does.
        #expect(screen.elements.first?.id == "fostered")
        #expect(try Self.element("raw", in: screen).value == "<b>bold</b> & more")
        #expect(try Self.element("ent", in: screen).name == "E\u{2713}mail\u{A0}now")
        #expect(screen.elements.contains { $0.id == "after" })
    }

    @Test func positionsCountLinesAndCharacters() throws {
        let screen = try Self.screen("<p>\r\n<p>été\r<input id=a>\n\u{1F469}\u{200D}\u{1F467} <input id=b>")
        #expect(try Self.element("a", in: screen).source == SourceLocation(line: 3, column: 1))
        #expect(try Self.element("b", in: screen).source == SourceLocation(line: 4, column: 3))
    }

    @Test func droppedAttributesAreNoted() throws {
        let screen = try Self.screen(#"<input id=a pattern="[0-9]+" spellcheck=false class=x data-x=1 onclick="f()" aria-haspopup="true">"#)
        let a = try Self.element("a", in: screen)
        #expect(a.dropped == ["pattern", "aria-haspopup"])
        #expect(Self.notes(screen).contains("1:1: note: <input> attributes the model cannot express are dropped: pattern, aria-haspopup"))
    }

    @Test func liveRegionsAndHeadings() throws {
        let screen = try Self.screen(
            #"<div id=s role=status>Saved.</div><p id=al role=alert>Failed.</p><div id=p aria-live="polite">Three left</div>"#
                + #"<div id=h role=heading aria-level="4">Deep</div><div id=h2 role=heading>Plain</div>"#)
        #expect(try Self.element("s", in: screen).live == .polite)
        #expect(try Self.element("al", in: screen).live == .assertive)
        #expect(try Self.element("p", in: screen).name == "Three left")
        #expect(try Self.element("h", in: screen).level == 4)
        #expect(try Self.element("h2", in: screen).level == 2)
    }

    @Test func tooDeepIsAnErrorAtTheElement() throws {
        var options = ImportOptions()
        options.maxDepth = 40
        let html = "<p>x</p>\n" + String(repeating: "<div>", count: 60)
        #expect {
            try Self.screen(html, options: options)
        } throws: { error in
            guard let error = error as? ImportError else { return false }
            // html, body and 38 divs fit; the 39th div (at byte 9 + 38 * 5) goes past.
            return error.kind == .tooLarge && error.location == SourceLocation(line: 2, column: 191)
        }
    }

    @Test func elementLimit() throws {
        var options = ImportOptions()
        options.maxElements = 3
        #expect(throws: ImportError.self) { try Self.screen("<input><input><input><input>", options: options) }
        #expect(try Self.screen("<input><input><input>", options: options).elements.count == 3)
    }

    @Test func utf16WithAByteOrderMarkIsRead() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "<input aria-label=\"Zoë\">".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let screen = try ScreenImport.importScreen(bytes, format: .html, source: "page.html")
        #expect(screen.elements.first?.name == "Zoë")
    }
}
