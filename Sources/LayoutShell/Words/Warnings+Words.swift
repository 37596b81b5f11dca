import LayoutModel

// How a warning about the layout reads in a report (text and JSON alike).

extension LayoutWarning {
    /// `a has a negative width (-20)`, the value as reports show numbers.
    public var text: String {
        switch self {
        case .negativeSize(let view, let component, let value):
            "\(view) has a negative \(component.rawValue) (\(formatValue(value)))"
        }
    }
}
