import Testing

@testable import FolioSystem

@Suite struct TemporaryNameTests {
    @Test func aNameCarriesItsWritersToken() {
        let name = TemporaryName.make(beside: "report.txt", writer: "0a1b2c3d")
        #expect(name.hasPrefix(".report.txt.folio-0a1b2c3d-"))
        #expect(name.hasSuffix(".tmp"))
        #expect(TemporaryName.writer(of: name) == "0a1b2c3d")
    }

    @Test func aLongNameIsCutToFitInOneComponent() {
        let long = String(repeating: "é", count: 200)
        let name = TemporaryName.make(beside: long, writer: "ffffffff")
        #expect(name.utf8.count <= 255)
        #expect(TemporaryName.writer(of: name) == "ffffffff")
    }

    @Test(arguments: [
        "report.txt", ".report.txt", ".report.folio-0a1b2c3d-12345678.txt", ".x.folio-0A1B2C3D-12345678.tmp",
        ".x.folio-0a1b2c3d_12345678.tmp", ".folio-0a1b2c3d-12345678.tmp", ".x.folio-0a1b2c3-12345678.tmp",
    ])
    func otherNamesAreNotTemporary(_ name: String) {
        #expect(TemporaryName.writer(of: name) == nil)
    }

    @Test func twoNamesBesideOneFileDiffer() {
        let names = Set((0..<100).map { _ in TemporaryName.make(beside: "a", writer: "00000000") })
        #expect(names.count == 100)
    }

    @Test func hexadecimalIsAlwaysEightDigits() {
        #expect(TemporaryName.hexadecimal(0) == "00000000")
        #expect(TemporaryName.hexadecimal(0xABC) == "00000abc")
        #expect(TemporaryName.hexadecimal(UInt32.max) == "ffffffff")
    }
}
