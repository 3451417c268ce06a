/// One thing an ``XMLStreamReader`` reads, in document order.
public enum XMLStreamEvent: Sendable, Hashable {
    /// An element begins (`<name attributes…>`; `<name/>` is followed at once by its ``end``).
    case start(XMLStreamElement)
    /// The element that began last ends.
    case end(localName: String, namespaceURI: String?)
    /// Character data: text with its references resolved, or a CDATA section.
    case text(String)
}

/// An element as an ``XMLStreamReader`` reports its start.
public struct XMLStreamElement: Sendable, Hashable {
    /// The name without its prefix.
    public var localName: String
    /// The namespace the element is in, or nil.
    public var namespaceURI: String?
    /// The attributes, namespace declarations left out.
    public var attributes: [XMLStreamAttribute]

    /// An element.
    public init(localName: String, namespaceURI: String?, attributes: [XMLStreamAttribute]) {
        self.localName = localName
        self.namespaceURI = namespaceURI
        self.attributes = attributes
    }

    /// The value of the attribute named `localName` that is in no namespace (as GPX's `lat` and
    /// `lon` are), or nil.
    public func attribute(_ localName: String) -> String? {
        attributes.first { $0.localName == localName && $0.namespaceURI == nil }?.value
    }
}

/// An attribute of an ``XMLStreamElement``.
public struct XMLStreamAttribute: Sendable, Hashable {
    /// The name without its prefix.
    public var localName: String
    /// The namespace the attribute is in (only prefixed attributes are in one), or nil.
    public var namespaceURI: String?
    /// The value, references resolved.
    public var value: String

    /// An attribute.
    public init(localName: String, namespaceURI: String?, value: String) {
        self.localName = localName
        self.namespaceURI = namespaceURI
        self.value = value
    }
}
