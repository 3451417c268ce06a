import FolioCore

/// The rows of a JSON array: an array of objects (columns named by their keys, in order of first
/// appearance; a key given twice in one object has its last value), of arrays (columns `1`, `2`,
/// …) or of plain values (one column, `value`).
///
/// The whole document is parsed when it is opened. Each element's bytes are remembered, so
/// ``write(_:to:)`` writes the array again with the kept elements exactly as they were, and new
/// rows in the elements' shape (an object with the columns as keys, an array, or a plain value),
/// their values as JSON strings.
///
/// ```swift
/// let rows = try JSONRows(Array(#"[{"name": "Homer", "role": "Father"}]"#.utf8), name: "people.json")
/// rows.columns        // ["name", "role"]
/// try rows.row(at: 0) // ["Homer", "Father"]
/// ```
public final class JSONRows: RowSource {
    /// The column names.
    public let columns: [String]
    private let bytes: [UInt8]
    private let elements: [Range<Int>]
    private let values: [[String]]
    private let shape: Shape

    /// What the array's elements are.
    private enum Shape {
        case objects, arrays, values
    }

    /// Parses `bytes`, a JSON array.
    ///
    /// - Throws: ``TableError`` `.malformedJSON` naming the line and column of a syntax error, or
    ///   saying that the document is not an array or mixes objects, arrays and plain values.
    public init(_ bytes: [UInt8], name: String = "JSON") throws(TableError) {
        var parser = JSONParser(bytes, name: name)
        let parsed = try parser.parseTopLevelArray()
        self.bytes = bytes
        elements = parsed.map(\.range)
        func refuse(_ position: Int, _ reason: String) -> TableError {
            TableError(
                .malformedJSON, operation: "read JSON", subject: name, reason: "element \(position + 1) \(reason)")
        }
        switch parsed.first?.value {
        case .object:
            var keys: [String] = []
            var known: Set<String> = []
            for (position, element) in parsed.enumerated() {
                guard case .object(let members) = element.value else {
                    throw refuse(position, "is not an object like the first element")
                }
                for member in members where known.insert(member.key).inserted { keys.append(member.key) }
            }
            columns = keys
            shape = .objects
            values = parsed.map { element in
                guard case .object(let members) = element.value else { return [] }
                // A name given twice has its last value, as JavaScript's JSON.parse and Python's json read it.
                var byKey: [String: String] = [:]
                for member in members { byKey[member.key] = member.value.cellText }
                return keys.map { byKey[$0] ?? "" }
            }
        case .array:
            var width = 0
            for (position, element) in parsed.enumerated() {
                guard case .array(let items) = element.value else {
                    throw refuse(position, "is not an array like the first element")
                }
                width = max(width, items.count)
            }
            columns = (0..<width).map { String($0 + 1) }
            shape = .arrays
            values = parsed.map { element in
                guard case .array(let items) = element.value else { return [] }
                return items.map(\.cellText) + Array(repeating: "", count: width - items.count)
            }
        case nil:
            columns = []
            shape = .values
            values = []
        default:
            for (position, element) in parsed.enumerated() {
                switch element.value {
                case .object, .array: throw refuse(position, "is not a plain value like the first element")
                default: continue
                }
            }
            columns = ["value"]
            shape = .values
            values = parsed.map { [$0.value.cellText] }
        }
    }

    public func rowCount(upTo limit: Int) -> Int {
        min(values.count, limit)
    }

    public func row(at index: Int) throws(TableError) -> [String] {
        guard values.indices.contains(index) else {
            throw TableError(
                .noSuchRow, operation: "read JSON", subject: "row \(index)", reason: "there is no such row")
        }
        return values[index]
    }

    /// Writes the array again with only the elements at `indices`, each as it was written.
    public func write(keeping indices: some Sequence<Int>, to write: ([UInt8]) throws -> Void) throws {
        try self.write(indices.lazy.map { EditedRow.source($0) }, to: write)
    }

    /// Writes the array again with `rows` in their order: an element of the file as it was
    /// written, a new row as an element of the same shape with its values as strings.
    public func write(_ rows: some Sequence<EditedRow>, to write: ([UInt8]) throws -> Void) throws {
        var output: [UInt8] = Array("[".utf8)
        var first = true
        for row in rows {
            switch row {
            case .source(let index):
                guard elements.indices.contains(index) else { continue }
                output += Array((first ? "\n  " : ",\n  ").utf8)
                output += bytes[elements[index]]
            case .inserted(let values):
                output += Array((first ? "\n  " : ",\n  ").utf8)
                output += Array(element(values).utf8)
            }
            first = false
        }
        output += Array((first ? "]\n" : "\n]\n").utf8)
        try write(output)
    }

    /// A new element holding `values`, shaped as the array's elements are.
    private func element(_ values: [String]) -> String {
        switch shape {
        case .objects:
            let members = zip(columns, values).map { JSONString.quoted($0) + ": " + JSONString.quoted($1) }
            return "{" + members.joined(separator: ", ") + "}"
        case .arrays:
            return "[" + values.map(JSONString.quoted).joined(separator: ", ") + "]"
        case .values:
            return values.first.map(JSONString.quoted) ?? "null"
        }
    }
}
