import FolioCore

/// A JSON value as parsed by ``JSONParser``: objects keep their members in document order.
enum JSONValue: Hashable, Sendable {
    case object([(key: String, value: JSONValue)])
    case array([JSONValue])
    case string(String)
    /// A number, kept as written.
    case number(String)
    case bool(Bool)
    case null

    static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.object(let left), .object(let right)):
            left.count == right.count && zip(left, right).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.array(let left), .array(let right)): left == right
        case (.string(let left), .string(let right)): left == right
        case (.number(let left), .number(let right)): left == right
        case (.bool(let left), .bool(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(compactText)
    }

    /// The value as a table cell shows it: strings as they are, numbers as written, `true` and
    /// `false`, nothing for null, and compact JSON for objects and arrays.
    var cellText: String {
        switch self {
        case .string(let text): text
        case .null: ""
        default: compactText
        }
    }

    /// The value as compact JSON.
    var compactText: String {
        switch self {
        case .object(let members):
            "{" + members.map { JSONString.quoted($0.key) + ":" + $0.value.compactText }.joined(separator: ",") + "}"
        case .array(let values): "[" + values.map(\.compactText).joined(separator: ",") + "]"
        case .string(let text): JSONString.quoted(text)
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        }
    }
}
