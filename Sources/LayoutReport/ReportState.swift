import LayoutModel
import LayoutVocabulary

/// The state part of every report — frames, broken constraints, ambiguity — kept
/// current from the model's change lists. A report after an input then costs what the input
/// changed, not the size of the layout: a session of 10 000 views can report after every line.
///
/// The arrays go into results as they are (copy on write), in creation order.
package struct ReportState {
    /// Frames where UIKit places the views (rounded to the pixels of the model's scale, when
    /// one is set: `LayoutModel.placedFrame`).
    package private(set) var frames: [(name: String, frame: Frame)] = []
    /// The solver's exact frames, kept beside `frames` only while a scale rounds those.
    package private(set) var exactFrames: [(name: String, frame: Frame)]?
    /// Each view's place in `frames`, by name; nil after the reload of a last update until a
    /// report needs it (`placeByName`). A `--final` run never does: made by its reload, it was
    /// a hash table entry of a name per view at the peak of a big run.
    private var position: [String: Int]?
    /// Each view's creation order (`ViewInfo.serial`), by its place in `frames`.
    private var viewSerials: [Int] = []
    package private(set) var broken: [BrokenConstraint] = []
    private var brokenSerials: [Int] = []
    /// The serial of each id in `broken`; nil after the reload of a last update until an
    /// update looks one up (`noteBroken`): a `--final` run never does, and made by its reload
    /// it held an id per broken constraint at the peak of a big run.
    private var brokenSerialByID: [String: Int]?
    package private(set) var ambiguous: [AmbiguityReport] = []
    private var ambiguousSerials: [Int] = []
    /// What the last `update` changed of `broken` and `ambiguous`: what JSON's per-input
    /// objects carry instead of the whole lists.
    package private(set) var delta = StateDelta()
    /// Set when the next update is to read everything (a change the model's change lists do
    /// not cover: a new stack arrangement, a device). Views that went away or came back do
    /// not need it (`resync`).
    package var needsReload = true
    /// The model the state was read from: a new one (reset, undo) is read anew. Held, not
    /// identified by address: a new model may be allocated where the old one was.
    private var source: LayoutModel?
    /// The scale `frames` are rounded to: another one (`scale`, its undo) places every frame
    /// again (`rescale`), though no solver value moved.
    private var roundedTo: Double?
    /// Each view's place in the model's outline, by its place in `frames`, and the model's
    /// `hierarchyChanges` it was read at: a report puts its rows in tree order with integer
    /// compares, and the tree is walked again only when it changed. Dropped on every reload.
    private var outlineRanks: (ranks: [Int], hierarchy: Int)?
    /// The model's `viewOrderBreaks` when `frames` was last brought in step with its views.
    private var readAtViewOrderBreaks = 0
    /// The places in `frames` of what the last `update` returned, in the same order.
    package private(set) var changedPositions: [Int] = []

    package init() {}

    /// Whether the next `update` reads everything anew whatever changes before it: `update`'s
    /// rule on a lower bound of what it counts (the constraints changed so far), which later
    /// changes keep true, since a constraint added counts one and raises the limit a tenth. The
    /// changes noted until then are then of no use to it.
    package func reloadsAnyway(from model: LayoutModel) -> Bool {
        if needsReload || source !== model { return true }
        let changed = model.changedConstraintCount
        return changed > 256 && changed > (model.constraints.count + frames.count) / 10
    }

    /// Brings the state up to date with the model. Returns the views whose frame changed since
    /// the last update (new views included), in creation order. `last`: no update follows
    /// (`--final`'s one report), so reading everything anew makes none of the tables an update
    /// looks changes up in.
    package mutating func update(from model: LayoutModel, last: Bool = false) -> [(name: String, frame: Frame)] {
        let sameModel = !needsReload && source === model
        let viewOrder = model.viewOrder
        // Views only added since: the ones read are the first ones of the order. Known at once
        // when none went and nothing was taken back; else (an undo of any line bumps the count)
        // by comparing the names, and the last one's serial: a view removed and made again
        // under its name comes after every view that stayed, so the last one would be such a
        // view too.
        var grown = sameModel && viewOrder.count >= frames.count
            && (frames.isEmpty || viewOrder[frames.count - 1] == frames[frames.count - 1].name)
        if grown && model.viewOrderBreaks != readAtViewOrderBreaks {
            grown = frames.indices.allSatisfy { viewOrder[$0] == frames[$0].name }
                && (frames.isEmpty || model.serial(ofView: frames[frames.count - 1].name) == viewSerials[frames.count - 1])
            if grown { readAtViewOrderBreaks = model.viewOrderBreaks }
        }
        // After a long run without reports (`--final`) nearly everything changed: in a large
        // session, reading it all in one pass is cheaper than looking each change up. Looking
        // one up (its names hashed into sets, its broken state and frame read, its place found)
        // costs about ten times what reading one costs in that pass: measured on the squeezed
        // chain, where removing a middle view changes half the views and twice as many
        // constraints.
        let reloadsPast = (model.constraints.count + frames.count) / 10
        // Decided first on what the model counts without making the sets (about what they
        // hold): under `--final` the sets named every view and constraint only to be counted.
        let changedAbout = model.changedResultEstimate
        if !sameModel || (changedAbout > 256 && changedAbout > reloadsPast) {
            model.discardResultChanges()
            return reload(from: model, last: last)
        }
        let changes = model.takeResultChanges()
        let changed = changes.constraints.count + changes.views.count
        if changed > 256 && changed > reloadsPast {
            return reload(from: model, last: last)
        }
        var changedPositions: [Int] = []
        var ambiguityChanges: [(serial: Int, item: AmbiguityReport?)] = []
        var brokenChanges: [(serial: Int, item: BrokenConstraint?)] = []
        if !grown && !resync(with: viewOrder, in: model, changedPositions: &changedPositions, ambiguityChanges: &ambiguityChanges) {
            return reload(from: model, last: last)
        }
        delta = StateDelta()
        let oldCount = frames.count
        for name in viewOrder[oldCount...] {
            guard let now = model.reportedResult(of: name) else { continue }
            position?[name] = frames.count
            viewSerials.append(now.serial)
            changedPositions.append(frames.count)
            frames.append((name, now.placed))
            exactFrames?.append((name, now.frame))
            ambiguityChanges.append((now.serial, Self.ambiguity(of: name, now.ambiguous)))
        }
        if model.scale != roundedTo { rescale(from: model, changedPositions: &changedPositions) }
        let position = changes.views.isEmpty ? [:] : placeByName()
        for name in changes.views {
            guard let index = position[name], index < oldCount, let now = model.reportedResult(of: name) else { continue }
            if exactFrames != nil { exactFrames![index].frame = now.frame }
            if now.placed != frames[index].frame {
                frames[index].frame = now.placed
                changedPositions.append(index)
            }
            ambiguityChanges.append((now.serial, Self.ambiguity(of: name, now.ambiguous)))
        }
        for id in changes.constraints { noteBroken(id, in: model, into: &brokenChanges) }
        if !grown {
            // JSON prints the delta's lists as they are: after views went or came, in the order
            // reading everything anew gave them before (new and changed entries in creation
            // order, the ids and views gone by name).
            // (Stably: of changes at one serial the last counts.)
            ambiguityChanges = Self.bySerial(ambiguityChanges)
            brokenChanges = Self.bySerial(brokenChanges)
        }
        let ambiguity = Self.apply(ambiguityChanges, to: &ambiguous, serials: &ambiguousSerials)
        let brokenDelta = Self.apply(brokenChanges, to: &broken, serials: &brokenSerials)
        delta = StateDelta(broken: brokenDelta.changed, unbroken: brokenDelta.gone.map(\.id), by: \.id,
                           ambiguous: ambiguity.changed, unambiguous: ambiguity.gone.map(\.view), by: \.view)
        if !grown {
            delta.unbroken.sort()
            delta.unambiguous.sort()
        }
        changedPositions.sort()
        self.changedPositions = changedPositions
        return changedPositions.map { frames[$0] }
    }

    /// Rounds every frame to the model's scale, which is not the one they were rounded to
    /// (`scale`, its undo): no solver value moved, so only the frames are placed again, not
    /// everything read anew (about a tenth of the cost). `frames` is in step with the model's
    /// views; the places of those that moved on the pixel grid are noted.
    /// - Complexity: O(views).
    private mutating func rescale(from model: LayoutModel, changedPositions: inout [Int]) {
        let placed = model.placedFrames()
        for index in frames.indices where placed[index].frame != frames[index].frame {
            frames[index].frame = placed[index].frame
            changedPositions.append(index)
        }
        if model.scale == nil {
            exactFrames = nil
        } else if exactFrames == nil {
            exactFrames = model.frames()
        }
        roundedTo = model.scale
    }

    /// Brings `frames` in step with `viewOrder` after views went away or came back (a removal,
    /// its undo): the entries of views that are gone are dropped, those of views that came are
    /// read, and every other entry stays as it is, for the model's changes to update. Notes
    /// the places of the views that came, and the ambiguity both leave or bring.
    ///
    /// Returns false, touching nothing, when the two lists are not one the other with views
    /// taken out and put in (another order): the caller reads everything anew.
    ///
    /// Before, a removal read the whole state anew (the layout's every frame, broken
    /// constraint and ambiguity, and a dictionary of each): at 10 000 views about 110 M
    /// instructions for a view and again for its undo.
    /// - Complexity: O(views) steps with a lookup each, O(k) reads for the k views that came.
    private mutating func resync(with viewOrder: [String], in model: LayoutModel, changedPositions: inout [Int],
                                 ambiguityChanges: inout [(serial: Int, item: AmbiguityReport?)]) -> Bool {
        var kept: [(name: String, frame: Frame)] = [], keptExact: [(name: String, frame: Frame)] = []
        var keptSerials: [Int] = []
        kept.reserveCapacity(viewOrder.count)
        keptSerials.reserveCapacity(viewOrder.count)
        if exactFrames != nil { keptExact.reserveCapacity(viewOrder.count) }
        var gone: [(name: String, serial: Int)] = []
        var came: [Int] = []
        var cameAmbiguity: [(serial: Int, item: AmbiguityReport?)] = []
        var old = 0
        // An old entry is gone when the model has no view of its name made when it was (a view
        // removed, or removed and made again under the same name elsewhere in the order).
        func isGone(_ index: Int) -> Bool { model.serial(ofView: frames[index].name) != viewSerials[index] }
        for name in viewOrder {
            while old < frames.count, frames[old].name != name, isGone(old) {
                gone.append((frames[old].name, viewSerials[old]))
                old += 1
            }
            if old < frames.count, frames[old].name == name, !isGone(old) {
                kept.append(frames[old])
                keptSerials.append(viewSerials[old])
                if let exactFrames { keptExact.append(exactFrames[old]) }
                old += 1
                continue
            }
            guard let now = model.reportedResult(of: name) else { return false }
            came.append(kept.count)
            kept.append((name, now.placed))
            keptSerials.append(now.serial)
            if exactFrames != nil { keptExact.append((name, now.frame)) }
            cameAmbiguity.append((now.serial, Self.ambiguity(of: name, now.ambiguous)))
        }
        while old < frames.count {
            guard isGone(old) else { return false }
            gone.append((frames[old].name, viewSerials[old]))
            old += 1
        }
        // A name gone and made again keeps its entry in `position`: the new place is set below.
        for entry in gone where model.serial(ofView: entry.name) == nil { position?[entry.name] = nil }
        var firstMoved = 0
        while firstMoved < min(frames.count, kept.count) && frames[firstMoved].name == kept[firstMoved].name { firstMoved += 1 }
        frames = kept
        viewSerials = keptSerials
        if exactFrames != nil { exactFrames = keptExact }
        if position != nil {
            for index in firstMoved..<frames.count { position![frames[index].name] = index }
        }
        outlineRanks = nil
        readAtViewOrderBreaks = model.viewOrderBreaks
        changedPositions += came
        ambiguityChanges += gone.map { ($0.serial, nil) } + cameAmbiguity
        return true
    }

    /// Reads everything anew; frames are compared by view name with what was there before.
    private mutating func reload(from model: LayoutModel, last: Bool) -> [(name: String, frame: Frame)] {
        let old = frames.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: frames.map { ($0.name, $0.frame) })
        let oldBroken = Dictionary(broken.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let oldAmbiguous = Dictionary(ambiguous.map { ($0.view, $0) }, uniquingKeysWith: { a, _ in a })
        frames = model.placedFrames()
        exactFrames = model.scale == nil ? nil : model.frames()
        roundedTo = model.scale
        position = last ? nil : Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1.name, $0) })
        viewSerials = frames.map { model.view($0.name)!.serial }
        broken = model.reportedBroken()
        brokenSerials = broken.map { model.constraint($0.id)!.serial }
        brokenSerialByID = last ? nil : Dictionary(uniqueKeysWithValues: zip(broken.map(\.id), brokenSerials))
        ambiguous = model.ambiguity().map { AmbiguityReport(view: $0.view, components: $0.components) }
        ambiguousSerials = ambiguous.map { model.view($0.view)!.serial }
        needsReload = false
        source = model
        outlineRanks = nil
        readAtViewOrderBreaks = model.viewOrderBreaks
        // Each id and view is once in these lists already, and none is both new and gone: the
        // delta takes them as they are. With nothing shown before (the one report of a
        // `--final` run) everything is new, and the lists are shared rather than copied: the
        // copies and the sets that checked them were the peak of a big run's memory.
        let unbroken = oldBroken.isEmpty ? [] : Self.gone(from: oldBroken, keeping: broken.lazy.map(\.id))
        let unambiguous = oldAmbiguous.isEmpty ? [] : Self.gone(from: oldAmbiguous, keeping: ambiguous.lazy.map(\.view))
        delta = StateDelta(distinctBroken: oldBroken.isEmpty ? broken : broken.filter { oldBroken[$0.id] != $0 }, unbroken: unbroken,
                           ambiguous: oldAmbiguous.isEmpty ? ambiguous : ambiguous.filter { oldAmbiguous[$0.view] != $0 },
                           unambiguous: unambiguous)
        changedPositions = frames.indices.filter { old[frames[$0].name] != frames[$0].frame }
        // Every frame changed after nothing was shown (`--final`): the list is `frames` itself,
        // shared, not a copy of a name and frame per view.
        return changedPositions.count == frames.count ? frames : changedPositions.map { frames[$0] }
    }

    /// `position`, made when first needed after a reload.
    private mutating func placeByName() -> [String: Int] {
        if let position { return position }
        let made = Dictionary(uniqueKeysWithValues: frames.enumerated().map { ($1.name, $0) })
        position = made
        return made
    }

    /// The keys of `old` that are not among `now`, sorted.
    private static func gone<Value>(from old: [String: Value], keeping now: some Sequence<String>) -> [String] {
        let kept = Set(now)
        return old.keys.filter { !kept.contains($0) }.sorted()
    }

    /// The first `limit` of `entries` (views of the model, named as in `frames`) in outline
    /// order — a view, its guides, its subviews — each with its level in the tree: the rows of
    /// a frame table. `positions`, when known, are the entries' places in `frames`.
    ///
    /// Entries are placed by the outline's order, kept until the hierarchy changes, so that a
    /// report compares integers instead of building a path per view (under a root of
    /// thousands, one path put all of its children in order); a few entries right after the
    /// tree changed are placed by walking up from each.
    ///
    /// `last`: no report follows (`--final`'s one): the order is not kept, and when the entries
    /// are every frame the rows are the outline's first ones (`outlineHead`). Kept, it serves
    /// the next report of many entries, which would otherwise walk the tree again.
    /// - Complexity: O(k log k) for k entries once the order is known; O(views) to learn it.
    package mutating func treeOrder(of entries: [(name: String, frame: Frame)], positions: [Int]? = nil, limit: Int,
                                    in model: LayoutModel, last: Bool = false) -> [(name: String, frame: Frame, level: Int)] {
        if last, let rows = outlineHead(of: entries, positions: positions, limit: limit, in: model) { return rows }
        var order: [Int]
        // The kept order serves any report; it is read anew for many entries only (a few are
        // keyed faster than a tree of thousands is walked).
        if let ranks = outlineRanks(in: model, readingAnew: entries.count > 16),
           let places = positions ?? places(of: entries) {
            order = entries.indices.sorted { (ranks[places[$0]], $0) < (ranks[places[$1]], $1) }
        } else {
            // Stable: equal keys (names the model does not know) keep creation order.
            let table = model.outlineKeys(of: entries.lazy.map(\.name))
            let keys = entries.map { table[$0.name] ?? [] }
            order = entries.indices.sorted { a, b in
                keys[a].lexicographicallyPrecedes(keys[b]) || (keys[a] == keys[b] && a < b)
            }
        }
        return order.prefix(limit).map { index in
            let entry = entries[index]
            return (entry.name, entry.frame, model.level(of: entry.name))
        }
    }

    /// `treeOrder` when `entries` are `frames` itself, every view in its place (a report after
    /// a reload that changed every frame, as `--final`'s one): its rows are then the
    /// outline's first ones, read by a walk that builds neither the outline nor the ranks of
    /// every view, nor a name table to place them (at 100 000 views the three were the peak of
    /// the run). Nil in any other case, or when the outline is not the views of `frames`.
    /// - Complexity: O(views), O(depth + limit) memory.
    private func outlineHead(of entries: [(name: String, frame: Frame)], positions: [Int]?, limit: Int,
                             in model: LayoutModel) -> [(name: String, frame: Frame, level: Int)]? {
        guard let positions, positions.count == frames.count, entries.count == frames.count, source === model, !needsReload,
              frames.count == model.viewOrder.count, frames.count == model.views.count,
              positions.indices.allSatisfy({ positions[$0] == $0 }) else { return nil }
        let walk = model.outlineHead(limit: limit)
        // Each view of the model once: the outline is the views of `frames`.
        guard walk.count == frames.count else { return nil }
        // The places of the head's views, found by serial in one pass over `viewSerials`.
        var wanted: [Int: Int] = [:]
        for (index, item) in walk.head.enumerated() {
            guard let serial = model.serial(ofView: item.name) else { return nil }
            wanted[serial] = index
        }
        var places = Array(repeating: -1, count: walk.head.count)
        for (place, serial) in viewSerials.enumerated() {
            if let index = wanted[serial], entries[place].name == walk.head[index].name { places[index] = place }
        }
        guard !places.contains(-1) else { return nil }
        return places.map { place in
            let entry = entries[place]
            return (entry.name, entry.frame, model.level(of: entry.name))
        }
    }

    /// Where constraint `id` (made `serial`-th) is in `broken`, or nil when it is not there.
    package func brokenIndex(of id: String, serial: Int) -> Int? {
        let index = Self.index(of: serial, in: brokenSerials)
        return index.flatMap { broken[$0].id == id ? $0 : nil }
    }

    /// Where `view` (made `serial`-th) is in `ambiguous`, or nil when it is not there.
    package func ambiguityIndex(of view: String, serial: Int) -> Int? {
        let index = Self.index(of: serial, in: ambiguousSerials)
        return index.flatMap { ambiguous[$0].view == view ? $0 : nil }
    }

    /// Where the view at `place` in `frames` is in `ambiguous`, or nil when it is not there.
    package func ambiguityIndex(atPlace place: Int) -> Int? {
        guard place < viewSerials.count else { return nil }
        return Self.index(of: viewSerials[place], in: ambiguousSerials)
    }

    /// Where `serial` is in the ascending `serials`: its first place not below it.
    private static func lowerBound(of serial: Int, in serials: [Int]) -> Int {
        var low = 0, high = serials.count
        while low < high {
            let middle = (low + high) / 2
            if serials[middle] < serial { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private static func index(of serial: Int, in serials: [Int]) -> Int? {
        let low = lowerBound(of: serial, in: serials)
        return low < serials.count && serials[low] == serial ? low : nil
    }

    /// Where each entry is in `frames`, or nil when one is not there.
    private mutating func places(of entries: [(name: String, frame: Frame)]) -> [Int]? {
        let position = placeByName()
        var places: [Int] = []
        places.reserveCapacity(entries.count)
        for entry in entries {
            guard let place = position[entry.name] else { return nil }
            places.append(place)
        }
        return places
    }

    /// `outlineRanks` while the hierarchy is as it was read, else read anew when `readingAnew`;
    /// nil when `frames` is not the model's views (an update is due).
    private mutating func outlineRanks(in model: LayoutModel, readingAnew: Bool) -> [Int]? {
        guard source === model, !needsReload, frames.count == model.viewOrder.count else { return nil }
        if let cached = outlineRanks, cached.hierarchy == model.hierarchyChanges, cached.ranks.count == frames.count {
            return cached.ranks
        }
        guard readingAnew else { return nil }
        var ranks = Array(repeating: 0, count: frames.count)
        let position = placeByName()
        for (rank, item) in model.outline().enumerated() {
            guard let place = position[item.name] else { return nil }
            ranks[place] = rank
        }
        outlineRanks = (ranks, model.hierarchyChanges)
        return ranks
    }

    private static func ambiguity(of view: String, _ components: [FrameComponent]) -> AmbiguityReport? {
        components.isEmpty ? nil : AmbiguityReport(view: view, components: components)
    }

    private mutating func noteBroken(_ id: String, in model: LayoutModel,
                                     into changes: inout [(serial: Int, item: BrokenConstraint?)]) {
        // A stack's fitting constraints pull sizes to 0 below everything else: broken by
        // design, not news after every input (`constraints` still marks them).
        let current = model.reportedBrokenState(of: id)
        if brokenSerialByID == nil {
            brokenSerialByID = Dictionary(uniqueKeysWithValues: zip(broken.lazy.map(\.id), brokenSerials))
        }
        if let old = brokenSerialByID![id], old != current?.serial {
            // Gone, or taken back and made again under the same id.
            changes.append((old, nil))
            brokenSerialByID![id] = nil
        }
        guard let current else { return }
        brokenSerialByID![id] = current.broken == nil ? nil : current.serial
        changes.append((current.serial, current.broken))
    }

    /// `changes` ordered by serial, those at one serial in the order they came.
    private static func bySerial<Item>(_ changes: [(serial: Int, item: Item?)]) -> [(serial: Int, item: Item?)] {
        changes.indices.sorted { (changes[$0].serial, $0) < (changes[$1].serial, $1) }.map { changes[$0] }
    }

    /// Puts each item of `changes` at its place (by serial) in a list ordered by serial,
    /// replacing what was there (nil takes the entry out; of changes at one serial the last
    /// counts). A few go in one by one; many in one merge pass, where one by one would shift
    /// the list once per change (quadratic when a line changes most of a long chain).
    ///
    /// Returns the items that are new or differ (`changed`) and the ones taken out (`gone`).
    ///
    /// - Complexity: O(k log n + k·n) for k ≤ 32 changes, O(n + k log k) for more.
    @discardableResult
    private static func apply<Item: Equatable>(_ changes: [(serial: Int, item: Item?)], to items: inout [Item],
                                               serials: inout [Int]) -> (changed: [Item], gone: [Item]) {
        var outcome: (changed: [Item], gone: [Item]) = ([], [])
        if changes.count <= 32 {
            for change in changes { place(change.item, at: change.serial, in: &items, serials: &serials, outcome: &outcome) }
            return outcome
        }
        // By serial, the later of equal serials last (stable), then the last of each run kept.
        // One integer key per change (serial, then place) sorts faster than pairs compared in a closure.
        let count = changes.count
        let order = changes.indices.map { changes[$0].serial &* count &+ $0 }.sorted().map { $0 % count }
        var mergedItems: [Item] = [], mergedSerials: [Int] = []
        mergedItems.reserveCapacity(items.count + changes.count)
        mergedSerials.reserveCapacity(items.count + changes.count)
        var old = 0
        for (rank, index) in order.enumerated() {
            let serial = changes[index].serial
            if rank + 1 < order.count, changes[order[rank + 1]].serial == serial { continue }
            while old < serials.count, serials[old] < serial {
                mergedItems.append(items[old])
                mergedSerials.append(serials[old])
                old += 1
            }
            var before: Item?
            if old < serials.count, serials[old] == serial {
                before = items[old]
                old += 1
            }
            if let item = changes[index].item {
                mergedItems.append(item)
                mergedSerials.append(serial)
                if before != item { outcome.changed.append(item) }
            } else if let before {
                outcome.gone.append(before)
            }
        }
        mergedItems.append(contentsOf: items[old...])
        mergedSerials.append(contentsOf: serials[old...])
        items = mergedItems
        serials = mergedSerials
        return outcome
    }

    /// Puts `item` at its place (by serial) in a list ordered by serial, replacing what was
    /// there; nil takes the entry out.
    private static func place<Item: Equatable>(_ item: Item?, at serial: Int, in items: inout [Item], serials: inout [Int],
                                               outcome: inout (changed: [Item], gone: [Item])) {
        let low = lowerBound(of: serial, in: serials)
        let present = low < serials.count && serials[low] == serial
        switch (item, present) {
        case (let item?, true):
            if items[low] != item {
                items[low] = item
                outcome.changed.append(item)
            }
        case (let item?, false):
            items.insert(item, at: low)
            serials.insert(serial, at: low)
            outcome.changed.append(item)
        case (nil, true):
            outcome.gone.append(items.remove(at: low))
            serials.remove(at: low)
        case (nil, false): break
        }
    }
}

/// What one `ReportState.update` changed of the broken constraints and the ambiguity: new or
/// changed entries, and the ids and views that were in the lists and are not now.
package struct StateDelta: Sendable {
    /// The frames that changed (new views included), filled in by the session: the views the
    /// text report stars, or after `exercise` the exercised layout.
    package var frames: [(name: String, frame: Frame)] = []
    package var broken: [BrokenConstraint] = []
    package var unbroken: [String] = []
    package var ambiguous: [AmbiguityReport] = []
    package var unambiguous: [String] = []

    package init() {}

    /// One entry per id and per view: of several changes in one update the last counts, and
    /// what is listed as new or changed is not also listed as gone.
    init(broken: [BrokenConstraint], unbroken: [String], by brokenKey: (BrokenConstraint) -> String,
         ambiguous: [AmbiguityReport], unambiguous: [String], by viewKey: (AmbiguityReport) -> String) {
        self.broken = Self.lastOfEach(broken, brokenKey)
        let brokenNow = Set(self.broken.map(brokenKey))
        self.unbroken = Self.lastOfEach(unbroken, { $0 }).filter { !brokenNow.contains($0) }
        self.ambiguous = Self.lastOfEach(ambiguous, viewKey)
        let ambiguousNow = Set(self.ambiguous.map(viewKey))
        self.unambiguous = Self.lastOfEach(unambiguous, { $0 }).filter { !ambiguousNow.contains($0) }
    }

    /// The lists as they are, for a caller whose lists hold each id and view once and none
    /// both as new and as gone (`ReportState.reload`): what the other initializer would leave.
    init(distinctBroken broken: [BrokenConstraint], unbroken: [String], ambiguous: [AmbiguityReport], unambiguous: [String]) {
        self.broken = broken
        self.unbroken = unbroken
        self.ambiguous = ambiguous
        self.unambiguous = unambiguous
    }

    /// The items with one per key (the last), in the order of those last ones.
    private static func lastOfEach<Item>(_ items: [Item], _ key: (Item) -> String) -> [Item] {
        var last: [String: Int] = [:]
        for (index, item) in items.enumerated() { last[key(item)] = index }
        return items.enumerated().filter { last[key($0.element)] == $0.offset }.map(\.element)
    }
}
