/// One page of the sorted list of documents: what a browser shows, and how many there are in all.
public struct DocumentPage: Sendable, Hashable, Encodable {
    /// The documents on the page, in order.
    public var documents: [Document]
    /// How many documents the library has.
    public var total: Int
    /// The position of the first document on the page in the whole list.
    public var offset: Int
    /// The most documents a page holds.
    public var limit: Int

    /// A page.
    public init(documents: [Document], total: Int, offset: Int, limit: Int) {
        self.documents = documents
        self.total = total
        self.offset = offset
        self.limit = limit
    }
}
