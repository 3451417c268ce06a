import FolioSandbox
import FolioSystem
import Foundation

extension Files {
    /// The attributes of the item at `path` (the `attributesOfItem` role).
    ///
    /// Items in the bundle are reported without write permission, since nothing there can be changed.
    ///
    /// - Parameter followSymbolicLinks: describe a link's target (inside the container) instead of
    ///   the link itself.
    /// - Throws: ``FileError`` `.notFound` and the like.
    public func attributes(of path: SandboxPath, followSymbolicLinks: Bool = false) throws(FileError) -> FileAttributes
    {
        let operation = "stat"
        let descriptor = try container.open(
            path, flags: [.pathOnly], followSymbolicLinks: followSymbolicLinks, operation: operation)
        do {
            let status = try descriptor.status()
            let readable = Files.readableForMetadata(descriptor, kind: status.kind)
            let target = status.kind == .symbolicLink ? try descriptor.readSymbolicLink("") : nil
            var attributes = FileAttributes(
                status: status,
                flags: readable.flatMap { try? $0.inodeFlags() },
                extensionHidden: readable.map(Files.isExtensionHidden) ?? false,
                linkTarget: target)
            if !path.area.isWritable { attributes.posixPermissions &= ~0o222 }
            return attributes
        } catch {
            throw failure(error, operation, path)
        }
    }

    /// The attributes of the item at `path` that one `statx` gives — type, size, dates,
    /// permissions, owners, version — without the inode flags, the extension-hidden attribute or
    /// a link's target, which cost three more system calls each time; a symbolic link is described itself, not its target: for listings that show
    /// none of those (a page of documents).
    ///
    /// Items in the bundle are reported without write permission, as ``attributes(of:followSymbolicLinks:)`` does.
    /// - Throws: ``FileError`` `.notFound` and the like.
    public func basicAttributes(of path: SandboxPath) throws(FileError) -> FileAttributes {
        let operation = "stat"
        let descriptor = try container.open(
            path, flags: [.pathOnly], followSymbolicLinks: false, operation: operation)
        do {
            var attributes = FileAttributes(
                status: try descriptor.status(), flags: nil, extensionHidden: false, linkTarget: nil)
            if !path.area.isWritable { attributes.posixPermissions &= ~0o222 }
            return attributes
        } catch {
            throw failure(error, operation, path)
        }
    }

    /// Changes attributes of the item at `path` (the `setAttributes(_:ofItemAtPath:)` role).
    ///
    /// Symbolic links are followed (inside the container), as `chmod` does. Everything is
    /// validated first; then changes are applied with the immutable flag cleared first and set last,
    /// so a file can be made mutable and changed in one call.
    /// - Throws: ``FileError``: `.notSupported` for a creation date (Linux cannot set birth times)
    ///   or a filesystem without inode flags or extended attributes; `.permissionDenied` for an
    ///   owner change or immutable flag without the privilege; `.invalidArgument` for an unknown
    ///   user or group name or permission bits beyond 0o7777.
    public func setAttributes(_ changes: AttributeChanges, of path: SandboxPath) throws(FileError) {
        let operation = "set attributes"
        let subject = path.description
        try container.requireWritable(path, operation: operation)
        if changes.creationDate != nil {
            throw FileError(
                .notSupported, operation: operation, subject: subject,
                reason: "Linux has no system call to set a file's creation (birth) time")
        }
        if let mode = changes.posixPermissions, mode > 0o7777 {
            throw FileError(
                .invalidArgument, operation: operation, subject: subject,
                reason: "permissions must be between 0 and 0o7777, not 0o\(String(mode, radix: 8))")
        }
        let owner = try resolveAccount(
            id: changes.ownerAccountID, name: changes.ownerAccountName, kind: "user", subject: subject,
            lookUp: AccountNames.userID)
        let group = try resolveAccount(
            id: changes.groupOwnerAccountID, name: changes.groupOwnerAccountName, kind: "group",
            subject: subject, lookUp: AccountNames.groupID)
        let descriptor = try container.open(path, flags: [.pathOnly], operation: operation)
        let status: FileStatus
        do {
            status = try descriptor.status()
        } catch {
            throw failure(error, operation, path)
        }
        let needsFlags = changes.isImmutable != nil || changes.isAppendOnly != nil
        let needsHandle = needsFlags || changes.isExtensionHidden != nil
        let handle = needsHandle ? Files.readableForMetadata(descriptor, kind: status.kind) : nil
        if needsHandle && handle == nil {
            throw FileError(
                .notSupported, operation: operation, subject: subject,
                reason: "flags and extended attributes can be set on regular files and directories only")
        }
        do {
            var flags = needsFlags ? try handle?.inodeFlags() : nil
            // Clear protective flags first, so the other changes can happen.
            if var current = flags, changes.isImmutable == false || changes.isAppendOnly == false, let handle {
                if changes.isImmutable == false { current.remove(.immutable) }
                if changes.isAppendOnly == false { current.remove(.appendOnly) }
                try handle.setInodeFlags(current)
                flags = current
            }
            let target = try descriptor.reopenForMetadata(kind: status.kind)
            if let mode = changes.posixPermissions {
                try target.setPermissions(mode)
            }
            if owner != nil || group != nil {
                try target.setOwner(user: owner, group: group)
            }
            if changes.modificationDate != nil || changes.accessDate != nil {
                try target.setTimes(
                    accessed: changes.accessDate.map(FileAttributes.timestamp),
                    modified: changes.modificationDate.map(FileAttributes.timestamp))
            }
            if let hidden = changes.isExtensionHidden, let handle {
                if hidden {
                    try handle.setExtendedAttribute(FileAttributes.extensionHiddenAttribute, to: Array("1".utf8))
                } else {
                    try handle.removeExtendedAttribute(FileAttributes.extensionHiddenAttribute)
                }
            }
            if var current = flags, changes.isImmutable == true || changes.isAppendOnly == true, let handle {
                if changes.isImmutable == true { current.insert(.immutable) }
                if changes.isAppendOnly == true { current.insert(.appendOnly) }
                try handle.setInodeFlags(current)
            }
        } catch {
            throw failure(error, operation, path)
        }
    }

    private func resolveAccount(
        id: UInt32?,
        name: String?,
        kind: String,
        subject: String,
        lookUp: (String) -> UInt32?
    ) throws(FileError) -> UInt32? {
        if let name {
            guard let resolved = lookUp(name) else {
                throw FileError(
                    .invalidArgument, operation: "set attributes", subject: subject,
                    reason: "there is no \(kind) named '\(name)'")
            }
            if let id, id != resolved {
                throw FileError(
                    .invalidArgument, operation: "set attributes", subject: subject,
                    reason: "\(kind) '\(name)' has id \(resolved), not \(id)")
            }
            return resolved
        }
        return id
    }

    /// Attributes from a status, reading flags and the extension-hidden mark for regular files and
    /// directories (`name` in `directory`, or `directory` itself when `name` is empty).
    static func attributes(status: FileStatus, name: String, in directory: FileDescriptor) -> FileAttributes {
        var readable: FileDescriptor?
        if status.kind == .regular || status.kind == .directory {
            readable =
                name.isEmpty
                ? readableForMetadata(directory, kind: status.kind)
                : try? directory.open(name, flags: [.noFollow, .nonBlocking])
        }
        let target = status.kind == .symbolicLink ? try? directory.readSymbolicLink(name) : nil
        return FileAttributes(
            status: status,
            flags: readable.flatMap { try? $0.inodeFlags() },
            extensionHidden: readable.map(isExtensionHidden) ?? false,
            linkTarget: target)
    }

    /// A readable descriptor for an `O_PATH` one, for `ioctl` and extended attributes; nil for
    /// types that must not be opened (devices, FIFOs, sockets, links) or when it cannot be opened.
    static func readableForMetadata(_ descriptor: FileDescriptor, kind: FileKind) -> FileDescriptor? {
        guard kind == .regular || kind == .directory else { return nil }
        return try? descriptor.reopen(flags: [.nonBlocking])
    }

    static func isExtensionHidden(_ descriptor: FileDescriptor) -> Bool {
        ((try? descriptor.extendedAttribute(FileAttributes.extensionHiddenAttribute)) ?? nil) != nil
    }
}

extension FileDescriptor {
    /// A descriptor that accepts `fchmod`, `fchown` and `futimens` (which `O_PATH` ones do not).
    fileprivate func reopenForMetadata(kind: FileKind) throws(SystemError) -> FileDescriptor {
        if kind == .regular || kind == .directory {
            return try reopen(flags: [.nonBlocking])
        }
        throw SystemError(.notSupported, call: "reopen")
    }
}
