import Synchronization
import TypingEcho

/// The text `dump(session)` prints for a finished replay session, made with the settings'
/// part formatted once per distinct ``Settings`` value instead of once per case.
///
/// The settings in force are a few dozen enumeration values that reflection prints one by one
/// (each a dynamic cast and a type-name lookup), and across a campaign they take only the few
/// values the setting steps and readers give; every other part of the session is dumped by the
/// standard library's `dump` as it is within the whole session's dump. A test checks the text
/// against `dump` of the whole session on generated cases.
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

    /// A value's own line as `dump` writes it above its children (`▿ name: summary`): the line
    /// of a dump that stops at depth 0, whose bullet (`▹`) says its children are left out.
    private static func header(of value: Any, name: String?, indent: Int, into out: inout String) {
        var line = ""
        dump(value, to: &line, name: name, indent: indent, maxDepth: 0)
        if let bullet = line.firstIndex(of: "▹") { line.replaceSubrange(bullet...bullet, with: "▿") }
        out += line
    }
}
