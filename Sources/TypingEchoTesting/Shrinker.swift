/// A failing run of a property: the value, the error it threw, and the choices that built it.
struct FailingRun<Value> {
    var value: Value
    var error: any Error
    var choices: [UInt64]
    var bounds: [UInt64]
    var spans: [Range<Int>]
}

/// Shrinks a failing choice sequence toward the shortest, then lexicographically smallest,
/// sequence whose replay still fails — Hypothesis's "shortlex" order.
///
/// Passes, repeated until none helps or the budget runs out: delete recorded spans (alone,
/// and with the choice after them), delete blocks of consecutive choices, zero spans,
/// minimise each choice (zero, then each lower value for a small one, a binary search for a
/// larger one), move value from one choice to a later
/// sibling, lower a choice while deleting a later span (a count and one of its elements),
/// and swap adjacent spans into ascending order.
struct Shrinker<Value> {
    private(set) var best: FailingRun<Value>
    private(set) var improvements = 0
    private var budget: Int
    private var tried: Set<[UInt64]> = []
    private let replay: ([UInt64]) -> FailingRun<Value>?

    /// Creates a shrinker for `failure` that may replay at most `budget` candidates with `replay`.
    init(_ failure: FailingRun<Value>, budget: Int, replay: @escaping ([UInt64]) -> FailingRun<Value>?) {
        best = failure
        self.budget = budget
        self.replay = replay
        tried.insert(failure.choices)
    }

    /// Runs the passes until a fixed point or until the budget is spent.
    mutating func shrink() {
        var improved = true
        while improved && budget > 0 {
            improved = false
            improved = deleteSpans() || improved
            improved = deleteSpansWithNextChoice() || improved
            improved = deleteBlocks() || improved
            improved = zeroSpans() || improved
            improved = minimizeChoices() || improved
            improved = redistribute() || improved
            improved = lowerAndDelete() || improved
            improved = sortSpans() || improved
        }
    }

    /// Replays `candidate` and keeps it if it still fails and is simpler than the best so far.
    private mutating func consider(_ candidate: [UInt64]) -> Bool {
        guard budget > 0, tried.insert(candidate).inserted else { return false }
        budget -= 1
        guard let run = replay(candidate), isSimpler(run.choices, than: best.choices) else { return false }
        best = run
        improvements += 1
        return true
    }

    private mutating func deleteSpans() -> Bool {
        var improved = false
        var index = 0
        while index < best.spans.count && budget > 0 {
            var candidate = best.choices
            candidate.removeSubrange(best.spans[index])
            if consider(candidate) { improved = true } else { index += 1 }
        }
        return improved
    }

    /// Deletes a span with the choice after it: an array's required element together with the
    /// "one more?" flag of the next, so that the next element becomes the required one.
    private mutating func deleteSpansWithNextChoice() -> Bool {
        var improved = false
        var index = 0
        while index < best.spans.count && budget > 0 {
            let span = best.spans[index]
            guard span.upperBound < best.choices.count else { index += 1; continue }
            var candidate = best.choices
            candidate.removeSubrange(span.lowerBound...span.upperBound)
            if consider(candidate) { improved = true } else { index += 1 }
        }
        return improved
    }

    private mutating func deleteBlocks() -> Bool {
        var improved = false
        for size in [8, 4, 2, 1] {
            var start = 0
            while start + size <= best.choices.count && budget > 0 {
                var candidate = best.choices
                candidate.removeSubrange(start..<start + size)
                if consider(candidate) { improved = true } else { start += 1 }
            }
        }
        return improved
    }

    private mutating func zeroSpans() -> Bool {
        var improved = false
        var index = 0
        while index < best.spans.count && budget > 0 {
            let span = best.spans[index]
            index += 1
            guard best.choices[span].contains(where: { $0 != 0 }) else { continue }
            var candidate = best.choices
            candidate.replaceSubrange(span, with: repeatElement(0, count: span.count))
            improved = consider(candidate) || improved
        }
        return improved
    }

    private mutating func minimizeChoices() -> Bool {
        var improved = false
        var index = 0
        while index < best.choices.count && budget > 0 {
            improved = minimizeChoice(at: index) || improved
            index += 1
        }
        return improved
    }

    /// Lowers one choice: to zero if that still fails; a small one (up to 16) to the lowest value
    /// that still fails, trying each in turn (a family or an element of a short list, where
    /// failing is not monotone); a larger one by binary search between zero and it.
    private mutating func minimizeChoice(at index: Int) -> Bool {
        guard best.choices[index] > 0 else { return false }
        if consider(replacing(index, with: 0)) { return true }
        if best.choices[index] <= 16 {
            for value in 1..<best.choices[index] where budget > 0 {
                if consider(replacing(index, with: value)) { return true }
            }
            return false
        }
        var passing: UInt64 = 0
        var failing = best.choices[index]
        var improved = false
        while failing - passing > 1 && budget > 0 && index < best.choices.count {
            let middle = passing + (failing - passing) / 2
            if consider(replacing(index, with: middle)) {
                improved = true
                guard index < best.choices.count else { break }
                failing = best.choices[index]
            } else {
                passing = middle
            }
        }
        return improved
    }

    /// Moves all, then half, of a choice's value onto a later choice with the same bound.
    private mutating func redistribute() -> Bool {
        var improved = false
        var first = 0
        while first < best.choices.count && budget > 0 {
            var second = first + 1
            while second < min(best.choices.count, first + 16) && budget > 0 && best.choices[first] > 0 {
                if best.bounds[first] == best.bounds[second] {
                    improved = moveValue(from: first, to: second) || improved
                }
                second += 1
            }
            first += 1
        }
        return improved
    }

    private mutating func moveValue(from first: Int, to second: Int) -> Bool {
        let amount = best.choices[first]
        for moved in [amount, amount / 2] where moved > 0 {
            let (sum, overflow) = best.choices[second].addingReportingOverflow(moved)
            guard !overflow, sum <= best.bounds[second] else { continue }
            var candidate = best.choices
            candidate[first] -= moved
            candidate[second] = sum
            if consider(candidate) { return true }
        }
        return false
    }

    /// Lowers a choice by one while deleting one of the next few spans, as a count and an element go together.
    private mutating func lowerAndDelete() -> Bool {
        var improved = false
        var index = 0
        while index < best.choices.count && budget > 0 {
            if best.choices[index] > 0 {
                let later = best.spans.filter { $0.lowerBound > index }.sorted { $0.lowerBound < $1.lowerBound }
                for span in later.prefix(8) where span.upperBound <= best.choices.count {
                    var candidate = best.choices
                    candidate.removeSubrange(span)
                    candidate[index] -= 1
                    if consider(candidate) {
                        improved = true
                        break
                    }
                }
            }
            index += 1
        }
        return improved
    }

    /// Swaps adjacent spans of equal length whose choices are out of order.
    private mutating func sortSpans() -> Bool {
        var improved = false
        let spans = best.spans
        for (left, right) in zip(spans, spans.dropFirst())
        where left.upperBound == right.lowerBound && left.count == right.count && budget > 0 {
            guard right.upperBound <= best.choices.count else { continue }
            let leftChoices = best.choices[left]
            let rightChoices = best.choices[right]
            guard rightChoices.lexicographicallyPrecedes(leftChoices) else { continue }
            var candidate = best.choices
            candidate.replaceSubrange(left, with: rightChoices)
            candidate.replaceSubrange(right, with: leftChoices)
            improved = consider(candidate) || improved
        }
        return improved
    }

    private func replacing(_ index: Int, with value: UInt64) -> [UInt64] {
        var candidate = best.choices
        candidate[index] = value
        return candidate
    }
}

/// Whether `candidate` precedes `incumbent` in shortlex order: shorter, or as long and lexicographically smaller.
func isSimpler(_ candidate: [UInt64], than incumbent: [UInt64]) -> Bool {
    if candidate.count != incumbent.count { return candidate.count < incumbent.count }
    return candidate.lexicographicallyPrecedes(incumbent)
}
