/// The settings in force: the script's and the API's, with command-line overrides winning.
struct SettingsInForce: Sendable {
    /// The settings now.
    private(set) var current: Settings
    /// How many times the settings were set since the engine started (a setting that failed
    /// counts too): the voice notes the revision it follows, so that a debug build checks it
    /// follows the settings in force by comparing two numbers instead of two `Settings`.
    private(set) var revision = 0
    /// Settings given on the command line, which win over the script's.
    private let overrides: [(key: String, value: String)]

    /// Settings with overrides applied on top.
    /// - Throws: `SettingError` for an override that cannot be applied.
    init(_ settings: Settings, overrides: [(key: String, value: String)]) throws(SettingError) {
        var settings = settings
        // A reader's defaults come first, so the other overrides apply on top of them.
        for (key, value) in overrides where key == "reader" { try settings.set(key, to: value) }
        for (key, value) in overrides where key != "reader" { try settings.set(key, to: value) }
        current = settings
        self.overrides = overrides
    }

    /// Whether a key was given on the command line (a script's value for it is ignored).
    func isOverridden(_ key: String) -> Bool { overrides.contains { $0.key == key } }

    /// Sets one setting from a script. - Throws: `SettingError` for an unknown key or a bad value.
    ///
    /// A `reader` puts that reader's defaults in force; the command line's overrides are then
    /// applied again, since they win over every default.
    mutating func set(_ key: String, to value: String) throws(SettingError) {
        defer { revision &+= 1 }
        try current.set(key, to: value)
        guard key == "reader" else { return }
        for (key, value) in overrides where key != "reader" { try current.set(key, to: value) }
    }

    /// The rotor moved the typing mode on to the next (or previous) one. - Returns: The new mode.
    mutating func switchTypingMode(forward: Bool) -> TypingMode {
        revision &+= 1
        let modes = TypingMode.allCases
        let current = modes.firstIndex(of: self.current.typingMode) ?? 0
        self.current.typingMode = modes[(current + (forward ? 1 : modes.count - 1)) % modes.count]
        return self.current.typingMode
    }
}
