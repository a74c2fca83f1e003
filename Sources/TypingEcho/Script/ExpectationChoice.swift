/// Chooses the expectation that holds for a window, for ``ScriptUpdater``: a replacement of the
/// same kind for a line that failed, or the line added after a command that had none.
///
/// Only texts the window kept whole are written (an utterance of at most 512 bytes), and never
/// a secure field's text: the observation does not hold it.
struct ExpectationChoice {
    private let observation: WindowObservation
    /// Whether each utterance is heard to its end in the whole run (`UtteranceFates`).
    private let fates: UtteranceFates
    /// Texts the group's passing lines name, and texts already chosen for its other lines: a
    /// failed line is given another utterance while one is left.
    private var taken: [String]

    init(_ observation: WindowObservation, fates: UtteranceFates, named: [String] = []) {
        self.observation = observation
        self.fates = fates
        self.taken = named
    }

    /// The line added after a command no `expect` follows, or nil when none is:
    /// 1. the last utterance heard to its end in the window (`expect heard`);
    /// 2. else the last utterance said in the window and cut in it (`expect speech`);
    /// 3. else, of the utterances said in the window and still playing, the last that will be
    ///    cut (`expect speech`: it is said here, and never heard to its end); when all of them
    ///    will be heard to their end, nothing yet: the command that ends them gets the
    ///    `expect heard` (after the last command, `expect speech` of the last one said).
    func added(isLast: Bool) -> Expectation? {
        if let text = Self.lastWritable(observation.endings.filter(\.heardToTheEnd).map { ($0.id, $0.text) }) { return .heard(text) }
        let said = Set(observation.said.map(\.id))
        if let text = Self.lastWritable(observation.endings.filter { !$0.heardToTheEnd && said.contains($0.id) }.map { ($0.id, $0.text) }) {
            return .speech(text)
        }
        let playing = observation.playing.filter { said.contains($0.id) }
        if let text = Self.lastWritable(playing.filter { fates.heardToTheEnd($0.id) != true }) { return .speech(text) }
        if !playing.isEmpty && !isLast { return nil }
        return Self.lastWritable(observation.said).map(Expectation.speech)
    }

    /// What holds in place of `expectation`, which failed; nil when nothing writable does.
    mutating func replacement(for expectation: Expectation) -> Expectation? {
        switch expectation {
        case .speech(let text):
            return nearest(to: text, in: observation.said.map(\.text)).map(Expectation.speech) ?? whatHappened()
        case .heard(let text):
            let completed = observation.endings.filter(\.heardToTheEnd).map(\.text)
            if let heard = nearest(to: text, in: completed) { return .heard(heard) }
            return nearest(to: text, in: observation.said.map(\.text)).map(Expectation.speech) ?? whatHappened()
        case .noSpeech:
            return whatHappened()
        case .sound:
            return observation.sounds.last.map(Expectation.sound) ?? whatHappened()
        case .value:
            guard let field = observation.field else { return whatHappened() }
            // A secure field's text is never written: its count is.
            return observation.value.map(Expectation.value) ?? .count(field.count)
        case .count:
            return observation.field.map { .count($0.count) } ?? whatHappened()
        case .cursor:
            return observation.field.map { .cursor($0.cursor) } ?? whatHappened()
        case .braille:
            return observation.braille.map { .braille($0.cells) } ?? whatHappened()
        case .brailleCursor:
            return observation.braille.map { .brailleCursor($0.cursor) } ?? whatHappened()
        }
    }

    /// What the window held, for a line with nothing of its own kind to say: the speech as
    /// ``added(isLast:)`` chooses it (what is still playing counts as said), else the last
    /// sound, else `expect no-speech`.
    private func whatHappened() -> Expectation? {
        if let added = added(isLast: true) { return added }
        if !observation.said.isEmpty { return nil }
        return observation.sounds.last.map(Expectation.sound) ?? .noSpeech
    }

    /// The utterance nearest to `text` (fewest edits; the later one on a tie) among those not
    /// taken, or among all when every one is taken; it is taken.
    private mutating func nearest(to text: String, in heard: [HeardText]) -> String? {
        let writable = heard.filter { !$0.isCut }.map(\.prefix)
        let free = writable.filter { !taken.contains($0) }
        let pool = free.isEmpty ? writable : free
        let target = Array(text.unicodeScalars.prefix(Self.comparedScalars))
        var best: (text: String, distance: Int)?
        for candidate in pool {
            let distance = Suggestion.editDistance(target, Array(candidate.unicodeScalars.prefix(Self.comparedScalars)))
            if best == nil || distance <= best!.distance { best = (candidate, distance) }
        }
        if let best { taken.append(best.text) }
        return best?.text
    }

    /// How many scalars of each text are compared: a window of long utterances costs
    /// O(utterances × 64²) at most.
    private static let comparedScalars = 64

    /// The last text of `heard` the window kept whole.
    private static func lastWritable(_ heard: [WindowObservation.Heard]) -> String? {
        heard.last { !$0.text.isCut }?.text.prefix
    }
}

/// Whether each utterance of a run is heard to its end, by id: what a first run of the script
/// found, so that the update knows, while an utterance is still playing, whether it will be cut.
///
/// One byte per utterance (ids are handed out in order), so a script that says a million
/// things costs a megabyte.
struct UtteranceFates: EventSink {
    /// 0: not ended (or not seen), 1: heard to its end, 2: cut.
    private var fates: [UInt8] = []

    /// Whether utterance `id` is heard to its end; nil when it never ended.
    func heardToTheEnd(_ id: Int) -> Bool? {
        guard id >= 0, id < fates.count, fates[id] != 0 else { return nil }
        return fates[id] == 1
    }

    mutating func receive(_ event: TimedEvent) {
        guard case .finished(let id, let heardToTheEnd) = event.event, id >= 0, id < 1 << 32 else { return }
        if id >= fates.count { fates.append(contentsOf: repeatElement(0, count: id + 1 - fates.count)) }
        fates[id] = heardToTheEnd ? 1 : 2
    }
}
