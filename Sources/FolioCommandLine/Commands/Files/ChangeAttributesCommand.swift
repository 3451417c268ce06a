import FolioFiles
import FolioSandbox
import Foundation

/// `folio chattr`: change attributes.
enum ChangeAttributesCommand {
    static let command = Command(
        "chattr",
        summary: "change attributes: permissions, dates, owner, hidden extension, immutable",
        usage: "chattr PATH [--mode MODE] [--modified DATE] [--accessed DATE] [--created DATE] [--owner USER] "
            + "[--group GROUP] [--hide-extension|--show-extension] [--immutable|--mutable] "
            + "[--append-only|--not-append-only]",
        options: [
            .value("--mode", name: "MODE", help: "permission bits in octal, e.g. 644"),
            .value("--modified", name: "DATE", help: "modification date (see below)"),
            .value("--accessed", name: "DATE", help: "access date"),
            .value("--created", name: "DATE", help: "creation date (Linux cannot set it: always an error)"),
            .value("--owner", name: "USER", help: "owner, by name or id (needs privileges)"),
            .value("--group", name: "GROUP", help: "group, by name or id"),
            .flag("--hide-extension", help: "hide the extension in listings"),
            .flag("--show-extension", help: "show the extension again"),
            .flag("--immutable", help: "forbid any change, rename or removal (needs root)"),
            .flag("--mutable", help: "clear the immutable flag"),
            .flag("--append-only", help: "allow appending only (needs root)"),
            .flag("--not-append-only", help: "clear the append-only flag"),
        ],
        discussion: "DATE is 'now', '@SECONDS' since 1970, ISO 8601 ('2026-11-29T20:57:33Z'), or local time "
            + "('2026-11-29 20:57', '2026-11-29'). Everything is checked before anything changes."
    ) { arguments, context in
        try arguments.expectAtMost(1)
        let path = try SandboxPath(argument: try arguments.positional(0, "PATH"))
        let usage = arguments.usage
        var changes = AttributeChanges()
        changes.posixPermissions = try PermissionsArgument.parse(arguments.value("--mode"), usage: usage)
        changes.modificationDate = try DateArgument.parse(arguments.value("--modified"), usage: usage)
        changes.accessDate = try DateArgument.parse(arguments.value("--accessed"), usage: usage)
        changes.creationDate = try DateArgument.parse(arguments.value("--created"), usage: usage)
        if let owner = arguments.value("--owner") {
            if let id = UInt32(owner) { changes.ownerAccountID = id } else { changes.ownerAccountName = owner }
        }
        if let group = arguments.value("--group") {
            if let id = UInt32(group) {
                changes.groupOwnerAccountID = id
            } else {
                changes.groupOwnerAccountName = group
            }
        }
        changes.isExtensionHidden = try pair(arguments, "--hide-extension", "--show-extension")
        changes.isImmutable = try pair(arguments, "--immutable", "--mutable")
        changes.isAppendOnly = try pair(arguments, "--append-only", "--not-append-only")
        guard !changes.isEmpty else {
            throw UsageError("nothing to change: give at least one attribute option", usage: usage)
        }
        let files = Files(try context.container())
        try files.setAttributes(changes, of: path)
        if context.wantsJSON {
            try context.printJSON(
                StatCommand.StatReport(path: path.description, attributes: try files.attributes(of: path)))
        }
    }

    private static func pair(_ arguments: Arguments, _ on: String, _ off: String) throws(UsageError) -> Bool? {
        switch (arguments.flag(on), arguments.flag(off)) {
        case (true, true): throw UsageError("\(on) and \(off) contradict each other", usage: arguments.usage)
        case (true, false): return true
        case (false, true): return false
        case (false, false): return nil
        }
    }
}

/// A date given on the command line.
enum DateArgument {
    static func parse(_ text: String?, usage: String) throws(UsageError) -> Date? {
        guard let text else { return nil }
        if text == "now" {
            return Date()
        }
        if text.hasPrefix("@"), let seconds = Double(text.dropFirst()) {
            return Date(timeIntervalSince1970: seconds)
        }
        let iso = ISO8601DateFormatter()
        iso.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = iso.date(from: text) {
            return date
        }
        iso.formatOptions = [.withInternetDateTime]
        if let date = iso.date(from: text) {
            return date
        }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone.current
        for format in ["yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd"] {
            local.dateFormat = format
            if let date = local.date(from: text) {
                return date
            }
        }
        throw UsageError(
            "'\(text)' is not a date (use now, @SECONDS, 2026-11-29T20:57:33Z or 2026-11-29 20:57)", usage: usage)
    }
}
