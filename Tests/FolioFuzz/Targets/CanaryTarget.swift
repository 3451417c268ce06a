import Foundation
import Glibc

/// Readers that fail on purpose, on the input `TRIGGER` (their third seed), so that the tests
/// of the fuzzer can check that it notices each kind of failure, keeps the input, and goes on
/// with the next case. They are never run unless named.
struct CanaryTarget: InProcessTarget {
    enum Kind: String, Sendable, CaseIterable {
        case crash, hang, memory, exit, wrong
    }

    let kind: Kind

    var name: String { "canary-" + kind.rawValue }
    var summary: String { "fails with a \(kind.rawValue) on the input TRIGGER (tests the fuzzer itself)" }
    var fileExtension: String { "txt" }
    var profile: MutationProfile { MutationProfile(tokens: []) }

    func seeds(from corpus: SeedCorpus) -> [Seed] {
        CanaryTarget.seeds
    }

    static let seeds = ["fine", "also fine", "TRIGGER"].map { Seed(name: $0, bytes: Array($0.utf8)) }

    func run(_ input: [UInt8], scratch: String) throws(Violation) -> Verdict {
        guard input == Array("TRIGGER".utf8) else { return .accepted }
        switch kind {
        case .crash:
            raise(SIGSEGV)
        case .hang:
            while true { sleep(1) }
        case .memory:
            // Touch every page, so the memory is resident, not only reserved.
            var pages = [UInt8](repeating: 1, count: 1 << 29)
            pages[pages.count - 1] = 2
            sleep(10)
            return pages.last == 2 ? .accepted : .unclear("unreachable")
        case .exit:
            Glibc.exit(3)
        case .wrong:
            throw Violation("the canary was told to be wrong")
        }
        return .accepted
    }
}
