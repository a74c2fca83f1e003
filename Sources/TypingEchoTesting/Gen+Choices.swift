extension Gen where Value == Int {
    /// Integers in `range`, shrinking toward zero (or toward the end of the range nearest zero).
    ///
    /// New values favour the edges: about one case in sixteen each is the lower bound,
    /// the upper bound, the simplest value, or a value a few steps from it.
    public static func int(in range: ClosedRange<Int>) -> Gen<Int> {
        let coding = IntegerCoding(lower: range.lowerBound, upper: range.upperBound)
        let bound = coding.bound
        return Gen { source in
            let choice = try source.draw(upTo: bound) { random in
                switch random.next() & 15 {
                case 0: coding.choice(for: coding.lower)
                case 1: coding.choice(for: coding.upper)
                case 2: 0
                case 3: random.next(upTo: min(bound, 8))
                default: random.next(upTo: bound)
                }
            }
            return coding.value(for: choice)
        }
    }
}

extension Gen where Value == Bool {
    /// `false` or `true` with equal odds, shrinking toward `false`.
    public static var bool: Gen<Bool> {
        Gen { source in try source.draw(upTo: 1) == 1 }
    }
}

extension Gen where Value: Sendable {
    /// A uniformly chosen element of a non-empty collection, shrinking toward its first element.
    public static func element<C: Collection>(of collection: C) -> Gen where C.Element == Value {
        let elements = Array(collection)
        precondition(!elements.isEmpty, "Gen.element(of:) needs a non-empty collection")
        let bound = UInt64(elements.count - 1)
        return Gen { source in elements[Int(try source.draw(upTo: bound))] }
    }
}

extension Gen {
    /// The value of one uniformly chosen generator, shrinking toward the first generator.
    public static func oneOf(_ gens: [Gen]) -> Gen {
        precondition(!gens.isEmpty, "Gen.oneOf needs at least one generator")
        let bound = UInt64(gens.count - 1)
        return Gen { source in
            try source.span {
                let index = Int(try source.draw(upTo: bound))
                return try gens[index].run(source)
            }
        }
    }

    /// The value of one uniformly chosen generator, shrinking toward the first generator.
    public static func oneOf(_ gens: Gen...) -> Gen {
        oneOf(gens)
    }

    /// The value of a generator chosen with odds proportional to its weight, shrinking toward the first.
    ///
    /// ```swift
    /// let digitOrSpace = Gen.frequency([(9, .element(of: "0123456789")), (1, .constant(" "))])
    /// ```
    public static func frequency(_ weighted: [(Int, Gen)]) -> Gen {
        precondition(weighted.allSatisfy { $0.0 >= 0 }, "Gen.frequency weights must not be negative")
        let total = weighted.reduce(0) { $0 + $1.0 }
        precondition(total > 0, "Gen.frequency needs a positive total weight")
        let limits = weighted.reduce(into: [UInt64]()) { limits, entry in
            limits.append((limits.last ?? 0) + UInt64(entry.0))
        }
        let gens = weighted.map(\.1)
        return Gen { source in
            try source.span {
                let ticket = try source.draw(upTo: UInt64(total - 1))
                let index = limits.firstIndex { ticket < $0 } ?? gens.count - 1
                return try gens[index].run(source)
            }
        }
    }
}
