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
/// that contains the point or that could not beat the best found. Frames with an edge beyond
/// 10³⁰⁰ (too far out for the grid's arithmetic) go in a second grid of the same kind, over
/// their coordinates scaled by 2⁻⁶⁴; only frames appended outside the grids' bounds go in a
/// short list every touch checks. Answers are exactly those of a
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
    /// The grid of the frames whose edges are within ±10³⁰⁰.
    private var grid = Grid()
    /// The grid of the frames further out (an edge beyond 10³⁰⁰, still finite), in coordinates
    /// scaled by 2⁻⁶⁴ so that their differences cannot overflow: they used to be checked on
    /// every touch (40,000 such frames and 40,000 touches: 2.9 s).
    private var farGrid = Grid(scale: 0x1p-64)
    /// Frames neither grid holds (appended outside the grids' bounds), which every touch checks.
    private var large: [Int32] = []
    /// The ids that labels (`labels=`) name, with their frames joined.
    private var labelFrames: [String: Frame] = [:]
    /// How many frames the grid was sized for; appending as many again asks for a rebuild.
    private var builtCount = 0
    /// Frames appended or replaced since the build that fell outside the grid's bounds (they
    /// went to `large`, which every touch checks): past `outsideLimit` the index asks to be
    /// rebuilt, with room to grow.
    private var outsideCount = 0
    /// The bounds the grid was built with, for the next build after frames moved outside.
    var bounds: (minX: Double, minY: Double, maxX: Double, maxY: Double) { (grid.minX, grid.minY, grid.maxX, grid.maxY) }
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
        let near = frames.filter(Self.isGriddable)
        let far = frames.filter { !Self.isGriddable($0) && Grid.isFar($0) }
        grid.bound(near, growingFrom: previous)
        farGrid.bound(far, growingFrom: nil)
        grid.size(for: near.count)
        farGrid.size(for: far.count)
        // Frame numbers are in reading order here, so they break ties as reading order does.
        for number in frames.indices { place(number, sorted: false) }
        grid.sort(areas: areas)
        farGrid.sort(areas: areas)
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

    /// Lists frame `number` in the cells it covers, in the grid for its distance, or in
    /// `large`; `sorted` keeps each cell in order (after the build).
    private mutating func place(_ number: Int, sorted: Bool = true) {
        let frame = frames[number]
        if Self.isGriddable(frame) {
            if grid.place(number, frame, sorted: sorted, areas: areas, elementIndices: elementIndices) { return }
            if grid.isBuilt, sorted { outsideCount += 1 }
        } else if Grid.isFar(frame) {
            if farGrid.place(number, frame, sorted: sorted, areas: areas, elementIndices: elementIndices) { return }
            if sorted { outsideCount += 1 }
        }
        large.append(Int32(number))
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
        search(grid, x: x, y: y, best: &best, checked: &checked)
        search(farGrid, x: x, y: y, best: &best, checked: &checked)
        return (best.map { elementIndices[Int($0)] }, checked)
    }

    /// Edges that are finite and not so far apart that their difference overflows.
    private static func isGriddable(_ frame: Frame) -> Bool {
        (frame.x + frame.width).isFinite && (frame.y + frame.height).isFinite
            && frame.x.magnitude < 1e300 && frame.y.magnitude < 1e300
            && (frame.x + frame.width).magnitude < 1e300 && (frame.y + frame.height).magnitude < 1e300
    }

    /// Looks at the point's cell on each level of `grid`, improving `best`.
    private func search(_ grid: Grid, x: Double, y: Double, best: inout Int32?, checked: inout Int) {
        // A point off the grid lands in a border cell, whose frames cannot contain it.
        guard grid.isBuilt else { return }
        let column = grid.column(x), row = grid.row(y)
        for level in grid.levels.indices where !grid.levels[level].isEmpty {
            let levelColumns = (grid.columns + (1 << level) - 1) >> level
            let cell = (row >> level) * levelColumns + (column >> level)
            // The best frame covering the whole cell holds the point (frames moved away
            // leave tombstones that hold nothing); then the cell's other frames.
            firstHit(in: grid.covering[level][cell], x: x, y: y, best: &best, checked: &checked)
            firstHit(in: grid.levels[level][cell], x: x, y: y, best: &best, checked: &checked)
        }
    }

    /// Smallest first: the first frame of `list` that contains the point improves `best`, and
    /// one that cannot beat the best found ends the list.
    private func firstHit(in list: [Int32], x: Double, y: Double, best: inout Int32?, checked: inout Int) {
        for number in list {
            if let current = best, !precedes(number, current) { break }
            checked += 1
            if frames[Int(number)].contains(x: x, y: y) {
                best = number
                break
            }
        }
    }

    /// A uniform grid of cells over some frames, with coarser levels for frames that span many
    /// cells; each cell lists frame numbers. Coordinates are multiplied by `scale` (a power of
    /// two) before they are gridded. A frame is listed in every cell its scaled edges reach, and
    /// a point looks in the cell its scaled coordinates fall in: scaling and the cell of a
    /// coordinate never decrease as the coordinate grows, so a frame that holds the point is
    /// always listed there (whether it holds it is decided on the frame as written).
    struct Grid: Sendable {
        /// What coordinates are multiplied by: 1, or 2⁻⁶⁴ for the frames too far out to grid as they are.
        var scale = 1.0
        /// `levels[k]`: the cells of the grid whose cells are 2^k × 2^k of the finest, row by row,
        /// each listing frame numbers smallest area first (then reading order); empty until a
        /// frame needs it.
        var levels: [[[Int32]]] = []
        /// The same cells' frames that cover the whole cell, in the same order: the first that is
        /// not a tombstone holds every point of the cell, so it answers for them without a test.
        var covering: [[[Int32]]] = []
        /// The bounds, in scaled coordinates.
        var minX = 0.0, minY = 0.0, maxX = 0.0, maxY = 0.0
        var cellWidth = 1.0, cellHeight = 1.0
        var columns = 0, rows = 0

        /// Whether the grid has cells (it has bounds and frames to hold).
        var isBuilt: Bool { !levels.isEmpty }

        /// A frame with an edge beyond 10³⁰⁰ that is finite where it starts and in its size
        /// (its far edge may pass the largest `Double`): the far grid's frames.
        static func isFar(_ frame: Frame) -> Bool {
            frame.x.isFinite && frame.y.isFinite && frame.width.isFinite && frame.height.isFinite
                && frame.width >= 0 && frame.height >= 0
        }

        /// The scaled right and bottom edges; infinity where the edge passes the largest `Double`.
        private func edges(_ frame: Frame) -> (left: Double, top: Double, right: Double, bottom: Double) {
            let right = frame.x + frame.width, bottom = frame.y + frame.height
            return (frame.x * scale, frame.y * scale, right.isFinite ? right * scale : .infinity, bottom.isFinite ? bottom * scale : .infinity)
        }

        /// Sets the bounds to those of `frames` (finite edges only); with `previous` (the
        /// bounds of an index dropped because frames moved outside them) each side the frames
        /// now pass is pushed out by the old bounds' width or height again.
        mutating func bound(_ frames: some Sequence<Frame>, growingFrom previous: (minX: Double, minY: Double, maxX: Double, maxY: Double)?) {
            maxX = -Double.infinity
            maxY = -Double.infinity
            minX = .infinity
            minY = .infinity
            for frame in frames {
                let edges = edges(frame)
                minX = Swift.min(minX, edges.left)
                minY = Swift.min(minY, edges.top)
                maxX = Swift.max(maxX, edges.right.isFinite ? edges.right : edges.left)
                maxY = Swift.max(maxY, edges.bottom.isFinite ? edges.bottom : edges.top)
            }
            if let previous, minX <= maxX, minY <= maxY {
                let width = previous.maxX - previous.minX, height = previous.maxY - previous.minY
                if minX < previous.minX { minX = Swift.max(-1e300, Swift.min(minX, previous.minX - width)) }
                if maxX > previous.maxX { maxX = Swift.min(1e300, Swift.max(maxX, previous.maxX + width)) }
                if minY < previous.minY { minY = Swift.max(-1e300, Swift.min(minY, previous.minY - height)) }
                if maxY > previous.maxY { maxY = Swift.min(1e300, Swift.max(maxY, previous.maxY + height)) }
            }
        }

        /// Makes the cells: about √n × √n for `count` frames, none without bounds.
        mutating func size(for count: Int) {
            guard count > 0, minX <= maxX, minY <= maxY, (maxX - minX).isFinite, (maxY - minY).isFinite else {
                levels = []
                covering = []
                return
            }
            let side = Swift.max(1, Swift.min(1024, Int(Double(count).squareRoot())))
            columns = maxX > minX ? side : 1
            rows = maxY > minY ? side : 1
            cellWidth = maxX > minX ? (maxX - minX) / Double(columns) : 1
            cellHeight = maxY > minY ? (maxY - minY) / Double(rows) : 1
            levels = [Array(repeating: [], count: columns * rows)]
            covering = [Array(repeating: [], count: columns * rows)]
        }

        /// Sorts every cell smallest area first, then in reading order (frame numbers are in
        /// reading order at the build).
        mutating func sort(areas: [Double]) {
            let order: (Int32, Int32) -> Bool = { areas[Int($0)] < areas[Int($1)] || (areas[Int($0)] == areas[Int($1)] && $0 < $1) }
            for level in levels.indices {
                for cell in levels[level].indices where levels[level][cell].count > 1 { levels[level][cell].sort(by: order) }
                for cell in covering[level].indices where covering[level][cell].count > 1 { covering[level][cell].sort(by: order) }
            }
        }

        /// Lists frame `number` in the cells it covers at the first level where those are at
        /// most `cellLimit`; false when the grid has no cells or the frame is outside its bounds
        /// (the near grid holds only frames within them; the far grid also takes a far edge past
        /// the largest `Double`, in its last column or row).
        mutating func place(_ number: Int, _ frame: Frame, sorted: Bool, areas: [Double], elementIndices: [Int]) -> Bool {
            guard isBuilt else { return false }
            let edges = edges(frame)
            guard edges.left >= minX, edges.top >= minY,
                  edges.right <= maxX || (scale != 1 && edges.right == .infinity),
                  edges.bottom <= maxY || (scale != 1 && edges.bottom == .infinity) else { return false }
            let left = column(scaled: edges.left), right = column(scaled: edges.right)
            let top = row(scaled: edges.top), bottom = row(scaled: edges.bottom)
            var level = 0
            while ((right >> level) - (left >> level) + 1) * ((bottom >> level) - (top >> level) + 1) > ScreenHitIndex.cellLimit { level += 1 }
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
                        && edges.left <= cellLeft && edges.top <= cellTop
                        && edges.right >= cellLeft + Double(size) * cellWidth && edges.bottom >= cellTop + Double(size) * cellHeight
                    let cell = r * levelColumns + c
                    if covers {
                        ScreenHitIndex.insert(number, into: &covering[level][cell], sorted: sorted, areas: areas, elementIndices: elementIndices)
                    } else {
                        ScreenHitIndex.insert(number, into: &levels[level][cell], sorted: sorted, areas: areas, elementIndices: elementIndices)
                    }
                }
            }
            return true
        }

        /// The column of a coordinate as written.
        func column(_ x: Double) -> Int { column(scaled: x * scale) }

        /// The row of a coordinate as written.
        func row(_ y: Double) -> Int { row(scaled: y * scale) }

        private func column(scaled x: Double) -> Int {
            if x == .infinity { return columns - 1 }
            let cell = ((x - minX) / cellWidth).rounded(.down)
            return cell.isFinite ? Swift.min(columns - 1, Swift.max(0, Int(Swift.min(Swift.max(cell, -1), Double(columns))))) : 0
        }

        private func row(scaled y: Double) -> Int {
            if y == .infinity { return rows - 1 }
            let cell = ((y - minY) / cellHeight).rounded(.down)
            return cell.isFinite ? Swift.min(rows - 1, Swift.max(0, Int(Swift.min(Swift.max(cell, -1), Double(rows))))) : 0
        }
    }
}
