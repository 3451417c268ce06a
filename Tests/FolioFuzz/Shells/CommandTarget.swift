import Foundation
import Glibc

/// A reader reached through the `folio` command line, one subprocess per case, on a Home of its
/// own: the mutated file is written into the Home and the command reads it as a user's would.
///
/// The command follows from the input (its framing line, its length), so a saved input replays
/// the same command. Exit statuses 0, 1 and 2 pass; a signal or any other status fails the run.
/// A message that copies a control character from the input to standard error is counted.
struct CommandTarget: ShellTarget {
    enum Kind: String, Sendable {
        case table, xpath, gpx, nmea, database, documents
    }

    let kind: Kind

    init(_ kind: Kind) {
        self.kind = kind
    }

    var name: String {
        switch kind {
        case .table: "cli-table"
        case .xpath: "cli-xpath"
        case .gpx: "cli-gpx"
        case .nmea: "cli-nmea"
        case .database: "cli-db"
        case .documents: "cli-doc"
        }
    }

    var summary: String {
        switch kind {
        case .table: "folio table show FILE [--json] on CSV, TSV and JSON files"
        case .xpath: "folio table show FILE --xpath ROWS --columns COLS [--json] (document and XPaths mutated)"
        case .gpx: "folio geo track import FILE, folio geo watch --gpx FILE"
        case .nmea: "folio geo watch --nmea FILE [--json]"
        case .database: "folio db tables DB, db exec DB SQL, table show DB --sql on a mutated SQLite file"
        case .documents: "folio doc show/list/current/trash/info with a mutated .dudeldoc or library file"
        }
    }

    var fileExtension: String {
        switch kind {
        case .table: "framed-table"
        case .xpath: "xpath-xml"
        case .gpx: "gpx"
        case .nmea: "nmea"
        case .database: "sqlite"
        case .documents: "home-file"
        }
    }

    var profile: MutationProfile {
        switch kind {
        case .table:
            var profile = MutationProfile(
                tokens: ["\"", ",", "\t", "\r\n", "[", "]", "{", "}", "\\u0000", "\u{1B}]0;x\u{07}"],
                nesting: [.init("[", "]")], maximumSize: 1 << 18, focus: .afterFirstLines(1))
            profile.tokens += TableTarget(.json).profile.tokens.prefix(20)
            return profile
        case .xpath:
            var profile = TableTarget(.xml).profile
            profile.tokens += XMLTokens.xpath.map { Array($0.utf8) }
            profile.focus = .whole
            profile.maximumSize = 1 << 18
            return profile
        case .gpx:
            var profile = GPXTarget().profile
            profile.maximumSize = 1 << 18
            return profile
        case .nmea:
            var profile = NMEATarget().profile
            profile.maximumSize = 1 << 17
            return profile
        case .database:
            return SQLiteTarget().profile
        case .documents:
            return ArchiveTarget().profile
        }
    }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        switch kind {
        case .table:
            return [("csv", TableTarget(.csv)), ("tsv", TableTarget(.tsv)), ("json", TableTarget(.json))]
                .flatMap { format, target in
                    target.seeds(from: corpus).map { Seed(name: $0.name, bytes: Array("\(format)\n".utf8) + $0.bytes) }
                }
        case .xpath: return TableTarget(.xml).seeds(from: corpus)
        case .gpx: return GPXTarget().seeds(from: corpus)
        case .nmea: return NMEATarget().seeds(from: corpus)
        case .database: return SQLiteTarget().seeds(from: corpus)
        case .documents: return ArchiveTarget().seeds(from: corpus)
        }
    }

    func start(in directory: String, folio: String) throws -> any ShellSession {
        let session = CommandSession(kind: kind, home: directory + "/home", folio: folio, directory: directory)
        try session.prepare()
        return session
    }
}
