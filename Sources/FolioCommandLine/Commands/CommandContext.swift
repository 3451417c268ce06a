import FolioCore
import FolioDocuments
import FolioResources
import FolioSandbox
import Foundation
import Synchronization

/// What every command gets: the container, where to write, where to read, and the global options.
public final class CommandContext: Sendable {
    /// Standard output and standard error.
    public let output: Output
    /// Standard input.
    public let input: Input
    /// `--json`: print machine-readable JSON instead of text for people.
    public let wantsJSON: Bool
    /// The Home given with `--home`, if any.
    public let homeOverride: String?
    /// The bundle directory (`Folio.app`).
    public let bundleDirectory: String
    /// The environment the command reads (`PAGER`, `LINES`, `COLUMNS`, `NO_COLOR`).
    public let environment: [String: String]
    private let openedContainer = Mutex<Container?>(nil)

    public init(
        output: Output,
        input: Input,
        wantsJSON: Bool,
        homeOverride: String?,
        bundleDirectory: String = FolioResources.bundleDirectory,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.environment = environment
        self.output = output
        self.input = input
        self.wantsJSON = wantsJSON
        self.homeOverride = homeOverride
        self.bundleDirectory = bundleDirectory
    }

    /// The container (`--home`, `$FOLIO_HOME`, or the default), created and provisioned on first use.
    ///
    /// - Throws: ``FileError`` when it cannot be created or opened.
    public func container() throws -> Container {
        if let existing = openedContainer.withLock({ $0 }) {
            return existing
        }
        let container = try Container(root: homeOverride ?? Container.defaultRoot(), bundle: bundleDirectory)
        try container.provisionForFirstUse()
        openedContainer.withLock { $0 = container }
        return container
    }

    /// Prints `value` as JSON (``FolioCore/FolioJSON``, pretty) and a newline.
    public func printJSON<Value: Encodable>(_ value: Value) throws {
        output.write(try CommandContext.json(value))
    }

    /// `value` as the JSON text `--json` prints: Folio's one JSON form (``FolioCore/FolioJSON``),
    /// pretty, with a newline at the end.
    static func json<Value: Encodable>(_ value: Value) throws -> String {
        try FolioJSON.string(value, pretty: true) + "\n"
    }

    /// Asks a person a yes/no question on the terminal.
    ///
    /// - Returns: true only for an answer starting with `y` or equal to `accept` (case-insensitive).
    /// - Throws: ``CommandFailure`` when standard input is not a terminal, telling the user to pass
    ///   `flag` instead.
    public func confirm(_ question: String, accept: String = "yes", flag: String = "--yes") throws -> Bool {
        guard input.isTerminal else {
            throw CommandFailure("refusing to ask for confirmation without a terminal; pass \(flag) to confirm")
        }
        output.write(question + " ")
        output.flush()
        guard let answer = input.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return false
        }
        return answer.hasPrefix("y") || answer == accept.lowercased()
    }
}
