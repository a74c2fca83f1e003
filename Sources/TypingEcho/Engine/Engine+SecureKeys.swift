extension Engine {
    /// Whether entering shift says the keyboard's new state ("shift on", "caps lock off").
    ///
    /// Not in a secure field with `secure-keys=silent` (the state says where the capitals of
    /// the secret are), nor in a secure field with direct typing, where a key tapped is never
    /// heard, shift included; a finger resting on shift hears its state there (see
    /// docs/secure-entry.md).
    var announcesKeyboardState: Bool {
        guard isKeyboardShown, editedElement?.field?.isSecure == true else { return true }
        return settings.secureKeys == .speak && settings.typingMode != .direct
    }
}
