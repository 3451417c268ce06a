import CLibXML2

/// A node of an ``XMLDocument``: an element, an attribute, text, a namespace node (from the
/// namespace axis), and the others of the XPath 1.0 data model.
///
/// A node keeps its document (and the XPath result it came from) alive; it is valid as long as
/// it exists.
public struct XMLNode {
    /// The kinds of node.
    public enum Kind: Sendable, Hashable {
        case document
        case element
        case attribute
        case text
        case comment
        case processingInstruction
        case namespace
        /// A node XPath does not select (an entity reference, a DTD node).
        case other
    }

    let document: XMLDocument
    /// What keeps a namespace node alive: libxml2 makes copies of them for XPath results.
    let owner: AnyObject?
    /// libxml2's `xmlNodePtr`, or for the kinds whose structures differ, `xmlAttrPtr`,
    /// `xmlNsPtr` or `xmlDocPtr`; ``kind`` says which.
    let raw: UnsafeMutableRawPointer
    /// What the node is.
    public let kind: Kind

    init(document: XMLDocument, owner: AnyObject?, raw: UnsafeMutableRawPointer) {
        self.document = document
        self.owner = owner
        self.raw = raw
        kind = Self.kind(of: raw)
    }

    /// The kind of the node at `raw`: every libxml2 node structure (`xmlNode`, `xmlAttr`,
    /// `xmlNs`, `xmlDoc`) keeps its type right after its first pointer.
    static func kind(of raw: UnsafeMutableRawPointer) -> Kind {
        let type = raw.load(fromByteOffset: MemoryLayout<UnsafeMutableRawPointer>.stride, as: xmlElementType.self)
        switch type {
        case XML_ELEMENT_NODE: return .element
        case XML_ATTRIBUTE_NODE: return .attribute
        case XML_TEXT_NODE, XML_CDATA_SECTION_NODE: return .text
        case XML_COMMENT_NODE: return .comment
        case XML_PI_NODE: return .processingInstruction
        case XML_NAMESPACE_DECL: return .namespace
        case XML_DOCUMENT_NODE, XML_HTML_DOCUMENT_NODE: return .document
        default: return .other
        }
    }

    /// libxml2's pointer as the node pointer XPath takes (libxml2 itself casts every kind so).
    var nodePointer: UnsafeMutablePointer<xmlNode> {
        raw.assumingMemoryBound(to: xmlNode.self)
    }

    /// The name without its prefix: an element's or attribute's local name, a namespace node's
    /// prefix (empty for the default namespace), a processing instruction's target; nil for the
    /// others.
    public var localName: String? {
        switch kind {
        case .element, .processingInstruction:
            return LibXML.string(nodePointer.pointee.name)
        case .attribute:
            return LibXML.string(raw.assumingMemoryBound(to: xmlAttr.self).pointee.name)
        case .namespace:
            return LibXML.string(raw.assumingMemoryBound(to: xmlNs.self).pointee.prefix) ?? ""
        default:
            return nil
        }
    }

    /// The name as written: `prefix:local` for a prefixed element or attribute, else
    /// ``localName``.
    public var name: String? {
        guard let localName else { return nil }
        let namespace: UnsafeMutablePointer<xmlNs>?
        switch kind {
        case .element: namespace = nodePointer.pointee.ns
        case .attribute: namespace = raw.assumingMemoryBound(to: xmlAttr.self).pointee.ns
        default: namespace = nil
        }
        guard let prefix = LibXML.string(namespace?.pointee.prefix) else { return localName }
        return "\(prefix):\(localName)"
    }

    /// The namespace an element or attribute is in, or the URI a namespace node binds; nil
    /// when there is none.
    public var namespaceURI: String? {
        switch kind {
        case .element: return LibXML.string(nodePointer.pointee.ns?.pointee.href)
        case .attribute: return LibXML.string(raw.assumingMemoryBound(to: xmlAttr.self).pointee.ns?.pointee.href)
        case .namespace: return LibXML.string(raw.assumingMemoryBound(to: xmlNs.self).pointee.href)
        default: return nil
        }
    }

    /// The XPath 1.0 string-value: the text of every descendant text node for an element or
    /// the document, the value of an attribute, the URI of a namespace node.
    ///
    /// - Complexity: O(n) in the size of the subtree.
    public var stringValue: String {
        LibXML.prepare()
        return LibXML.takeString(xmlXPathCastNodeToString(nodePointer)) ?? ""
    }

    /// The child elements, in document order (none unless this is an element or the document).
    public var childElements: [XMLNode] {
        guard kind == .element || kind == .document else { return [] }
        var children: [XMLNode] = []
        var child = xmlFirstElementChild(nodePointer)
        while let current = child {
            children.append(XMLNode(document: document, owner: owner, raw: UnsafeMutableRawPointer(current)))
            child = xmlNextElementSibling(current)
        }
        return children
    }
}
