import CLibXML2

/// Reads XML as a stream of events with libxml2's streaming reader (`xmlTextReader`), pulling
/// the bytes a chunk at a time: memory stays bounded by the element being read, whatever the
/// size of the document.
///
/// The reader parses as ``XMLDocument`` does (never the network, no DTD loading, no entity
/// substitution, elements 256 levels below the root at most) and goes further: a document type
/// declaration, where entities are declared, is refused as soon as it is met, and so is any
/// reference to an entity other than the predefined ones. The first problem is an ``XMLError``
/// `.malformed` naming its line and column.
///
/// ```swift
/// let reader = XMLStreamReader(name: "walk.gpx") { count in try file.read(upTo: count) }
/// while let event = try reader.next() {
///     if case .start(let element) = event, element.localName == "trkpt" { … }
/// }
/// ```
public final class XMLStreamReader {
    /// What errors call the document.
    public let name: String
    /// Whether text that is only whitespace is reported (by default it is skipped).
    public let reportsWhitespace: Bool
    private let source: ByteSource
    private let errors: ParseErrors
    private let reader: xmlTextReaderPtr
    private var pendingEnd: XMLStreamEvent?
    private var isFinished = false
    /// Swift strings of libxml2's names, which its dictionary keeps at one address each.
    private var names: [UnsafeRawPointer: String] = [:]

    /// A reader of the bytes `read` gives: up to the count asked for each call, nil at the end.
    ///
    /// - Parameters:
    ///   - name: what errors call the document.
    ///   - reportsWhitespace: whether whitespace-only text is reported.
    ///   - read: the next bytes, at most the count given; nil (or no bytes) at the end. What it
    ///     throws ends the reading with a `.readFailed` error.
    public init(name: String, reportsWhitespace: Bool = false, read: @escaping (Int) throws -> [UInt8]?) {
        self.name = name
        self.reportsWhitespace = reportsWhitespace
        LibXML.prepare()
        source = ByteSource(read: read)
        errors = ParseErrors(operation: "read XML", subject: name)
        guard
            let reader = xmlReaderForIO(
                readBytes, nil, Unmanaged.passUnretained(source).toOpaque(), nil, nil, XMLDocument.options)
        else {
            fatalError("libxml2 could not allocate a stream reader")
        }
        self.reader = reader
        xmlTextReaderSetStructuredErrorHandler(reader, recordReaderError, Unmanaged.passUnretained(errors).toOpaque())
    }

    deinit {
        xmlFreeTextReader(reader)
    }

    /// The line of the node just read, from 1 (where the parser is, when libxml2 does not know
    /// the node's own line).
    public var line: Int {
        if let node = xmlTextReaderCurrentNode(reader) {
            let line = xmlGetLineNo(node)
            if line > 0 { return Int(line) }
        }
        return Int(xmlTextReaderGetParserLineNumber(reader))
    }

    /// The next event, or nil at the end of a well-formed document.
    ///
    /// - Throws: ``XMLError`` `.malformed` for XML that is not well-formed or declares a
    ///   document type, `.readFailed` when the bytes could not be read; after an error every
    ///   call throws it again.
    public func next() throws(XMLError) -> XMLStreamEvent? {
        if let failure = errors.first { throw failure }
        if let pendingEnd {
            self.pendingEnd = nil
            return pendingEnd
        }
        while !isFinished {
            LibXML.prepare()
            let status = xmlTextReaderRead(reader)
            try check(status)
            guard status == 1 else {
                isFinished = true
                return nil
            }
            switch xmlTextReaderNodeType(reader) {
            case Int32(XML_READER_TYPE_ELEMENT.rawValue):
                let element = startElement()
                if xmlTextReaderIsEmptyElement(reader) == 1 {
                    pendingEnd = .end(localName: element.localName, namespaceURI: element.namespaceURI)
                }
                return .start(element)
            case Int32(XML_READER_TYPE_END_ELEMENT.rawValue):
                return .end(localName: intern(xmlTextReaderConstLocalName(reader)) ?? "", namespaceURI: namespace())
            case Int32(XML_READER_TYPE_TEXT.rawValue), Int32(XML_READER_TYPE_CDATA.rawValue):
                return .text(LibXML.string(xmlTextReaderConstValue(reader)) ?? "")
            case Int32(XML_READER_TYPE_WHITESPACE.rawValue), Int32(XML_READER_TYPE_SIGNIFICANT_WHITESPACE.rawValue):
                if reportsWhitespace { return .text(LibXML.string(xmlTextReaderConstValue(reader)) ?? "") }
            case Int32(XML_READER_TYPE_DOCUMENT_TYPE.rawValue):
                try refuse("a document type declaration is not read (it is where entities are declared)")
            case Int32(XML_READER_TYPE_ENTITY_REFERENCE.rawValue):
                let entity = LibXML.string(xmlTextReaderConstLocalName(reader)) ?? ""
                try refuse("the entity '\(LibXML.sentence(entity))' is not one of the five predefined ones")
            default:
                continue
            }
        }
        return nil
    }

    private func check(_ status: Int32) throws(XMLError) {
        if let failure = source.failure {
            errors.recordReadFailure(failure)
        }
        if let error = errors.first {
            isFinished = true
            throw error
        }
        if status < 0 {
            isFinished = true
            errors.record("libxml2 could not parse it", line: nil, column: nil)
            throw errors.first
                ?? XMLError(.malformed, operation: "read XML", subject: name, reason: "malformed XML")
        }
    }

    private func refuse(_ problem: String) throws(XMLError) {
        errors.record(problem, line: line, column: Int(xmlTextReaderGetParserColumnNumber(reader)))
        try check(-1)
    }

    private func startElement() -> XMLStreamElement {
        let localName = intern(xmlTextReaderConstLocalName(reader)) ?? ""
        let namespaceURI = namespace()
        var attributes: [XMLStreamAttribute] = []
        if xmlTextReaderHasAttributes(reader) == 1 {
            while xmlTextReaderMoveToNextAttribute(reader) == 1 {
                guard xmlTextReaderIsNamespaceDecl(reader) != 1 else { continue }
                attributes.append(
                    XMLStreamAttribute(
                        localName: intern(xmlTextReaderConstLocalName(reader)) ?? "", namespaceURI: namespace(),
                        value: LibXML.string(xmlTextReaderConstValue(reader)) ?? ""))
            }
            xmlTextReaderMoveToElement(reader)
        }
        return XMLStreamElement(localName: localName, namespaceURI: namespaceURI, attributes: attributes)
    }

    private func namespace() -> String? {
        intern(xmlTextReaderConstNamespaceUri(reader))
    }

    /// The string of a name libxml2 keeps in its dictionary, made once per name (up to a
    /// thousand names; a document with more gets new strings for the rest).
    private func intern(_ text: UnsafePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        let key = UnsafeRawPointer(text)
        if let known = names[key] { return known }
        let string = String(cString: text)
        if names.count < 1000 { names[key] = string }
        return string
    }
}

/// The bytes behind a reader, handed to libxml2 as it asks for them.
final class ByteSource {
    private let read: (Int) throws -> [UInt8]?
    private var pending: [UInt8] = []
    private var offset = 0
    private(set) var failure: (any Error)?

    init(read: @escaping (Int) throws -> [UInt8]?) {
        self.read = read
    }

    /// Copies up to `count` bytes to `buffer`: the number copied, 0 at the end, -1 on failure.
    func fill(_ buffer: UnsafeMutablePointer<CChar>, count: Int) -> Int32 {
        guard failure == nil, count > 0 else { return failure == nil ? 0 : -1 }
        if offset == pending.count {
            do {
                guard let chunk = try read(count), !chunk.isEmpty else { return 0 }
                pending = chunk
                offset = 0
            } catch {
                failure = error
                return -1
            }
        }
        let copied = min(count, pending.count - offset)
        pending.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            UnsafeMutableRawPointer(buffer).copyMemory(from: base + offset, byteCount: copied)
        }
        offset += copied
        return Int32(copied)
    }
}

private let readBytes: xmlInputReadCallback = { context, buffer, count in
    guard let context, let buffer else { return -1 }
    return Unmanaged<ByteSource>.fromOpaque(context).takeUnretainedValue().fill(buffer, count: Int(count))
}

private let recordReaderError: xmlStructuredErrorFunc = { context, error in
    guard let context, let error else { return }
    Unmanaged<ParseErrors>.fromOpaque(context).takeUnretainedValue().record(error.pointee)
}
