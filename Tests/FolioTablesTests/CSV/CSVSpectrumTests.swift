import FolioTables
import FolioTestSupport
import Foundation
import Testing

/// csv-spectrum (`../shared/corpora/csv-spectrum`): each CSV file read by Folio, cell by cell
/// against the rows its JSON file says it holds (read with Foundation's JSON parser, not Folio's),
/// and against Python's `csv` module.
@Suite struct CSVSpectrumTests {
    static let directory = Corpora.path("csv-spectrum")

    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/csvs")) ?? []
        return files.filter { $0.hasSuffix(".csv") }.map { String($0.dropLast(4)) }.sorted()
    }()

    /// Where csv-spectrum's JSON is wrong about its own CSV: `location_coordinates.json` gives
    /// the phone number 1234567890, but the CSV (and Python's `csv`, and every reader) says
    /// 2095257564.
    static let errata = ["location_coordinates": ["Contact Phone Number": "2095257564"]]

    @Test func theCorpusIsThere() {
        #expect(Self.names.count >= 12, "csv-spectrum is expected in \(Self.directory)")
    }

    @Test(arguments: names)
    func readsEveryCellAsItsJSONSays(_ name: String) throws {
        let file = try CSVFile(FileBytes(path: "\(Self.directory)/csvs/\(name).csv"), name: name + ".csv")
        let rows = try (0..<(try file.rowCount())).map { try file.row(at: $0) }
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(Self.directory)/json/\(name).json"))
        let parsed = try JSONSerialization.jsonObject(with: data)
        // One file's JSON is the object of its one row rather than an array of rows.
        let objects = try #require((parsed as? [[String: String]]) ?? (parsed as? [String: String]).map { [$0] })
        #expect(rows.count == objects.count)
        for (row, object) in zip(rows, objects) {
            #expect(Set(file.columns) == Set(object.keys))
            for (column, value) in zip(file.columns, row) {
                if let correct = Self.errata[name]?[column] {
                    #expect(object[column] != correct, "the JSON of \(name) was corrected: drop its erratum")
                    #expect(value == correct)
                } else {
                    #expect(value == object[column], "\(name), column \(column)")
                }
            }
        }
    }

    @Test func readsEveryCellAsPythonsCSVDoes() throws {
        let script = """
            import csv, json, sys
            rows = {}
            for name in sys.argv[2:]:
                with open(sys.argv[1] + '/csvs/' + name + '.csv', newline='', encoding='utf-8') as f:
                    rows[name] = list(csv.reader(f, strict=True))
            print(json.dumps(rows))
            """
        let run = try FolioBinary.run(executable: "python3", ["-c", script, Self.directory] + Self.names)
        #expect(run.status == 0, "\(run.standardError)")
        let python = try JSONDecoder().decode([String: [[String]]].self, from: Data(run.standardOutput.utf8))
        #expect(python.count == Self.names.count)
        for name in Self.names {
            let file = try CSVFile(
                FileBytes(path: "\(Self.directory)/csvs/\(name).csv"), hasHeader: false, name: name + ".csv")
            let rows = try (0..<(try file.rowCount())).map { try file.row(at: $0) }
            #expect(rows == python[name]?.filter { !$0.isEmpty }, "\(name)")
        }
    }
}
