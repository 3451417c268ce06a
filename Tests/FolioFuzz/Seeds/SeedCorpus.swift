import FolioResources
import Foundation

/// Where seeds come from: Folio's own samples (its bundle), the shared corpora of real data from
/// other projects (`../shared/corpora`, read in place), and the regression seeds kept in
/// `Tests/FolioFuzz/Regressions/<reader>/` (inputs that once broke a reader).
struct SeedCorpus: Sendable {
    /// The package's root directory.
    let packageRoot: String
    /// The shared corpora, or nil when they are not there.
    let corpora: String?
    /// Folio's bundle (`Folio.app`).
    let bundle: String

    init(packageRoot: String) {
        self.packageRoot = packageRoot
        let environment = ProcessInfo.processInfo.environment["FOLIO_CORPORA"].flatMap { $0.isEmpty ? nil : $0 }
        let candidate =
            environment
            ?? URL(fileURLWithPath: packageRoot).deletingLastPathComponent()
            .appendingPathComponent("shared/corpora").path
        var isDirectory: ObjCBool = false
        corpora =
            FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory) && isDirectory.boolValue
            ? candidate : nil
        bundle = FolioResources.bundleDirectory
    }

    /// The package root of the running executable: the nearest directory above it that holds a
    /// `Package.swift` (the executable is in `<root>/.build/<triple>/<configuration>/`).
    static func findPackageRoot() -> String {
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        var directory = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path),
                FileManager.default.fileExists(atPath: directory.appendingPathComponent("Tests/FolioFuzz").path)
            {
                return directory.path
            }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath
    }

    /// A file of the bundle (`Samples/simpsons.csv`), whole, or nothing when it is missing.
    func bundleFile(_ relative: String, limit: Int = .max) -> [Seed] {
        load(bundle + "/" + relative, name: "Folio.app/" + relative, limit: limit).map { [$0] } ?? []
    }

    /// The files of a corpora folder whose names end with one of `suffixes`, sorted by name, at
    /// most `count` of them (spread over the folder), each cut to `limit` bytes.
    func corpusFiles(_ folder: String, suffixes: [String], count: Int = .max, limit: Int = .max) -> [Seed] {
        guard let corpora else { return [] }
        let directory = corpora + "/" + folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { name in suffixes.contains { name.hasSuffix($0) } }
            .sorted()
        let step = max(1, names.count / max(1, count))
        return stride(from: 0, to: names.count, by: step).prefix(count).compactMap { index in
            load(directory + "/" + names[index], name: folder + "/" + names[index], limit: limit)
        }
    }

    /// The regression seeds of `reader`, sorted by name.
    func regressions(for reader: String) -> [Seed] {
        let directory = packageRoot + "/Tests/FolioFuzz/Regressions/" + reader
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
        return names.compactMap { load(directory + "/" + $0, name: "Regressions/\(reader)/\($0)", limit: .max) }
    }

    private func load(_ path: String, name: String, limit: Int) -> Seed? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return Seed(name: name, bytes: Array(data.prefix(limit)))
    }
}
