import Testing
@testable import TypingEcho

/// The examples' `print` calls print nothing here: a passing test prints nothing (the claims
/// are checked on the values the examples return).
private func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {}

// The ```swift examples of the engine's doc comments (text, speech, script reading, the engine
// and screen descriptions), each verbatim inside a function that returns what its comments
// claim, so that this file compiles only while every example does. The doc-example scan
// (DocExampleTests) requires every example in Sources/, docs/ and the catalogs to stand in some
// test file word for word; the suite below checks the claims.

// Sources/TypingEcho/Text/TextBuffer.swift
func textBufferExample() throws -> String? {
    var buffer = try TextBuffer("Hi", locale: "en_US")
    buffer.insert(" there")
    let passed = buffer.moveWord(.backward).map { buffer.text(passedBy: $0) }   // "there"
    return passed
}

// Sources/TypingEcho/Text/TextBuffer.swift
func textRangeExample() throws -> (String, String?) {
    let buffer = try TextBuffer("ab")
    let all = try buffer.text(in: .start..<buffer.endPosition)                          // "ab"
    let outside = try? buffer.text(in: .start..<TextPosition(character: 2, utf16: 200)) // nil: TextRangeError
    return (all, outside)
}

// Sources/TypingEcho/Speech/LocaleInfo.swift
func localeInfoExample() throws -> (String, [String]) {
    let polish = try LocaleInfo(tag: "pl-PL")
    let identifier = polish.identifier       // "pl_PL"
    let tags = polish.fallbackTags            // ["pl-PL", "pl"]
    return (identifier, tags)
}

// Sources/TypingEcho/Speech/CLDRAnnotations.swift
func cldrExample() throws -> String? {
    let french = CLDRAnnotations.names(for: try LocaleInfo(tag: "fr-FR"))
    let thumbsUp = french["👍"]   // "pouce vers le haut"
    return thumbsUp
}

// Sources/TypingEcho/Speech/WritingScript.swift
func writingScriptExample() throws -> ([Character], [Character]) {
    let urdu = try WritingScript(locale: LocaleInfo(tag: "ur"))
    let native = urdu.foreignLetters(in: "متن کا خانہ")   // []
    let latin = urdu.foreignLetters(in: "text field")     // ["t", "e", "x", …]
    return (native, latin)
}

// Sources/TypingEcho/Speech/PhoneticAlphabet.swift
func phoneticAlphabetExample(_ bytes: [UInt8]) throws -> [DataFile.Problem] {
    let alphabet = try PhoneticAlphabet(named: "my-alphabet.txt", utf8: bytes)
    let gaps = alphabet.coverageProblems()   // exemplar letters of its locale without a word
    return gaps
}

// Sources/TypingEcho/Engine/Engine+Locale.swift
func usePhoneticsExample(_ bytes: [UInt8]) throws -> Engine {
    var engine = try Engine()
    let alphabet = try PhoneticAlphabet.load(named: "mine.txt", utf8: bytes)
    engine.usePhonetics(alphabet)
    return engine
}

// Sources/TypingEcho/Speech/SpeechTableValidation.swift
func speechTableExample() -> [DataFile.Problem] {
    let bytes = BundledData.speechFile("fr") ?? []
    let problems = SpeechTableValidation.problems(file: "speech-fr.txt", utf8: bytes, tag: "fr")
    for problem in problems { print(problem) }   // FILE:LINE: error: …
    return problems
}

// Sources/TypingEcho/Script/ScriptParser.swift
func parserExample() throws -> ScriptLine? {
    let parser = ScriptParser()
    let line = try parser.parse(line: Array("@1.5 swipe right".utf8), number: 4)
    // line?.at == 1.5, line?.command == .swipe(.right)
    return line
}

// Sources/TypingEcho/Script/ScriptReader.swift
func lineSplitterExample(_ chunks: [[UInt8]]) throws -> [String] {
    var lines: [String] = []
    func handle(_ line: LineSplitter.Line) throws { lines.append(String(decoding: line.bytes, as: UTF8.self)) }
    var splitter = LineSplitter()
    for chunk in chunks {
        splitter.append(chunk)
        while let line = splitter.nextLine() { try handle(line) }
    }
    splitter.finish()
    while let line = splitter.nextLine() { try handle(line) }  // the last line, if unterminated
    return lines
}

// Sources/TypingEcho/Engine/Engine.swift
func engineExample() throws -> Engine {
    var engine = try Engine()
    var events = EventCollector()
    try engine.run(ScriptLine(location: .init(line: 1, column: 1),
                              command: .field(FieldDeclaration(id: "name", kind: .text, label: "Name"))), into: &events)
    return engine
}

// A session fed a script, for the screen description's example below.
func fedSessionExample() throws -> Session<EventCollector> {
    var session = try Session()
    try session.feedScript(Array("field name kind=text label=\"Name\"\n".utf8))
    try session.finishScript()
    return session
}

// Sources/TypingEcho/Elements/ScreenSnapshot.swift
func screenSnapshotExample() throws -> [LintFinding] {
    var session = try Session()
    try session.declareField("user", label: "Username")
    let findings = Lint.findings(for: session.screen)   // [] for a labelled field
    return findings
}

// Sources/TypingEcho/Elements/ScreenDescription.swift
func screenDescriptionExample(_ session: Session<EventCollector>) -> String {
    let description = ScreenDescription(session.screen)
    print(description.text, terminator: "")
    return description.text
}

@Suite("Doc examples of the engine")
struct LibraryDocExampleTests {
    @Test("the examples' claims hold")
    func claims() throws {
        #expect(try textBufferExample() == "there")
        let (all, outside) = try textRangeExample()
        #expect(all == "ab" && outside == nil)
        #expect(try localeInfoExample() == ("pl_PL", ["pl-PL", "pl"]))
        #expect(try cldrExample() == "pouce vers le haut")
        let (urdu, english) = try writingScriptExample()
        #expect(urdu.isEmpty && english.starts(with: ["t", "e", "x"]))
        let polish = try #require(BundledData.phoneticsFile("pl"))
        #expect(try phoneticAlphabetExample(polish).isEmpty)
        _ = try usePhoneticsExample(polish)
        #expect(speechTableExample().isEmpty)
        let line = try #require(try parserExample())
        #expect(line.at == 1.5 && line.command == .swipe(.right))
        #expect(try lineSplitterExample([Array("a\nb".utf8), Array("c\nd".utf8)]) == ["a", "bc", "d"])
        #expect(try engineExample().element("name") != nil)
        let session = try fedSessionExample()
        #expect(screenDescriptionExample(session).contains("Name"))
        #expect(try screenSnapshotExample().isEmpty)
    }
}
