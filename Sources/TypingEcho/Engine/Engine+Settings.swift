/// How the engine's components follow the settings: one path, run whenever the settings in force
/// change (a `settings` line, each of its pairs; a `reader=` switch; the rotor's typing mode;
/// the engine's start), so no component reads a setting it has not followed.
extension Engine {
    /// The settings in force changed: the voice (phrasebook and echo rules), the on-screen
    /// keyboard (layout and typing mode) and the braille display (its table, or off) follow
    /// them at once, each noting the settings' revision; the output stage checks in a debug
    /// build that all three follow the revision in force.
    /// - Throws: `ScriptError` at `location` when braille is on and liblouis or its table
    ///   cannot be opened.
    mutating func followSettings(at location: SourceLocation?) throws(ScriptError) {
        voice.follow(configuration)
        syncKeyboard()
        try syncBraille(at: location)
    }
}
