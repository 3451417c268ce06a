import FolioSandbox

extension Container {
    /// Makes the container ready the first time anything uses it: the resources the bundle
    /// declares (`tmp/file.html`, `Library/Database/financial.db`, …) and the sample documents
    /// (``SampleContent``). Both happen once per container and never overwrite what is there, so
    /// every later call only checks. The CLI and `folio serve` call this on every container they open.
    ///
    /// - Throws: ``FileError`` or ``DocumentError`` when something cannot be written.
    public func provisionForFirstUse() throws {
        try provisionDeclaredResources()
        try SampleContent(library: DocumentLibrary(container: self)).installIfFirstLaunch()
    }
}
