import Synchronization
import TypingEcho

/// The text `dump(session)` prints for a finished replay session, made with the settings'
/// part formatted once per distinct ``Settings`` value instead of once per case, and the
/// comparison of two sessions' texts without formatting what the two hold in common.
///
/// The settings in force are a few dozen enumeration values that reflection prints one by one
/// (each a dynamic cast and a type-name lookup), and across a campaign they take only the few
/// values the setting steps and readers give; every other part of the session is dumped by the
/// standard library's `dump` as it is within the whole session's dump. A test checks the text
/// against `dump` of the whole session on generated cases, and ``sameText(_:_:)`` against the
/// comparison of the two sessions' `dump` on generated cases and on cases with a difference
/// planted in them.
final class SessionDump: Sendable {
    private let settings = Mutex<[Settings: String]>([:])

    /// Beyond this many distinct settings the cache starts again (a bound on its memory).
    private static let limit = 512

    /// `dump(session)`'s text.
    func text(of session: Session<EventCollector>) -> String {
        var out = ""
        Self.header(of: session, name: nil, indent: 0, into: &out)
        for child in Mirror(reflecting: session).children {
            guard child.label == "engine" else {
                dump(child.value, to: &out, name: child.label, indent: 2)
                continue
            }
            Self.header(of: child.value, name: child.label, indent: 2, into: &out)
            for part in Mirror(reflecting: child.value).children {
                if let value = part.value as? Settings {
                    out += settingsText(value, name: part.label, indent: 4)
                } else {
                    dump(part.value, to: &out, name: part.label, indent: 4)
                }
            }
        }
        return out
    }

    /// Whether two sessions' dumps are the same text: `text(of: a) == text(of: b)`, decided
    /// part by part where it can be, and by formatting and comparing both texts where not.
    ///
    /// A part whose bytes are the same in both sessions prints the same lines: the same inline
    /// values, and the same references, to the same objects, string storage and array buffers.
    /// Both runs of a leak case start from one session, so most of what they hold is shared,
    /// and only the elements whose bytes differ are formatted (see ``sameElements(_:_:)``).
    func sameText(_ a: Session<EventCollector>, _ b: Session<EventCollector>) -> Bool {
        provenSame(a, b) || text(of: a) == text(of: b)
    }

    /// True only when the two texts are known to be the same without formatting both whole.
    func provenSame(_ a: Session<EventCollector>, _ b: Session<EventCollector>) -> Bool {
        guard Self.sameHeader(a, b) else { return false }
        let left = Array(Mirror(reflecting: a).children), right = Array(Mirror(reflecting: b).children)
        guard left.count == right.count else { return false }
        for (x, y) in zip(left, right) {
            guard x.label == y.label else { return false }
            guard x.label == "engine" else {
                guard Self.samePart(x.value, y.value) else { return false }
                continue
            }
            guard let e = x.value as? Engine, let f = y.value as? Engine, Self.sameHeader(e, f) else { return false }
            let xs = Array(Mirror(reflecting: e).children), ys = Array(Mirror(reflecting: f).children)
            guard xs.count == ys.count else { return false }
            for (p, q) in zip(xs, ys) {
                guard p.label == q.label else { return false }
                if let e = p.value as? [Element], let f = q.value as? [Element] {
                    guard Self.sameElements(e, f) else { return false }
                } else if let s = p.value as? Settings, let t = q.value as? Settings {
                    // Equal settings print the same lines, which the cache of their text relies
                    // on too: their numbers are finite and positive (no -0.0, no NaN), their
                    // strings a locale (compared here byte for byte, as `==` does not) and
                    // braille table names of ASCII letters, digits and punctuation.
                    guard s == t, s.locale.utf8.elementsEqual(t.locale.utf8) else { return false }
                } else {
                    guard Self.samePart(p.value, q.value) else { return false }
                }
            }
        }
        return true
    }

    /// True only when two values of a type that describes itself have the same line above
    /// their children in a dump: that line's summary is the value's `debugDescription`, or
    /// without one (the session's and the engine's types have none) its `description`.
    private static func sameHeader<T: CustomStringConvertible>(_ a: T, _ b: T) -> Bool {
        guard !(T.self is any CustomDebugStringConvertible.Type), !(T.self is any TextOutputStreamable.Type) else {
            return headerText(of: a, name: nil, indent: 0) == headerText(of: b, name: nil, indent: 0)
        }
        return a.description == b.description
    }

    /// Whether two values of one part of a session print the same lines: compared as values
    /// when their type is one whose `==` tells apart every two values its dump does (integers,
    /// Booleans, times, enumerations without payloads, and optionals of these), by their dumps
    /// otherwise.
    private static func samePart(_ x: Any, _ y: Any) -> Bool {
        guard type(of: x) == type(of: y) else { return false }
        if let u = x as? Int, let v = y as? Int { return u == v }
        if let u = x as? Int?, let v = y as? Int?, type(of: x) == Int?.self { return u == v }
        if let u = x as? Bool, let v = y as? Bool { return u == v }
        if let u = x as? VirtualTime, let v = y as? VirtualTime { return u == v }
        if let u = x as? RotorUnit, let v = y as? RotorUnit { return u == v }
        if let u = x as? FieldKind, let v = y as? FieldKind { return u == v }
        return dumpText(x, name: nil, indent: 0) == dumpText(y, name: nil, indent: 0)
    }

    /// True only when two optional fields print the same lines in a dump: the same presence,
    /// the same summary (`debugDescription`) and the same children of their mirrors, each of
    /// a type ``samePart(_:_:)`` compares as values (a child of any other type, which could
    /// hold an object, leaves the question open).
    private static func sameField(_ x: TextField?, _ y: TextField?) -> Bool {
        guard let x, let y else { return x == nil && y == nil }
        guard x.debugDescription == y.debugDescription else { return false }
        let xs = Mirror(reflecting: x).children, ys = Mirror(reflecting: y).children
        guard xs.count == ys.count else { return false }
        for (p, q) in zip(xs, ys) {
            guard p.label == q.label, type(of: p.value) == type(of: q.value),
                  p.value is Int || p.value is Bool || p.value is FieldKind, samePart(p.value, q.value)
            else { return false }
        }
        return true
    }

    /// True only when two screens' elements print the same lines (false: not shown).
    ///
    /// The only objects in an element's dump are the boxes that hold fields: each is numbered
    /// in the order the whole dump first meets it (`FieldBox #2`) and printed in full there,
    /// by its number alone after that. An element whose stored properties are byte for byte
    /// the same in both screens, its box the same object, prints the same lines. One that
    /// differs is looked at only when its box (if any) is no other element's in its screen:
    /// then that box is new where the dump meets it, with the number of boxes met before,
    /// which the elements before it have made the same in both dumps (the same boxes, or
    /// boxes of their own on both sides), and the element prints the same lines in both dumps
    /// when its text alone does. When all but the box is the same, only the box's presence
    /// and the field's lines are compared (``sameField(_:_:)``).
    static func sameElements(_ a: [Element], _ b: [Element]) -> Bool {
        guard a.count == b.count else { return false }
        for index in a.indices {
            let x = a[index], y = b[index]
            let outside = elementPropertiesKnown ? sameOutsideBox(x, y) : false
            if outside && x.fieldBoxIdentity == y.fieldBoxIdentity { continue }
            if !elementPropertiesKnown && sameBytes(x, y) { continue }
            guard ownsBox(index, in: a), ownsBox(index, in: b) else { return false }
            if outside {
                guard (x.fieldBoxIdentity == nil) == (y.fieldBoxIdentity == nil), sameField(x.field, y.field) else { return false }
            } else {
                guard dumpText(x, name: nil, indent: 0) == dumpText(y, name: nil, indent: 0) else { return false }
            }
        }
        return true
    }

    /// `Element`'s stored properties in `dump`'s order: those ``sameOutsideBox(_:_:)``
    /// compares, and the field's box.
    static let elementProperties = ["id", "label", "value", "traits", "hint", "frame", "fieldBox", "kind", "steps",
                                    "labelFor", "isHidden", "isInteractive"]

    /// Whether `Element` has just the stored properties of ``elementProperties`` (checked once
    /// by reflection). If it has others, elements are compared by all their bytes (padding
    /// included, which may differ between copies of one value), and dumped where those differ.
    static let elementPropertiesKnown = Mirror(reflecting: Element(ElementDeclaration(id: "", label: ""), traits: []))
        .children.map(\.label) == elementProperties

    /// Whether two elements' stored properties other than the field's box are byte for byte
    /// the same (each compared on its own, so that padding between them does not count).
    private static func sameOutsideBox(_ x: Element, _ y: Element) -> Bool {
        sameBytes(x.id, y.id) && sameBytes(x.label, y.label) && sameBytes(x.value, y.value) && x.traits.rawValue == y.traits.rawValue
            && sameBytes(x.hint, y.hint) && sameBytes(x.frame, y.frame) && x.kind == y.kind && sameBytes(x.steps, y.steps)
            && sameBytes(x.labelFor, y.labelFor) && x.isHidden == y.isHidden && x.isInteractive == y.isInteractive
    }

    /// Whether the element at `index` has no box or one that no other element of `elements` has.
    private static func ownsBox(_ index: Int, in elements: [Element]) -> Bool {
        guard let box = elements[index].fieldBoxIdentity else { return true }
        for other in elements.indices where other != index && elements[other].fieldBoxIdentity == box { return false }
        return true
    }

    /// The settings' lines at their place in the session's dump.
    private func settingsText(_ value: Settings, name: String?, indent: Int) -> String {
        if let known = settings.withLock({ $0[value] }) { return known }
        var text = ""
        dump(value, to: &text, name: name, indent: indent)
        settings.withLock { cache in
            if cache.count >= Self.limit { cache.removeAll() }
            cache[value] = text
        }
        return text
    }

    /// `dump`'s text of one value.
    private static func dumpText(_ value: Any, name: String?, indent: Int) -> String {
        var text = ""
        dump(value, to: &text, name: name, indent: indent)
        return text
    }

    /// A value's own line as `dump` writes it above its children (`▿ name: summary`): the line
    /// of a dump that stops at depth 0, whose bullet (`▹`) says its children are left out.
    private static func header(of value: Any, name: String?, indent: Int, into out: inout String) {
        out += headerText(of: value, name: name, indent: indent)
    }

    /// ``header(of:name:indent:into:)``'s line.
    private static func headerText(of value: Any, name: String?, indent: Int) -> String {
        var line = ""
        dump(value, to: &line, name: name, indent: indent, maxDepth: 0)
        if let bullet = line.firstIndex(of: "▹") { line.replaceSubrange(bullet...bullet, with: "▿") }
        return line
    }
}

/// Whether two values' bytes are the same (false too when they differ only in padding, which
/// copies of one value need not share): then they hold the same inline values and the same
/// references.
func sameBytes<T>(_ a: T, _ b: T) -> Bool {
    withUnsafeBytes(of: a) { x in
        withUnsafeBytes(of: b) { y in
            var index = 0
            while index + 8 <= x.count {
                if x.loadUnaligned(fromByteOffset: index, as: UInt64.self) != y.loadUnaligned(fromByteOffset: index, as: UInt64.self) { return false }
                index += 8
            }
            while index < x.count {
                if x[index] != y[index] { return false }
                index += 1
            }
            return true
        }
    }
}
