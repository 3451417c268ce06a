/// A seed input: bytes from the project's samples or the shared corpora, named for reports.
struct Seed: Sendable {
    /// Where it came from (`Folio.app/Samples/simpsons.csv`, `csv-spectrum/newlines.csv`).
    var name: String
    var bytes: [UInt8]
}
