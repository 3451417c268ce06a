import FolioSandbox

extension Files {
    /// The bundle resource called `name` of type `type` (the `pathForResource:ofType:` role).
    ///
    /// With a type, the file `name.type` is looked for. With no type (nil or empty), a file called
    /// exactly `name` wins; otherwise the first file whose name without its extension is `name`,
    /// in byte order of the names — so a name that is unique in the bundle needs no type.
    /// - Parameters:
    ///   - directory: a subdirectory of the bundle to look in (`Samples`), or nil for its top.
    /// - Returns: the resource's path (`Folio.app/file.txt`), or nil when there is none.
    /// - Throws: ``FileError`` for an invalid name or an unreadable bundle.
    public func pathForResource(_ name: String, ofType type: String?, inDirectory directory: String? = nil)
        throws(FileError)
        -> SandboxPath?
    {
        var base = SandboxPath.bundle
        if let directory, !directory.isEmpty {
            base = try base.appending(components: directory.split(separator: "/").map(String.init))
        }
        let wanted = (type ?? "").isEmpty ? name : name + "." + (type ?? "")
        try FileName.validate(wanted, operation: "find resource")
        let entries: [WalkEntry]
        do {
            entries = try contentsOfDirectory(base, detail: .names)
        } catch  where error.code == .notFound {
            return nil
        }
        let files = entries.filter { $0.type != .directory }
        if let exact = files.first(where: { $0.name == wanted }) {
            return try base.appending(exact.name)
        }
        guard (type ?? "").isEmpty else { return nil }
        if let first = files.first(where: { FileName.split($0.name).stem == name }) {
            return try base.appending(first.name)
        }
        return nil
    }
}
