/// What an editing operation did to a field, in the order a user meets it: the changes to echo,
/// each with the field events it reports where its feedback puts them, and reports that come
/// with no echo. `FieldEditing` makes it; the engine delivers it (`Engine.deliver(_:in:)`).
struct EditingOutcome: Sendable {
    /// One thing the operation did.
    enum Step: Sendable {
        /// A change to echo; its reports go out where the feedback puts the change itself.
        case echo(EchoChange, reports: [FieldReport])
        /// A field event with no echo of its own.
        case report(FieldReport)
    }

    /// What was done, in order.
    private(set) var steps: [Step] = []
    /// Text the user copied or cut (never from a secure field), for the clipboard.
    var copied: String?
    /// The edit an insertion made; nil when the field took nothing (refused, or nothing to insert).
    var inserted: TextEdit?

    /// Nothing done yet.
    init() {}

    /// The operation changed something to echo, reported by `reports` where its feedback says.
    mutating func echo(_ change: EchoChange, reporting reports: FieldReport...) {
        steps.append(.echo(change, reports: reports))
    }

    /// The operation changed the field in a way reported without an echo of its own.
    mutating func report(_ report: FieldReport) { steps.append(.report(report)) }

    /// The same reports with no echo: what a reader says nothing of.
    var silenced: EditingOutcome {
        var outcome = self
        outcome.steps = steps.flatMap { step -> [Step] in
            switch step {
            case .echo(_, let reports): reports.map(Step.report)
            case .report: [step]
            }
        }
        return outcome
    }

    /// Whether the operation says a change of the selection itself ("unselected").
    var saysSelection: Bool {
        steps.contains { step in
            if case .echo(.selectionChanged, _) = step { true } else { false }
        }
    }

    /// Whether the operation changed the text (it reports an `edit`).
    var edits: Bool {
        steps.contains { step in
            switch step {
            case .echo(_, let reports): reports.contains { if case .edit = $0 { true } else { false } }
            case .report(let report): if case .edit = report { true } else { false }
            }
        }
    }
}

/// A field event an editing operation reports.
enum FieldReport: Sendable, Hashable {
    /// The text changed (an `edit` event, as the field's disclosure shows it).
    case edit(TextEdit)
    /// The insertion point moved (a `cursor` event where it is now).
    case cursor
}
