import FolioFiles
import FolioSandbox
import FolioTables

/// `folio stat`: every attribute of an item.
enum StatCommand {
    static let dereference = Flag(
        "--dereference", "-L", help: "describe a symbolic link's target instead of the link")
    static let path = Argument("PATH")

    static let command = Command(
        "stat",
        summary: "show every attribute of a file or directory",
        parameters: [dereference, path]
    ) { arguments, context in
        let path = try SandboxPath(argument: arguments[Self.path])
        let files = Files(try context.container())
        let attributes = try files.attributes(of: path, followSymbolicLinks: arguments[dereference])
        if context.wantsJSON {
            try context.printJSON(StatReport(path: path.description, attributes: attributes))
            return
        }
        func account(_ name: String?, _ id: UInt32) -> String {
            name.map { "\($0) (\(id))" } ?? String(id)
        }
        func yesNo(_ value: Bool) -> String { value ? "yes" : "no" }
        var rows: [(String, String)] = [
            ("Path", path.description),
            ("Type", attributes.type.rawValue),
            ("Size", "\(Format.size(attributes.size)) (\(attributes.size) bytes)"),
            ("Allocated", Format.size(attributes.allocatedSize)),
            (
                "Permissions",
                "\(Format.permissions(attributes.posixPermissions, typeLetter: attributes.type.letter)) "
                    + "(\(String(attributes.posixPermissions, radix: 8)))"
            ),
            ("Owner", account(attributes.ownerAccountName, attributes.ownerAccountID)),
            ("Group", account(attributes.groupOwnerAccountName, attributes.groupOwnerAccountID)),
            ("Created", attributes.creationDate.map(Format.preciseDate) ?? "not recorded by this filesystem"),
            ("Modified", Format.preciseDate(attributes.modificationDate)),
            ("Accessed", Format.preciseDate(attributes.accessDate)),
            ("Status changed", Format.preciseDate(attributes.statusChangeDate)),
            ("Reference count", String(attributes.referenceCount)),
            ("File system number", String(attributes.systemNumber)),
            ("File number", String(attributes.systemFileNumber)),
            ("Extension hidden", yesNo(attributes.isExtensionHidden)),
            ("Immutable", yesNo(attributes.isImmutable)),
            ("Append only", yesNo(attributes.isAppendOnly)),
        ]
        if let target = attributes.symbolicLinkTarget {
            rows.append(("Link target", target))
        }
        var table = TextTable(alignments: [.left, .left])
        for (key, value) in rows {
            table.append([key, value])
        }
        context.output.write(table.render())
    }

    struct StatReport: Encodable {
        var path: String
        var attributes: FileAttributes
    }
}
