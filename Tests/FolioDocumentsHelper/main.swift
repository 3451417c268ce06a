// A process that creates untitled documents, for tests of several processes creating at once:
//   folio-documents-helper HOME COUNT [EPOCH-SECONDS]
// creates COUNT untitled notes in the container at HOME, all stamped with the same second when
// EPOCH-SECONDS is given, and prints each new name on a line.
import FolioDocuments
import FolioResources
import FolioSandbox
import Foundation

let arguments = CommandLine.arguments
guard arguments.count >= 3, let count = Int(arguments[2]) else {
    FileHandle.standardError.write(Data("usage: folio-documents-helper HOME COUNT [EPOCH-SECONDS]\n".utf8))
    exit(2)
}
let fixed = arguments.count > 3 ? Double(arguments[3]).map { Date(timeIntervalSince1970: $0) } : nil
do {
    let container = try Container(root: arguments[1], bundle: FolioResources.bundleDirectory)
    let library = DocumentLibrary(container: container, clock: { fixed ?? Date() })
    var names = ""
    for _ in 0..<count {
        names += try library.createDocument(kind: .note, selecting: false).name + "\n"
    }
    FileHandle.standardOutput.write(Data(names.utf8))
} catch {
    FileHandle.standardError.write(Data("folio-documents-helper: \(error)\n".utf8))
    exit(1)
}
