/// What ``Files/download(from:to:limit:replacing:timeout:progress:)`` fetched.
public struct DownloadResult: Sendable, Hashable, Codable {
    /// Where the file was written.
    public var path: String
    /// Its size in bytes.
    public var bytes: UInt64
    /// The media type the server declared, when it declared one.
    public var contentType: String?
}

/// How far a download is: what ``Files/download(from:to:limit:replacing:timeout:progress:)``
/// reports as the bytes arrive.
public struct DownloadProgress: Sendable, Hashable {
    /// The bytes written so far.
    public var bytes: UInt64
    /// The size of the whole, when the server announced it (`Content-Length`) or the file's size.
    public var total: UInt64?

    /// Progress of `bytes` out of `total`.
    public init(bytes: UInt64, total: UInt64?) {
        self.bytes = bytes
        self.total = total
    }
}
