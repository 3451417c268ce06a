import FolioXML

/// The entries of an XML document as rows: an XPath selects the row nodes, and one XPath per
/// column, evaluated at each row node, gives each value.
///
/// This is how a web service's XML reply is shown in tabular form: for a GeoNames search,
/// `//entry` selects the entries and `title`, `summary`, `population` their fields. A column is
/// any XPath 1.0 expression and its value is what XPath's `string()` makes of the result: the
/// text of the first node selected, or a computed value (`count(*)`, `name()`,
/// `normalize-space(summary)`, `population div 1000`, `substring-before(title, ',')`). Without
/// column XPaths, the columns are the first row node's child elements (by name); a row node
/// without child elements gives one column, its own text.
///
/// libxml2 parses the document (nothing is loaded from outside it, entity declarations are
/// refused, nesting is limited) and evaluates the XPaths within ``FolioXML/XPathLimits``, so
/// hostile input is a clear error, never a crash or a stall. The whole document is read into
/// memory; the values are extracted once, when the rows are opened, up to ``textLimit`` bytes.
///
/// ```swift
/// let rows = try XMLRows(data, rows: "//entry", columns: ["title", "population"])
/// try rows.row(at: 0)   // ["Plano, Texas", "245411"]
/// ```
public final class XMLRows: RowSource {
    /// The most text the values of one table may hold, in bytes.
    public static let textLimit = 64 << 20

    /// The column names: the column XPaths as given, or the child element names.
    public let columns: [String]
    private let values: [[String]]

    /// Reads `bytes` and selects rows and columns.
    ///
    /// - Parameters:
    ///   - rowsXPath: selects the row nodes, e.g. `//entry`.
    ///   - columnXPaths: one per column, evaluated at a row node, e.g. `title`, `@id` or
    ///     `count(link)`; when empty, the first row's child elements.
    ///   - name: what errors call the document.
    ///   - limits: what the XPaths may do, for the rows and all the columns together.
    /// - Throws: ``TableError`` `.malformedXML` (with line and column), `.invalidXPath`, or
    ///   `.limitExceeded` for XPaths or values past the limits.
    public init(
        _ bytes: [UInt8], rows rowsXPath: String, columns columnXPaths: [String] = [], name: String = "XML",
        limits: XPathLimits = XPathLimits()
    ) throws(TableError) {
        let document: XMLDocument
        do {
            document = try XMLDocument(parsing: bytes, name: name)
        } catch {
            throw TableError(error, operation: "read XML")
        }
        let xpath = XPathContext(document, limits: limits)
        func compile(_ expression: String, _ operation: String) throws(TableError) -> XPathExpression {
            do {
                return try xpath.compile(expression)
            } catch {
                throw TableError(error, operation: operation)
            }
        }
        let rowsExpression = try compile(rowsXPath, "select rows")
        let rowNodes: [XMLNode]
        do {
            rowNodes = try xpath.nodes(rowsExpression)
        } catch {
            throw TableError(error, operation: "select rows")
        }
        var columns = columnXPaths.map { (name: $0, xpath: $0) }
        if columns.isEmpty, let first = rowNodes.first {
            columns = Self.defaultColumns(of: first)
        }
        var expressions: [XPathExpression] = []
        for column in columns {
            expressions.append(try compile(column.xpath, "select column"))
        }
        var values: [[String]] = []
        values.reserveCapacity(rowNodes.count)
        var total = 0
        for node in rowNodes {
            var row: [String] = []
            row.reserveCapacity(expressions.count)
            for (index, expression) in expressions.enumerated() {
                let value: String
                do {
                    value = try xpath.string(expression, at: node)
                } catch {
                    var tableError = TableError(error, operation: "select column")
                    tableError.subject = TableError.quoted(columns[index].name)
                    throw tableError
                }
                total += value.utf8.count
                guard total <= Self.textLimit else {
                    throw TableError(
                        .limitExceeded, operation: "read XML", subject: name,
                        reason: "the table's values hold more than \(Self.textLimit >> 20) MiB of text")
                }
                row.append(value)
            }
            values.append(row)
        }
        self.columns = columns.map(\.name)
        self.values = values
    }

    public func rowCount(upTo limit: Int) -> Int {
        min(values.count, limit)
    }

    public func row(at index: Int) throws(TableError) -> [String] {
        guard values.indices.contains(index) else {
            throw TableError(.noSuchRow, operation: "read XML", subject: "row \(index)", reason: "there is no such row")
        }
        return values[index]
    }

    /// The columns of a table whose columns were not given: one per name among `row`'s child
    /// elements (in a namespace, matched by local name and namespace, since XPath 1.0 has no
    /// default namespace), or the row's own text when it has none.
    static func defaultColumns(of row: XMLNode) -> [(name: String, xpath: String)] {
        var columns: [(name: String, xpath: String)] = []
        var seen: Set<String> = []
        for child in row.childElements {
            guard let name = child.name, let localName = child.localName, seen.insert(name).inserted else { continue }
            guard let namespace = child.namespaceURI else {
                columns.append((name, name))
                continue
            }
            let test = namespace.contains("'") ? "" : " and namespace-uri()='\(namespace)'"
            columns.append((name, "*[local-name()='\(localName)'\(test)]"))
        }
        if columns.isEmpty {
            columns.append((row.kind == .element || row.kind == .attribute ? row.name ?? "." : ".", "."))
        }
        return columns
    }
}
