/// A malformed input and the reason its error should give, for table-driven parser tests.
struct Malformed: Sendable, CustomStringConvertible {
    var text: String
    var reason: String
    var description: String { reason }
}
