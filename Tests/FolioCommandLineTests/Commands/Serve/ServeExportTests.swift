import FolioTestSupport
import Foundation
import Testing

/// Exports from a running `folio serve`, over a socket as a browser downloads them: streamed as the
/// rows are read, and the same rows the `sqlite3` shell gives.
@Suite struct ServeExportTests {
    static let rows = 200_000

    private func curl(_ server: ServeProcess, _ target: String, to output: String) throws -> (
        status: Int32, output: String, error: String
    ) {
        try Subprocess.run(
            "curl",
            [
                "-s", "-S", "--max-time", "120", "-D", output + ".head", "-o", output,
                "-H", "Cookie: folio_token=\(ServeProcess.token)", "http://127.0.0.1:\(server.port)\(target)",
            ])
    }

    @Test func aBigTableIsStreamedAsTheSQLiteShellReadsIt() throws {
        let server = try ServeProcess { home in
            try FileManager.default.createDirectory(atPath: home + "/Documents", withIntermediateDirectories: true)
            _ = try SQLiteShell.run(
                home + "/Documents/big.db",
                """
                CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, price REAL);
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < \(ServeExportTests.rows))
                INSERT INTO t SELECT x, 'item "' || x || '", fine', x * 1.25 FROM c;
                """)
        }
        let output = server.directory.appending("export.csv")
        let run = try curl(server, "/api/db/Documents/big.db/tables/t/export?format=csv", to: output)
        #expect(run.status == 0, "\(run.error)")
        let head = try String(contentsOfFile: output + ".head", encoding: .utf8).lowercased()
        #expect(head.contains("transfer-encoding: chunked"))
        let exported = try String(contentsOfFile: output, encoding: .utf8).replacingOccurrences(of: "\r\n", with: "\n")
        let reference = try SQLiteShell.run(
            server.home + "/Documents/big.db", "SELECT * FROM t;", options: ["-csv", "-header"])
        #expect(exported.count == reference.count)
        #expect(exported == reference)
    }

    @Test func aRefusedQueryIsAnErrorNotABrokenDownload() throws {
        let server = try ServeProcess()
        let output = server.directory.appending("refused")
        let sql = "DELETE FROM stocks".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let run = try curl(server, "/api/db/Library/Database/financial.db/export?sql=\(sql)", to: output)
        #expect(run.status == 0, "\(run.error)")
        let head = try String(contentsOfFile: output + ".head", encoding: .utf8)
        #expect(head.hasPrefix("HTTP/1.1 400"), "\(head)")
        #expect(try String(contentsOfFile: output, encoding: .utf8).contains(#""error""#))
    }
}
