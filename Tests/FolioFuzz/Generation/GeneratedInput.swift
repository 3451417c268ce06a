/// One generated input and how it was made.
struct GeneratedInput: Sendable {
    var bytes: [UInt8]
    /// The seed and the mutations applied, for the failure report.
    var origin: String
}
