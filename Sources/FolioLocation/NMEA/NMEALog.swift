import Foundation

/// A recorded NMEA 0183 log replayed as a ``LocationSource``: the GGA and RMC sentences of each
/// epoch become one reading, as fast as they can be read.
///
/// A sentence that fails its checksum or cannot be read is reported as a failure naming the line,
/// and the replay goes on; so is an epoch without a fix. Other sentence types are skipped.
///
/// ```swift
/// let log = NMEALog(.file(try SandboxPath(parsing: "Documents/drive.nmea"), in: Files(container)))
/// let manager = LocationManager(source: log)
/// ```
public struct NMEALog: LocationSource {
    /// The log's bytes.
    public let input: DataInput
    /// The date of fixes before the first RMC sentence gives one (GGA has no date); nil to
    /// report such fixes as `.missingTime` failures.
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
                    if let last = assembler.finish(subject: "\(input.name), end") { pending.append(last) }
                    return
                }
                let subject = "\(input.name), line \(reader.lineNumber)"
                guard !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) else { return }
                do {
                    let sentence = try NMEASentence(parsing: String(decoding: line, as: UTF8.self))
                    pending += assembler.add(sentence, subject: subject)
                } catch {
                    var located = error
                    located.subject = subject
                    located.reason = "\(error.reason): \(String(decoding: line.prefix(120), as: UTF8.self))"
                    pending.append(.failure(located))
                }
            } catch {
                isFinished = true
                pending.append(.failure(error))
            }
        }
    }
}
