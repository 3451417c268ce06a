import FolioCommandLine
import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentInfoCommandTests {
    @Test func showsTheAppInfo() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/a.txt", "hello")
        try fixture.home.plant("Documents/b.dudeldoc", "x")
        let lines = await fixture.folio(["doc", "info"]).standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "Folio      \(FolioCLI.version)")
        #expect(lines.contains("Container  \(fixture.home.container.root)"))
        #expect(lines.contains("Documents  2 (6 B)"))
        #expect(lines.contains("  note     1 (5 B)"))
        #expect(lines.contains("Trash      0 (0 B)"))
        #expect(lines.last == "Current    none")
    }
}
