import Testing
import TypingEcho
@testable import TypingEchoTesting

@Suite("Session dump")
struct SessionDumpTests {
    @Test("The leak check's dump of a finished session is dump's own text, under every reader, cached or not")
    func sameTextAsDump() throws {
        let leaks = try LeakCheck()
        let dumper = SessionDump()
        let gen = Gen.leakCase(steps: 1...16)
        var readers: Set<String> = []
        for index in 1...120 {
            let leakCase = try #require(gen.sample(seed: SeededGenerator.subSeed(of: 20_261_202, index: index)))
            readers.insert(leakCase.reader.name)
            let (real, decoy) = leaks.run(leakCase)
            for run in [real, decoy] {
                var expected = ""
                dump(run.session, to: &expected)
                // The second call finds the settings' lines in the cache.
                #expect(dumper.text(of: run.session) == expected)
                #expect(dumper.text(of: run.session) == expected)
            }
        }
        #expect(readers.count == LeakReader.all.count)
    }
}
