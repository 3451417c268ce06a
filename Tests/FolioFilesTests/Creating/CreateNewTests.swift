import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct CreateNewTests {
    @Test func takesTheFirstFreeNumberedName() throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/Untitled.txt")
        try test.plant("Documents/Untitled.txt", "first")
        try test.plant("Documents/Untitled 2.txt", "second")
        let created = try files.writeNewFile(Data("third".utf8), at: path)
        #expect(created.description == "Documents/Untitled 3.txt")
        #expect(test.read("Documents/Untitled.txt") == "first")
        #expect(test.read("Documents/Untitled 2.txt") == "second")
        #expect(test.read("Documents/Untitled 3.txt") == "third")
        #expect(try files.attributes(of: created).posixPermissions == 0o600)
        let later = try files.writeNewFile(Data("x".utf8), at: path, numberingFrom: 9)
        #expect(later.description == "Documents/Untitled 9.txt")
    }

    @Test func concurrentCreatorsNeverShareAName() async throws {
        let test = try TestContainer()
        let files = Files(test.container)
        let path = try SandboxPath(parsing: "Documents/Untitled.txt")
        let names = await withTaskGroup(of: [String].self) { group in
            for writer in 0..<4 {
                group.addTask {
                    var made: [String] = []
                    for index in 0..<50 {
                        if let created = try? files.writeNewFile(Data("\(writer)-\(index)".utf8), at: path) {
                            made.append(created.description)
                        }
                    }
                    return made
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(names.count == 200)
        #expect(Set(names).count == 200)
        let contents = try FileManager.default.contentsOfDirectory(atPath: test.absolute("Documents"))
        #expect(contents.count == 200)
        #expect(!contents.contains { $0.hasPrefix(".") })
    }
}
