/// The query of a request target, `limit=50&sort=-date`, decoded into names and values.
///
/// Each `name=value` pair is split at its first `=` and both sides are percent-decoded with `+` as
/// a space; a name without `=` has the empty value; a repeated name keeps its last value; a pair
/// whose name does not decode is left out, and a value that does not decode reads as empty.
public enum QueryString {
    /// The parameters of `query` (the text after `?`).
    public static func decode(_ query: Substring) -> [String: String] {
        var parameters: [String: String] = [:]
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            add(
                name: equals.map { pair[..<$0] } ?? pair, value: equals.map { pair[pair.index(after: $0)...] },
                to: &parameters)
        }
        return parameters
    }

    /// Adds one pair, still encoded as sent (`value` nil when the pair had no `=`), to `parameters`.
    static func add(name: Substring, value: Substring?, to parameters: inout [String: String]) {
        guard let name = PercentEncoding.decode(name, plusIsSpace: true) else { return }
        parameters[name] = value.flatMap { PercentEncoding.decode($0, plusIsSpace: true) } ?? ""
    }
}
