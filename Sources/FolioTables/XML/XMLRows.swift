import Foundation
import FoundationXML

/// The entries of an XML document as rows: an XPath selects the row nodes, and one XPath per
/// column, relative to a row node, selects each value (the text of the first node it selects).
///
/// This is how a web service's XML reply is shown in tabular form: for a GeoNames search,
/// `//entry` selects the entries and `title`, `summary`, `population` their fields. Without
/// column XPaths, the columns are the names of the first row node's child elements.
///
/// The document is checked before FoundationXML parses it (see the module's XML checker: no
/// DTD, no external entity, well-formed UTF-8 only) and every XPath is checked before it is
/// evaluated, so bad input is a clear error rather than a crash. The whole document is read into
/// memory; the values are extracted once, when the rows are opened.
///
/// ```swift
/// let rows = try XMLRows(data, rows: "//entry", columns: ["title", "population"])
/// try rows.row(at: 0)   // ["Plano, Texas", "245411"]
/// ```
public final class XMLRows: RowSource {
    /// The column names: the column XPaths as given, or the child element names.
    public let columns: [String]
    private let values: [[String]]

    /// Reads `bytes` and selects rows and columns.
    ///
    /// - Parameters:
    ///   - rowsXPath: selects the row nodes, e.g. `//entry`.
    ///   - columnXPaths: one per column, relative to a row node, e.g. `title` or `@id`; when
    ///     empty, the first row's child element names.
    ///   - name: what errors call the document.
    /// - Throws: ``TableError`` `.malformedXML` (with line and column), `.invalidEncoding`, or
    ///   `.invalidXPath`.
    public init(_ bytes: [UInt8], rows rowsXPath: String, columns columnXPaths: [String] = [], name: String = "XML")
        throws
    {
        var checker = XMLChecker(bytes, name: name)
        try checker.check()
        try XPathChecker.check(rowsXPath)
        for column in columnXPaths {
            try XPathChecker.check(column)
        }
        let document: XMLDocument
        let rowNodes: [XMLNode]
        do {
            document = try XMLDocument(data: Data(bytes), options: [])
            rowNodes = try document.nodes(forXPath: rowsXPath)
        } catch {
            throw TableError(.malformedXML, operation: "read XML", subject: name, reason: "\(error)")
        }
        var columns = columnXPaths
        if columns.isEmpty, let first = rowNodes.first {
            var seen: Set<String> = []
            for child in first.children ?? [] where child.kind == .element {
                guard let childName = child.name, seen.insert(childName).inserted else { continue }
                do {
                    try XPathChecker.check(childName)
                    columns.append(childName)
                } catch {
                    // A namespaced child cannot be selected by its name alone; it is left out.
                    continue
                }
            }
        }
        var values: [[String]] = []
        values.reserveCapacity(rowNodes.count)
        for node in rowNodes {
            var row: [String] = []
            for column in columns {
                do {
                    row.append(try node.nodes(forXPath: column).first?.stringValue ?? "")
                } catch {
                    throw TableError(.invalidXPath, operation: "select column", subject: column, reason: "\(error)")
                }
            }
            values.append(row)
        }
        self.columns = columns
        self.values = values
    }

    public func rowCount(upTo limit: Int) -> Int {
        min(values.count, limit)
    }

    public func row(at index: Int) throws -> [String] {
        guard values.indices.contains(index) else {
            throw TableError(.noSuchRow, operation: "read XML", subject: "row \(index)", reason: "there is no such row")
        }
        return values[index]
    }
}
