/// The versions of TypingEcho and of the ICU it runs on.
public enum TypingEchoVersion {
    /// This package's version.
    public static let string = "0.1.0"
    /// The system ICU's version, e.g. "72.1".
    public static var icu: String { ICU.version }
}
