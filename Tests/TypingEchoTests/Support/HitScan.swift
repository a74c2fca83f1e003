@testable import TypingEcho

/// The reference the hit index is held to: the visible element whose hit frame (its frame
/// joined with the frames of the elements that label it, hidden or not, as `ScreenHitIndex`
/// joins them)
/// holds the point, the smallest by area, found by scanning every element.
/// - Complexity: O(n) in the elements: the labels are grouped once, not searched per element.
func scannedHit(in elements: [Element], atX x: Double, y: Double) -> Int? {
    var labelFrames: [String: [Frame]] = [:]
    for element in elements {
        if let target = element.labelFor, let frame = element.frame { labelFrames[target, default: []].append(frame) }
    }
    var found: (index: Int, area: Double)?
    for index in elements.indices where !elements[index].isHidden {
        let element = elements[index]
        let labels = labelFrames[element.id] ?? []
        let hit = labels.reduce(element.frame) { merged, frame in merged.map { $0.union(frame) } ?? frame }
        guard let hit, hit.contains(x: x, y: y) else { continue }
        let area = hit.width * hit.height
        if found == nil || area < found!.area { found = (index, area) }
    }
    return found?.index
}
