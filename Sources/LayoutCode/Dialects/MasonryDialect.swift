import LayoutVocabulary

/// Masonry (Objective-C, and Swift through its blocks):
/// `[v mas_makeConstraints:^(MASConstraintMaker *make) { make.edges.equalTo(self.view).insets(p); }]`,
/// `mas_remakeConstraints`, `mas_updateConstraints`, `x.mas_top` and `x.mas_safeAreaLayoutGuide…`
/// targets, and a kept `MASConstraint`'s `install`/`uninstall`/`offset`.
enum MasonryDialect: LayoutCodeDialect {
    static let marks = ["mas_makeConstraints", "mas_remakeConstraints", "mas_updateConstraints"]

    static func isLayoutWord(_ name: String) -> Bool { name.hasPrefix("mas_") || name == "MASConstraintMaker" }

    static let style = MakerStyle(
        library: "Masonry",
        methods: ["mas_makeConstraints": .make, "mas_remakeConstraints": .remake, "mas_updateConstraints": .update],
        order: [.left, .right, .top, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY, .lastBaseline, .firstBaseline,
                .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
                .centerXWithinMargins, .centerYWithinMargins],
        sortsChains: false, constantCenterToEdge: false, insetsOnSizes: false,
        attributeTarget: { expression, reader in
            guard case .member(let base, let property) = expression, property.hasPrefix("mas_") else { return nil }
            let owner = base ?? .name("self")
            let name = String(property.dropFirst(4))
            // The view controller's iOS 7–10 guides: their inner edges are the safe area's.
            let supports: [String: (Bool, LayoutAttribute)] = [
                "topLayoutGuide": (true, .top), "topLayoutGuideBottom": (true, .top), "topLayoutGuideTop": (false, .top),
                "bottomLayoutGuide": (true, .bottom), "bottomLayoutGuideTop": (true, .bottom), "bottomLayoutGuideBottom": (false, .bottom),
            ]
            if let (safe, attribute) = supports[name] {
                return (CodeItem(LayoutCodeReader.rootName, guide: safe ? .safeArea : nil), [attribute], nil)
            }
            if name.hasPrefix("safeAreaLayoutGuide") {
                guard let view = reader.item(owner), view.guide == nil else { return nil }
                var word = String(name.dropFirst("safeAreaLayoutGuide".count))
                word = word.prefix(1).lowercased() + word.dropFirst()
                if word.isEmpty { return (CodeItem(view.view, guide: .safeArea), [], nil) }
                guard let attributes = MakerStyle.attributeSets[word] else { return nil }
                return (CodeItem(view.view, guide: .safeArea), attributes, word)
            }
            guard let attributes = MakerStyle.attributeSets[name], let item = reader.item(owner) else { return nil }
            return (item, attributes, name)
        })

    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool {
        // Swift: `v.mas_makeConstraints { make in … }`.
        guard let last = header.last, let mode = style.methods[last.text] else { return false }
        let closure = CodeClosure.fromBlock(body)
        reader.readMaker(style, mode, receiver: Array(header.dropLast(2)), parameter: closure.parameter, body: closure.body, tokens: header)
        return true
    }

    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        if let index = tokens.firstIndex(where: { $0.kind == .name && style.methods[$0.text] != nil }) {
            let mode = style.methods[tokens[index].text]!
            // `[receiver mas_makeConstraints:^…{…}]` or Swift's `receiver.mas_makeConstraints({ … })`.
            let receiver: [CodeToken]
            if index > 0, tokens[index - 1].is(".") {
                receiver = Array(tokens[..<(index - 1)])
            } else if let open = tokens[..<index].lastIndex(where: { $0.is("[") }) {
                receiver = Array(tokens[(open + 1)..<index])
            } else {
                return .skipped(.unrecognized)
            }
            guard let closure = CodeClosure.find(in: tokens, after: index) else { return .skipped(.unrecognized) }
            reader.readMaker(style, mode, receiver: receiver, parameter: closure.parameter, body: closure.body, tokens: tokens)
            return .layout
        }
        // A kept constraint: `[self.top uninstall]`, `self.top.offset = 20`, `[self.top setOffset:20]`.
        var parser = CodeExpressionParser(tokens)
        let expression = parser.expression()
        if let token = parser.current, token.is("="), case .member(let base?, let property) = expression,
           case .name(let name) = base.withoutSelf {
            parser.index += 1
            return reader.changeKept(style, name, property, parser.expression())
        }
        guard parser.current == nil || parser.current?.is(";") == true else { return nil }
        switch expression {
        case .message(let base, let parts):
            guard case .name(let name) = base.withoutSelf, let selector = parts.first?.label else { return nil }
            let change = selector.hasPrefix("set") ? selector.dropFirst(3).prefix(1).lowercased() + selector.dropFirst(4) : selector
            return reader.changeKept(style, name, change, parts.first?.value)
        case .call(.member(let base?, let method), let arguments):
            guard case .name(let name) = base.withoutSelf else { return nil }
            return reader.changeKept(style, name, method, arguments.first?.value)
        default:
            return nil
        }
    }
}
