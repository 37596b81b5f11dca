import LayoutModel
import LayoutVocabulary
import LayoutReport

/// The screen: `device NAME [landscape]` (or `device` alone, the list), the bars the root's
/// view controller sits under (`bars`) and `scale`.
enum DeviceCommands {
    static let all: [any ShellCommand.Type] = [SetDevice.self, SetBars.self, SetScale.self]
}

/// `device NAME [portrait|landscape]`: the root becomes that device's screen: its size, safe
/// area, the view controller's system minimum margins and the screen scale, in one change.
struct SetDevice: SessionChange {
    var device: Device
    var landscape: Bool

    static let spec = CommandSpec(
        trigger: .words(["device"]), kind: .change, group: .settings, topic: "device", aliases: ["devices"],
        synopsis: ["device", "device NAME [portrait | landscape]"],
        summary: ["alone: the devices. With a name: the root takes that screen's size and",
                  "safe area, becomes a view controller's root view (margins at least 16,",
                  "or 20 in a regular width, inside the safe area) and frames are rounded",
                  "to its pixels (scale). One change: no half-set state is ever solved."],
        examples: ["device iPhone15", "device iPhoneSE landscape"],
        overview: ["device iPhone15 landscape"],
        completeArguments: { context in
            context.words.count >= 2 ? ["portrait", "landscape"] : Device.all.map(\.name)
        })

    /// `device` alone is the listing, a look; with a name it is this change.
    static func read(_ parser: inout LineParser) throws(ShellError) -> any ShellCommand {
        parser.rest.isEmpty ? ListDevices() : try parse(&parser)
    }

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetDevice {
        guard let nameWord = p.rest.first else {
            throw ShellError("device needs a name", hint: "device alone lists them", column: p.columnAfterCommand)
        }
        guard let device = Device.named(nameWord.text) else {
            let hint = nearest(nameWord.text, in: Device.all.map(\.name)).map { "did you mean \($0)?" } ?? "device alone lists them"
            throw ShellError("there is no device named \(nameWord.text)", hint: hint, column: nameWord.column)
        }
        var landscape = false
        if p.rest.count > 1 {
            let orientation = p.rest[1]
            guard ["landscape", "portrait"].contains(orientation.text) else {
                throw ShellError("the orientation is portrait or landscape, not \(orientation.text)", hint: "e.g. device \(device.name) landscape", column: orientation.column)
            }
            landscape = orientation.text == "landscape"
        }
        if p.rest.count > 2 { throw ShellError("unexpected '\(p.rest[2].text)' after the orientation", column: p.rest[2].column) }
        return SetDevice(device: device, landscape: landscape)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        session.model.setDevice(device, landscape: landscape)
        // The device decides the size classes again (over any set by hand).
        session.state.traits = nil
        let variantNotes = try session.applyVariants()
        session.reportState.needsReload = true
        let size = device.size(landscape: landscape)
        let model = session.model
        return ["\(device.name) \(landscape ? "landscape" : "portrait"): root \(formatNumber(size.width))x\(formatNumber(size.height)), "
                + "safe area \(SetMargins.describe(model.safeAreaInsets))\(SetBars.underBars(model)), root margins \(SetMargins.describe(model.effectiveMargins(of: LayoutModel.rootName))), "
                + "scale \(formatNumber(device.scale))"] + variantNotes
    }
}

/// `device` alone: the table of devices.
struct ListDevices: SessionAction {
    static let spec = SetDevice.spec

    static func parse(_ p: inout LineParser) throws(ShellError) -> ListDevices { ListDevices() }

    func run(in session: Session, result: inout CommandResult) throws(ShellError) -> Bool {
        var lines = ["devices (portrait size in points, scale, safe area top,left,bottom,right):"]
        lines += Device.all.map { "  " + $0.listingLine }
        if let current = session.model.device {
            lines.append("the root is now \(current.device.name) \(current.landscape ? "landscape" : "portrait")\(SetBars.underBars(session.model))")
        }
        result.output = lines
        return false
    }
}

/// `scale 1|2|3|off`: the pixel grid reported frames are rounded to.
struct SetScale: SessionChange {
    var scale: Double?

    static let spec = CommandSpec(
        trigger: .words(["scale"]), kind: .change, group: .settings, topic: "scale", aliases: ["pixels"],
        synopsis: ["scale 1 | 2 | 3 | off"],
        summary: ["round reported frames as UIKit places views: each edge to the nearest",
                  "pixel (1/scale point), so views that touch stay flush. off (the default",
                  "without a device): exact. frames --exact shows the solver's values."],
        examples: ["scale 3"],
        overview: ["scale 2"],
        completeArguments: { _ in ["1", "2", "3", "off"] })

    static func parse(_ p: inout LineParser) throws(ShellError) -> SetScale {
        let word = try p.oneArgument("scale takes one value: 1, 2, 3 or off", hint: "e.g. scale 2")
        if word.text == "off" { return SetScale(scale: nil) }
        guard let value = Double(word.text), [1.0, 2, 3].contains(value) else {
            throw ShellError(LayoutError.unsupportedScale(Double(word.text) ?? .nan), column: word.column)
        }
        return SetScale(scale: value)
    }

    func apply(to session: Session) throws(ShellError) -> [String] {
        let old = session.model.scale
        try session.modelChange { try $0.setScale(scale) }
        func describe(_ scale: Double?) -> String { scale.map { "\(formatNumber($0))x" } ?? "off (exact frames)" }
        return ["scale is now \(describe(scale)) (was \(describe(old)))"]
    }
}
