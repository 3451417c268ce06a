/// A GPX file replayed as a ``LocationSource``: every track point of every track, in order.
///
/// A replay needs times: a track point without one, a point that cannot be read (out of range)
/// or XML that is not well-formed ends the replay with a failure naming the line. Waypoints and
/// routes are not movements and are passed over. A point without an accuracy is given that of a
/// fix that reports none (40 m). The file is streamed, so its size does not matter.
public struct GPXFile: LocationSource {
    /// The file's bytes.
    public let input: DataInput

    /// A GPX file read from `input`.
    public init(_ input: DataInput) {
        self.input = input
    }

    public var name: String { input.name }

    public func events() -> AsyncStream<LocationSourceEvent> {
        let replay = Replay(input: input)
        return AsyncStream(unfolding: { replay.next() })
    }

    private final class Replay: @unchecked Sendable {
        // Safety: only `AsyncStream(unfolding:)` calls `next()`, one call at a time.
        private let input: DataInput
        private var reader: GPXReader?
        private var isInTrack = false
        private var isFinished = false

        init(input: DataInput) {
            self.input = input
        }

        func next() -> LocationSourceEvent? {
            guard !isFinished else { return nil }
            do throws(LocationError) {
                if self.reader == nil {
                    self.reader = try GPXReader(input)
                }
                guard let reader else { return nil }
                while let item = try reader.next() {
                    switch item {
                    case .track: isInTrack = true
                    case .route: isInTrack = false
                    case .point(let point) where isInTrack:
                        guard let location = point.location(assumingAccuracy: NMEAFixAssembler.accuracyWithoutDilution)
                        else {
                            throw LocationError(
                                .missingTime, operation: "replay GPX", subject: "\(input.name), line \(reader.line)",
                                reason: "the track point at \(point.coordinate) has no <time>; a replay needs times")
                        }
                        return .reading(location)
                    default: continue
                    }
                }
            } catch {
                isFinished = true
                return .failure(error)
            }
            isFinished = true
            return nil
        }
    }
}
