/// An utterance waiting for its delay to pass: a hint or a phonetic word.
struct DelayedUtterance: Sendable, Hashable {
    var text: String
    var role: SpeechRole
    var pitch: Double
}

/// The synthesizer's queue and everything scheduled on the virtual clock.
///
/// Utterances play one after another; an interrupting one cuts the one playing and drops the
/// ones queued. Each utterance's end is scheduled as a `finish`; hints and phonetic words are
/// scheduled as delayed `speak`s that any input cancels. Typing feedback (a typed character's
/// echo and the words it ends) may follow the typing feedback of earlier keys instead of
/// cutting it, while speech is at most ``maximumTypingLag`` behind (see `mayFollowTyping`).
struct SpeechChannel: Sendable {
    /// Something due at a time; `sequence` keeps equal times in the order they were scheduled.
    struct Due: Sendable {
        enum Action: Sendable {
            case finish(id: Int)
            case speak(DelayedUtterance)
        }
        var time: VirtualTime
        var sequence: Int
        var action: Action
    }

    /// How far behind the keys typing feedback may fall before a key cuts it: one second.
    static let maximumTypingLag = VirtualDuration(milliseconds: 1_000)

    /// An utterance playing or queued: when it ends, when it was asked for, and whether it is
    /// typing feedback.
    private struct Playing: Sendable {
        var id: Int
        var end: VirtualTime
        var requested: VirtualTime
        var isTyping: Bool
    }

    private(set) var lastID = 0
    private var sequence = 0
    /// Utterances playing or queued, in order. Typing feedback queues only while it ends
    /// within `maximumTypingLag`, so this stays short.
    private var playing: [Playing] = []
    /// Everything scheduled, sorted by time then sequence; it stays short (a few entries).
    private var due: [Due] = []

    /// When everything queued has been said.
    func quietTime(after time: VirtualTime) -> VirtualTime {
        // The last entry by index (`last` is a generic call per utterance in a debug build).
        guard !playing.isEmpty else { return time }
        return max(time, playing[playing.count - 1].end)
    }

    /// Whether typing feedback asked for at `time` may wait for what is being said instead of
    /// cutting it: everything playing or queued is typing feedback of keys pressed before this
    /// instant, and it will all have been said within `maximumTypingLag`. Keys pressed at one
    /// instant (`key-cadence=0`) still cut one another, as in v1.
    func mayFollowTyping(at time: VirtualTime) -> Bool {
        // By index (`last` and `allSatisfy` were generic calls per key in a debug build).
        guard !playing.isEmpty, playing[playing.count - 1].end <= time + Self.maximumTypingLag else { return false }
        var index = 0
        while index < playing.count {
            guard playing[index].isTyping && playing[index].requested < time else { return false }
            index += 1
        }
        return true
    }

    /// Queues an utterance after what is playing; returns its id and when it starts to be heard.
    @discardableResult
    mutating func enqueue(duration: VirtualDuration, at time: VirtualTime, isTyping: Bool = false) -> (id: Int, start: VirtualTime) {
        lastID += 1
        let start = quietTime(after: time)
        let end = start + duration
        playing.append(Playing(id: lastID, end: end, requested: time, isTyping: isTyping))
        insert(Due(time: end, sequence: 0, action: .finish(id: lastID)))
        return (lastID, start)
    }

    /// Cuts whatever is playing or queued; returns their ids in order.
    mutating func cutAll(at time: VirtualTime) -> [Int] {
        guard !playing.isEmpty else { return [] }
        // Plain loops, not `map(\.id)` and `removeAll(where:)`: every interruption comes here,
        // and in a debug build (what `swift test` runs) those generic calls cost most of it.
        var cut: [Int] = []
        cut.reserveCapacity(playing.count)
        var index = 0
        while index < playing.count {
            cut.append(playing[index].id)
            index += 1
        }
        playing = []
        dropDue { if case .finish = $0 { true } else { false } }
        return cut
    }

    /// Schedules a delayed utterance.
    mutating func schedule(_ utterance: DelayedUtterance, at time: VirtualTime) {
        insert(Due(time: time, sequence: 0, action: .speak(utterance)))
    }

    /// Drops pending hints and phonetic words: the user did something first.
    mutating func cancelPending() {
        dropDue { if case .speak = $0 { true } else { false } }
    }

    /// Drops the scheduled entries whose action `drops`, keeping the others in order. Mostly
    /// nothing goes: the common case only reads each entry, by index (`indices` was a generic
    /// call per key in a debug build, what `swift test` runs).
    private mutating func dropDue(where drops: (Due.Action) -> Bool) {
        var kept = 0, index = 0
        let count = due.count
        while index < count {
            if !drops(due[index].action) {
                if kept != index { due[kept] = due[index] }
                kept += 1
            }
            index += 1
        }
        if kept < count { due.removeSubrange(kept..<count) }
    }

    /// The time of the next scheduled thing, if any.
    var nextDue: VirtualTime? { due.isEmpty ? nil : due[0].time }

    /// The time of the last scheduled thing, if any.
    var lastDue: VirtualTime? { due.isEmpty ? nil : due[due.count - 1].time }

    /// Removes and returns the first thing due at or before `time`.
    mutating func popDue(through time: VirtualTime) -> Due? {
        guard let first = due.first, first.time <= time else { return nil }
        due.removeFirst()
        if case .finish(let id) = first.action {
            // Ids are unique: the one entry goes.
            for index in playing.indices where playing[index].id == id {
                playing.remove(at: index)
                break
            }
        }
        return first
    }

    /// Whether an utterance is playing or queued to play.
    var isSpeaking: Bool { !playing.isEmpty }

    /// The delayed utterances (hints, phonetic words) waiting for their time, in order.
    var pending: [(time: VirtualTime, utterance: DelayedUtterance)] {
        due.compactMap { entry in
            if case .speak(let utterance) = entry.action { return (entry.time, utterance) } else { return nil }
        }
    }

    private mutating func insert(_ entry: Due) {
        var entry = entry
        sequence += 1
        entry.sequence = sequence
        // Mostly the entry goes last (the latest time, the highest sequence): appended, and
        // otherwise inserted before the first later entry, found by index (the generic
        // `firstIndex(where:)` and `insert(_:at:)` cost most of a key's scheduling in a debug build).
        var position = due.count
        while position > 0 && (due[position - 1].time, due[position - 1].sequence) > (entry.time, entry.sequence) { position -= 1 }
        if position == due.count { due.append(entry) } else { due.insert(entry, at: position) }
    }
}
