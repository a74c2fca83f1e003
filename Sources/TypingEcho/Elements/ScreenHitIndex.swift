/// Where touches land on a screen of elements: every visible element's hit frame (its frame
/// joined with the frames of the labels that name it, `labels=`) in a uniform grid, so that a
/// touch looks at the few frames near the point instead of every element.
///
/// Built in O(n) from the elements (one pass to join label frames, one to fill the grid) and
/// kept by the engine as declarations change the screen: an appended element or a re-declared
/// one whose frame or `hidden` changed (and that labels nothing) is updated in place, its old
/// frame left as a tombstone; only a change to a label, or as many changes as the index was
/// built for, rebuilds it (amortised O(1) per change). A frame that spans more than 16 cells
/// (a container, a background) goes in a coarser grid of the same cells joined 2×2, 4×4, …:
/// the first level where it spans at most 16. Each cell lists its frames smallest first (the
/// first in reading order on ties), so a touch stops in each level's cell at the first frame
/// that contains the point or that could not beat the best found. Only frames whose edges are
/// too far away to grid go in a short list every touch checks. Answers are exactly those of a
/// scan over all elements: the smallest hit frame containing the point, the first in reading
/// order on ties.
/// - Complexity: a touch costs O(levels + frames passed): about 11 levels at most, and a frame
///   is passed only when it crosses the touched cell without containing the point and is
///   smaller than the answer. Many large frames that all overlap the point cost one each.
struct ScreenHitIndex: Sendable {
    /// The most cells one frame is listed in; a larger frame goes to a coarser level.
    static let cellLimit = 16

    private var frames: [Frame] = []
    /// Each frame's area when it was placed (a tombstone keeps its place in the cells' order).
    private var areas: [Double] = []
    private var elementIndices: [Int] = []
    /// `levels[k]`: the cells of the grid whose cells are 2^k × 2^k of the finest, row by row,
    /// each listing frame numbers smallest area first (then reading order); empty until a
    /// frame needs it.
    private var levels: [[[Int32]]] = []
    /// The same cells' frames that cover the whole cell, in the same order: the first that is
    /// not a tombstone holds every point of the cell, so it answers for them without a test.
    private var covering: [[[Int32]]] = []
    /// Frames with edges too far away to grid (and frames appended outside the grid's bounds).
    private var large: [Int32] = []
    private var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0, cellWidth = 1.0, cellHeight = 1.0
    private var columns = 0, rows = 0
    /// The ids that labels (`labels=`) name, with their frames joined.
    private var labelFrames: [String: Frame] = [:]
    /// How many frames the grid was sized for; appending as many again asks for a rebuild.
    private var builtCount = 0
    /// Frames appended or replaced since the build that fell outside the grid's bounds (they
    /// went to `large`, which every touch checks): past `outsideLimit` the index asks to be
    /// rebuilt, with room to grow.
    private var outsideCount = 0
    /// The bounds the grid was built with, for the next build after frames moved outside.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) { (minX, minY, maxX, maxY) }
    /// The frame number of each element position that has one (a re-declaration leaves the
    /// old number as a tombstone that contains no point).
    private var numberOfPosition: [Int: Int32] = [:]

    /// A frame no point lies in: what a replaced frame becomes.
    private static let nowhere = Frame(x: .nan, y: .nan, width: .nan, height: .nan)

    /// How many frames may fall outside the grid's bounds before a rebuild: a touch checks
    /// each of them.
    private var outsideLimit: Int { 32 + Int(Double(builtCount).squareRoot()) }

    /// Whether frames placed outside the bounds since the build reached `outsideLimit`: the
    /// screen then builds the index again, grown past the old bounds (`init(_:growingFrom:)`).
    var outgrown: Bool { outsideCount > outsideLimit }

    /// Indexes the visible elements of a screen. With `previous` (the bounds of an index
    /// dropped because frames moved outside them) each side the frames now pass is pushed out
    /// by the old bounds' width or height again, so frames that keep moving outwards rebuild
    /// the index O(log distance) times, not once per `outsideLimit` moves.
    init(_ elements: [Element], growingFrom previous: (minX: Double, minY: Double, maxX: Double, maxY: Double)? = nil) {
        for element in elements {
            guard let target = element.labelFor, let frame = element.frame else { continue }
            labelFrames[target] = labelFrames[target].map { $0.union(frame) } ?? frame
        }
        for (position, element) in elements.enumerated() where !element.isHidden {
            let label = labelFrames[element.id]
            guard let frame = element.frame.map({ frame in label.map { frame.union($0) } ?? frame }) ?? label else { continue }
            numberOfPosition[position] = Int32(frames.count)
            frames.append(frame)
            areas.append(frame.width * frame.height)
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
        if let previous, minX <= maxX, minY <= maxY {
            let width = previous.maxX - previous.minX, height = previous.maxY - previous.minY
            if minX < previous.minX { minX = Swift.max(-1e300, Swift.min(minX, previous.minX - width)) }
            if maxX > previous.maxX { maxX = Swift.min(1e300, Swift.max(maxX, previous.maxX + width)) }
            if minY < previous.minY { minY = Swift.max(-1e300, Swift.min(minY, previous.minY - height)) }
            if maxY > previous.maxY { maxY = Swift.min(1e300, Swift.max(maxY, previous.maxY + height)) }
        }
        guard minX <= maxX, minY <= maxY, (maxX - minX).isFinite, (maxY - minY).isFinite else {
            large = frames.indices.map(Int32.init)
            levels = []
            covering = []
            return
        }
        let side = Swift.max(1, Swift.min(1024, Int(Double(frames.count).squareRoot())))
        columns = maxX > minX ? side : 1
        rows = maxY > minY ? side : 1
        cellWidth = maxX > minX ? (maxX - minX) / Double(columns) : 1
        cellHeight = maxY > minY ? (maxY - minY) / Double(rows) : 1
        levels = [Array(repeating: [], count: columns * rows)]
        covering = [Array(repeating: [], count: columns * rows)]
        // Frame numbers are in reading order here, so they break ties as reading order does.
        for number in frames.indices { place(number, sorted: false) }
        let order: (Int32, Int32) -> Bool = { [areas] in areas[Int($0)] < areas[Int($1)] || (areas[Int($0)] == areas[Int($1)] && $0 < $1) }
        for level in levels.indices {
            for cell in levels[level].indices where levels[level][cell].count > 1 { levels[level][cell].sort(by: order) }
            for cell in covering[level].indices where covering[level][cell].count > 1 { covering[level][cell].sort(by: order) }
        }
    }

    /// Whether frame `a` beats frame `b` for a touch both contain: smaller, or as large and
    /// earlier in reading order.
    private func precedes(_ a: Int32, _ b: Int32) -> Bool {
        Self.precedes(Int(a), Int(b), areas: areas, elementIndices: elementIndices)
    }

    /// `precedes(_:_:)` with the areas and reading order passed in (for `insert`, which may not
    /// touch `self`).
    private static func precedes(_ a: Int, _ b: Int, areas: [Double], elementIndices: [Int]) -> Bool {
        areas[a] < areas[b] || (areas[a] == areas[b] && elementIndices[a] < elementIndices[b])
    }

    /// Lists frame `number` in the cells it covers at the first level where those are at most
    /// `cellLimit`, or in `large`; `sorted` keeps each cell in order (after the build).
    private mutating func place(_ number: Int, sorted: Bool = true) {
        let frame = frames[number]
        guard !levels.isEmpty, Self.isGriddable(frame), frame.x >= minX, frame.y >= minY,
              frame.x + frame.width <= maxX, frame.y + frame.height <= maxY else {
            if !levels.isEmpty, Self.isGriddable(frame), sorted { outsideCount += 1 }
            large.append(Int32(number))
            return
        }
        let left = column(frame.x), right = column(frame.x + frame.width)
        let top = row(frame.y), bottom = row(frame.y + frame.height)
        var level = 0
        while ((right >> level) - (left >> level) + 1) * ((bottom >> level) - (top >> level) + 1) > Self.cellLimit { level += 1 }
        let levelColumns = (columns + (1 << level) - 1) >> level, levelRows = (rows + (1 << level) - 1) >> level
        while levels.count <= level { levels.append([]); covering.append([]) }
        if levels[level].isEmpty {
            levels[level] = Array(repeating: [], count: levelColumns * levelRows)
            covering[level] = Array(repeating: [], count: levelColumns * levelRows)
        }
        let size = 1 << level
        for r in (top >> level)...(bottom >> level) {
            for c in (left >> level)...(right >> level) {
                // Whether the frame holds every point of the cell (the grid's outer cells reach
                // past the bounds, so those never count as covered).
                let cellLeft = minX + Double(c * size) * cellWidth, cellTop = minY + Double(r * size) * cellHeight
                let covers = (c + 1) * size <= columns && (r + 1) * size <= rows
                    && frame.x <= cellLeft && frame.y <= cellTop
                    && frame.x + frame.width >= cellLeft + Double(size) * cellWidth && frame.y + frame.height >= cellTop + Double(size) * cellHeight
                let cell = r * levelColumns + c
                if covers {
                    Self.insert(number, into: &covering[level][cell], sorted: sorted, areas: areas, elementIndices: elementIndices)
                } else {
                    Self.insert(number, into: &levels[level][cell], sorted: sorted, areas: areas, elementIndices: elementIndices)
                }
            }
        }
    }

    /// Adds frame `number` to a cell's list, after the frames that beat it when `sorted`.
    ///
    /// Static, with the areas and reading order passed in: a method on `self` that also took
    /// `&levels[level][cell]` made Swift copy `self` for the call, and the write then copied
    /// the whole level's cells (every cell's list retained) on every frame placed.
    private static func insert(_ number: Int, into list: inout [Int32], sorted: Bool, areas: [Double], elementIndices: [Int]) {
        guard sorted else { list.append(Int32(number)); return }
        var low = 0, high = list.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(Int(list[middle]), number, areas: areas, elementIndices: elementIndices) { low = middle + 1 } else { high = middle }
        }
        list.insert(Int32(number), at: low)
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
        areas.append(frame.width * frame.height)
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
        areas.append(frame.width * frame.height)
        elementIndices.append(position)
        place(frames.count - 1)
        return true
    }

    /// The index in `elements` of the element a finger at the point focuses, if any.
    func element(atX x: Double, y: Double) -> Int? {
        framesChecked(atX: x, y: y).element
    }

    /// The answer for a touch and how many frames it looked at (tests check that many large
    /// overlapping frames cost a few each).
    func framesChecked(atX x: Double, y: Double) -> (element: Int?, checked: Int) {
        var best: Int32?
        var checked = 0
        for number in large {
            checked += 1
            guard frames[Int(number)].contains(x: x, y: y) else { continue }
            if best == nil || precedes(number, best!) { best = number }
        }
        // A point off the grid lands in a border cell, whose frames cannot contain it.
        if !levels.isEmpty {
            let column = column(x), row = row(y)
            for level in levels.indices where !levels[level].isEmpty {
                let levelColumns = (columns + (1 << level) - 1) >> level
                let cell = (row >> level) * levelColumns + (column >> level)
                // The best frame covering the whole cell holds the point (frames moved away
                // leave tombstones that hold nothing).
                for number in covering[level][cell] {
                    if let current = best, !precedes(number, current) { break }
                    checked += 1
                    if frames[Int(number)].contains(x: x, y: y) {
                        best = number
                        break
                    }
                }
                // Smallest first: the first that contains the point is this level's answer, and
                // one that cannot beat the best found ends the cell.
                for number in levels[level][cell] {
                    if let current = best, !precedes(number, current) { break }
                    checked += 1
                    if frames[Int(number)].contains(x: x, y: y) {
                        best = number
                        break
                    }
                }
            }
        }
        return (best.map { elementIndices[Int($0)] }, checked)
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
