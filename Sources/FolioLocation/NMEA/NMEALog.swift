import Foundation

/// A recorded NMEA 0183 log replayed as a ``LocationSource``: the sentences of each epoch become
/// one reading (see ``NMEAFixAssembler`` for the rules, which follow gpsd's), as fast as they can
/// be read.
///
/// A line that is not a sentence, fails its checksum or cannot be read is reported as a failure
/// naming the line, and the replay goes on; so is an epoch without a fix. Sentences that give no
/// position or time (GSV, VTG, AIS, a manufacturer's `$P…`) and `#` comment lines, as gpsd's
/// logs have, are skipped: each is reported as ``LocationSourceEvent/skipped(_:)``, not as a
/// failure. Blank lines are passed over.
///
/// ```swift
/// let log = NMEALog(.file(try SandboxPath(parsing: "Documents/drive.nmea"), in: Files(container)))
/// let manager = LocationManager(source: log)
/// ```
public struct NMEALog: LocationSource {
    /// The log's bytes.
    public let input: DataInput
    /// The date of fixes before the first RMC or ZDA sentence gives one (GGA, GLL and GNS have
    /// none); nil to report such fixes as `.missingTime` failures.
    public var referenceDate: LocationTime?

    /// A log read from `input`.
    public init(_ input: DataInput, referenceDate: LocationTime? = nil) {
        self.input = input
        self.referenceDate = referenceDate
    }

    public var name: String { input.name }

    public func events() -> AsyncStream<LocationSourceEvent> {
        let replay = Replay(
            input: input, referenceDay: referenceDate?.dayAndTimeOfDay.day)
        return AsyncStream(unfolding: { replay.next() })
    }

    /// Every event of the log, read synchronously (for importing a log or tests).
    ///
    /// - Complexity: O(n) in the size of the log; memory is bounded by one line.
    public func allEvents() -> [LocationSourceEvent] {
        let replay = Replay(
            input: input, referenceDay: referenceDate?.dayAndTimeOfDay.day)
        var events: [LocationSourceEvent] = []
        while let event = replay.next() { events.append(event) }
        return events
    }

    /// The replay's position in the log.
    private final class Replay: @unchecked Sendable {
        // Safety: only `AsyncStream(unfolding:)` calls `next()`, one call at a time.
        private let input: DataInput
        private var lines: LineReader?
        private var assembler: NMEAFixAssembler
        private var pending: [LocationSourceEvent] = []
        private var isFinished = false

        init(input: DataInput, referenceDay: Int64?) {
            self.input = input
            self.assembler = NMEAFixAssembler(referenceDay: referenceDay)
        }

        func next() -> LocationSourceEvent? {
            while pending.isEmpty && !isFinished {
                step()
            }
            return pending.isEmpty ? nil : pending.removeFirst()
        }

        private func step() {
            do {
                if lines == nil {
                    lines = LineReader(try input.open())
                }
                guard let reader = lines, let line = try reader.next() else {
                    isFinished = true
                    if let last = assembler.finish() { pending.append(last) }
                    return
                }
                let subject = "\(input.name), line \(reader.lineNumber)"
                let content = line.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
                guard let first = content.first else { return }
                if first == 0x23 {
                    pending.append(.skipped(SkippedInput(kind: "comment", subject: subject)))
                    return
                }
                do {
                    let sentence = try NMEASentence(parsing: String(decoding: content, as: UTF8.self))
                    switch sentence {
                    case .other(let talker, let type):
                        pending.append(.skipped(SkippedInput(kind: talker + type, subject: subject)))
                    case .proprietary(let address):
                        pending.append(.skipped(SkippedInput(kind: address, subject: subject)))
                    default:
                        pending += assembler.add(sentence, subject: subject)
                    }
                } catch {
                    var located = error
                    located.operation = "read NMEA log"
                    located.subject = subject
                    located.reason = "\(error.reason): \(LocationError.quoted(error.subject, limit: 60))"
                    pending.append(.failure(located))
                }
            } catch {
                isFinished = true
                pending.append(.failure(error))
            }
        }
    }
}
