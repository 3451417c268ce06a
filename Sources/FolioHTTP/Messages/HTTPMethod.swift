/// A request method: `GET`, `PUT`, … (RFC 9110 §9), compared exactly, as methods are case-sensitive.
///
/// ```swift
/// Route(.get, "/api/documents", summary: "One page of the documents") { … }
/// if request.method == .head { … }
/// ```
public struct HTTPMethod: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The method's name as sent: `GET`.
    public let rawValue: String

    /// The method named `rawValue`; any token a client sends is a method, known or not.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// The method named `name`.
    public init(_ name: String) {
        self.rawValue = name
    }

    public var description: String { rawValue }

    /// Whether the method only asks for something and changes nothing (RFC 9110 §9.2.1), as a
    /// server may assume: GET, HEAD and OPTIONS.
    public var isSafe: Bool {
        self == .get || self == .head || self == .options
    }

    /// `GET`: the resource.
    public static let get = HTTPMethod("GET")
    /// `HEAD`: the resource's head without its body.
    public static let head = HTTPMethod("HEAD")
    /// `POST`: an action on the resource.
    public static let post = HTTPMethod("POST")
    /// `PUT`: replace the resource.
    public static let put = HTTPMethod("PUT")
    /// `PATCH`: change part of the resource.
    public static let patch = HTTPMethod("PATCH")
    /// `DELETE`: remove the resource.
    public static let delete = HTTPMethod("DELETE")
    /// `OPTIONS`: what the resource allows.
    public static let options = HTTPMethod("OPTIONS")
}
