/// Where touches land on a screen of elements: every visible element's hit frame (its frame
/// joined with the frames of the labels that name it, `labels=`) in a uniform grid, so that a
/// touch looks at the few frames near the point instead of every element.
///
/// Built in O(n) from the elements (one pass to join label frames, one to fill the grid) and
/// kept by the engine as declarations change the screen: an appended element or a re-declared
/// one whose frame or `hidden` changed (and that labels nothing) is updated in place, its old
/// frame left as a tombstone; only a change to a label, or as many changes as the index was
/// built for, rebuilds it (amortised O(1) per change). A frame that spans many
/// cells (a container, a background) or has edges too far away to grid goes in a short list
/// every touch checks. Answers are exactly those of a scan over all elements: the smallest hit
/// frame containing the point, the first in reading order on ties.
/// - Complexity: a touch costs O(frames in the point's cell + large frames).
struct ScreenHitIndex: Sendable {
    /// The most cells one frame is listed in; a larger frame goes in `large`.
    static let cellLimit = 16

    private var frames: [Frame] = []
    private var elementIndices: [Int] = []
    private var cells: [[Int32]] = []
    private var large: [Int32] = []
    private var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0, cellWidth = 1.0, cellHeight = 1.0
    private var columns = 0, rows = 0
    /// The ids that labels (`labels=`) name, with their frames joined.
    private var labelFrames: [String: Frame] = [:]
    /// How many frames the grid was sized for; appending as many again asks for a rebuild.
    private var builtCount = 0
    /// The frame number of each element position that has one (a re-declaration leaves the
    /// old number as a tombstone that contains no point).
    private var numberOfPosition: [Int: Int32] = [:]

    /// A frame no point lies in: what a replaced frame becomes.
    private static let nowhere = Frame(x: .nan, y: .nan, width: .nan, height: .nan)

    /// Indexes the visible elements of a screen.
    init(_ elements: [Element]) {
        for element in elements {
            guard let target = element.labelFor, let frame = element.frame else { continue }
            labelFrames[target] = labelFrames[target].map { $0.union(frame) } ?? frame
        }
        for (position, element) in elements.enumerated() where !element.isHidden {
            let label = labelFrames[element.id]
            guard let frame = element.frame.map({ frame in label.map { frame.union($0) } ?? frame }) ?? label else { continue }
            numberOfPosition[position] = Int32(frames.count)
            frames.append(frame)
            elementIndices.append(position)
        }
        builtCount = frames.count
        maxX = -Double.infinity
        maxY = -Double.infinity
        minX = .infinity
        minY = .infinity
        for frame in frames where Self.isGriddable(frame) {
            minX = Swift.min(minX, frame.x)
            minY = Swift.min(minY, frame.y)
            maxX = Swift.max(maxX, frame.x + frame.width)
            maxY = Swift.max(maxY, frame.y + frame.height)
        }
        guard minX <= maxX, minY <= maxY, (maxX - minX).isFinite, (maxY - minY).isFinite else {
            large = frames.indices.map(Int32.init)
            cells = []
            return
        }
        let side = Swift.max(1, Swift.min(1024, Int(Double(frames.count).squareRoot())))
        columns = maxX > minX ? side : 1
        rows = maxY > minY ? side : 1
        cellWidth = maxX > minX ? (maxX - minX) / Double(columns) : 1
        cellHeight = maxY > minY ? (maxY - minY) / Double(rows) : 1
        cells = Array(repeating: [], count: columns * rows)
        for number in frames.indices { place(number) }
    }

    /// Lists frame `number` in the cells it covers, or in `large`.
    private mutating func place(_ number: Int) {
        let frame = frames[number]
        guard !cells.isEmpty, Self.isGriddable(frame), frame.x >= minX, frame.y >= minY,
              frame.x + frame.width <= maxX, frame.y + frame.height <= maxY else {
            large.append(Int32(number))
            return
        }
        let left = column(frame.x), right = column(frame.x + frame.width)
        let top = row(frame.y), bottom = row(frame.y + frame.height)
        guard (right - left + 1) * (bottom - top + 1) <= Self.cellLimit else { large.append(Int32(number)); return }
        for r in top...bottom {
            for c in left...right { cells[r * columns + c].append(Int32(number)) }
        }
    }

    /// Adds an element appended to the screen at `position`, when that leaves every other hit
    /// frame as it was: it labels nothing and no label names it. Returns false when the index
    /// must be rebuilt instead (that, or as many appended elements as the grid was sized for).
    /// - Complexity: O(1) (a frame covers at most `cellLimit` cells).
    mutating func append(_ element: Element, at position: Int) -> Bool {
        guard element.labelFor == nil, labelFrames[element.id] == nil, frames.count < 2 * Swift.max(builtCount, 64) else { return false }
        guard !element.isHidden, let frame = element.frame else { return true }
        numberOfPosition[position] = Int32(frames.count)
        frames.append(frame)
        elementIndices.append(position)
        place(frames.count - 1)
        return true
    }

    /// Takes a re-declared element at `position` whose frame or `hidden` changed, in place,
    /// when that leaves every other hit frame as it was: neither the old nor the new element
    /// labels anything (a label named by `labels=` still joins its frame to this one). Returns
    /// false when the index must be rebuilt instead (that, or as many changes as the grid was
    /// sized for: the tombstones they leave are then swept).
    /// - Complexity: O(1) (a frame covers at most `cellLimit` cells).
    mutating func replace(_ old: Element, with element: Element, at position: Int) -> Bool {
        guard old.labelFor == nil, element.labelFor == nil, frames.count < 2 * Swift.max(builtCount, 64) else { return false }
        if let number = numberOfPosition.removeValue(forKey: position) { frames[Int(number)] = Self.nowhere }
        guard !element.isHidden else { return true }
        let label = labelFrames[element.id]
        guard let frame = element.frame.map({ frame in label.map { frame.union($0) } ?? frame }) ?? label else { return true }
        numberOfPosition[position] = Int32(frames.count)
        frames.append(frame)
        elementIndices.append(position)
        place(frames.count - 1)
        return true
    }

    /// The index in `elements` of the element a finger at the point focuses, if any.
    func element(atX x: Double, y: Double) -> Int? {
        var best: (area: Double, number: Int32)?
        func consider(_ number: Int32) {
            let frame = frames[Int(number)]
            guard frame.contains(x: x, y: y) else { return }
            let area = frame.width * frame.height
            // Ties go to the first in reading order (frame numbers are not, once frames were replaced).
            if let current = best,
               !(area < current.area || (area == current.area && elementIndices[Int(number)] < elementIndices[Int(current.number)])) { return }
            best = (area, number)
        }
        for number in large { consider(number) }
        // A point off the grid lands in a border cell, whose frames cannot contain it.
        if !cells.isEmpty {
            for number in cells[row(y) * columns + column(x)] { consider(number) }
        }
        return best.map { elementIndices[Int($0.number)] }
    }

    /// Edges that are finite and not so far apart that their difference overflows.
    private static func isGriddable(_ frame: Frame) -> Bool {
        (frame.x + frame.width).isFinite && (frame.y + frame.height).isFinite
            && frame.x.magnitude < 1e300 && frame.y.magnitude < 1e300
            && (frame.x + frame.width).magnitude < 1e300 && (frame.y + frame.height).magnitude < 1e300
    }

    private func column(_ x: Double) -> Int {
        let cell = ((x - minX) / cellWidth).rounded(.down)
        return cell.isFinite ? Swift.min(columns - 1, Swift.max(0, Int(Swift.min(Swift.max(cell, -1), Double(columns))))) : 0
    }

    private func row(_ y: Double) -> Int {
        let cell = ((y - minY) / cellHeight).rounded(.down)
        return cell.isFinite ? Swift.min(rows - 1, Swift.max(0, Int(Swift.min(Swift.max(cell, -1), Double(rows))))) : 0
    }
}
