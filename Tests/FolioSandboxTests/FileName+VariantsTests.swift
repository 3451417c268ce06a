import FolioSandbox
import Testing

@Suite struct FileNameVariantsTests {
    @Test func numbersTheStemAndKeepsTheExtension() {
        #expect(
            Array(FileName.numberedVariants(of: "Garden.dudeldoc").prefix(3)) == [
                "Garden.dudeldoc", "Garden 2.dudeldoc", "Garden 3.dudeldoc",
            ])
        #expect(Array(FileName.numberedVariants(of: "notes").prefix(2)) == ["notes", "notes 2"])
        #expect(Array(FileName.numberedVariants(of: "a.b.txt", start: 7).prefix(1)) == ["a.b 7.txt"])
    }

    @Test func endsAfterTheLimit() {
        #expect(Array(FileName.numberedVariants(of: "x.txt", limit: 4)).count == 4)
    }

    @Test func staysWithinTheLengthLimitAndValid() throws {
        let long = String(repeating: "é", count: 125) + ".txt"
        try FileName.validate(long)
        let numbered = FileName.numbered(long, 12345)
        #expect(numbered.utf8.count <= FileName.maximumByteCount)
        #expect(numbered.hasSuffix(" 12345.txt"))
        try FileName.validate(numbered)
    }
}
