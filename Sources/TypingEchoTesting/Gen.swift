/// A generator of random values that shrinks its failures by editing the choices it drew.
///
/// A `Gen` is a function from a ``Source`` to a value. Because every random decision
/// is recorded in the source, the property runner can shrink any counterexample —
/// including ones built with `map`, `flatMap`, `filter`, arrays and `oneOf` — by
/// simplifying the choice sequence and running the generator again.
///
/// ```swift
/// let pairs = Gen.zip(Gen.int(in: 0...9), Gen.string(of: Gen.element(of: "ab"), length: 0...4))
/// let failure = check("pairs", pairs) { number, text in
///     try require(text.count <= number, "text longer than \(number)")
/// }
/// ```
public struct Gen<Value>: Sendable {
    private let body: @Sendable (Source) throws -> Value

    /// Creates a generator from a function that draws its decisions from a source.
    public init(_ body: @escaping @Sendable (Source) throws -> Value) {
        self.body = body
    }

    /// Builds one value, drawing every decision from `source`.
    public func run(_ source: Source) throws -> Value {
        try body(source)
    }

    /// Builds the value a fresh source seeded with `seed` yields, or `nil` if the case is discarded.
    public func sample(seed: UInt64) -> Value? {
        try? body(Source(seed: seed))
    }

    /// A generator that always yields `value`; it draws nothing and so never shrinks.
    public static func constant(_ value: Value) -> Gen where Value: Sendable {
        Gen { _ in value }
    }

    /// Transforms each generated value; shrinking still happens on the underlying choices.
    public func map<NewValue>(_ transform: @escaping @Sendable (Value) -> NewValue) -> Gen<NewValue> {
        Gen<NewValue> { source in transform(try self.run(source)) }
    }

    /// Chooses a second generator from each value and yields its value.
    ///
    /// Shrinking simplifies the first value and the dependent one together, because
    /// both are read from one choice sequence.
    public func flatMap<NewValue>(
        _ transform: @escaping @Sendable (Value) -> Gen<NewValue>
    ) -> Gen<NewValue> {
        Gen<NewValue> { source in
            let value = try self.run(source)
            return try source.span { try transform(value).run(source) }
        }
    }

    /// Keeps only values satisfying `isIncluded`, retrying up to `maxAttempts` times before discarding the case.
    public func filter(
        maxAttempts: Int = 100,
        _ isIncluded: @escaping @Sendable (Value) -> Bool
    ) -> Gen {
        precondition(maxAttempts > 0, "filter needs at least one attempt")
        return Gen { source in
            for _ in 0..<maxAttempts {
                let value = try source.span { try self.run(source) }
                if isIncluded(value) { return value }
            }
            throw GenerationError.rejected
        }
    }

    /// Generates a pair, the first value's choices before the second's.
    public static func zip<A, B>(_ a: Gen<A>, _ b: Gen<B>) -> Gen<(A, B)> where Value == (A, B) {
        Gen { source in
            let first = try source.span { try a.run(source) }
            return (first, try source.span { try b.run(source) })
        }
    }

    /// Generates a triple, drawing the values' choices in order.
    public static func zip<A, B, C>(
        _ a: Gen<A>, _ b: Gen<B>, _ c: Gen<C>
    ) -> Gen<(A, B, C)> where Value == (A, B, C) {
        Gen { source in
            let first = try source.span { try a.run(source) }
            let second = try source.span { try b.run(source) }
            return (first, second, try source.span { try c.run(source) })
        }
    }
}
