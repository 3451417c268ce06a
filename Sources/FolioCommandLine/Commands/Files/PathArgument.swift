import FolioSandbox

extension SandboxPath {
    /// A path given on the command line, relative to the Home.
    ///
    /// - Throws: ``FileError`` naming the rule the text breaks (printed as `folio: …`, exit 1).
    init(argument text: String) throws {
        try self.init(parsing: text)
    }
}
