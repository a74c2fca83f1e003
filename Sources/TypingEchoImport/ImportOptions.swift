/// How a screen is imported: the pixel density of a uiautomator dump, and the limits every
/// importer enforces on hostile input.
public struct ImportOptions: Sendable, Hashable {
    /// Pixels per point of a uiautomator dump's `bounds` (`--density N`, default 1): a frame in
    /// points is the bounds divided by it. Must be finite and in 0.1…100.
    public var density: Double = 1
    /// The most bytes a source may hold (default 64 MiB).
    public var maxBytes: Int = 64 << 20
    /// The deepest nesting of elements (XML), indentation levels (YAML) or tree lines (XCUITest).
    public var maxDepth: Int = 256
    /// The most elements a screen may hold (default 100,000).
    public var maxElements: Int = 100_000

    /// The defaults: density 1, 64 MiB, 256 levels, 100,000 elements.
    public init() {}

    /// The defaults with a density.
    public init(density: Double) { self.density = density }

    /// The accepted densities.
    public static let densityRange: ClosedRange<Double> = 0.1...100
}
