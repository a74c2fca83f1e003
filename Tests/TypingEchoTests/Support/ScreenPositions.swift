@testable import TypingEcho

extension Engine {
    /// The place in reading order of the element a finger at a point focuses, as the tests'
    /// scans over `elements` answer it.
    mutating func position(atX x: Double, y: Double) -> Int? {
        element(atX: x, y: y).flatMap { screen.readingPosition(of: $0) }
    }

    /// The identity of the element at a place in reading order.
    func identity(at position: Int?) -> ElementID? {
        position.flatMap { elements.indices.contains($0) ? screen.identity(of: elements[$0].id) : nil }
    }

    /// The place in reading order of an identity's element.
    func position(of identity: ElementID?) -> Int? { identity.flatMap { screen.readingPosition(of: $0) } }
}
