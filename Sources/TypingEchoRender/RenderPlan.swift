import TypingEcho

/// When each utterance and sound of an event stream is heard: the timeline `render` mixes.
///
/// An utterance starts at its `t`, or, when it was queued (`interrupts: false`), when the speech
/// ahead of it ends by the engine's estimate; it is heard until its `finished` event when that
/// says `completed: false` (cut), and otherwise for as long as espeak-ng takes to say it, but
/// never past the start of the next utterance (one synthesizer says one thing at a time) nor
/// past the end of the session.
public struct RenderPlan: Sendable {
    /// One utterance on the timeline.
    public struct Speech: Sendable, Hashable {
        /// The utterance as the stream gave it.
        public var utterance: Utterance
        /// When it starts, in milliseconds.
        public var start: Int64
        /// When the stream cut it, if it did.
        public var cut: Int64?
    }

    /// One sound on the timeline.
    public struct Sound: Sendable, Hashable {
        /// Which earcon.
        public var name: SoundName
        /// When it plays, in milliseconds.
        public var time: Int64
    }

    /// The utterances in start order.
    public private(set) var speech: [Speech] = []
    /// The sounds in time order.
    public private(set) var sounds: [Sound] = []
    /// When the session ends: the last event plus its duration (an utterance's estimated
    /// duration, up to its cut; an earcon's length), in milliseconds.
    public private(set) var end: Int64 = 0

    /// Lays out an event stream (in the order the engine emitted it).
    public init(events: some Sequence<TimedEvent>, earconLength: (SoundName) -> Int64) {
        var queueEnd: Int64 = 0
        var index: [Int: Int] = [:]
        for timed in events {
            // The braille display is felt, not heard: it changes nothing of the sound.
            if case .braille = timed.event { continue }
            let t = timed.time.milliseconds
            end = max(end, t)
            switch timed.event {
            case .speak(let utterance):
                let start = utterance.interrupts ? t : max(t, queueEnd)
                queueEnd = start + utterance.duration.milliseconds
                index[utterance.id] = speech.count
                speech.append(Speech(utterance: utterance, start: start, cut: nil))
            case .finished(let id, let completed):
                guard !completed, let position = index[id] else { break }
                speech[position].cut = t
                // The engine cuts everything playing or queued at once.
                queueEnd = min(queueEnd, t)
            case .sound(let name):
                sounds.append(Sound(name: name, time: t))
                end = max(end, t + earconLength(name))
            case .edit, .cursor, .focus, .braille, .activate, .editing:
                break
            }
        }
        // An utterance lasts its estimated duration unless the stream cut it first.
        for item in speech where item.cut == nil { end = max(end, item.start + item.utterance.duration.milliseconds) }
        // Queued utterances start in id order, which is start order; sort to be sure.
        speech.sort { ($0.start, $0.utterance.id) < ($1.start, $1.utterance.id) }
    }

    /// How long utterance `position` may be heard, in milliseconds, before something stops it:
    /// its cut, the next utterance's start or the session's end, whichever comes first.
    public func limit(of position: Int) -> Int64 {
        let item = speech[position]
        var stop = end
        if let cut = item.cut { stop = min(stop, cut) }
        if position + 1 < speech.count { stop = min(stop, speech[position + 1].start) }
        return max(0, stop - item.start)
    }
}
