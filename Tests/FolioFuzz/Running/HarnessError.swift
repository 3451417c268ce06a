/// A problem of the fuzzer itself — a bad option, a file it cannot write, a program it cannot
/// start — never a finding about a reader.
struct HarnessError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}
