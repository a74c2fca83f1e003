import Testing
@testable import TypingEcho

/// One announcement case: a screen, the commands before it, and the parts heard.
struct AnnouncementCase: CustomTestStringConvertible, Sendable {
    var name: String
    var script: String
    var parts: [AnnouncementPart]
    var spoken: String
    var testDescription: String { name }
}

@Suite("Announcement order")
struct AnnouncementOrderTests {
    static let cases: [AnnouncementCase] = [
        .init(name: "selected button", script: #"element e label="Filter by price" kind=button traits=selected"#,
              parts: [.selected, .label, .traits], spoken: "Selected, Filter by price, button"),
        .init(name: "button with hint", script: #"element e label="Send" kind=button hint="Opens a form.""#,
              parts: [.label, .traits], spoken: "Send, button"),
        .init(name: "adjustable with value", script: #"element e label="Volume" kind=slider value="50%""#,
              parts: [.label, .value, .traits], spoken: "Volume, 50%, adjustable"),
        .init(name: "dimmed selected link heading", script: #"element e label="News" traits=link,header,selected,notEnabled"#,
              parts: [.selected, .label, .traits, .status], spoken: "Selected, News, link, heading, dimmed"),
        .init(name: "switch says switch button, not button", script: #"element e label="Wi-Fi" kind=switch"#,
              parts: [.label, .traits], spoken: "Wi-Fi, switch button"),
        .init(name: "image button", script: #"element e label="Close" traits=button,image"#,
              parts: [.label, .traits], spoken: "Close, button, image"),
        .init(name: "empty field speaks its placeholder", script: #"field e kind=text label="Email" placeholder="name@example.com""#,
              parts: [.label, .value, .traits], spoken: "Email, name@example.com, text field"),
        .init(name: "required field with an error after its value", script: #"field e kind=text label="Email" value="jan" required error="Enter an email address""#,
              parts: [.label, .value, .error, .traits, .status], spoken: "Email, jan, Enter an email address, text field, required"),
        .init(name: "empty field with placeholder and error", script: #"field e kind=text label="Email" placeholder="name@example.com" error="Required""#,
              parts: [.label, .value, .error, .traits], spoken: "Email, name@example.com, Required, text field"),
        .init(name: "secure field: count, then error", script: #"field e kind=secure label="Password" value="abc" required error="Too short""#,
              parts: [.label, .traits, .status, .count, .error], spoken: "Password, secure text field, required, 3 characters, Too short"),
        .init(name: "editing field: status then insertion point", script: "field e kind=text label=\"Username\" value=\"jan\"\nfocus e\ndouble-tap",
              parts: [.label, .value, .traits, .status, .insertionPoint], spoken: "Username, jan, text field, is editing, insertion point at end"),
        .init(name: "editing secure field", script: "field e kind=secure label=\"Password\" value=\"abcdef\"\nfocus e\ndouble-tap",
              parts: [.label, .traits, .status, .count, .insertionPoint], spoken: "Password, secure text field, is editing, 6 characters, insertion point at end"),
    ]

    @Test("parts come in the documented order", arguments: cases)
    func order(_ example: AnnouncementCase) throws {
        let engine = try #require(replay(example.script).engine)
        let element = try #require(engine.element("e"))
        let parts = engine.announcer.parts(for: element)
        #expect(parts.map(\.part) == example.parts)
        #expect(engine.announcer.announcement(for: element) == example.spoken)
        // The order never goes backwards except for a secure field's count and error.
        let ranks = parts.map(\.part).filter { $0 != .count && !(element.field?.isSecure == true && $0 == .error) }
            .map { AnnouncementPart.allCases.firstIndex(of: $0)! }
        #expect(ranks == ranks.sorted())
    }

    @Test("focus speaks the announcement, then the hint after the delay", arguments: [
        (#"element e label="Send" kind=button hint="Opens a form.""#, "Opens a form."),
        (#"element e label="Volume" kind=slider value="50%""#, "Swipe up or down with one finger to adjust the value."),
        (#"element e label="Volume" kind=slider value="50%" hint="Sets the alarm volume.""#, "Sets the alarm volume. Swipe up or down with one finger to adjust the value."),
    ])
    func hintAfterDelay(declaration: String, hint: String) {
        let run = replay(declaration, "focus e", "wait 5")
        #expect(run.spoken(.hint) == [hint])
        #expect(replay(declaration, "settings hints=off", "focus e", "wait 5").spoken(.hint).isEmpty)
    }

    @Test("the adjust hint is Polish and Urdu too", arguments: [("pl-PL", "regulowany"), ("ur-PK", "قابل ترتیب")])
    func localisedAdjustable(locale: String, role: String) {
        let run = replay("settings locale=\(locale)", #"element e label="V" kind=slider value="1""#, "focus e", "wait 5")
        #expect(run.spoken(.element).first?.hasSuffix(role) == true)
        #expect(run.spoken(.hint).first?.contains("Swipe") == false)
    }
}
