// A process for tests of several processes, and of processes killed at a chosen moment:
//
//   folio-documents-helper HOME COUNT [EPOCH-SECONDS]
//     creates COUNT untitled notes in the container at HOME, all stamped with the same second when
//     EPOCH-SECONDS is given, and prints each new name on a line.
//
//   folio-documents-helper HOME stop-at POINT OPERATION [ARGUMENT…]
//     runs one operation and stops itself (SIGSTOP) the first time it reaches POINT (the raw value
//     of an InterruptionPoint, e.g. temporary-file-linked), so that the test can kill it there or
//     look at the disk while it waits; continued, it finishes and prints "done". Operations:
//     write PATH TEXT, save NAME TEXT, new, copy SOURCE DESTINATION, delete NAME, restore NAME,
//     empty-trash.
import FolioDocuments
import FolioFiles
import FolioResources
import FolioSandbox
import FolioSystem
import Foundation
import Glibc
import Synchronization

let usage = """
    usage: folio-documents-helper HOME COUNT [EPOCH-SECONDS]
           folio-documents-helper HOME stop-at POINT OPERATION [ARGUMENT…]

    """

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("folio-documents-helper: \(message)\n".utf8))
    exit(status)
}

func createNotes(home: String, count: Int, fixed: Date?) throws {
    let container = try Container(root: home, bundle: FolioResources.bundleDirectory)
    let library = DocumentLibrary(container: container, clock: { fixed ?? Date() })
    var names = ""
    for _ in 0..<count {
        names += try library.createDocument(kind: .note, selecting: false).name + "\n"
    }
    FileHandle.standardOutput.write(Data(names.utf8))
}

func run(_ operation: [String], home: String) throws {
    let container = try Container(root: home, bundle: FolioResources.bundleDirectory)
    let library = DocumentLibrary(container: container)
    let files = library.files
    func argument(_ index: Int) -> String {
        guard index < operation.count else { fail("missing argument \(index) of \(operation.first ?? "")", status: 2) }
        return operation[index]
    }
    switch operation.first {
    case "write":
        try files.write(argument(2), to: SandboxPath(parsing: argument(1)))
    case "save":
        let name = argument(1)
        try library.save(text: argument(2), to: name, basedOn: library.document(named: name).version)
    case "new":
        print(try library.createDocument(kind: .note).name)
    case "copy":
        try files.copy(
            SandboxPath(parsing: argument(1)), to: SandboxPath(parsing: argument(2)),
            options: CopyOptions(isRecursive: true))
    case "delete":
        try library.delete(argument(1))
    case "restore":
        try library.restore(argument(1))
    case "empty-trash":
        try library.emptyTrash()
    default:
        fail("unknown operation \(operation.first ?? "")\n\(usage)", status: 2)
    }
    print("done")
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail(usage, status: 2) }
do {
    if arguments[2] == "stop-at" {
        guard arguments.count >= 5, let point = InterruptionPoint(rawValue: arguments[3]) else {
            fail("unknown interruption point\n\(usage)", status: 2)
        }
        let stopped = Atomic(false)
        InterruptionPoint.install { reached in
            if reached == point && !stopped.exchange(true, ordering: .relaxed) {
                raise(SIGSTOP)
            }
        }
        try run(Array(arguments.dropFirst(4)), home: arguments[1])
    } else {
        guard let count = Int(arguments[2]) else { fail(usage, status: 2) }
        let fixed = arguments.count > 3 ? Double(arguments[3]).map { Date(timeIntervalSince1970: $0) } : nil
        try createNotes(home: arguments[1], count: count, fixed: fixed)
    }
} catch {
    fail("\(error)")
}
