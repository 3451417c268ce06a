import FolioTables
import Foundation
import Testing

@Suite struct JSONRowsTests {
    func rows(_ text: String) throws -> JSONRows {
        try JSONRows(Array(text.utf8), name: "test.json")
    }

    @Test func objectsGiveColumnsInOrderOfFirstAppearance() throws {
        let json = try rows(
            #"[{"name": "Homer", "role": "Father", "age": 39}, {"name": "Bart", "nick": "El Barto", "tags": ["a", 1]}]"#
        )
        #expect(json.columns == ["name", "role", "age", "nick", "tags"])
        #expect(try json.row(at: 0) == ["Homer", "Father", "39", "", ""])
        #expect(try json.row(at: 1) == ["Bart", "", "", "El Barto", #"["a",1]"#])
    }

    @Test func aKeyGivenTwiceHasItsLastValueAsJavaScriptAndPythonReadIt() throws {
        let json = try rows(#"[{"a": 1, "b": 2, "a": "last"}, {"b": null, "b": [3]}]"#)
        #expect(json.columns == ["a", "b"])
        #expect(try json.row(at: 0) == ["last", "2"])
        #expect(try json.row(at: 1) == ["", "[3]"])
    }

    @Test func arraysAndPlainValues() throws {
        let arrays = try rows(#"[["Homer", "Father"], ["Maggie"], [null, true, 1.5e3]]"#)
        #expect(arrays.columns == ["1", "2", "3"])
        #expect(try arrays.row(at: 1) == ["Maggie", "", ""])
        #expect(try arrays.row(at: 2) == ["", "true", "1.5e3"])
        let plain = try rows(#"["a\u00e9\n", "\ud83d\ude00"]"#)
        #expect(plain.columns == ["value"])
        #expect(try plain.row(at: 0) == ["aé\n"])
        #expect(try plain.row(at: 1) == ["😀"])
        #expect(try rows("[]").rowCount() == 0)
    }

    @Test(arguments: [
        Malformed(text: "", reason: "line 1, column 1: the document is empty"),
        Malformed(text: #"{"a": 1}"#, reason: "line 1, column 1: the document is not an array (expected '[')"),
        Malformed(
            text: "[\n  {\"a\": 1},\n  {\"a\": 2,}\n]", reason: "line 3, column 11: expected a member name in quotes"),
        Malformed(text: #"["open"#, reason: "line 1, column 2: a string is not closed"),
        Malformed(text: "[1, 2", reason: "line 1, column 6: the document ends where ',' or ']' was expected"),
        Malformed(text: "[01]", reason: "line 1, column 3: expected ',' or ']', found '1'"),
        Malformed(text: "[1] x", reason: "line 1, column 5: unexpected text after the array"),
        Malformed(text: #"[{"a": 1}, [2]]"#, reason: "element 2 is not an object like the first element"),
        Malformed(
            text: "[\"tab\there\"]",
            reason: "line 1, column 6: a string holds a raw control character (byte 0x9); write it escaped"),
        Malformed(text: String(repeating: "[", count: 600), reason: "line 1, column 513: values are nested too deeply"),
    ])
    func malformedJSONIsAClearError(_ example: Malformed) throws {
        let error = try #require(throws: TableError.self) { try rows(example.text) }
        #expect(error.code == .malformedJSON)
        #expect(error.description == "read JSON failed for test.json: \(example.reason) (malformedJSON)")
    }

    @Test func writingBackKeepsElementsAsWritten() throws {
        let json = try rows("[\n {\"name\":\"Homer\",  \"z\": 1},\n {\"name\": \"Bart\"},\n {\"name\": \"Lisa\"}\n]")
        var output: [UInt8] = []
        try json.write(keeping: [0, 2]) { output += $0 }
        #expect(
            String(decoding: output, as: UTF8.self)
                == "[\n  {\"name\":\"Homer\",  \"z\": 1},\n  {\"name\": \"Lisa\"}\n]\n")
        output = []
        try json.write(keeping: []) { output += $0 }
        #expect(String(decoding: output, as: UTF8.self) == "[]\n")
    }

    /// A new row's values are written as the column's values are, so a number stays a number.
    @Test func aNewRowIsWrittenWithTheColumnsTypes() throws {
        let json = try rows(
            #"[{"name": "Homer", "age": 39, "bald": true, "kids": ["Bart"], "note": null, "id": "a1"}]"#)
        var output: [UInt8] = []
        try json.write([.source(0), .inserted(["Bart", "10", "false", "[]", "", "007"])]) { output += $0 }
        let written = String(decoding: output, as: UTF8.self)
        #expect(
            written.hasSuffix(
                #"{"name": "Bart", "age": 10, "bald": false, "kids": [], "note": null, "id": "007"}"# + "\n]\n"))
        output = []
        try json.write([.inserted(["Maggie", "one", "yes", "x", "n", ""])]) { output += $0 }
        #expect(
            String(decoding: output, as: UTF8.self)
                == #"[  {"name": "Maggie", "age": "one", "bald": "yes", "kids": "x", "note": "n", "id": ""}"#
                .replacingOccurrences(of: "[  ", with: "[\n  ") + "\n]\n")
        let numbers = try rows("[[1, 2.5], [3, -4e2]]")
        output = []
        try numbers.write([.inserted(["5", ""])]) { output += $0 }
        #expect(String(decoding: output, as: UTF8.self) == "[\n  [5, null]\n]\n")
    }
}
