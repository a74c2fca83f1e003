/// The formats a screen can be imported from (`--from` on the command line).
public enum ScreenFormat: String, Sendable, Hashable, CaseIterable {
    /// An HTML page or fragment, parsed as browsers parse it.
    case html
    /// A Playwright aria snapshot (`locator.ariaSnapshot()`, a YAML subset).
    case ariaSnapshot = "aria-snapshot"
    /// An Android `uiautomator dump` (XML, `<hierarchy>` root).
    case uiautomator
    /// An XCUITest `debugDescription` tree ("Element subtree:").
    case xcuitest

    /// What the format is called in messages: `HTML`, `aria snapshot`, `uiautomator dump`, `XCUITest tree`.
    public var displayName: String {
        switch self {
        case .html: "HTML"
        case .ariaSnapshot: "aria snapshot"
        case .uiautomator: "uiautomator dump"
        case .xcuitest: "XCUITest tree"
        }
    }
}
