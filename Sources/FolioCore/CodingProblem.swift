import Foundation

/// Encoding and decoding errors as the short sentences error reasons use, instead of Swift's
/// `DecodingError.keyNotFound(… Debug description: …)`: one rule for every reader of Codable data.
public enum CodingProblem {
    /// `error` in a sentence: "key 'firstName' is missing at drawables[2]"; other errors as they
    /// describe themselves.
    public static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            return "key '\(key.stringValue)' is missing" + place(context.codingPath)
        case DecodingError.typeMismatch(let type, let context):
            return "expected \(type)" + place(context.codingPath)
        case DecodingError.valueNotFound(let type, let context):
            return "a \(type) is missing" + place(context.codingPath)
        case DecodingError.dataCorrupted(let context):
            let detail = context.underlyingError.map { " (\($0.localizedDescription))" } ?? ""
            return context.debugDescription + detail + place(context.codingPath)
        case EncodingError.invalidValue(let value, let context):
            return "\(type(of: value)) value \(value) cannot be stored" + place(context.codingPath)
        default:
            return String(describing: error)
        }
    }

    /// " at root.drawables[2].points", or nothing at the top.
    private static func place(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "" }
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return " at " + text
    }
}
