/// An invariant a reader broke on an input (a row that reads differently the second time, a
/// file that does not read back as it was written): the run fails on it as on a crash.
struct Violation: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
