/// An utterance waiting for its delay to pass: a hint or a phonetic word.
struct DelayedUtterance: Sendable, Hashable {
    var text: String
    var role: SpeechRole
    var pitch: Double
    var fallback = false
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
    /// Utterances playing or queued, in order, from `playingStart` on (the ones before it
    /// have finished). Typing feedback queues only while it ends within `maximumTypingLag`,
    /// but queued utterances (`announce`, a value that changed by itself) have no bound: a
    /// script of n `announce` lines queues n.
    private var playing: [Playing] = []
    /// The first utterance of `playing` still playing or queued; finishing one moves it on.
    private var playingStart = 0
    /// Everything scheduled, sorted by time then sequence, from `dueStart` on (the entries
    /// before it have been performed): a finish per utterance queued, and the hints and
    /// phonetic words waiting.
    private var due: [Due] = []
    /// The first entry of `due` still to come; performing one moves it on.
    private var dueStart = 0

    /// When everything queued has been said.
    /// - Complexity: O(1).
    func quietTime(after time: VirtualTime) -> VirtualTime {
        // The last entry by index (`last` is a generic call per utterance in a debug build).
        guard playingStart < playing.count else { return time }
        return max(time, playing[playing.count - 1].end)
    }

    /// Whether typing feedback asked for at `time` may wait for what is being said instead of
    /// cutting it: everything playing or queued is typing feedback of keys pressed before this
    /// instant, and it will all have been said within `maximumTypingLag`. Keys pressed at one
    /// instant (`key-cadence=0`) still cut one another, as in v1.
    /// - Complexity: O(1) when the last utterance ends more than `maximumTypingLag` after
    ///   `time`; otherwise O(k) in the k utterances playing or queued (it stops at the first
    ///   that is not typing feedback of an earlier key).
    func mayFollowTyping(at time: VirtualTime) -> Bool {
        // By index (`last` and `allSatisfy` were generic calls per key in a debug build).
        guard playingStart < playing.count, playing[playing.count - 1].end <= time + Self.maximumTypingLag else { return false }
        var index = playingStart
        while index < playing.count {
            guard playing[index].isTyping && playing[index].requested < time else { return false }
            index += 1
        }
        return true
    }

    /// Queues an utterance after what is playing; returns its id and when it starts to be heard.
    /// - Complexity: Amortised O(1) (its finish is scheduled last, see `insert`).
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
    /// - Complexity: O(k + d) in the k utterances cut and the d entries scheduled.
    mutating func cutAll(at time: VirtualTime) -> [Int] {
        guard playingStart < playing.count else { return [] }
        // Plain loops, not `map(\.id)` and `removeAll(where:)`: every interruption comes here,
        // and in a debug build (what `swift test` runs) those generic calls cost most of it.
        var cut: [Int] = []
        cut.reserveCapacity(playing.count - playingStart)
        var index = playingStart
        while index < playing.count {
            cut.append(playing[index].id)
            index += 1
        }
        playing.removeAll(keepingCapacity: true)
        playingStart = 0
        dropDue { if case .finish = $0 { true } else { false } }
        return cut
    }

    /// Schedules a delayed utterance.
    /// - Complexity: O(1) amortised when it is the latest; otherwise O(d) in the entries scheduled.
    mutating func schedule(_ utterance: DelayedUtterance, at time: VirtualTime) {
        insert(Due(time: time, sequence: 0, action: .speak(utterance)))
    }

    /// Drops pending hints and phonetic words: the user did something first.
    /// - Complexity: O(d) in the entries scheduled.
    mutating func cancelPending() {
        dropDue { if case .speak = $0 { true } else { false } }
    }

    /// Drops the scheduled entries whose action `drops`, keeping the others in order. Mostly
    /// nothing goes: the common case only reads each entry, by index (`indices` was a generic
    /// call per key in a debug build, what `swift test` runs).
    private mutating func dropDue(where drops: (Due.Action) -> Bool) {
        var kept = dueStart, index = dueStart
        let count = due.count
        while index < count {
            if !drops(due[index].action) {
                if kept != index { due[kept] = due[index] }
                kept += 1
            }
            index += 1
        }
        if kept < count {
            due.removeSubrange(kept..<count)
            due.dropConsumedFront(&dueStart)
        }
    }

    /// The time of the next scheduled thing, if any.
    var nextDue: VirtualTime? { dueStart < due.count ? due[dueStart].time : nil }

    /// The time of the last scheduled thing, if any.
    var lastDue: VirtualTime? { dueStart < due.count ? due[due.count - 1].time : nil }

    /// Removes and returns the first thing due at or before `time`.
    /// - Complexity: Amortised O(1): the entry is taken from the front by moving `dueStart`
    ///   on, and the utterance that finishes is the first playing (utterances end in the order
    ///   they were queued), taken by moving `playingStart` on. (Shifting every later entry
    ///   instead made n queued `announce` lines cost O(n²).)
    mutating func popDue(through time: VirtualTime) -> Due? {
        guard dueStart < due.count, due[dueStart].time <= time else { return nil }
        let first = due[dueStart]
        dueStart += 1
        due.dropConsumedFront(&dueStart)
        if case .finish(let id) = first.action {
            // Ids are unique: the one entry goes. Utterances end in the order they were queued,
            // so it is the first; the search (by index: `indices` is a generic call in a debug
            // build) is for one that would not be.
            var index = playingStart
            while index < playing.count && playing[index].id != id { index += 1 }
            if index == playingStart && index < playing.count {
                playingStart += 1
                playing.dropConsumedFront(&playingStart)
            } else if index < playing.count {
                playing.remove(at: index)
            }
        }
        return first
    }

    /// Whether an utterance is playing or queued to play.
    var isSpeaking: Bool { playingStart < playing.count }

    /// The delayed utterances (hints, phonetic words) waiting for their time, in order.
    var pending: [(time: VirtualTime, utterance: DelayedUtterance)] {
        due[dueStart...].compactMap { entry in
            if case .speak(let utterance) = entry.action { return (entry.time, utterance) } else { return nil }
        }
    }

    /// Schedules an entry in time order, after the entries of its time already scheduled.
    /// - Complexity: O(1) amortised when it is the latest (mostly); otherwise O(d) in the entries scheduled.
    private mutating func insert(_ entry: Due) {
        var entry = entry
        sequence += 1
        entry.sequence = sequence
        // Mostly the entry goes last (the latest time, the highest sequence): appended, and
        // otherwise inserted before the first later entry, found by index (the generic
        // `firstIndex(where:)` and `insert(_:at:)` cost most of a key's scheduling in a debug build).
        var position = due.count
        while position > dueStart && (due[position - 1].time, due[position - 1].sequence) > (entry.time, entry.sequence) { position -= 1 }
        if position == due.count { due.append(entry) } else { due.insert(entry, at: position) }
    }
}
