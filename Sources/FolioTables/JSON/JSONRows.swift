import FolioCore

/// The rows of a JSON array: an array of objects (columns named by their keys, in order of first
/// appearance; a key given twice in one object has its last value), of arrays (columns `1`, `2`,
/// …) or of plain values (one column, `value`).
///
/// The whole document is parsed when it is opened. Each element's bytes are remembered, so
/// ``write(_:to:)`` writes the array again with the kept elements exactly as they were, and new
/// rows in the elements' shape (an object with the columns as keys, an array, or a plain value).
/// A new row's value is written as the column's values are: a number in a column of numbers, `true`
/// or `false` in a column of booleans, an object or array in a column of them, `null` for an empty
/// value there; as a string otherwise, and whenever the text is not such a value.
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
    /// What each column holds, for writing new rows' values as the file does.
    private let kinds: [ValueKind]

    /// What the array's elements are.
    private enum Shape {
        case objects, arrays, values
    }

    /// What a column's values are, nulls and missing values aside.
    enum ValueKind: Equatable {
        case none, strings, numbers, booleans, structured, mixed

        /// The kind of a column that also holds `value`.
        func adding(_ value: JSONValue) -> ValueKind {
            let kind: ValueKind
            switch value {
            case .null: return self
            case .string: kind = .strings
            case .number: kind = .numbers
            case .bool: kind = .booleans
            case .object, .array: kind = .structured
            }
            return self == .none || self == kind ? kind : .mixed
        }
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
            var kinds = Array(repeating: ValueKind.none, count: keys.count)
            let column = Dictionary(keys.enumerated().map { ($1, $0) }) { first, _ in first }
            for element in parsed {
                guard case .object(let members) = element.value else { continue }
                for member in members {
                    if let index = column[member.key] { kinds[index] = kinds[index].adding(member.value) }
                }
            }
            self.kinds = kinds
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
            var kinds = Array(repeating: ValueKind.none, count: width)
            for element in parsed {
                guard case .array(let items) = element.value else { continue }
                for (index, item) in items.enumerated() { kinds[index] = kinds[index].adding(item) }
            }
            self.kinds = kinds
            values = parsed.map { element in
                guard case .array(let items) = element.value else { return [] }
                return items.map(\.cellText) + Array(repeating: "", count: width - items.count)
            }
        case nil:
            columns = []
            shape = .values
            values = []
            kinds = []
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
            kinds = [parsed.reduce(ValueKind.none) { $0.adding($1.value) }]
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
        let encoded = values.enumerated().map { index, text in
            JSONRows.encode(text, as: index < kinds.count ? kinds[index] : .strings)
        }
        switch shape {
        case .objects:
            let members = zip(columns, encoded).map { JSONString.quoted($0) + ": " + $1 }
            return "{" + members.joined(separator: ", ") + "}"
        case .arrays:
            return "[" + encoded.joined(separator: ", ") + "]"
        case .values:
            return encoded.first ?? "null"
        }
    }

    /// `text` as the JSON of a value in a column of `kind`: the value it spells when it spells
    /// one of that kind (an empty text is `null` in a column that holds no strings), else a string.
    /// A text that is not such a value (`007`, `yes`, `1, 2`) stays a string: nothing typed is lost.
    static func encode(_ text: String, as kind: ValueKind) -> String {
        switch kind {
        case .numbers, .booleans, .structured:
            if text.isEmpty { return "null" }
            var parser = JSONParser(Array(("[" + text + "]").utf8), name: "value")
            guard let parsed = try? parser.parseTopLevelArray(), parsed.count == 1 else { break }
            switch (kind, parsed[0].value) {
            case (.numbers, .number), (.booleans, .bool), (.structured, .object), (.structured, .array):
                return parsed[0].value.compactText
            default:
                break
            }
        case .none:
            if text.isEmpty { return "null" }
        case .strings, .mixed:
            break
        }
        return JSONString.quoted(text)
    }
}
