/// VFL calls: `NSLayoutConstraint.constraints(withVisualFormat:options:metrics:views:)`, Swift
/// 2's `constraintsWithVisualFormat`, and Objective-C's message, with literal dictionaries (or
/// variables holding them, or `NSDictionaryOfVariableBindings`).
enum VisualFormatDialect: LayoutCodeDialect {
    static let marks = ["constraintsWithVisualFormat"]

    static func constraints(_ expression: CodeExpression, line: Int, reader: LayoutCodeReader) -> [CodeConstraint]? {
        reader.visualFormatConstraint(expression, line: line).map { [$0] }
    }
}

extension LayoutCodeReader {
    fileprivate func visualFormatConstraint(_ expression: CodeExpression, line: Int) -> CodeConstraint? {
        switch expression {
        case .call(.member(.name("NSLayoutConstraint")?, "constraints"), let arguments) where arguments.first?.label == "withVisualFormat":
            return visualFormat(arguments.map { ($0.label ?? "", $0.value) }, line: line)
        case .call(.member(.name("NSLayoutConstraint")?, "constraintsWithVisualFormat"), let arguments) where !arguments.isEmpty:
            // Swift 2's spelling.
            var list = arguments.map { ($0.label ?? "", $0.value) }
            list[0].0 = "withVisualFormat"
            return visualFormat(list, line: line)
        case .message(.name("NSLayoutConstraint"), let parts) where parts.first?.label == "constraintsWithVisualFormat":
            var list = parts.map { ($0.label ?? "", $0.value) }
            list[0].0 = "withVisualFormat"
            return visualFormat(list, line: line)
        default:
            return nil
        }
    }

    private func visualFormat(_ parts: [(String, CodeExpression?)], line: Int) -> CodeConstraint? {
        guard case .string(let format)? = parts.first?.1 else { return nil }
        var options: [String] = []
        var metrics: [String: Double] = [:]
        var runtimeMetrics: [String: CodeLength] = [:]
        var unknownMetrics: [String: String] = [:]
        var views: [String: CodeItem] = [:]
        for (label, value) in parts.dropFirst() {
            guard let value else { continue }
            switch label {
            case "options", "opts":
                guard let words = optionWords(value) else { return nil }
                options = words
            case "metrics":
                guard let pairs = dictionaryPairs(value) else { return nil }
                for (key, value) in pairs {
                    // A metric the code computes when it runs: a view's size (`view.bounds.width / 3`)
                    // the importer reads from the session, anything else a value it asks for.
                    if let number = number(value) {
                        metrics[key] = number
                    } else if let computed = length(value), !computed.terms.isEmpty {
                        runtimeMetrics[key] = computed
                    } else {
                        unknownMetrics[key] = value.sourceText
                    }
                }
            case "views":
                guard let pairs = dictionaryPairs(value) else { return nil }
                for (key, value) in pairs {
                    guard let item = item(value), item.guide == nil else { return nil }
                    views[key] = item
                }
            default:
                return nil
            }
        }
        var constraint = CodeConstraint(form: .visualFormat(format: format, options: options, metrics: metrics, views: views), line: line)
        constraint.runtimeMetrics = runtimeMetrics
        constraint.unknownMetrics = unknownMetrics
        return constraint
    }

    private func dictionaryPairs(_ expression: CodeExpression) -> [(String, CodeExpression)]? {
        switch expression {
        case .name("nil"), .number(0), .name("NULL"): return []
        case .name(let name): return dictionaries[name].flatMap { dictionaryPairs($0) }
        case .dictionary(let pairs):
            var result: [(String, CodeExpression)] = []
            for (key, value) in pairs {
                guard case .string(let text) = key else { return nil }
                result.append((text, value))
            }
            return result
        case .call(.name("NSDictionaryOfVariableBindings"), let arguments):
            return arguments.compactMap { argument in
                argument.value.map { value in (value.sourceText.replacingPrefix("self.", with: ""), value) }
            }
        default: return nil
        }
    }

    /// VFL options as the session spells them (`alignAllTop`).
    private func optionWords(_ expression: CodeExpression) -> [String]? {
        switch expression {
        case .array(let elements):
            var words: [String] = []
            for element in elements {
                guard let more = optionWords(element) else { return nil }
                words += more
            }
            return words
        case .number(0), .name("kNilOptions"), .call(.member(_, "FormatOptions"), []), .call(.name("NSLayoutFormatOptions"), []):
            return []
        case .binary(let left, _, let right):
            guard let a = optionWords(left), let b = optionWords(right) else { return nil }
            return a + b
        case .member(_, let name):
            return [name]
        case .name(let name) where name.hasPrefix("NSLayoutFormat"):
            let word = name.dropFirst("NSLayoutFormat".count)
            return [word.prefix(1).lowercased() + word.dropFirst()]
        default:
            return nil
        }
    }
}
