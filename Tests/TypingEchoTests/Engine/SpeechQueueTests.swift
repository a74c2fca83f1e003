import Testing
import TypingEchoTesting
@testable import TypingEcho

/// The synthesizer's queue and the expectation window take finished entries from the front by
/// moving an index on (they used to shift every later entry, so n queued `announce` lines cost
/// O(n²)). Each is checked here against a model that drains its arrays from the front, as the
/// code used to, on generated runs with queues long enough to be compacted many times.
@Suite("Speech queue: taken from the front")
struct SpeechQueueTests {
    @Test("SpeechChannel answers as a model that drains arrays from the front", arguments: [UInt64(1), 2, 3, 4])
    func channelAgainstModel(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var channel = SpeechChannel()
        var model = ModelChannel()
        var now = VirtualTime(milliseconds: 0)
        for step in 0..<3_000 {
            let roll = random.next(upTo: 99)
            if roll < 4 {
                // A burst: an app announcing many things at one instant (a long queue).
                for _ in 0..<(20 + random.next(upTo: 300)) {
                    let duration = VirtualDuration(milliseconds: Int64(random.next(upTo: 1_500)))
                    let result = channel.enqueue(duration: duration, at: now)
                    let expected = model.enqueue(duration: duration, at: now, isTyping: false)
                    #expect(result.id == expected.id && result.start == expected.start, "step \(step)")
                }
            } else if roll < 40 {
                let duration = VirtualDuration(milliseconds: Int64(random.next(upTo: 2_000)))
                let isTyping = random.next(upTo: 1) == 0
                let result = channel.enqueue(duration: duration, at: now, isTyping: isTyping)
                let expected = model.enqueue(duration: duration, at: now, isTyping: isTyping)
                #expect(result.id == expected.id && result.start == expected.start, "step \(step)")
            } else if roll < 75 {
                // The clock moves on, performing what is due, as `Engine.advance` does.
                now = now + VirtualDuration(milliseconds: Int64(random.next(upTo: random.next(upTo: 4) == 0 ? 20_000 : 1_500)))
                while true {
                    let taken = channel.popDue(through: now)
                    let expected = model.popDue(through: now)
                    #expect(taken.map(ModelChannel.Entry.init) == expected, "step \(step)")
                    if taken == nil || expected == nil { break }
                }
            } else if roll < 82 {
                #expect(channel.cutAll(at: now) == model.cutAll(), "step \(step)")
            } else if roll < 94 {
                let utterance = DelayedUtterance(text: "hint \(step)", role: .hint, pitch: 1.0)
                let time = channel.quietTime(after: now) + VirtualDuration(milliseconds: Int64(random.next(upTo: 3_000)))
                channel.schedule(utterance, at: time)
                model.schedule(utterance.text, at: time)
            } else {
                channel.cancelPending()
                model.cancelPending()
            }
            #expect(channel.quietTime(after: now) == model.quietTime(after: now), "step \(step)")
            #expect(channel.mayFollowTyping(at: now) == model.mayFollowTyping(at: now), "step \(step)")
            #expect(channel.nextDue == model.due.first?.time && channel.lastDue == model.due.last?.time, "step \(step)")
            #expect(channel.isSpeaking == !model.playing.isEmpty, "step \(step)")
            #expect(channel.pending.map { "\($0.time) \($0.utterance.text)" } == model.pending, "step \(step)")
        }
    }

    @Test("The expectation window answers as a model that drains arrays from the front", arguments: [false, true])
    func windowAgainstModel(repeatedIDs: Bool) {
        var random = SeededGenerator(seed: repeatedIDs ? 7 : 8)
        var log = ExpectationLog()
        var model = ModelWindow()
        var nextID = 0
        // Ids in flight, oldest first, as the synthesizer ends them (mostly the oldest first).
        var queued: [Int] = []
        for step in 0..<2_000 {
            let roll = random.next(upTo: 99)
            if roll < 45 {
                // One utterance, or many at once: more than the window keeps in flight.
                let count = random.next(upTo: 40) == 0 ? 2_000 + Int(random.next(upTo: 3_000)) : 1
                for _ in 0..<count {
                    // Repeated and decreasing ids are not the engine's, but the window must not depend on them.
                    nextID += 1
                    let id = repeatedIDs && random.next(upTo: 3) == 0 ? Int(random.next(upTo: 50)) : nextID
                    let text = "utterance \(id) at \(step)"
                    log.record(.speak(Utterance(id: id, text: text, role: .announcement, locale: "en-US", duration: .zero)))
                    model.speak(id: id, text: text)
                    queued.append(id)
                }
            } else if roll < 85, !queued.isEmpty {
                // The oldest ends (now and then one further back, or one never said).
                let index = random.next(upTo: 10) == 0 ? Int(random.next(upTo: UInt64(queued.count - 1))) : 0
                let id = random.next(upTo: 50) == 0 ? -1 - Int(random.next(upTo: 5)) : queued.remove(at: index)
                let completed = random.next(upTo: 5) != 0
                log.record(.finished(id: id, completed: completed))
                model.finish(id: id, completed: completed)
            } else if roll < 92 {
                // Everything is cut.
                for id in queued {
                    log.record(.finished(id: id, completed: false))
                    model.finish(id: id, completed: false)
                }
                queued.removeAll()
            } else {
                log.close()
                log.commandRan()
                model.completed.removeAll()
            }
            #expect(log.completed.map(\.prefix) == model.completed, "step \(step)")
        }
    }

    @Test("5,000 announce lines queue one after another, each heard to its end, in order")
    func longQueueOfAnnouncements() {
        let count = 5_000
        var lines = (0..<count).map { "announce \"Message \($0)\"" }
        lines += ["wait 100000", "expect heard \"Message \(count - 1)\"", "expect heard \"Message \(count - 2)\""]
        let run = replay(lines)
        #expect(run.failures.isEmpty)
        let utterances = run.utterances
        #expect(utterances.map(\.text) == (0..<count).map { "Message \($0)" })
        var finished: [Int] = [], start: Int64 = 0
        for (index, event) in run.events.enumerated() {
            if case .finished(let id, let completed) = event.event {
                #expect(completed)
                finished.append(id)
            }
            // Each starts when the one before it ends (all were asked for at 0).
            if case .speak(let utterance) = event.event {
                #expect(utterance.startDelay.milliseconds == start, "event \(index)")
                start += utterance.duration.milliseconds
            }
        }
        #expect(finished == utterances.map(\.id))
    }
}

/// The synthesizer's queue as it was: arrays drained with `removeFirst()` and searched whole.
private struct ModelChannel {
    /// A scheduled entry as the test compares it.
    struct Entry: Equatable {
        var time: VirtualTime
        var sequence: Int
        var finish: Int?
        var text: String?

        /// An entry from its parts.
        init(time: VirtualTime, sequence: Int, finish: Int?, text: String?) {
            self.time = time
            self.sequence = sequence
            self.finish = finish
            self.text = text
        }

        /// The channel's entry, to compare.
        init(_ due: SpeechChannel.Due) {
            switch due.action {
            case .finish(let id): self.init(time: due.time, sequence: due.sequence, finish: id, text: nil)
            case .speak(let utterance): self.init(time: due.time, sequence: due.sequence, finish: nil, text: utterance.text)
            }
        }
    }

    /// The last id given.
    var lastID = 0
    /// The last sequence number given.
    var sequence = 0
    /// Utterances playing or queued, in order.
    var playing: [(id: Int, end: VirtualTime, requested: VirtualTime, isTyping: Bool)] = []
    /// Everything scheduled, by time then sequence.
    var due: [Entry] = []

    /// When everything queued has been said.
    func quietTime(after time: VirtualTime) -> VirtualTime { max(time, playing.last?.end ?? time) }

    /// Whether typing feedback may follow what is being said.
    func mayFollowTyping(at time: VirtualTime) -> Bool {
        guard let last = playing.last, last.end <= time + SpeechChannel.maximumTypingLag else { return false }
        return playing.allSatisfy { $0.isTyping && $0.requested < time }
    }

    /// The delayed utterances, as "TIME TEXT".
    var pending: [String] { due.compactMap { entry in entry.text.map { "\(entry.time) \($0)" } } }

    /// Queues an utterance after what is playing.
    mutating func enqueue(duration: VirtualDuration, at time: VirtualTime, isTyping: Bool) -> (id: Int, start: VirtualTime) {
        lastID += 1
        let start = quietTime(after: time)
        playing.append((lastID, start + duration, time, isTyping))
        insert(Entry(time: start + duration, sequence: 0, finish: lastID, text: nil))
        return (lastID, start)
    }

    /// Cuts everything playing or queued.
    mutating func cutAll() -> [Int] {
        let cut = playing.map(\.id)
        playing = []
        due.removeAll { $0.finish != nil }
        return cut
    }

    /// Schedules a delayed utterance.
    mutating func schedule(_ text: String, at time: VirtualTime) { insert(Entry(time: time, sequence: 0, finish: nil, text: text)) }

    /// Drops the delayed utterances.
    mutating func cancelPending() { due.removeAll { $0.text != nil } }

    /// Removes and returns the first thing due, with `removeFirst()`.
    mutating func popDue(through time: VirtualTime) -> Entry? {
        guard let first = due.first, first.time <= time else { return nil }
        due.removeFirst()
        if let id = first.finish, let index = playing.firstIndex(where: { $0.id == id }) { playing.remove(at: index) }
        return first
    }

    /// Schedules an entry after the entries of its time.
    mutating func insert(_ entry: Entry) {
        var entry = entry
        sequence += 1
        entry.sequence = sequence
        let position = due.firstIndex { ($0.time, $0.sequence) > (entry.time, entry.sequence) } ?? due.count
        due.insert(entry, at: position)
    }
}

/// The expectation window's utterances in flight and heard to their end, as they were kept.
private struct ModelWindow {
    /// The utterances not yet finished, oldest first.
    var inFlight: [(id: Int, text: String)] = []
    /// The utterances heard to their end in this window.
    var completed: [String] = []

    /// An utterance is said.
    mutating func speak(id: Int, text: String) {
        if inFlight.count == ExpectationLog.capacity { inFlight.removeFirst(ExpectationLog.capacity / 2) }
        inFlight.append((id, text))
    }

    /// An utterance ends, heard to its end or cut.
    mutating func finish(id: Int, completed heard: Bool) {
        guard let index = inFlight.firstIndex(where: { $0.id == id }) else { return }
        let text = inFlight.remove(at: index).text
        if heard {
            if completed.count == ExpectationLog.capacity { completed.removeFirst(ExpectationLog.capacity / 2) }
            completed.append(text)
        }
    }
}
