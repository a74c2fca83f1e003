/// Paths that were quadratic, each timed at N and 4N (child CPU time): the ratio must stay at
/// most 5 (linear work gives 4, quadratic 16). Part of the scale run (`--scale`). The `remove`
/// rows time a path that is still quadratic (`Screen.remove(at:)` renumbers every later
/// element): their target is not met until it is rewritten, and N is small enough that the
/// run still ends in seconds (8,000 removals of the first element: about 2 s).
extension ScaleBenchmark {
    /// One path: a script generator and its size N (4N is the full run).
    struct Quadrupling: Sendable {
        var name: String
        var size: Int
        var unit: String
        var script: @Sendable (Int) -> String
    }

    static let quadrupling: [Quadrupling] = [
        Quadrupling(name: "frames re-declared and touched, once each among N elements", size: 10_000, unit: "elements") { count in
            var script = (0..<count).map { elementLine($0) }.joined()
            for number in 0..<count where number % 7 != 0 {
                let x = ((number * 37) % 300) * 12, y = (number / 300) * 12
                script += "element e\(number) kind=button label=\"Button \(number)\" frame=\(x),\(y),10,10\ntouch \(x + 5),\(y + 5)\n"
            }
            return script
        },
        Quadrupling(name: "frames moved past the grid's edge, further out each time, and touched (once each among N elements)", size: 10_000, unit: "elements") { count in
            var script = (0..<count).map { elementLine($0) }.joined()
            for number in 0..<count where number % 7 != 0 {
                let x = 5_000 + number * 20, y = (number % 100) * 12
                script += "element e\(number) kind=button label=\"Button \(number)\" frame=\(x),\(y),10,10\ntouch \(x + 5),\(y + 5)\n"
            }
            return script
        },
        Quadrupling(name: "one touch on each of N small frames (the index built once)", size: 10_000, unit: "elements") { count in
            let side = Int(Double(count).squareRoot())
            var script = ""
            for number in 0..<count { script += "element e\(number) kind=button label=\"B\" frame=\((number % side) * 12),\((number / side) * 12),10,10\n" }
            for number in 0..<count {
                let target = (number * 7_919) % count
                script += "touch \((target % side) * 12 + 5),\((target / side) * 12 + 5)\n"
            }
            return script
        },
        Quadrupling(name: "one touch on each of N small frames beyond 1e300 (the far grid)", size: 10_000, unit: "elements") { count in
            farFramesScript(count)
        },
        Quadrupling(name: "touches among N large overlapping frames (one touch per 4 elements)", size: 10_000, unit: "elements") { count in
            var script = ""
            for number in 0..<count {
                let width = 300 + (number * 37) % 700, height = 300 + (number * 53) % 700
                let x = (number * 91) % (1000 - width + 1), y = (number * 29) % (1000 - height + 1)
                script += "element e\(number) kind=button label=\"B\" frame=\(x),\(y),\(width),\(height)\n"
            }
            for number in 0..<(count / 4) { script += "touch \(200 + (number * 13) % 600),\(200 + (number * 17) % 600)\n" }
            return script
        },
        Quadrupling(name: "swipes past N hidden elements (one swipe per 4)", size: 20_000, unit: "hidden elements") { count in
            "element first label=\"First\"\n" + (0..<count).map { "element h\($0) label=\"H\" hidden\n" }.joined()
                + "focus first\n" + String(repeating: "swipe right\nswipe left\n", count: count / 8)
        },
        Quadrupling(name: "tab from the last of N fields (one tab per 4 fields)", size: 20_000, unit: "fields") { count in
            (0..<count).map { "field f\($0) kind=text label=\"F\"\n" }.joined()
                + "focus f\(count - 1)\ndouble-tap\n" + String(repeating: "key tab\n", count: count / 4)
        },
        Quadrupling(name: "arrows in a long field of digits (one left arrow per 5 digits)", size: 25_000, unit: "digits") { digits in
            let value = String(repeating: "0123456789", count: digits / 10)
            return "field f kind=text label=\"N\" value=\"\(value)\"\nfocus f\ndouble-tap\nsettings hints=off\n"
                + String(repeating: "key left\n", count: digits / 5)
        },
        Quadrupling(name: "keys onto one growing cluster (a joiner and a man per key pair, then a combining acute per key)", size: 5_000, unit: "keys") { keys in
            "field f kind=text label=\"E\"\nfocus f\ndouble-tap\nsettings hints=off\nkeys \"\u{1F468}\"\n"
                + String(repeating: "keys \"\\u{200D}\\u{1F468}\"\n", count: keys / 4)
                + "keys \"a\"\n" + String(repeating: "keys \"\\u{301}\"\n", count: keys / 2)
        },
        Quadrupling(name: "word moves and option-backspace in one long run of Thai without spaces (one of each per 4 words)", size: 2_000, unit: "words") { words in
            let pool = ["สวัสดี", "ครับ", "ภาษา", "ไทย", "ประเทศ", "โรงเรียน", "หนังสือ", "อาหาร", "อร่อย", "ขอบคุณ", "กรุงเทพ", "มหานคร"]
            let value = (0..<words).map { pool[($0 * 7) % pool.count] }.joined()
            return "settings locale=th-TH\nfield f kind=text label=\"T\" value=\"\(value)\"\nfocus f\ndouble-tap\nsettings hints=off\n"
                + String(repeating: "key option-left\nkey option-right\nkey option-backspace\n", count: words / 4)
        },
        Quadrupling(name: "announce lines, each queued after the last (none cuts another)", size: 8_000, unit: "lines") { lines in
            (0..<lines).map { "announce \"Message \($0)\"\n" }.joined()
        },
        Quadrupling(name: "elements declared, then removed: always the first left", size: 2_000, unit: "elements") { count in
            removalScript(order: Array(0..<count))
        },
        Quadrupling(name: "elements declared, then removed: always the middle one of those left", size: 2_000, unit: "elements") { count in
            removalScript(order: middleOutwards(count))
        },
    ]

    /// Buttons e0…e(n-1) declared, then a `remove` line for each, in `order`.
    static func removalScript(order: [Int]) -> String {
        (0..<order.count).map { "element e\($0) kind=button label=\"Button \($0)\"\n" }.joined()
            + order.map { "remove e\($0)\n" }.joined()
    }

    /// 0..<count in the order that always takes the middle one of those left (the element at
    /// `left / 2`): outwards from the middle, one each side in turn.
    static func middleOutwards(_ count: Int) -> [Int] {
        guard count > 0 else { return [] }
        var order = [count / 2]
        var below = count / 2 - 1, above = count / 2 + 1
        // Of an even count the one below goes next, of an odd count the one above.
        var takesBelow = count % 2 == 0
        while below >= 0 || above < count {
            if takesBelow, below >= 0 {
                order.append(below)
                below -= 1
            } else if above < count {
                order.append(above)
                above += 1
            } else {
                order.append(below)
                below -= 1
            }
            takesBelow.toggle()
        }
        return order
    }

    /// N small frames on a square grid scaled by 10^300 (an edge beyond 1e300, still finite;
    /// scripts have no exponents, so 300 zeros), then one touch on each, in a scrambled order.
    static func farFramesScript(_ count: Int) -> String {
        let side = Int(Double(count).squareRoot())
        let zeros = String(repeating: "0", count: 300)
        var script = ""
        for number in 0..<count {
            script += "element e\(number) kind=button label=\"B\" frame=\((number % side) * 12)\(zeros),\((number / side) * 12)\(zeros),10\(zeros),10\(zeros)\n"
        }
        for number in 0..<count {
            let target = (number * 7_919) % count
            script += "touch \((target % side) * 12 + 5)\(zeros),\((target / side) * 12 + 5)\(zeros)\n"
        }
        return script
    }

    /// Rows and targets for `quadrupling`, at a tenth of the size with `--quick`.
    func runQuadrupling(tool: String) -> (rows: [Row], targets: [Target]) {
        let group = "scale: once-quadratic paths at N and 4N (CPU time; ratio ≤ 5)"
        var rows: [Row] = [], targets: [Target] = []
        for path in Self.quadrupling {
            progress("scale: \(path.name)")
            let size = Swift.max(path.size / scale, 100)
            let scenario = Case(name: path.name, command: "replay", size: size, unit: path.unit, ceiling: nil, script: path.script)
            let (small, _) = measure(scenario, size: size, tool: tool)
            let (large, _) = measure(scenario, size: 4 * size, tool: tool)
            let growth = large / Swift.max(small, 0.001)
            let label = "\(path.name), \(grouped(Double(4 * size))) \(path.unit)"
            rows.append(Row(group: group, name: "\(label): CPU time", value: large, unit: "s",
                            ratios: [Ratio(baseline: "at a quarter (\(fixed(small, 3)) s)", value: growth)]))
            targets.append(Target(name: "\(label): time for 4× the work", required: "≤ 5×", measured: "\(fixed(growth, 2))×", met: growth <= 5))
        }
        return (rows, targets)
    }
}
