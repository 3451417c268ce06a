import FolioCore
import FolioFiles
import FolioSandbox
import Foundation

/// `folio chattr`: change attributes.
enum ChangeAttributesCommand {
    static let path = Argument("PATH")
    static let mode = Option(
        "--mode", valueName: "MODE", help: "permission bits in octal, e.g. 644", parse: PermissionsArgument.parse)
    static let modified = Option(
        "--modified", valueName: "DATE", help: "modification date (see below)", parse: DateArgument.parse)
    static let accessed = Option("--accessed", valueName: "DATE", help: "access date", parse: DateArgument.parse)
    static let created = Option(
        "--created", valueName: "DATE", help: "creation date (Linux cannot set it: always an error)",
        parse: DateArgument.parse)
    static let owner = Option("--owner", valueName: "USER", help: "owner, by name or id (needs privileges)")
    static let group = Option("--group", valueName: "GROUP", help: "group, by name or id")
    static let hideExtension = Flag("--hide-extension", help: "hide the extension in listings")
    static let showExtension = Flag("--show-extension", help: "show the extension again")
    static let immutable = Flag("--immutable", help: "forbid any change, rename or removal (needs root)")
    static let mutable = Flag("--mutable", help: "clear the immutable flag")
    static let appendOnly = Flag("--append-only", help: "allow appending only (needs root)")
    static let notAppendOnly = Flag("--not-append-only", help: "clear the append-only flag")

    static let command = Command(
        "chattr",
        summary: "change attributes: permissions, dates, owner, hidden extension, immutable",
        parameters: [
            path, mode, modified, accessed, created, owner, group,
            ExclusiveOptions(hideExtension, showExtension), ExclusiveOptions(immutable, mutable),
            ExclusiveOptions(appendOnly, notAppendOnly),
        ],
        discussion: "DATE is 'now', '@SECONDS' since 1970, ISO 8601 ('2026-11-29T20:57:33Z'), or local time "
            + "('2026-11-29 20:57', '2026-11-29'). Everything is checked before anything changes."
    ) { arguments, context in
        let path = try SandboxPath(argument: arguments[Self.path])
        var changes = AttributeChanges()
        changes.posixPermissions = arguments[mode]
        changes.modificationDate = arguments[modified]
        changes.accessDate = arguments[accessed]
        changes.creationDate = arguments[created]
        if let owner = arguments[owner] {
            if let id = UInt32(owner) { changes.ownerAccountID = id } else { changes.ownerAccountName = owner }
        }
        if let group = arguments[group] {
            if let id = UInt32(group) {
                changes.groupOwnerAccountID = id
            } else {
                changes.groupOwnerAccountName = group
            }
        }
        changes.isExtensionHidden = pair(arguments, hideExtension, showExtension)
        changes.isImmutable = pair(arguments, immutable, mutable)
        changes.isAppendOnly = pair(arguments, appendOnly, notAppendOnly)
        guard !changes.isEmpty else {
            throw UsageError("nothing to change: give at least one attribute option", usage: arguments.usage)
        }
        let files = Files(try context.container())
        try files.setAttributes(changes, of: path)
        if context.wantsJSON {
            try context.printJSON(
                StatCommand.StatReport(path: path.description, attributes: try files.attributes(of: path)))
        }
    }

    /// true for `on`, false for `off`, nil for neither (the parser refuses both).
    private static func pair(_ arguments: Arguments, _ on: Flag, _ off: Flag) -> Bool? {
        arguments[on] ? true : arguments[off] ? false : nil
    }
}

/// A date given on the command line.
enum DateArgument {
    @Sendable static func parse(_ text: String) throws(UsageError) -> Date {
        if text == "now" {
            return Date()
        }
        if text.hasPrefix("@"), let seconds = Double(text.dropFirst()) {
            return Date(timeIntervalSince1970: seconds)
        }
        // A time with its zone, as --json prints them; one without is local time.
        let hasZone =
            text.hasSuffix("Z") || text.range(of: #"[+-][0-9]{2}:[0-9]{2}$"#, options: .regularExpression) != nil
        if hasZone, let date = FolioDate.date(parsing: text) {
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
            "'\(text)' is not a date (use now, @SECONDS, 2026-11-29T20:57:33Z or 2026-11-29 20:57)")
    }
}
