import Foundation
import Glibc

// folio-fuzz: mutation fuzzing of every reader of user files (see FuzzOptions.usage).

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

let options: FuzzOptions
do {
    options = try FuzzOptions(
        Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
} catch {
    fail(error.description, status: 2)
}
let corpus = SeedCorpus(packageRoot: SeedCorpus.findPackageRoot())
let executable =
    (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
let folio = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("folio").path

if options.list {
    for target in Targets.all + Targets.canaries {
        print(target.name.padding(toLength: 14, withPad: " ", startingAt: 0) + " " + target.summary)
    }
    exit(0)
}

var chosen: [any FuzzTarget] = []
for name in options.readers {
    guard let target = Targets.named(name) else {
        fail("unknown reader '\(name)'; folio-fuzz --list names them", status: 2)
    }
    chosen.append(target)
}
if chosen.isEmpty {
    chosen = Targets.all
}

if let name = options.worker {
    guard let target = Targets.named(name) as? any InProcessTarget else {
        fail("'\(name)' is not an in-process reader", status: 2)
    }
    let worker = Worker(
        target: target, seed: options.seed, firstCase: options.firstCase, lastCase: options.lastCase,
        deadline: ContinuousClock.now + .milliseconds(options.workerMilliseconds), directory: options.workerDirectory,
        addressSpace: max(4 << 30, options.memory * 4), recycleMemory: options.memory / 2)
    exit(worker.run(corpus: corpus))
}

if let path = options.minimize {
    guard chosen.count == 1, let target = chosen.first else {
        fail("--minimize needs one --reader", status: 2)
    }
    exit(Minimizer(target: target, options: options, executable: executable).run(path))
}

if options.replay != nil || options.makeCase != nil {
    guard chosen.count == 1, let target = chosen.first else {
        fail("--replay and --case need one --reader", status: 2)
    }
    exit(SingleCase(target: target, options: options, corpus: corpus, folio: folio).run())
}

guard FileManager.default.isExecutableFile(atPath: folio) else {
    fail("folio-fuzz needs the folio executable beside it (\(folio)): swift build first", status: 1)
}
exit(Driver(options: options, targets: chosen, corpus: corpus, executable: executable, folio: folio).run())
