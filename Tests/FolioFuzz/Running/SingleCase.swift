import Foundation

/// One case on its own: a saved input replayed (`--replay FILE`), or case N of a seed made again
/// (`--case N`, saved with `--save FILE` or replayed at once).
///
/// An in-process reader reads the input in this very process, so a crash shows its backtrace
/// here; a shell reader gets its Home or server in a temporary directory.
struct SingleCase {
    let target: any FuzzTarget
    let options: FuzzOptions
    let corpus: SeedCorpus
    let folio: String

    func run() -> Int32 {
        let bytes: [UInt8]
        if let replay = options.replay {
            guard let data = FileManager.default.contents(atPath: replay) else {
                print("folio-fuzz: cannot read \(replay)")
                return 2
            }
            bytes = Array(data)
        } else {
            let index = options.makeCase ?? 0
            let mutator = Mutator(seeds: Worker.seeds(of: target, corpus: corpus), profile: target.profile)
            var random = FuzzRandom(seed: options.seed, reader: target.name, case: index)
            let input = mutator.input(case: index, random: &random)
            print(
                "case \(index) of seed \(options.seed) for \(target.name): \(input.bytes.count) bytes, \(input.origin)")
            bytes = input.bytes
            if let save = options.save {
                guard Worker.save(bytes, to: save) else {
                    print("folio-fuzz: cannot write \(save)")
                    return 1
                }
                print("saved as \(save)")
                return 0
            }
        }
        let directory = NSTemporaryDirectory() + "folio-fuzz-case-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            print("folio-fuzz: cannot make \(directory): \(error)")
            return 1
        }
        if let target = target as? any InProcessTarget {
            do {
                print("\(target.name): \(try target.run(bytes, scratch: directory))")
                return 0
            } catch {
                print("\(target.name): WRONG: \(error)")
                return 1
            }
        }
        guard let target = target as? any ShellTarget else { return 2 }
        do {
            let session = try target.start(in: directory, folio: folio)
            defer { session.stop() }
            let outcome = session.run(bytes, limits: Limits(timeout: options.shellTimeout, memory: options.memory))
            print("\(target.name): \(outcome)")
            if case .failed = outcome { return 1 }
            return 0
        } catch {
            print("folio-fuzz: cannot start \(target.name): \(error)")
            return 1
        }
    }
}
