import LayoutVocabulary

/// SnapKit (Swift): `v.snp.makeConstraints { make in make.top.equalTo(x.snp.bottom).offset(8) }`,
/// `remakeConstraints`, `updateConstraints`, `removeConstraints()`, a kept `Constraint`'s
/// `update(offset:)`/`activate()`/`deactivate()`, and `snp.contentHugging…Priority`.
enum SnapKitDialect: LayoutCodeDialect {
    static let marks = [".snp.", "snp.makeConstraints"]

    static func isLayoutWord(_ name: String) -> Bool {
        ["snp", "makeConstraints", "remakeConstraints", "updateConstraints", "removeConstraints"].contains(name)
    }

    static let style = MakerStyle(
        library: "SnapKit",
        methods: ["makeConstraints": .make, "remakeConstraints": .remake, "updateConstraints": .update],
        order: [.left, .top, .right, .bottom, .leading, .trailing, .width, .height, .centerX, .centerY, .lastBaseline, .firstBaseline,
                .leftMargin, .rightMargin, .topMargin, .bottomMargin, .leadingMargin, .trailingMargin,
                .centerXWithinMargins, .centerYWithinMargins],
        sortsChains: true, constantCenterToEdge: true, insetsOnSizes: true,
        attributeTarget: { expression, reader in
            // `x.snp.top`, `x.safeAreaLayoutGuide.snp.bottom`, `topLayoutGuide.snp.bottom`.
            guard case .member(.member(let base?, "snp")?, let name) = expression, let attributes = MakerStyle.attributeSets[name] else { return nil }
            if let support = layoutSupport(base, attribute: attributes[0]) { return (support.0, [support.1], name) }
            guard let item = reader.item(base) else { return nil }
            return (item, attributes, name)
        })

    /// iOS 7–10's `topLayoutGuide`/`bottomLayoutGuide`: their inner edges are the safe area's.
    static func layoutSupport(_ base: CodeExpression, attribute: LayoutAttribute) -> (CodeItem, LayoutAttribute)? {
        guard case .name(let name) = base.withoutSelf, name == "topLayoutGuide" || name == "bottomLayoutGuide" else { return nil }
        let inner: LayoutAttribute = name == "topLayoutGuide" ? .bottom : .top
        if attribute == inner { return (CodeItem(LayoutCodeReader.rootName, guide: .safeArea), name == "topLayoutGuide" ? .top : .bottom) }
        return (CodeItem(LayoutCodeReader.rootName), attribute)
    }

    static func block(header: [CodeToken], body: [CodeNode], line: Int, reader: inout LayoutCodeReader) -> Bool {
        guard let (receiver, mode) = makerCall(header), header.last?.is(")") == true || style.methods[header.last?.text ?? ""] != nil else { return false }
        let closure = CodeClosure.fromBlock(body)
        reader.readMaker(style, mode, receiver: receiver, parameter: closure.parameter, body: closure.body, tokens: header)
        return true
    }

    static func statement(_ tokens: [CodeToken], reader: inout LayoutCodeReader) -> LayoutCodeReader.Outcome? {
        if let (receiver, mode) = makerCall(tokens) {
            guard let closure = CodeClosure.find(in: tokens, after: receiver.count) else { return .skipped(.unrecognized) }
            reader.readMaker(style, mode, receiver: receiver, parameter: closure.parameter, body: closure.body, tokens: tokens)
            return .layout
        }
        var parser = CodeExpressionParser(tokens)
        let expression = parser.expression()
        // `v.snp.contentHuggingHorizontalPriority = 251`.
        if let token = parser.current, token.is("="), case .member(.member(let base, "snp")?, let property) = expression,
           property.hasPrefix("content") {
            parser.index += 1
            let value = parser.expression()
            let axis: LayoutAttribute.Axis = property.contains("Horizontal") ? .horizontal : .vertical
            guard let item = reader.item(base ?? .name("self")), item.guide == nil, item.view != LayoutCodeReader.rootName,
                  let priority = reader.priority(value) else { return .skipped(.unknownValue(value.sourceText)) }
            _ = reader.viewIndex(of: item, line: reader.currentLine)
            reader.code.contentPriorities.append(CodeContentPriority(view: item.view, kind: property.contains("Hugging") ? .hugging : .compressionResistance,
                                                                     axis: axis, priority: priority, line: reader.currentLine))
            return .layout
        }
        guard parser.current == nil, case .call(.member(let base?, let method), let arguments) = expression else { return nil }
        // `v.snp.removeConstraints()`.
        if method == "removeConstraints", case .member(let owner, "snp") = base {
            guard let item = reader.item(owner ?? .name("self")) else { return .skipped(.unrecognized) }
            reader.removeLibraryConstraints(of: item)
            return .layout
        }
        // A kept constraint: `top?.update(offset: 20)`, `top.deactivate()`.
        guard case .name(let variable) = base.withoutSelf else { return nil }
        let argument = arguments.first
        let change = method.hasPrefix("update") && method != "update" ? String(method.dropFirst("update".count)).lowercased() : argument?.label ?? method
        return reader.changeKept(style, variable, change, argument?.value)
    }

    /// `receiver.snp.makeConstraints…`: the receiver's tokens and the mode.
    static func makerCall(_ tokens: [CodeToken]) -> ([CodeToken], MakerStyle.Mode)? {
        guard let index = tokens.firstIndex(where: { $0.kind == .name && style.methods[$0.text] != nil }), index >= 2,
              tokens[index - 1].is("."), tokens[index - 2].text == "snp" else { return nil }
        let end = index >= 3 && (tokens[index - 3].is(".") || tokens[index - 3].is("?.")) ? index - 3 : index - 2
        return (Array(tokens[..<end]), style.methods[tokens[index].text]!)
    }
}
