/// What an element would be on the web (WAI-ARIA), on Android and in Flutter: the role,
/// class or flags that make TalkBack, NVDA and ChromeVox say the same thing.
///
/// A secure field's text never appears: its equivalents mark it as a password, nothing more.
public struct PlatformEquivalents: Sendable, Hashable {
    /// The WAI-ARIA role (`button`, `textbox`, `slider`), or nil for plain text that needs none.
    public var ariaRole: String?
    /// ARIA attributes in a fixed order: `aria-label`, state, then relations.
    public var ariaAttributes: [Attribute]
    /// The Android view class TalkBack reads the role from (`android.widget.Button`).
    public var androidClassName: String
    /// The Android `stateDescription` (a slider's value, a switch's state), if any.
    public var androidStateDescription: String?
    /// Other `AccessibilityNodeInfo` properties that matter (`isHeading=true`).
    public var androidProperties: [Attribute]
    /// Flutter `SemanticsFlag` names that are set (`isButton`, `isObscured`).
    public var flutterFlags: [String]

    /// A `name=value` pair.
    public struct Attribute: Sendable, Hashable, CustomStringConvertible {
        /// The attribute's name.
        public var name: String
        /// Its value.
        public var value: String

        /// `name="value"`.
        public var description: String { "\(name)=\"\(value)\"" }
    }

    /// The equivalents of an element on a screen (`screen` resolves `labels=` relations).
    /// - Complexity: O(n) in the screen's elements (`ScreenDescription` resolves every
    ///   element's labels in one pass instead).
    public init(_ element: Element, on screen: [Element] = []) {
        self.init(element, labelledBy: screen.filter { $0.labelFor == element.id }.map(\.id))
    }

    /// The equivalents of an element named by the labels with these ids, in reading order.
    init(_ element: Element, labelledBy: [String]) {
        let traits = element.traits
        var ariaList: [Attribute] = [], androidList: [Attribute] = [], flutter: [String] = []
        // Each list gets room for the most it usually holds at its first entry: grown one by one
        // from empty, three Flutter flags took three allocations (describe makes a million).
        func aria(_ name: String, _ value: String) {
            if ariaList.isEmpty { ariaList.reserveCapacity(4) }
            ariaList.append(Attribute(name: name, value: value))
        }
        func android(_ name: String, _ value: String) {
            if androidList.isEmpty { androidList.reserveCapacity(4) }
            androidList.append(Attribute(name: name, value: value))
        }
        flutter.reserveCapacity(4)
        ariaRole = Self.ariaRole(element)
        // Plain text is named by its content; aria-label is for elements with a role.
        if !element.label.isEmpty, ariaRole != nil { aria("aria-label", element.label) }
        if !labelledBy.isEmpty { aria("aria-labelledby", labelledBy.joined(separator: " ")) }
        if let hint = element.hint { aria("aria-description", hint) }
        androidClassName = Self.androidClass(element)
        androidStateDescription = nil
        if let field = element.field {
            flutter.append("isTextField")
            if field.isSecure { aria("type", "password"); android("isPassword", "true"); flutter.append("isObscured") }
            if field.kind == .area { aria("aria-multiline", "true"); android("isMultiLine", "true"); flutter.append("isMultiline") }
            if let placeholder = field.placeholder { aria("aria-placeholder", placeholder); android("hintText", placeholder) }
            if field.isRequired { aria("aria-required", "true") }
            if let error = field.error {
                // aria-errormessage is an id reference to the element that shows the message (MDN),
                // never the message itself: the message goes in that element, `ID-error`.
                aria("aria-invalid", "true"); aria("aria-errormessage", "\(element.id)-error")
                android("contentInvalid", "true"); android("error", error)
            }
            if field.isInvalid && field.error == nil { aria("aria-invalid", "true"); android("contentInvalid", "true") }
            if field.isReadOnly { aria("aria-readonly", "true"); flutter.append("isReadOnly") }
            if let min = field.minLength { aria("minlength", String(min)) }
            if let autocomplete = field.autocomplete { aria("autocomplete", autocomplete) }
            if field.isEditing { flutter.append("isFocused") }
            if let max = field.maxLength { android("maxTextLength", String(max)) }
        } else if let value = element.value {
            if traits.contains(.adjustable) {
                aria("aria-valuetext", value)
                androidStateDescription = value
            } else if traits.contains(.toggle) {
                let on = ["1", "on", "true"].contains(value.lowercased())
                aria("aria-checked", on ? "true" : "false")
                androidStateDescription = on ? "On" : "Off"
            }
        }
        if traits.contains(.toggle) { flutter += ["hasToggledState"] + (androidStateDescription == "On" ? ["isToggled"] : []) }
        if traits.contains(.selected) {
            aria(traits.contains(.button) && !traits.contains(.tabBar) ? "aria-pressed" : "aria-selected", "true")
            android("isSelected", "true"); flutter.append("isSelected")
        }
        if traits.contains(.header) {
            aria("aria-level", String(element.headingLevel ?? 2)); android("isHeading", "true"); flutter.append("isHeader")
        }
        if let description = element.accessibilityDescription { aria("aria-description", description) }
        if let live = element.liveRegion {
            aria("aria-live", live.rawValue); android("accessibilityLiveRegion", live.rawValue); flutter.append("isLiveRegion")
        }
        if traits.contains(.button) { flutter.append("isButton") }
        if traits.contains(.link) { flutter.append("isLink") }
        if traits.contains(.image) { flutter.append("isImage") }
        if traits.contains(.adjustable) { flutter.append("isSlider") }
        if traits.contains(.keyboardKey) { flutter.append("isKeyboardKey") }
        if traits.contains(.updatesFrequently) { aria("aria-live", "off"); android("accessibilityLiveRegion", "none") }
        if traits.contains(.notEnabled) || element.field?.isDisabled == true {
            aria("aria-disabled", "true"); android("isEnabled", "false"); flutter.append("hasEnabledState")
        } else if element.isActionable {
            android("isClickable", "true"); flutter.append("hasEnabledState"); flutter.append("isEnabled")
        }
        if !labelledBy.isEmpty { android("labeledBy", labelledBy[0]) }
        if element.isHidden { aria("aria-hidden", "true"); android("importantForAccessibility", "no"); flutter.append("isHidden") }
        ariaAttributes = ariaList
        androidProperties = androidList
        flutterFlags = flutter
    }

    private static func ariaRole(_ element: Element) -> String? {
        let traits = element.traits
        if let field = element.field { return field.kind == .search ? "searchbox" : "textbox" }
        if traits.contains(.allowsDirectInteraction) { return "application" }
        if traits.contains(.toggle) { return "switch" }
        if traits.contains(.adjustable) { return "slider" }
        if traits.contains(.tabBar) { return "tab" }
        if traits.contains(.link) { return "link" }
        if traits.contains(.button) { return "button" }
        if traits.contains(.searchField) { return "searchbox" }
        if traits.contains(.header) { return "heading" }
        if traits.contains(.image) { return "img" }
        if traits.contains(.updatesFrequently) { return "timer" }
        return nil
    }

    private static func androidClass(_ element: Element) -> String {
        let traits = element.traits
        if element.field != nil { return "android.widget.EditText" }
        if traits.contains(.toggle) { return "android.widget.Switch" }
        if traits.contains(.adjustable) { return "android.widget.SeekBar" }
        if traits.contains(.button) && traits.contains(.image) { return "android.widget.ImageButton" }
        if traits.contains(.button) { return "android.widget.Button" }
        if traits.contains(.image) { return "android.widget.ImageView" }
        if !traits.isDisjoint(with: [.staticText, .header, .link]) { return "android.widget.TextView" }
        return "android.view.View"
    }
}
