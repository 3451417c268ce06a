import FolioFiles
import FolioSandbox
import FolioTestSupport
import FolioZip
import Foundation
import Testing

/// Zips checked by a real unzipper: Python's `zipfile` lists every entry and its bytes.
@Suite struct ZipArchiverTests {
    /// The entries of the zip at `path` as `name → contents` (directories end in `/`, with "").
    static func unzip(_ path: String) throws -> [String: String] {
        let script = """
            import json, sys, zipfile
            with zipfile.ZipFile(sys.argv[1]) as z:
                bad = z.testzip()
                if bad: sys.exit("corrupt entry " + bad)
                print(json.dumps({i.filename: z.read(i).decode("utf-8", "replace") for i in z.infolist()}))
            """
        let result = try Subprocess.run("/usr/bin/python3", ["-c", script, path])
        #expect(result.status == 0, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        return try #require(object as? [String: String])
    }

    /// Makes the zip of `paths` and writes it to a file outside the container for the unzipper.
    static func zip(_ test: TestContainer, _ paths: [String]) throws -> (entries: [String: String], report: ZipReport) {
        let archiver = ZipArchiver(files: Files(test.container))
        let zip = try archiver.makeZip(of: try paths.map { try SandboxPath(parsing: $0) })
        let bytes = try zip.file.readToEnd() ?? Data()
        #expect(UInt64(bytes.count) == zip.size)
        let directory = TemporaryDirectory(prefix: "folio-zip")
        let path = directory.appending("out.zip")
        try bytes.write(to: URL(fileURLWithPath: path))
        return (try unzip(path), zip.report)
    }

    @Test func zipsFilesAndFoldersWithEverythingInThem() throws {
        let test = try TestContainer()
        try test.plant("Documents/report.txt", "the report")
        try test.plant("Documents/Photos/a.txt", "a")
        try test.plant("Documents/Photos/Inner/b.txt", "b")
        try test.plant("tmp/empty.txt", "")
        let (entries, report) = try Self.zip(test, ["Documents/report.txt", "Documents/Photos", "tmp/empty.txt"])
        #expect(
            entries == [
                "report.txt": "the report", "Photos/": "", "Photos/a.txt": "a", "Photos/Inner/": "",
                "Photos/Inner/b.txt": "b", "empty.txt": "",
            ])
        #expect(report.failures.isEmpty)
    }

    @Test func aBigFileIsZippedWhole() throws {
        let test = try TestContainer()
        let line = String(repeating: "0123456789abcdef", count: 64) + "\n"
        let text = String(repeating: line, count: 3000)  // 3 MB, many chunks
        try test.plant("tmp/big.txt", text)
        let (entries, _) = try Self.zip(test, ["tmp/big.txt"])
        #expect(entries["big.txt"] == text)
    }

    @Test func twoItemsWithTheSameNameAreBothKept() throws {
        let test = try TestContainer()
        try test.plant("Documents/a.txt", "documents")
        try test.plant("tmp/a.txt", "tmp")
        let (entries, _) = try Self.zip(test, ["Documents/a.txt", "tmp/a.txt"])
        #expect(entries == ["a.txt": "documents", "a 2.txt": "tmp"])
    }

    @Test func linksThatLeadOutOfTheHomeAreNeverFollowed() throws {
        let test = try TestContainer()
        let outside = TemporaryDirectory(prefix: "folio-outside")
        try Data("secret".utf8).write(to: URL(fileURLWithPath: outside.appending("secret.txt")))
        try test.plant("Documents/Folder/ok.txt", "ok")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/Folder/escape"), withDestinationPath: outside.appending("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/Folder/up"), withDestinationPath: "../../..")
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/leak"), withDestinationPath: outside.appending("secret.txt"))
        try FileManager.default.createSymbolicLink(
            atPath: test.absolute("Documents/leakdir"), withDestinationPath: outside.path)
        let (entries, report) = try Self.zip(test, ["Documents/Folder", "Documents/leak", "Documents/leakdir"])
        #expect(!entries.values.contains { $0.contains("secret") && !$0.contains("These items") })
        #expect(entries["Folder/ok.txt"] == "ok")
        #expect(entries.keys.sorted() == ["Folder/", "Folder/ok.txt", "Not included.txt"])
        #expect(
            Set(report.failures.map(\.path)) == [
                "Documents/Folder/escape", "Documents/Folder/up", "Documents/leak", "Documents/leakdir",
            ])
        let notIncluded = try #require(entries["Not included.txt"])
        #expect(notIncluded.contains("Documents/leak:"))
    }

    @Test func aMissingItemIsReportedAndTheRestZipped() throws {
        let test = try TestContainer()
        try test.plant("tmp/here.txt", "here")
        let (entries, report) = try Self.zip(test, ["tmp/gone.txt", "tmp/here.txt"])
        #expect(entries["here.txt"] == "here")
        #expect(report.failures.map(\.path) == ["tmp/gone.txt"])
        #expect(entries["Not included.txt"]?.contains("tmp/gone.txt") == true)
    }

    @Test func aZipOfNothingIsRefused() throws {
        let test = try TestContainer()
        let error = try #require(throws: ZipError.self) {
            try ZipArchiver(files: Files(test.container)).makeZip(of: [])
        }
        #expect(error.code == .empty)
    }
}
