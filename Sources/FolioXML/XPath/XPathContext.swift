import CLibXML2

/// Evaluates XPath 1.0 expressions on one ``XMLDocument`` with libxml2, within ``XPathLimits``.
///
/// Expressions are compiled with the context, so libxml2's recursion limit applies while they
/// are parsed as well as when they run; variables are refused when compiling. The namespace
/// prefixes the root element declares can be used in expressions (`georss:point`); the default
/// namespace has no prefix in XPath 1.0, so its elements are matched with
/// `*[local-name()='entry']`. Every node kind of the data model can be selected, namespace nodes
/// (`namespace::*`) included.
///
/// ```swift
/// let xpath = XPathContext(document)
/// let rows = try xpath.nodes(try xpath.compile("//entry"))
/// let title = try xpath.compile("normalize-space(title)")
/// for row in rows { print(try xpath.string(title, at: row)) }
/// ```
public final class XPathContext {
    /// The document the expressions are evaluated on.
    public let document: XMLDocument
    /// What evaluation may do.
    public let limits: XPathLimits
    private let context: UnsafeMutablePointer<xmlXPathContext>
    private let state: XPathState

    /// A context for `document`.
    public init(_ document: XMLDocument, limits: XPathLimits = XPathLimits()) {
        LibXML.prepare()
        self.document = document
        self.limits = limits
        state = XPathState(limits: limits)
        guard let context = xmlXPathNewContext(document.pointer) else {
            fatalError("libxml2 could not allocate an XPath context")
        }
        self.context = context
        context.pointee.userData = Unmanaged.passUnretained(state).toOpaque()
        context.pointee.error = recordXPathError
        context.pointee.flags = XML_XPATH_NOVAR
        context.pointee.opLimit = UInt(max(1, limits.operations))
        xmlXPathRegisterFuncNS(context, "concat", nil, nil)
        xmlXPathRegisterFuncNS(context, "concat", nil, boundedConcat)
        if let root = xmlDocGetRootElement(document.pointer), let list = xmlGetNsList(document.pointer, root) {
            var index = 0
            while let namespace = list[index] {
                if let prefix = namespace.pointee.prefix {
                    xmlXPathRegisterNs(context, prefix, namespace.pointee.href)
                }
                index += 1
            }
            folio_xml_free(list)
        }
    }

    deinit {
        xmlXPathFreeContext(context)
    }

    /// Compiles `text`.
    ///
    /// - Throws: ``XMLError`` `.invalidXPath` naming the character where libxml2 stopped, or
    ///   `.limitExceeded` for an expression nested deeper than ``XPathLimits/depth`` allows.
    public func compile(_ text: String) throws(XMLError) -> XPathExpression {
        guard !text.utf8.contains(0) else {
            throw XMLError(
                .invalidXPath, operation: "compile XPath", subject: text,
                reason: "invalid XPath: the expression contains a NUL character")
        }
        guard !text.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else {
            throw XMLError(
                .invalidXPath, operation: "compile XPath", subject: text,
                reason: "invalid XPath: the expression is empty")
        }
        prepare()
        guard let compiled = xmlXPathCtxtCompile(context, text), state.code == nil else {
            throw state.error(operation: "compile XPath", expression: text, atPosition: true)
        }
        return XPathExpression(text: text, compiled: compiled)
    }

    /// The nodes `expression` selects from `node` (the document node when nil), in document order.
    ///
    /// - Throws: ``XMLError`` `.invalidXPath` when the expression gives a value rather than
    ///   nodes or fails, `.limitExceeded` past the limits.
    public func nodes(_ expression: XPathExpression, at node: XMLNode? = nil) throws(XMLError) -> [XMLNode] {
        let result = try evaluate(expression, at: node)
        guard result.pointee.type == XPATH_NODESET else {
            defer { xmlXPathFreeObject(result) }
            throw XMLError(
                .invalidXPath, operation: "evaluate XPath", subject: expression.text,
                reason: "invalid XPath here: it gives \(Self.describe(result.pointee.type)), not nodes")
        }
        let owner = XPathResult(result)
        guard let set = result.pointee.nodesetval, set.pointee.nodeNr > 0, let table = set.pointee.nodeTab else {
            return []
        }
        let count = Int(set.pointee.nodeNr)
        guard count <= limits.nodes else {
            throw XMLError(
                .limitExceeded, operation: "evaluate XPath", subject: expression.text,
                reason: "the XPath selects \(count) nodes, more than the \(limits.nodes) a result may hold")
        }
        var nodes: [XMLNode] = []
        nodes.reserveCapacity(count)
        for index in 0..<count {
            guard let pointer = table[index] else { continue }
            nodes.append(XMLNode(document: document, owner: owner, raw: UnsafeMutableRawPointer(pointer)))
        }
        return nodes
    }

    /// The value of `expression` at `node` (the document node when nil) as XPath's `string()`
    /// gives it: the string-value of the first node of a node-set, a number as XPath writes
    /// it (`3`, `0.5`, `NaN`), `true` or `false`.
    ///
    /// - Throws: ``XMLError`` `.invalidXPath` when evaluation fails, `.limitExceeded` past the
    ///   limits.
    public func string(_ expression: XPathExpression, at node: XMLNode? = nil) throws(XMLError) -> String {
        let result = try evaluate(expression, at: node)
        defer { xmlXPathFreeObject(result) }
        guard let text = xmlXPathCastToString(result) else {
            throw XMLError(
                .limitExceeded, operation: "evaluate XPath", subject: expression.text,
                reason: "libxml2 ran out of memory")
        }
        defer { folio_xml_free(text) }
        let length = Int(xmlStrlen(text))
        guard length <= limits.stringLength else {
            throw XMLError(
                .limitExceeded, operation: "evaluate XPath", subject: expression.text,
                reason: "the XPath gives a value of \(length) bytes, more than the \(limits.stringLength) allowed")
        }
        return String(cString: text)
    }

    private func evaluate(_ expression: XPathExpression, at node: XMLNode?) throws(XMLError)
        -> UnsafeMutablePointer<xmlXPathObject>
    {
        if let node { precondition(node.document === document, "the node belongs to another document") }
        prepare()
        context.pointee.node = node?.nodePointer ?? document.node.nodePointer
        let result = xmlXPathCompiledEval(expression.compiled, context)
        guard let result, state.code == nil else {
            if let result { xmlXPathFreeObject(result) }
            throw state.error(operation: "evaluate XPath", expression: expression.text, atPosition: false)
        }
        return result
    }

    private func prepare() {
        LibXML.prepare()
        state.reset()
        context.pointee.depth = Int32(XPathLimits.libxmlDepth - min(max(1, limits.depth), XPathLimits.libxmlDepth))
        context.pointee.contextSize = -1
        context.pointee.proximityPosition = -1
    }

    private static func describe(_ type: xmlXPathObjectType) -> String {
        switch type {
        case XPATH_BOOLEAN: "a boolean"
        case XPATH_NUMBER: "a number"
        case XPATH_STRING: "a string"
        default: "a value"
        }
    }
}

/// An XPath result libxml2 allocated, freed when the last node taken from it goes.
final class XPathResult {
    let object: UnsafeMutablePointer<xmlXPathObject>

    init(_ object: UnsafeMutablePointer<xmlXPathObject>) {
        self.object = object
    }

    deinit {
        xmlXPathFreeObject(object)
    }
}

/// The XPath context's user data: the limits, and the first error of the current call.
final class XPathState {
    let limits: XPathLimits
    private(set) var code: Int32?
    private(set) var position = 0
    /// Set by Folio's own functions when they refuse to go past a limit.
    var limitReason: String?

    init(limits: XPathLimits) {
        self.limits = limits
    }

    func reset() {
        code = nil
        position = 0
        limitReason = nil
    }

    func record(_ error: xmlError) {
        guard code == nil else { return }
        code = error.code
        position = Int(error.int1)
    }

    /// The ``XMLError`` for the recorded failure.
    func error(operation: String, expression: String, atPosition: Bool) -> XMLError {
        let problem = XPathProblem(code: code.map { Int($0) - Int(XML_XPATH_EXPRESSION_OK.rawValue) })
        if let reason = problem.isLimit ? limitReason ?? problem.reason(limits) : nil {
            return XMLError(.limitExceeded, operation: operation, subject: expression, reason: reason)
        }
        var place = ""
        if atPosition, problem.hasPosition {
            let offset = min(max(0, position), expression.utf8.count)
            let prefix = expression.utf8.prefix(offset)
            place = " at character \(String(decoding: prefix, as: UTF8.self).count + 1)"
        }
        return XMLError(
            .invalidXPath, operation: operation, subject: expression,
            reason: "invalid XPath\(place): \(problem.reason(limits))")
    }
}

private let recordXPathError: xmlStructuredErrorFunc = { userData, error in
    guard let userData, let error else { return }
    Unmanaged<XPathState>.fromOpaque(userData).takeUnretainedValue().record(error.pointee)
}
