/// A reader of user files, as the fuzzer sees it: its seeds and how to mutate them.
protocol FuzzTarget: Sendable {
    /// A short name for the command line and reports (`csv`, `cli-table`, `http`).
    var name: String { get }
    /// What is exercised, for `--list` and the report.
    var summary: String { get }
    /// The extension saved inputs get, so a reproducer opens as what it is.
    var fileExtension: String { get }
    /// How inputs are mutated.
    var profile: MutationProfile { get }
    /// The seeds, before the regression seeds.
    func seeds(from corpus: SeedCorpus) -> [Seed]
}

/// A reader called in-process, in a worker process the driver supervises.
protocol InProcessTarget: FuzzTarget {
    /// Reads `input` as a user's file would be read.
    ///
    /// - Parameter scratch: a directory of the worker's own, for readers that need a file.
    /// - Throws: ``Violation`` when the reader breaks an invariant; every error of the reader
    ///   itself is a verdict instead.
    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict
}

/// A reader reached through a `folio` subprocess (the CLI, or `folio serve` over HTTP): the
/// driver runs its cases itself.
protocol ShellTarget: FuzzTarget {
    /// Prepares what the cases need (a Home, a running server) in `directory`.
    func start(in directory: String, folio: String) throws -> any ShellSession
}
