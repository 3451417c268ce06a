import FolioHTTP

/// What an upload, move or copy does when its name is taken (`?ifExists=`): without it, a taken
/// name is a 409 (`alreadyExists`) for a move or copy, so the page can ask the person.
enum IfExists: String, CaseIterable {
    /// Replace the item that has the name (atomically).
    case replace
    /// Keep the item that has the name and take the first free numbered one ("report 2.txt").
    case keepBoth

    /// The `ifExists` query parameter of `request`, nil when absent.
    /// - Throws: ``HTTPError`` 400 for any other value.
    static func parse(_ request: RouteRequest) throws -> IfExists? {
        guard let text = request.query("ifExists") else { return nil }
        guard let value = IfExists(rawValue: text) else {
            throw HTTPError(
                .badRequest, code: "invalidIfExists",
                message: "ifExists must be \(allCases.map(\.rawValue).joined(separator: " or ")), not \"\(text)\"")
        }
        return value
    }

    /// The parameter as the OpenAPI document describes it.
    static let parameter = Route.Parameter(
        "ifExists", "when the name is taken: replace, or keepBoth (the first free numbered name; answered with it)")
}
