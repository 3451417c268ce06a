import FolioDatabase
import FolioTestSupport
import Foundation
import Testing

/// The Chinook sample database (`../shared/corpora/sqlite/`), read in place and read-only:
/// queries over its NULLs, REALs, sums, dates, joins and text give every value with the storage
/// class and the digits Python's `sqlite3` gives, compared in the same run.
@Suite struct ChinookCorpusTests {
    /// `sqlite/Chinook_Sqlite.sqlite` in the shared corpora.
    static let path = Corpora.path("sqlite/Chinook_Sqlite.sqlite")

    static let queries = [
        // Dates as text, NUMERIC(10,2) totals as REALs, NULL states.
        "SELECT * FROM Invoice ORDER BY InvoiceId",
        "SELECT * FROM Customer ORDER BY CustomerId",
        // total() is always a REAL, sum() an INTEGER or a REAL, avg() a REAL.
        """
        SELECT BillingCountry, total(Total), sum(Total), avg(Total), count(*), min(Total), max(Total),
               total(BillingState IS NULL)
        FROM Invoice GROUP BY BillingCountry ORDER BY 1
        """,
        """
        SELECT c.CustomerId, c.FirstName || ' ' || c.LastName, total(i.Total), sum(i.Total), round(avg(i.Total), 2)
        FROM Customer c LEFT JOIN Invoice i USING (CustomerId) GROUP BY c.CustomerId ORDER BY 1
        """,
        """
        SELECT strftime('%Y', InvoiceDate) AS year, total(Total), julianday(max(InvoiceDate)) - julianday(min(InvoiceDate)),
               date(min(InvoiceDate), '+1 month', 'start of month'), unixepoch(max(InvoiceDate))
        FROM Invoice GROUP BY year ORDER BY year
        """,
        """
        SELECT t.TrackId, t.Name, a.Title, ar.Name, g.Name, m.Name, t.Milliseconds / 1000.0, t.Milliseconds / 60000,
               t.UnitPrice, t.Bytes, t.Composer
        FROM Track t JOIN Album a USING (AlbumId) JOIN Artist ar ON ar.ArtistId = a.ArtistId
        LEFT JOIN Genre g USING (GenreId) JOIN MediaType m USING (MediaTypeId) ORDER BY t.TrackId
        """,
        """
        SELECT InvoiceLineId, UnitPrice * Quantity, UnitPrice / 3, UnitPrice * 1.1, typeof(UnitPrice), Quantity
        FROM InvoiceLine ORDER BY 1
        """,
        """
        SELECT e.EmployeeId, e.LastName, e.ReportsTo, m.LastName, e.BirthDate, date(e.HireDate, '+1 month'),
               e.Fax, e.Email
        FROM Employee e LEFT JOIN Employee m ON m.EmployeeId = e.ReportsTo ORDER BY 1
        """,
        """
        SELECT p.PlaylistId, p.Name, count(*), total(t.UnitPrice), sum(t.Milliseconds) / 3600000.0
        FROM Playlist p JOIN PlaylistTrack pt USING (PlaylistId) JOIN Track t USING (TrackId)
        GROUP BY p.PlaylistId ORDER BY 1
        """,
        "SELECT 2.0, -0.0, 1e308 * 10, -1e308 * 10, 'Infinity', total(NULL), sum(NULL), 0.1 + 0.2, 1e16, 1e-7",
    ]

    /// Python reads Folio's JSON (numbers keep their text) and compares each value, its type and a
    /// REAL's digits with what its own `sqlite3` module reads from the same file.
    static let compare = #"""
        import base64, json, math, sqlite3, struct, sys
        db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True)
        class Real(str): pass
        def hook(o):
            if set(o) == {'real'}: return float({'Infinity': 'inf', '-Infinity': '-inf', 'NaN': 'nan'}[o['real']])
            if set(o) == {'base64'}: return base64.b64decode(o['base64'])
            return o
        def pyrepr(x):
            return {'inf': 'Infinity', '-inf': '-Infinity', 'nan': 'NaN'}.get(repr(x), repr(x))
        def same(g, e):
            if e is None: return g is None
            if type(e) is int: return type(g) is int and g == e
            if type(e) is float:
                if isinstance(g, Real): return str(g) == repr(e) and struct.pack('<d', float(g)) == struct.pack('<d', e)
                return type(g) is float and (g == e or (math.isnan(g) and math.isnan(e))) and not math.isfinite(e)
            if type(e) is str: return type(g) is str and g == e
            if type(e) is bytes: return g == e
            return False
        def kind(v):
            return {type(None): 'null', int: 'integer', float: 'real', str: 'text', bytes: 'blob'}[type(v)]
        results = json.load(sys.stdin, parse_float=Real, object_hook=hook)
        report = {'problems': [], 'counts': []}
        for result in results:
            expected = db.execute(result['sql']).fetchall()
            got = result['rows']
            counts = {'rows': len(expected), 'null': 0, 'integer': 0, 'real': 0, 'text': 0, 'blob': 0}
            if len(got) != len(expected):
                report['problems'].append('%s: %d rows, Python %d' % (result['sql'][:40], len(got), len(expected)))
            for r, (g, e) in enumerate(zip(got, expected)):
                for c, (gv, ev) in enumerate(zip(g, e)):
                    counts[kind(ev)] += 1
                    if not same(gv, ev):
                        report['problems'].append('%s row %d column %d: Folio %r, Python %s %s' % (
                            result['sql'][:40], r, c, gv, kind(ev), pyrepr(ev) if type(ev) is float else repr(ev)))
            report['counts'].append(counts)
        json.dump(report, sys.stdout)
        """#

    struct Report: Decodable {
        struct Counts: Decodable {
            var rows: Int
            var null: Int
            var integer: Int
            var real: Int
            var text: Int
            var blob: Int
        }
        var problems: [String]
        var counts: [Counts]
    }

    @Test func everyValueHasTheTypeAndDigitsPythonReads() throws {
        try #require(
            FileManager.default.isReadableFile(atPath: ChinookCorpusTests.path),
            "no corpus at \(ChinookCorpusTests.path)")
        let db = try Database(path: ChinookCorpusTests.path, mode: .readOnly)
        var results: [String] = []
        for sql in ChinookCorpusTests.queries {
            var rows: [String] = []
            try db.prepare(sql).forEachRow { row in
                rows.append("[" + (0..<row.count).map { row[$0].jsonText }.joined(separator: ",") + "]")
            }
            results.append(#"{"sql":\#(DatabaseValue.jsonString(sql)),"rows":[\#(rows.joined(separator: ","))]}"#)
        }
        let python = try Subprocess.run(
            "python3", ["-c", ChinookCorpusTests.compare, ChinookCorpusTests.path],
            input: "[" + results.joined(separator: ",") + "]")
        try #require(python.status == 0, "\(python.error)")
        let report = try JSONDecoder().decode(Report.self, from: Data(python.output.utf8))
        #expect(report.problems.isEmpty, "\(report.problems.prefix(20).joined(separator: "\n"))")
        #expect(report.counts.count == ChinookCorpusTests.queries.count)
        let totals = report.counts.reduce(into: (rows: 0, null: 0, real: 0, integer: 0, text: 0)) { sum, counts in
            sum.rows += counts.rows
            sum.null += counts.null
            sum.real += counts.real
            sum.integer += counts.integer
            sum.text += counts.text
        }
        // Every part of the corpus was compared: thousands of rows with NULLs, REALs, integers, text.
        #expect(totals.rows > 6000)
        #expect(totals.null > 1000 && totals.real > 5000 && totals.integer > 10000 && totals.text > 20000, "\(totals)")
    }

    /// The file is only read: opening it read-only changes nothing, not even its time stamps.
    @Test func theCorpusIsReadInPlaceWithoutChange() throws {
        let before = try FileManager.default.attributesOfItem(atPath: ChinookCorpusTests.path)
        let db = try Database(path: ChinookCorpusTests.path, mode: .readOnly)
        #expect(try db.fetchValue(Int.self, "SELECT count(*) FROM Track") == 3503)
        let error = #expect(throws: DatabaseError.self) { try db.execute("DELETE FROM Genre") }
        #expect(error?.code == .readOnly)
        try db.close()
        let after = try FileManager.default.attributesOfItem(atPath: ChinookCorpusTests.path)
        #expect(before[.modificationDate] as? Date == after[.modificationDate] as? Date)
        #expect(before[.size] as? Int == after[.size] as? Int)
    }
}
