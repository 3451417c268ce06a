import FolioSystem
import Foundation

extension Container {
    /// The manifest in the bundle that declares what to provision: a JSON array of
    /// `{"resource": "financial.db", "destination": "Library/Database/financial.db"}`.
    public static let provisioningManifest = "Provisioning.json"

    /// The items the bundle's ``provisioningManifest`` declares; empty when it has none.
    ///
    /// - Throws: ``FileError`` `.invalidArgument` when the manifest is not valid.
    public func declaredProvisioning() throws(FileError) -> [ProvisioningItem] {
        let manifest = try SandboxPath(.bundle, [Container.provisioningManifest])
        let file: FileDescriptor
        do {
            file = try open(manifest, flags: [], operation: "read provisioning manifest")
        } catch  where error.code == .notFound {
            return []
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readToEnd(limit: 1 << 20)
        } catch {
            throw FileError(error, operation: "read provisioning manifest", subject: manifest.description)
        }
        do {
            return try JSONDecoder().decode([ProvisioningItem].self, from: Data(bytes))
        } catch {
            throw FileError(
                .invalidArgument, operation: "read provisioning manifest", subject: manifest.description,
                reason: "the manifest is not a valid list of resources: \(error)")
        }
    }

    /// Copies each item's resource from the bundle into the container when its destination is
    /// missing, never overwriting what is there (even if it appears during the copy).
    ///
    /// The copy is written to an unnamed file and linked into place, so a crash leaves either
    /// nothing or the whole file. Missing parent directories are created.
    /// - Returns: what happened to each item, in order.
    /// - Throws: ``FileError`` when a resource is missing from the bundle or cannot be copied.
    @discardableResult
    public func provision(_ items: [ProvisioningItem]) throws(FileError) -> [ProvisioningItem.Outcome] {
        var outcomes: [ProvisioningItem.Outcome] = []
        for item in items {
            outcomes.append(try provision(item))
        }
        return outcomes
    }

    /// Provisions everything the bundle's manifest declares.
    @discardableResult
    public func provisionDeclaredResources() throws(FileError) -> [ProvisioningItem.Outcome] {
        try provision(declaredProvisioning())
    }

    private func provision(_ item: ProvisioningItem) throws(FileError) -> ProvisioningItem.Outcome {
        let operation = "provision"
        let source = try SandboxPath(parsing: "Folio.app/" + item.resource)
        if let parent = item.destination.parent {
            try makeDirectories(parent, operation: operation)
        }
        let entry = try entry(item.destination, operation: operation)
        do {
            _ = try entry.directory.status(of: entry.name)
            return .alreadyPresent
        } catch  where error.errno == .noSuchFile {
            // Missing: copy it below.
        } catch {
            throw FileError(error, operation: operation, subject: item.destination.description)
        }
        let input = try open(source, flags: [], operation: operation)
        let names = try temporaryNames(for: entry, operation: operation)
        do {
            try entry.directory.createFileAtomically(named: entry.name, names: names, existing: .fail) { output in
                try input.copyContents(to: output)
            }
            return .copied
        } catch let error as SystemError where error.errno == .fileExists {
            return .alreadyPresent
        } catch let error as SystemError {
            throw FileError(error, operation: operation, subject: item.destination.description)
        } catch {
            throw FileError(
                .systemError, operation: operation, subject: item.destination.description, reason: "\(error)")
        }
    }
}
