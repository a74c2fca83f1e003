/// A model-based (stateful) property: rules that act on a reference model and on the system
/// under test alike, invariants checked after every step, and shrinking of the whole sequence.
///
/// In the manner of Hypothesis's rule-based state machines: each case builds a fresh model and
/// system, then draws steps one by one. A step picks one of the rules whose `when` holds for the
/// model as it is now, draws the rule's argument, and performs it on both; after it every
/// invariant must hold. The first rule or invariant that throws fails the case, and the runner
/// shrinks the sequence (dropping steps, simplifying arguments) to the shortest that still fails.
/// Because generation reruns the rules, a shrunk sequence still respects every precondition.
///
/// ```swift
/// struct Counter { var value = 0 }
/// let machine = StateMachine<Int, Counter>(model: { 0 }, system: { Counter() })
///     .rule("add", .int(in: 1...5)) { model, system, amount in
///         model += amount
///         system.value += amount
///     }
///     .rule("reset", when: { $0 > 10 }) { model, system in
///         model = 0
///         system.value = 0
///     }
///     .invariant("same value") { model, system in
///         try require(model == system.value, "model \(model), system \(system.value)")
///     }
/// let failure = check("counterAgrees", machine.sequences(steps: 0...20), cases: 200) { try $0.verdict() }
/// ```
public struct StateMachine<Model, System>: Sendable {
    /// One rule: its name, when it may run, and what it does to the model and the system.
    struct Rule: Sendable {
        var name: String
        var isEnabled: @Sendable (Model) -> Bool
        /// Draws the rule's argument, performs it and returns how the step reads.
        var step: @Sendable (Source, inout Model, inout System) throws -> String
    }

    private let makeModel: @Sendable () throws -> Model
    private let makeSystem: @Sendable () throws -> System
    private var rules: [Rule] = []
    private var invariants: [(name: String, check: @Sendable (Model, System) throws -> Void)] = []

    /// Creates a machine whose cases start from a fresh `model()` and a fresh `system()`.
    public init(model: @escaping @Sendable () throws -> Model, system: @escaping @Sendable () throws -> System) {
        makeModel = model
        makeSystem = system
    }

    /// Adds a rule with an argument drawn from `argument`, run only while `when` holds for the model.
    ///
    /// `perform` changes the model and the system with the same argument; it throws (for
    /// example through ``require(_:_:fileID:line:)``) when the two disagree on what the step
    /// returned. The step prints as `name(argument)`, the argument unambiguous for text
    /// (`String.unambiguousLiteral`).
    public func rule<Argument>(
        _ name: String, _ argument: Gen<Argument>, when isEnabled: @escaping @Sendable (Model) -> Bool = { _ in true },
        perform: @escaping @Sendable (inout Model, inout System, Argument) throws -> Void
    ) -> StateMachine {
        var machine = self
        machine.rules.append(Rule(name: name, isEnabled: isEnabled) { source, model, system in
            let value = try argument.run(source)
            let step = "\(name)(\(Self.describe(value)))"
            do { try perform(&model, &system, value) } catch { throw StepFailure(step: step, reason: error) }
            return step
        })
        return machine
    }

    /// Adds a rule without an argument, run only while `when` holds for the model; it prints as `name`.
    public func rule(
        _ name: String, when isEnabled: @escaping @Sendable (Model) -> Bool = { _ in true },
        perform: @escaping @Sendable (inout Model, inout System) throws -> Void
    ) -> StateMachine {
        var machine = self
        machine.rules.append(Rule(name: name, isEnabled: isEnabled) { _, model, system in
            do { try perform(&model, &system) } catch { throw StepFailure(step: name, reason: error) }
            return name
        })
        return machine
    }

    /// Adds a check that must hold before the first step and after every step.
    public func invariant(_ name: String, _ check: @escaping @Sendable (Model, System) throws -> Void) -> StateMachine {
        var machine = self
        machine.invariants.append((name, check))
        return machine
    }

    /// Runs of `steps` steps each; a case's value is its ``StateMachineRun``, which
    /// ``StateMachineRun/verdict()`` turns into a failure for the property runner.
    ///
    /// Each step after the minimum is preceded by a "one more?" choice, as in
    /// ``Gen/array(of:count:)``, so that shrinking removes exactly one step at a time.
    public func sequences(steps: ClosedRange<Int>) -> Gen<StateMachineRun> {
        precondition(steps.lowerBound >= 0, "StateMachine step counts must not be negative")
        precondition(!rules.isEmpty, "a StateMachine needs at least one rule")
        let machine = self
        return Gen { source in machine.run(source, steps: steps) }
    }

    /// One case: the model and system made, then steps until the count, a failure, or no rule is enabled.
    private func run(_ source: Source, steps: ClosedRange<Int>) -> StateMachineRun {
        var result = StateMachineRun()
        var model: Model, system: System
        do {
            model = try makeModel()
            system = try makeSystem()
            try checkInvariants(model, system)
        } catch {
            result.failure = "\(error)"
            return result
        }
        var target: Int?
        while result.steps.count < steps.upperBound {
            let enabled = rules.filter { $0.isEnabled(model) }
            if enabled.isEmpty { break }
            do {
                let more = try source.span { () throws -> Bool in
                    if result.steps.count >= steps.lowerBound {
                        let flag = try source.draw(upTo: 1) { random in
                            if target == nil { target = chooseCount(in: steps, using: &random) }
                            return result.steps.count < target! ? 1 : 0
                        }
                        if flag == 0 { return false }
                    }
                    let rule = enabled[Int(try source.draw(upTo: UInt64(enabled.count - 1)))]
                    result.steps.append(try rule.step(source, &model, &system))
                    try checkInvariants(model, system)
                    return true
                }
                if !more { break }
            } catch let failure as StepFailure {
                result.steps.append(failure.step)
                result.failure = "\(failure.reason)"
                return result
            } catch let error as GenerationError {
                result.discarded = error
                return result
            } catch {
                result.failure = "\(error)"
                return result
            }
        }
        return result
    }

    private func checkInvariants(_ model: Model, _ system: System) throws {
        for invariant in invariants {
            do { try invariant.check(model, system) } catch { throw InvariantFailure(name: invariant.name, reason: error) }
        }
    }

    private static func describe<Value>(_ value: Value) -> String {
        if let text = value as? String { return text.unambiguousLiteral }
        if let character = value as? Character { return String(character).unambiguousLiteral }
        return String(describing: value)
    }
}

/// Why a rule failed: the step as it prints, and the error it threw.
private struct StepFailure: Error {
    var step: String
    var reason: any Error
}

/// An invariant that did not hold after a step.
private struct InvariantFailure: Error, CustomStringConvertible {
    var name: String
    var reason: any Error
    var description: String { "invariant \"\(name)\" does not hold: \(reason)" }
}

/// One case of a ``StateMachine``: the steps it took, as they print, and why it failed, if it did.
///
/// Its description lists the steps in order, then the reason:
///
/// ```text
/// insert("e\u{301}"); deleteBackward -> invariant "same text" does not hold: ...
/// ```
public struct StateMachineRun: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The steps taken, in order, the failing one last.
    public var steps: [String] = []
    /// Why the last step (or, with no steps, making the model or system) failed; nil if the case passed.
    public var failure: String?
    /// Set when an argument's generator gave up (a filter found nothing); the case is discarded.
    var discarded: GenerationError?

    /// Throws when the case failed (and discards it when its generation gave up): the
    /// property's body for ``check(_:_:cases:seed:shrinkBudget:database:fileID:filePath:line:_:)``.
    public func verdict() throws {
        if let discarded { throw discarded }
        if let failure { throw PropertyViolation(failure) }
    }

    /// The steps joined by `; `, then ` -> ` and the failure, if any.
    public var description: String {
        let sequence = steps.isEmpty ? "(no steps)" : steps.joined(separator: "; ")
        return failure.map { "\(sequence) -> \($0)" } ?? sequence
    }

    /// The same as `description`: a counterexample report prints the steps, not the structure.
    public var debugDescription: String { description }
}

extension String {
    /// A Swift string literal that names every scalar outside printable ASCII as `\u{…}`, so that
    /// text which prints alike reads apart: `"\u{E9}"` (one scalar) and `"e\u{301}"` (two), a
    /// no-break space `"\u{A0}"`, a line separator `"\u{2028}"`.
    ///
    /// ```swift
    /// let decomposed = "e\u{301}".unambiguousLiteral   // "e\u{301}", with the quotes
    /// ```
    /// - Complexity: O(*n*) in the number of scalars.
    public var unambiguousLiteral: String {
        var literal = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case " "..."~": literal.unicodeScalars.append(scalar)
            default: literal += scalar.escapedCodePoint
            }
        }
        return literal + "\""
    }

    /// The text with every scalar outside ASCII written `\u{…}`, ASCII (line feeds included) kept.
    var escapingNonASCII: String {
        var escaped = ""
        for scalar in unicodeScalars {
            if scalar.isASCII { escaped.unicodeScalars.append(scalar) } else { escaped += scalar.escapedCodePoint }
        }
        return escaped
    }
}

extension Unicode.Scalar {
    /// `\u{E9}`: the scalar as a Swift (and `.replay`) escape.
    fileprivate var escapedCodePoint: String { "\\u{" + String(value, radix: 16, uppercase: true) + "}" }
}
