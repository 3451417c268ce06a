extension DocumentLibrary {
    /// Keeps the documents' name and date orders in memory from now on, brought up to date with
    /// the kernel's changes at every listing: what a long-running process that lists often (the
    /// web app's server) wants, so a page costs no directory read, even right after a change.
    ///
    /// Reads the directory once now. Every later page reflects every change completed before it
    /// was asked for, whoever made it (see `LiveDocumentOrder` in the source for the rules). A
    /// library that does not keep its order live reads the directory for each page (by name, a
    /// cache in `Library/Caches/` often spares it).
    ///
    /// - Throws: ``DocumentError`` when `Documents/` cannot be read or watched.
    /// - Complexity: one directory read now, with a `statx` per document; memory O(n) for n documents.
    public func startLiveOrder() throws(DocumentError) {
        let order = LiveDocumentOrder()
        try order.start(library: self)
        liveOrder.withLock { $0 = order }
    }

    /// ``startLiveOrder()`` without waiting: the directory is read on a thread of its own, and
    /// listings read the directory themselves until it is done (or when it fails). What a server
    /// does at start, so that a large library does not delay its first answers.
    public func startLiveOrderInBackground() {
        let order = LiveDocumentOrder()
        liveOrder.withLock { $0 = order }
        order.startInBackground(library: self)
    }

    /// Stops keeping the orders in memory; listings read the directory again.
    public func stopLiveOrder() {
        liveOrder.withLock { $0 = nil }
    }

    /// Whether the orders are kept in memory now.
    public var keepsOrderLive: Bool {
        liveOrder.withLock { $0?.isHeld ?? false }
    }
}
