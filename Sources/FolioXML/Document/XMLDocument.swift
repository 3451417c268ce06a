import CLibXML2

/// A parsed XML document: libxml2's tree, read with the options that make untrusted input safe.
///
/// The parser loads nothing from the network or the disk (`XML_PARSE_NONET`, no DTD loading), so
/// an external entity (XXE) or DTD is never fetched; a document that declares entities
/// (`<!ENTITY …>`, the way to a "billion laughs") is refused outright, stricter than libxml2's
/// own expansion limits; elements may nest 256 levels below the root (libxml2's limit without
/// `XML_PARSE_HUGE`).
/// Whitespace-only text is kept, as XPath 1.0 defines. Anything that is not well-formed is a
/// ``XMLError`` `.malformed` naming the line and column of the first problem.
///
/// ```swift
/// let document = try XMLDocument(parsing: Array("<a><b>1</b></a>".utf8), name: "reply.xml")
/// let xpath = XPathContext(document)
/// try xpath.nodes(try xpath.compile("//b"))  // one node
/// ```
public final class XMLDocument {
    /// What errors call the document.
    public let name: String
    let pointer: UnsafeMutablePointer<xmlDoc>

    /// The parser options: never the network, no entity substitution, no DTD loading or
    /// defaulted attributes, no recovery, CDATA as text, libxml2's silence on standard error.
    static let options = Int32(
        XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue | XML_PARSE_NOERROR.rawValue
            | XML_PARSE_NOWARNING.rawValue)

    /// Parses `bytes`.
    ///
    /// The encoding comes from a byte order mark or the XML declaration (UTF-8 by default);
    /// libxml2 converts other declared encodings.
    /// - Parameters:
    ///   - bytes: the document.
    ///   - name: what errors call it.
    /// - Throws: ``XMLError`` `.malformed`, with the line and column where libxml2 gives them.
    /// - Complexity: O(n) time and memory in the size of the document.
    public init(parsing bytes: [UInt8], name: String) throws(XMLError) {
        self.name = name
        let errors = ParseErrors(operation: "parse XML", subject: name)
        guard !bytes.isEmpty else {
            throw XMLError(
                .malformed, operation: "parse XML", subject: name, reason: "malformed XML: the document is empty")
        }
        guard bytes.count <= Int(Int32.max) else {
            throw XMLError(
                .malformed, operation: "parse XML", subject: name,
                reason: "the document is larger than \(Int32.max) bytes")
        }
        LibXML.prepare()
        let parsed: UnsafeMutablePointer<xmlDoc>? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let context = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    { xmlCreateMemoryParserCtxt($0, Int32(buffer.count)) })
            else { return nil }
            defer { xmlFreeParserCtxt(context) }
            let box = Unmanaged.passRetained(errors)
            defer { box.release() }
            context.pointee._private = box.toOpaque()
            context.pointee.sax.pointee.serror = recordParseError
            context.pointee.sax.pointee.entityDecl = refuseEntityDeclaration
            xmlCtxtUseOptions(context, XMLDocument.options)
            _ = xmlParseDocument(context)
            let document = context.pointee.myDoc
            context.pointee.myDoc = nil
            guard errors.first == nil, context.pointee.wellFormed != 0, let document else {
                if let document { xmlFreeDoc(document) }
                return nil
            }
            return document
        }
        guard let parsed else {
            throw errors.first
                ?? XMLError(
                    .malformed, operation: "parse XML", subject: name, reason: "malformed XML: it could not be parsed")
        }
        pointer = parsed
    }

    deinit {
        xmlFreeDoc(pointer)
    }

    /// The root element.
    public var root: XMLNode? {
        guard let element = xmlDocGetRootElement(pointer) else { return nil }
        return XMLNode(document: self, owner: nil, raw: UnsafeMutableRawPointer(element))
    }

    /// The document node itself (the parent of the root element, what `/` selects).
    public var node: XMLNode {
        XMLNode(document: self, owner: nil, raw: UnsafeMutableRawPointer(pointer))
    }
}

/// The structured error handler of a parser: its user data is the parser, whose `_private`
/// holds the ``ParseErrors`` of the parse. An error (not a warning) stops the parser at once: the
/// document is refused anyway, and libxml2 would otherwise go on scanning the rest of it, which
/// some malformed inputs make slow (thousands of `<!--` inside a comment take seconds).
private let recordParseError: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    guard let errors = parser.pointee._private else { return }
    Unmanaged<ParseErrors>.fromOpaque(errors).takeUnretainedValue().record(error.pointee)
    if error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue {
        xmlStopParser(parser)
    }
}

/// Refuses an entity declaration and stops the parser, so no entity a document declares is
/// ever expanded or loaded.
private let refuseEntityDeclaration: entityDeclSAXFunc = { context, name, _, _, _, _ in
    guard let context else { return }
    let parser = context.assumingMemoryBound(to: xmlParserCtxt.self)
    if let errors = parser.pointee._private {
        let entity = LibXML.string(name) ?? ""
        Unmanaged<ParseErrors>.fromOpaque(errors).takeUnretainedValue().record(
            "the document declares the entity '\(LibXML.sentence(entity))'; entities a document declares are not "
                + "expanded (only the five predefined ones and character references are)",
            line: Int(xmlSAX2GetLineNumber(context)), column: Int(xmlSAX2GetColumnNumber(context)))
    }
    xmlStopParser(parser)
}
