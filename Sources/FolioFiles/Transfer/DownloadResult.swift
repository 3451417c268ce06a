/// What ``Files/download(from:to:limit:replacing:)`` fetched.
public struct DownloadResult: Sendable, Hashable, Codable {
    /// Where the file was written.
    public var path: String
    /// Its size in bytes.
    public var bytes: UInt64
    /// The media type the server declared, when it declared one.
    public var contentType: String?
}
