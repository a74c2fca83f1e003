import Testing
import TypingEchoTesting
@testable import TypingEcho

// MARK: - Helpers

private func parse(_ source: String, line: Int = 1) throws(ScriptError) -> ScriptLine? {
    try ScriptParser().parse(line: Array(source.utf8), number: line)
}

private func parseError(_ bytes: [UInt8], line: Int = 1) -> ScriptError? {
    do {
        _ = try ScriptParser().parse(line: bytes, number: line)
        return nil
    } catch {
        return error
    }
}

/// The engine's location type (Swift Testing has its own `SourceLocation`).
private typealias Location = TypingEcho.SourceLocation

private func at(_ line: Int, _ column: Int) -> Location { Location(line: line, column: column) }

// MARK: - Commands

struct CommandCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let command: Command
    var time: Double? = nil
    var testDescription: String { name }
}

private let commandCases: [CommandCase] = [
    .init(name: "focus", source: "focus email", command: .focus("email")),
    .init(name: "swipe left", source: "swipe left", command: .swipe(.left)),
    .init(name: "swipe right", source: "swipe right", command: .swipe(.right)),
    .init(name: "swipe up", source: "swipe up", command: .swipe(.up)),
    .init(name: "swipe down, quoted", source: #"swipe "down""#, command: .swipe(.down)),
    .init(name: "rotor characters", source: "rotor characters", command: .rotor(.characters)),
    .init(name: "rotor words", source: "rotor words", command: .rotor(.words)),
    .init(name: "rotor lines", source: "rotor lines", command: .rotor(.lines)),
    .init(name: "rotor edit", source: "rotor edit", command: .rotor(.edit)),
    .init(name: "rotor typing-mode", source: "rotor typing-mode", command: .rotor(.typingMode)),
    .init(name: "double-tap", source: "double-tap", command: .doubleTap),
    .init(name: "touch letter", source: "touch q", command: .touch(.key("q"))),
    .init(name: "touch named key", source: "touch shift", command: .touch(.key("shift"))),
    .init(name: "touch point", source: "touch 120,300", command: .touch(.point(x: 120, y: 300))),
    .init(name: "touch fractional negative point", source: "touch -5,3.5", command: .touch(.point(x: -5, y: 3.5))),
    .init(name: "touch quoted character", source: #"touch "é""#, command: .touch(.key("é"))),
    .init(name: "touch quoted digits stay a key", source: #"touch "1,2""#, command: .touch(.key("1,2"))),
    .init(name: "touch three numbers is a key name", source: "touch 1,2,3", command: .touch(.key("1,2,3"))),
    .init(name: "touch comma key", source: "touch ,", command: .touch(.key(","))),
    .init(name: "touch equals key", source: "touch =", command: .touch(.key("="))),
    .init(name: "touch quoted hash", source: ##"touch "#""##, command: .touch(.key("#"))),
    .init(name: "slide", source: "slide space", command: .slide(.key("space"))),
    .init(name: "slide point", source: "slide 10,20", command: .slide(.point(x: 10, y: 20))),
    .init(name: "lift", source: "lift", command: .lift),
    .init(name: "split-tap", source: "split-tap", command: .splitTap),
    .init(name: "hold", source: "hold", command: .hold),
    .init(name: "type with escapes", source: #"type "Say \"hi\"\n""#, command: .type("Say \"hi\"\n")),
    .init(name: "keys with backslash and tab", source: #"keys "a\\b\tc""#, command: .keys("a\\b\tc")),
    .init(name: "keys empty", source: #"keys """#, command: .keys("")),
    .init(name: "keys with hash inside", source: #"keys "p#ss" # comment"#, command: .keys("p#ss")),
    .init(name: "clipboard unicode escape", source: #"clipboard "\u{1F600}\u{e9}""#, command: .clipboard("😀é")),
    .init(name: "dictate", source: #"dictate "hello world""#, command: .dictate("hello world")),
    .init(name: "key backspace", source: "key backspace", command: .key(.backspace)),
    .init(name: "key delete", source: "key delete", command: .key(.delete)),
    .init(name: "key left", source: "key left", command: .key(.left)),
    .init(name: "key right", source: "key right", command: .key(.right)),
    .init(name: "key option-left", source: "key option-left", command: .key(.optionLeft)),
    .init(name: "key option-right", source: "key option-right", command: .key(.optionRight)),
    .init(name: "key home", source: "key home", command: .key(.home)),
    .init(name: "key end", source: "key end", command: .key(.end)),
    .init(name: "key return", source: "key return", command: .key(.return)),
    .init(name: "edit select-all", source: "edit select-all", command: .edit(.selectAll)),
    .init(name: "edit copy", source: "edit copy", command: .edit(.copy)),
    .init(name: "edit cut", source: "edit cut", command: .edit(.cut)),
    .init(name: "edit paste", source: "edit paste", command: .edit(.paste)),
    .init(name: "wait fraction", source: "wait 0.5", command: .wait(0.5)),
    .init(name: "wait whole", source: "wait 2", command: .wait(2)),
    .init(name: "expect speech", source: #"expect speech "H, heading""#, command: .expect(.speech("H, heading"))),
    .init(name: "expect value", source: #"expect value """#, command: .expect(.value(""))),
    .init(name: "expect count", source: "expect count 3", command: .expect(.count(3))),
    .init(name: "expect cursor", source: "expect cursor 0", command: .expect(.cursor(0))),
    .init(name: "expect no-speech", source: "expect no-speech", command: .expect(.noSpeech)),
    .init(name: "expect sound", source: "expect sound refused", command: .expect(.sound(.refused))),
    .init(name: "absolute time", source: "@1.5 swipe right", command: .swipe(.right), time: 1.5),
    .init(name: "absolute time zero", source: "@0 lift", command: .lift, time: 0),
    .init(name: "tabs and trailing comment", source: "\tswipe\t left  # next", command: .swipe(.left)),
    .init(name: "comment glued to word", source: "swipe left#next", command: .swipe(.left)),
]

@Test("Every command form parses", arguments: commandCases)
func commandForms(_ example: CommandCase) throws {
    let line = try #require(try parse(example.source))
    #expect(line.command == example.command)
    #expect(line.at == example.time)
}

@Test("The command location is the command word, after any time")
func commandLocation() throws {
    #expect(try parse("  @2 swipe left", line: 7)?.location == at(7, 6))
    #expect(try parse("lift", line: 3)?.location == at(3, 1))
}

@Test("Blank and comment-only lines give nil", arguments: ["", "   ", "\t", "# comment", "   # keys \"x\"", "\r", "  \r"])
func blankLines(_ source: String) throws {
    #expect(try parse(source) == nil)
}

// MARK: - Declarations

@Test("settings keeps raw pairs; the line keeps their key and value locations")
func settings() throws {
    let line = try #require(try parse(#"settings typing=touch rate=1.5 locale="fr-FR""#))
    #expect(line.command == .settings([
        SettingAssignment(key: "typing", value: "touch"),
        SettingAssignment(key: "rate", value: "1.5"),
        SettingAssignment(key: "locale", value: "fr-FR"),
    ]))
    #expect(line.settingLocations == [
        SettingLocation(key: at(1, 10), value: at(1, 17)), SettingLocation(key: at(1, 23), value: at(1, 28)),
        SettingLocation(key: at(1, 32), value: at(1, 39)),
    ])
    #expect(line.argumentLocation == nil)
}

@Test("the line keeps where an id argument starts; the command holds only the id", arguments: [
    ("focus email", 7), ("focus key:q", 11), (#"error pw "Too short""#, 7), ("remove  go", 9),
    ("screen-changed focus=go", 22), ("layout-changed focus=go", 22),
])
func argumentLocations(_ source: String, column: Int) throws {
    let line = try #require(try parse(source))
    #expect(line.argumentLocation == at(1, column))
    #expect(line.settingLocations.isEmpty)
}

@Test("field with every attribute and flag")
func fullField() throws {
    let source = #"field pw kind=secure label="Password" value="x\"y" hint="Double-tap" placeholder="Required" "#
        + #"required error="Too short" disabled dictation=off max=12 frame=10,20.5,300,44"#
    var expected = FieldDeclaration(id: "pw", kind: .secure, label: "Password")
    expected.value = "x\"y"
    expected.hint = "Double-tap"
    expected.placeholder = "Required"
    expected.required = true
    expected.error = "Too short"
    expected.disabled = true
    expected.dictation = false
    expected.maxLength = 12
    expected.frame = Frame(x: 10, y: 20.5, width: 300, height: 44)
    #expect(try parse(source)?.command == .field(expected))
}

@Test("field defaults, bare label and dictation=on")
func minimalField() throws {
    let expected = FieldDeclaration(id: "name", kind: .area, label: "Notes")
    #expect(try parse("field name label=Notes kind=area dictation=on")?.command == .field(expected))
}

@Test("element with typed traits, quoted or bare")
func element() throws {
    var expected = ElementDeclaration(id: "ok", label: "OK")
    expected.traits = [.button, .selected]
    expected.value = "on"
    expected.hint = "Sends"
    expected.frame = Frame(x: -5, y: 0, width: 10, height: 10)
    let source = #"element ok label="OK" traits=button,selected value="on" hint="Sends" frame=-5,0,10,10"#
    #expect(try parse(source)?.command == .element(expected))

    let quoted = try #require(try parse(#"element ok label="OK" traits="button,header""#))
    guard case .element(let declaration) = quoted.command else { Issue.record("not an element"); return }
    #expect(declaration.traits == [.button, .header])
}

// MARK: - Errors

struct ErrorCase: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let column: Int
    let message: String
    var testDescription: String { name }
}

private let errorCases: [ErrorCase] = [
    // unknown command
    .init(name: "unknown command with suggestion", source: #"kyes "x""#, column: 1, message: "unknown command 'kyes'; did you mean 'keys'?"),
    .init(name: "unknown command, case", source: "Swipe left", column: 1, message: "unknown command 'Swipe'; did you mean 'swipe'?"),
    .init(name: "unknown command without suggestion", source: "  jump", column: 3, message: "unknown command 'jump'"),
    .init(name: "quoted command word", source: #""swipe" left"#, column: 1, message: "expected a command word"),
    .init(name: "attribute as command word", source: "typing=touch", column: 1, message: "expected a command word"),
    // time
    .init(name: "bad time", source: "@soon swipe left", column: 1, message: "bad time; expected a non-negative number of seconds, like @1.5"),
    .init(name: "negative time", source: "@-1 swipe left", column: 1, message: "bad time; expected a non-negative number of seconds, like @1.5"),
    .init(name: "empty time", source: "@ swipe left", column: 2, message: "missing time after '@'; write it like @1.5"),
    .init(name: "time without command", source: "@1.5 # later", column: 5, message: "missing command after the time"),
    // lexical
    .init(name: "unclosed quote", source: #"type "abc"#, column: 6, message: "unclosed quote"),
    .init(name: "unclosed quote ending in backslash", source: #"type "abc\"#, column: 6, message: "unclosed quote"),
    .init(name: "unclosed quote in attribute", source: #"field f kind=text label="Name"#, column: 25, message: "unclosed quote"),
    .init(name: "bad escape", source: #"keys "ab\qc""#, column: 9, message: #"unknown escape sequence; use \", \\, \n, \t or \u{…}"#),
    .init(name: "unicode escape without braces", source: #"keys "\u41""#, column: 7, message: #"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#),
    .init(name: "unicode escape with 7 digits", source: #"keys "\u{1234567}""#, column: 7, message: #"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#),
    .init(name: "unicode escape empty", source: #"keys "\u{}""#, column: 7, message: #"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#),
    .init(name: "unicode escape not hex", source: #"keys "\u{12G}""#, column: 7, message: #"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#),
    .init(name: "unicode escape unclosed", source: #"keys "\u{41"#, column: 7, message: #"malformed \u{…} escape; expected 1 to 6 hex digits in braces"#),
    .init(name: "unicode escape surrogate", source: #"keys "x\u{D800}""#, column: 8, message: #"\u{…} escape is not a Unicode scalar value (surrogate or above 10FFFF)"#),
    .init(name: "unicode escape too large", source: #"keys "\u{110000}""#, column: 7, message: #"\u{…} escape is not a Unicode scalar value (surrogate or above 10FFFF)"#),
    .init(name: "no space after quote", source: #"keys "a"b"#, column: 9, message: "missing space after closing quote"),
    .init(name: "no space before quote", source: #"keys a"b""#, column: 7, message: "missing space before quote"),
    .init(name: "control character", source: "swipe le\u{7}ft", column: 9, message: "unexpected control character"),
    .init(name: "carriage return inside the line", source: "swipe\rleft", column: 6, message: ScriptErrorText.carriageReturn),
    // numbers
    .init(name: "wait word", source: "wait soon", column: 6, message: "bad number; expected a non-negative number of seconds, like 0.5"),
    .init(name: "wait negative", source: "wait -1", column: 6, message: "bad number; expected a non-negative number of seconds, like 0.5"),
    .init(name: "wait trailing dot", source: "wait 1.", column: 6, message: "bad number; expected a non-negative number of seconds, like 0.5"),
    .init(name: "wait exponent", source: "wait 1e3", column: 6, message: "bad number; expected a non-negative number of seconds, like 0.5"),
    .init(name: "wait quoted", source: #"wait "1""#, column: 6, message: "bad number; expected a non-negative number of seconds, like 0.5"),
    .init(name: "expect count word", source: "expect count three", column: 14, message: "bad number; expected a whole number, like 3"),
    .init(name: "expect cursor fraction", source: "expect cursor 1.5", column: 15, message: "bad number; expected a whole number, like 3"),
    .init(name: "expect count too large", source: "expect count 99999999999999999999", column: 14, message: "number too large"),
    .init(name: "max negative", source: #"field f kind=text label="a" max=-1"#, column: 33, message: "bad number; expected a whole number, like 3"),
    .init(name: "frame with three numbers", source: #"element e label="a" frame=1,2,3"#, column: 27, message: "bad frame; expected four numbers X,Y,W,H"),
    .init(name: "frame negative width", source: #"element e label="a" frame=1,2,-3,4"#, column: 31, message: "bad number in frame; expected a non-negative number"),
    .init(name: "frame word", source: #"element e label="a" frame=1,x,3,4"#, column: 29, message: "bad number in frame; expected a number"),
    // missing arguments
    .init(name: "swipe without direction", source: "swipe", column: 6, message: "missing argument; usage: swipe left|right|up|down"),
    .init(name: "swipe then comment", source: "swipe  # which way?", column: 6, message: "missing argument; usage: swipe left|right|up|down"),
    .init(name: "rotor without unit", source: "rotor", column: 6, message: "missing argument; usage: rotor characters|words|lines|edit|typing-mode"),
    .init(name: "key without name", source: "key", column: 4, message: "missing argument; usage: key backspace|delete|left|right|option-left|option-right|home|end|return|option-backspace|command-backspace|shift-left|shift-right|shift-option-left|shift-option-right|shift-home|shift-end|command-a|command-c|command-x|command-v|tab|shift-tab|up|down|shift-up|shift-down"),
    .init(name: "edit without action", source: "edit", column: 5, message: "missing argument; usage: edit select-all|copy|cut|paste"),
    .init(name: "focus without ID", source: "focus", column: 6, message: "missing argument; usage: focus ID|key:NAME"),
    .init(name: "touch without target", source: "touch", column: 6, message: "missing argument; usage: touch KEY|X,Y"),
    .init(name: "wait without seconds", source: "wait", column: 5, message: "missing argument; usage: wait SECONDS"),
    .init(name: "keys without text", source: "keys", column: 5, message: "keys expects a quoted string"),
    .init(name: "dictate without text", source: "dictate ", column: 8, message: "dictate expects a quoted string"),
    .init(name: "expect alone", source: "expect", column: 7, message: "missing argument; usage: expect speech|heard|value|count|cursor|no-speech|sound|braille|braille-cursor …"),
    .init(name: "expect speech without text", source: "expect speech", column: 14, message: "expect speech expects a quoted string"),
    .init(name: "expect count without number", source: "expect count", column: 13, message: "missing argument; usage: expect count N"),
    .init(name: "expect sound without name", source: "expect sound", column: 13, message: "missing argument; usage: expect sound click|delete|boundary|capital|tick|refused|beep"),
    .init(name: "settings without pairs", source: "settings", column: 9, message: "missing argument; usage: settings KEY=VALUE …"),
    .init(name: "field without ID", source: "field", column: 6, message: #"missing argument; usage: field ID kind=text|secure|search|area label="…" …"#),
    .init(name: "field without kind", source: #"field f label="a""#, column: 1, message: "field needs a kind: kind=text|secure|search|area"),
    .init(name: "field without label", source: "field f kind=text", column: 1, message: #"field needs a label: label="…""#),
    .init(name: "element without label", source: "element e traits=button", column: 1, message: #"element needs a label: label="…""#),
    .init(name: "attribute without value", source: "field f kind=text label=", column: 25, message: "missing value for 'label'"),
    .init(name: "setting without value", source: "settings rate= typing=touch", column: 15, message: "missing value for setting 'rate'"),
    // wrong kind of argument
    .init(name: "keys bare word", source: "keys hunter2", column: 6, message: "keys expects a quoted string"),
    .init(name: "type attribute", source: "type a=b", column: 6, message: "type expects a quoted string"),
    .init(name: "focus quoted", source: #"focus "name""#, column: 7, message: "focus expects an element ID without quotes"),
    .init(name: "touch attribute", source: "touch a=b", column: 7, message: "touch expects a key name or an X,Y point"),
    .init(name: "touch empty string", source: #"touch """#, column: 7, message: "empty key name"),
    .init(name: "swipe attribute", source: "swipe to=left", column: 7, message: "expected a swipe direction; usage: swipe left|right|up|down"),
    .init(name: "expect quoted form", source: #"expect "value""#, column: 8, message: "expect needs one of speech, heard, value, count, cursor, no-speech, sound, braille or braille-cursor first"),
    .init(name: "field ID is an attribute", source: "field kind=text", column: 7, message: "field expects an ID before its attributes"),
    .init(name: "field ID quoted", source: #"field "f" kind=text"#, column: 7, message: "field ID must be written without quotes"),
    .init(name: "settings bare word", source: "settings typing touch", column: 10, message: "settings expects KEY=VALUE pairs"),
    .init(name: "field attribute name without value", source: #"field f kind=text label "a""#, column: 19, message: "'label' needs a value: label=…"),
    .init(name: "field stray quoted string", source: #"field f kind=text "a""#, column: 19, message: #"unexpected quoted string; attribute values are written KEY="…""#),
    .init(name: "field stray word near a flag", source: #"field f kind=text label="a" requird"#, column: 29, message: "unexpected word in field declaration; attributes are written KEY=VALUE; flags: required, disabled, hidden, invalid, read-only; did you mean 'required'?"),
    .init(name: "element stray word", source: #"element e label="a" hunter2"#, column: 21, message: "unexpected word in element declaration; attributes are written KEY=VALUE; flags: hidden, interactive"),
    .init(name: "flag with a value", source: #"field f kind=text label="a" required=yes"#, column: 29, message: "'required' is a flag and takes no value"),
    .init(name: "unknown attribute", source: #"field f kind=text label="a" colour=red"#, column: 29, message: "unknown field attribute 'colour' (expected kind, label, value, hint, placeholder, error, dictation, max, frame, keyboard, return-key, autocapitalization, description, min, autocomplete, required, disabled, hidden, invalid or read-only)"),
    .init(name: "unknown attribute with suggestion", source: #"element e label="a" trait=button"#, column: 21, message: "unknown element attribute 'trait' (expected label, kind, traits, value, hint, frame, steps, labels, description, level, live, hidden or interactive); did you mean 'traits'?"),
    .init(name: "empty trait", source: #"element e label="a" traits=button,,selected"#, column: 35, message: "empty trait name"),
    // extra arguments
    .init(name: "swipe extra", source: "swipe left right", column: 12, message: "extra argument; usage: swipe left|right|up|down"),
    .init(name: "lift extra", source: "lift now", column: 6, message: "extra argument; usage: lift"),
    .init(name: "double-tap extra", source: #"double-tap "x""#, column: 12, message: "extra argument; usage: double-tap"),
    .init(name: "focus extra", source: "focus a b", column: 9, message: "extra argument; usage: focus ID|key:NAME"),
    .init(name: "touch extra", source: "touch q w", column: 9, message: "extra argument; usage: touch KEY|X,Y"),
    .init(name: "wait extra", source: "wait 1 2", column: 8, message: "extra argument; usage: wait SECONDS"),
    .init(name: "keys extra", source: #"keys "a" "b""#, column: 10, message: "extra argument; keys takes one quoted string"),
    .init(name: "expect value extra", source: #"expect value "a" b"#, column: 18, message: "extra argument; expect value takes one quoted string"),
    .init(name: "expect no-speech extra", source: "expect no-speech now", column: 18, message: "extra argument; usage: expect no-speech"),
    .init(name: "expect cursor extra", source: "expect cursor 1 2", column: 17, message: "extra argument; usage: expect cursor N"),
    // unknown enum values
    .init(name: "unknown swipe direction", source: "swipe sideways", column: 7, message: "unknown swipe direction 'sideways' (expected left, right, up or down)"),
    .init(name: "swipe typo", source: "swipe lfet", column: 7, message: "unknown swipe direction 'lfet' (expected left, right, up or down); did you mean 'left'?"),
    .init(name: "quoted unknown direction is not echoed", source: #"swipe "lfet""#, column: 7, message: "unknown swipe direction (expected left, right, up or down)"),
    .init(name: "unknown rotor unit", source: "rotor word", column: 7, message: "unknown rotor unit 'word' (expected characters, words, lines, edit or typing-mode); did you mean 'words'?"),
    .init(name: "unknown key", source: "key bakspace", column: 5, message: "unknown key 'bakspace' (expected backspace, delete, left, right, option-left, option-right, home, end, return, option-backspace, command-backspace, shift-left, shift-right, shift-option-left, shift-option-right, shift-home, shift-end, command-a, command-c, command-x, command-v, tab, shift-tab, up, down, shift-up or shift-down); did you mean 'backspace'?"),
    .init(name: "unknown edit action", source: "edit undo", column: 6, message: "unknown edit action 'undo' (expected select-all, copy, cut or paste)"),
    .init(name: "unknown sound", source: "expect sound bell", column: 14, message: "unknown sound 'bell' (expected click, delete, boundary, capital, tick, refused or beep)"),
    .init(name: "unknown expectation", source: #"expect valeu "x""#, column: 8, message: "unknown expectation 'valeu' (expected speech, heard, value, count, cursor, no-speech, sound, braille or braille-cursor); did you mean 'value'?"),
    .init(name: "unknown field kind", source: #"field f kind=secrue label="a""#, column: 14, message: "unknown field kind 'secrue' (expected text, secure, search or area); did you mean 'secure'?"),
    .init(name: "unknown dictation setting", source: #"field f kind=text label="a" dictation=maybe"#, column: 39, message: "unknown dictation setting 'maybe' (expected on or off)"),
    // duplicates
    .init(name: "duplicate attribute", source: #"field f kind=text label="a" label="b""#, column: 29, message: "duplicate attribute 'label'"),
    .init(name: "duplicate flag", source: #"field f kind=text label="a" required required"#, column: 38, message: "duplicate flag 'required'"),
    .init(name: "duplicate element attribute", source: #"element e label="a" hint="x" hint="y""#, column: 30, message: "duplicate attribute 'hint'"),
    .init(name: "duplicate setting", source: "settings rate=1 rate=2", column: 17, message: "duplicate setting 'rate'"),
]

@Test("Every error kind, at its exact line and column", arguments: errorCases)
func errors(_ example: ErrorCase) {
    let error = parseError(Array(example.source.utf8), line: 12)
    #expect(error?.location == at(12, example.column))
    #expect(error?.message == example.message)
}

@Test("The error prints as FILE:LINE:COLUMN: error: MESSAGE")
func errorFormat() {
    let error = ScriptError("unclosed quote", at: at(3, 6))
    #expect(error.formatted(file: "login.replay") == "login.replay:3:6: error: unclosed quote")
    #expect(error.description == "3:6: error: unclosed quote")
}

// MARK: - UTF-8 and line endings

struct BytesCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let line: Int
    let column: Int
    var testDescription: String { name }
}

private let invalidUTF8Cases: [BytesCase] = [
    .init(name: "lone 0xFF", bytes: [0xFF], line: 1, column: 1),
    .init(name: "stray continuation byte", bytes: Array("ab".utf8) + [0x80], line: 1, column: 3),
    .init(name: "truncated 2-byte sequence at end", bytes: Array("é".utf8) + [0xC3], line: 4, column: 2),
    .init(name: "overlong slash", bytes: [0xC0, 0xAF], line: 1, column: 1),
    .init(name: "encoded surrogate", bytes: Array("x".utf8) + [0xED, 0xA0, 0x80], line: 1, column: 2),
    .init(name: "above U+10FFFF", bytes: [0xF4, 0x90, 0x80, 0x80], line: 1, column: 1),
    .init(name: "truncated emoji inside a string", bytes: Array(#"keys ""#.utf8) + [0xF0, 0x9F, 0x98] + Array(#"""#.utf8), line: 1, column: 7),
    .init(name: "inside a comment", bytes: Array("lift # ".utf8) + [0xFE], line: 1, column: 8),
    .init(name: "after a byte-order mark on line 1", bytes: [0xEF, 0xBB, 0xBF, 0x61, 0xFF], line: 1, column: 2),
]

@Test("Invalid UTF-8 is reported at the bad byte's column in scalars", arguments: invalidUTF8Cases)
func invalidUTF8(_ example: BytesCase) {
    let error = parseError(example.bytes, line: example.line)
    #expect(error?.location == at(example.line, example.column))
    #expect(error?.message == "invalid UTF-8")
}

@Test("A trailing carriage return is ignored, also for columns")
func carriageReturn() throws {
    #expect(try parse("swipe left\r")?.command == .swipe(.left))
    #expect(try parse("keys \"a\"\r")?.command == .keys("a"))
    #expect(parseError(Array("swipe\r".utf8))?.location == at(1, 6))
    #expect(parseError(Array("swipe left\r\r".utf8))?.message == ScriptErrorText.carriageReturn)
}

@Test("A byte-order mark on line 1 is skipped and not counted")
func byteOrderMark() throws {
    #expect(try ScriptParser().parse(line: [0xEF, 0xBB, 0xBF] + Array("lift".utf8), number: 1)?.command == .lift)
    let error = parseError([0xEF, 0xBB, 0xBF] + Array("swipe x".utf8))
    #expect(error?.location == at(1, 7))
}

@Test("Columns count Unicode scalars, not bytes")
func scalarColumns() {
    let error = parseError(Array(#"keys "é😀" x"#.utf8))
    #expect(error?.location == at(1, 11))
}

// MARK: - Privacy


/// Secrets that can stand as a bare word: no space, quote, `#`, `\` or `=`.
private func secrets(seed: UInt64, count: Int) -> [String] {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!$%&'()*+,-./:;<>?@[]^_{|}~éßü😀€")
    var generator = TypingEchoTesting.SeededGenerator(seed: seed)
    return (0..<count).map { _ in
        String((0..<Int.random(in: 8...20, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }
}

struct LeakCase: Sendable, CustomTestStringConvertible {
    let name: String
    let line: @Sendable (String) -> [UInt8]
    var testDescription: String { name }

    init(_ name: String, _ line: @escaping @Sendable (String) -> String) {
        self.name = name
        self.line = { Array(line($0).utf8) }
    }

    init(_ name: String, bytes: @escaping @Sendable (String) -> [UInt8]) {
        self.name = name
        self.line = bytes
    }
}

private let leakCases: [LeakCase] = [
    .init("keys bare") { "keys \($0)" },
    .init("type bare") { "type \($0)" },
    .init("clipboard bare") { "clipboard \($0)" },
    .init("dictate bare") { "dictate \($0)" },
    .init("expect value bare") { "expect value \($0)" },
    .init("expect speech bare") { "expect speech \($0)" },
    .init("keys unclosed") { "keys \"\($0)" },
    .init("type unclosed after time") { "@2 type \"\($0)" },
    .init("keys two strings") { "keys \"\($0)\" \"\($0)\"" },
    .init("type extra bare word") { "type \"x\" \($0)" },
    .init("expect speech extra bare word") { "expect speech \"x\" \($0)" },
    .init("clipboard bad escape") { "clipboard \"\($0)\\q\"" },
    .init("dictate surrogate escape") { "dictate \"\($0)\\u{D800}\"" },
    .init("keys ending in backslash") { "keys \"\($0)\\" },
    .init("keys missing space after quote") { "keys \"\($0)\"\($0)" },
    .init("keys quote glued to word") { "keys \($0)\"\($0)\"" },
    .init("keys as attribute") { "keys \($0)=\($0)" },
    .init("keys control character") { "keys \($0)\u{1}" },
    .init("misspelled keys") { "kyes \($0)" },
    .init("misspelled expect value") { "expect valeu \"\($0)\"" },
    .init("quoted secret as command") { "\"\($0)\"" },
    .init("quoted secret as swipe direction") { "swipe \"\($0)\"" },
    .init("secure field duplicate value") { "field pw kind=secure label=\"P\" value=\"\($0)\" value=\"\($0)\"" },
    .init("secure field bare secret") { "field pw kind=secure label=\"P\" \($0)" },
    .init("secure field bare value and bad max") { "field pw kind=secure label=\"P\" value=\($0) max=x" },
    .init("secure field quoted kind") { "field pw kind=\"\($0)\" label=\"P\"" },
    .init("keys invalid UTF-8", bytes: { Array("keys \"\($0)".utf8) + [0xC3] }),
    .init("keys invalid UTF-8 mid-secret", bytes: { Array("keys \($0)".utf8) + [0xFF] + Array($0.utf8) }),
]

@Test("No error message repeats a secret", arguments: leakCases)
func privacy(_ example: LeakCase) {
    let seed: UInt64 = 0x5EC2E7
    for secret in secrets(seed: seed, count: 200) {
        let error = parseError(example.line(secret))
        #expect(error != nil, "line parsed without error; secret \(secret.debugDescription), seed \(seed)")
        guard let error else { continue }
        let printed = error.formatted(file: "t.replay")
        // Not even a five-scalar piece of the secret may appear.
        let scalars = Array(secret.unicodeScalars)
        let leaked = (0...(scalars.count - 5)).contains { start in
            printed.contains(String(String.UnicodeScalarView(scalars[start..<start + 5])))
        }
        #expect(!leaked, "\(example.name) leaked part of \(secret.debugDescription) (seed \(seed)): \(printed)")
    }
}

// MARK: - LineSplitter

private let sample = Array("settings typing=touch\r\n# comment\n\nkeys \"héllo 😀\"\n@1.5 swipe right\nexpect speech \"é\"".utf8)

private func expectedLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
    if lines.last == [] { lines.removeLast() }
    return lines
}

private func split(_ chunks: [ArraySlice<UInt8>]) -> [(Int, [UInt8])] {
    var splitter = LineSplitter()
    var lines: [(Int, [UInt8])] = []
    for chunk in chunks {
        splitter.append(chunk)
        while let line = splitter.nextLine() { lines.append((line.number, Array(line.bytes))) }
    }
    splitter.finish()
    while let line = splitter.nextLine() { lines.append((line.number, Array(line.bytes))) }
    return lines
}

private func checkSplit(_ bytes: [UInt8], cuts: [Int], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    let bounds = [0] + cuts + [bytes.count]
    let chunks = zip(bounds, bounds.dropFirst()).map { bytes[$0..<$1] }
    let lines = split(chunks)
    let expected = expectedLines(bytes)
    #expect(lines.map(\.0) == expected.indices.map { $0 + 1 }, "cuts \(cuts)", sourceLocation: sourceLocation)
    #expect(lines.map(\.1) == expected, "cuts \(cuts)", sourceLocation: sourceLocation)
}

@Test("Any one chunk boundary, including inside UTF-8 sequences and CRLF, gives the same lines")
func everySingleCut() {
    for cut in 0...sample.count { checkSplit(sample, cuts: [cut]) }
}

@Test("Any two chunk boundaries give the same lines")
func everyPairOfCuts() {
    for first in 0...sample.count {
        for second in first...sample.count { checkSplit(sample, cuts: [first, second]) }
    }
}

@Test("Fixed-size chunks of every size give the same lines", arguments: [1, 2, 3, 5, 7, 16, 64, 1024])
func fixedChunks(_ size: Int) {
    checkSplit(sample, cuts: Array(stride(from: size, to: sample.count, by: size)))
}

@Test("Lines read through the splitter parse like the whole script")
func splitterFeedsParser() throws {
    var splitter = LineSplitter()
    splitter.append(sample.prefix(30))
    var parsed: [ScriptLine] = []
    while let line = splitter.nextLine() { if let p = try ScriptParser().parse(line: line.bytes, number: line.number) { parsed.append(p) } }
    splitter.append(sample.dropFirst(30))
    splitter.finish()
    while let line = splitter.nextLine() { if let p = try ScriptParser().parse(line: line.bytes, number: line.number) { parsed.append(p) } }
    #expect(parsed.map(\.command) == [
        .settings([SettingAssignment(key: "typing", value: "touch")]),
        .keys("héllo 😀"), .swipe(.right), .expect(.speech("é")),
    ])
    #expect(parsed.map(\.location.line) == [1, 4, 5, 6])
}

struct SplitCase: Sendable, CustomTestStringConvertible {
    let name: String
    let input: String
    let lines: [String]
    var testDescription: String { name }
}

@Test("Edge cases of line ends", arguments: [
    SplitCase(name: "empty input", input: "", lines: []),
    SplitCase(name: "one terminated line", input: "lift\n", lines: ["lift"]),
    SplitCase(name: "unterminated last line", input: "lift\nhold", lines: ["lift", "hold"]),
    SplitCase(name: "empty lines", input: "\n\n", lines: ["", ""]),
    SplitCase(name: "CRLF kept for the parser", input: "a\r\nb\r\n", lines: ["a\r", "b\r"]),
])
func splitEdges(_ example: SplitCase) {
    let lines = split([Array(example.input.utf8)[...]])
    #expect(lines.map { String(decoding: $0.1, as: UTF8.self) } == example.lines)
}

@Test("An unterminated line waits for more input or finish()")
func unterminatedWaits() {
    var splitter = LineSplitter()
    splitter.append(Array("swipe le".utf8))
    #expect(splitter.nextLine() == nil)
    #expect(splitter.pendingByteCount == 8)
    splitter.append(Array("ft".utf8))
    #expect(splitter.nextLine() == nil)
    splitter.finish()
    let line = splitter.nextLine()
    #expect(line?.number == 1)
    #expect(line.map { Array($0.bytes) } == Array("swipe left".utf8))
    #expect(splitter.nextLine() == nil)
}

@Test("Memory stays near one chunk plus the longest line, however long the script")
func boundedMemory() {
    let line = Array("expect speech \"hello, world\"\n".utf8)
    let lineCount = 200_000
    var splitter = LineSplitter()
    var chunk: [UInt8] = []
    var seen = 0
    var largest = 0
    func drain() {
        while let next = splitter.nextLine() {
            seen += 1
            if next.bytes.count != line.count - 1 { Issue.record("line \(next.number) has \(next.bytes.count) bytes") }
        }
        largest = max(largest, splitter.capacity)
    }
    for _ in 0..<lineCount {
        chunk.append(contentsOf: line)
        if chunk.count >= 4096 {
            splitter.append(chunk)
            chunk.removeAll(keepingCapacity: true)
            drain()
        }
    }
    splitter.append(chunk)
    splitter.finish()
    drain()
    #expect(seen == lineCount)
    #expect(largest <= 16_384, "buffer grew to \(largest) bytes for a \(lineCount * line.count)-byte script")
}
