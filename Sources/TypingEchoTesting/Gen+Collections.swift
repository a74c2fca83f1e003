extension Gen {
    /// Arrays of `element` values whose count lies in `count`, shrinking by dropping and simplifying elements.
    ///
    /// Beyond the minimum count, each element is preceded by a "one more?" choice, so
    /// deleting an element's span of choices removes exactly that element. New arrays
    /// take a count chosen up front: often the minimum or a few more, otherwise uniform.
    public static func array<Element>(
        of element: Gen<Element>,
        count: ClosedRange<Int>
    ) -> Gen<[Element]> where Value == [Element] {
        precondition(count.lowerBound >= 0, "Gen.array counts must not be negative")
        return Gen { source in
            var elements: [Element] = []
            var target: Int?
            while elements.count < count.upperBound {
                let more = try source.span { () throws -> Bool in
                    if elements.count >= count.lowerBound {
                        let flag = try source.draw(upTo: 1) { random in
                            if target == nil { target = chooseCount(in: count, using: &random) }
                            return elements.count < target! ? 1 : 0
                        }
                        if flag == 0 { return false }
                    }
                    elements.append(try element.run(source))
                    return true
                }
                if !more { break }
            }
            return elements
        }
    }
}

extension Gen where Value == String {
    /// Strings of `length` characters drawn from `character`, shrinking like an array of them.
    public static func string(of character: Gen<Character>, length: ClosedRange<Int>) -> Gen<String> {
        Gen<[Character]>.array(of: character, count: length).map { String($0) }
    }

    /// Strings made by joining `count` pieces drawn from `piece`, shrinking like an array of them.
    public static func concatenation(of piece: Gen<String>, count: ClosedRange<Int>) -> Gen<String> {
        Gen<[String]>.array(of: piece, count: count).map { $0.joined() }
    }
}

/// Picks a fresh array's count: a quarter of the time the minimum or a few more, otherwise uniform.
func chooseCount(in range: ClosedRange<Int>, using random: inout SeededGenerator) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound)
    let extra = random.next() & 3 == 0 ? random.next(upTo: min(span, 3)) : random.next(upTo: span)
    return range.lowerBound + Int(extra)
}
