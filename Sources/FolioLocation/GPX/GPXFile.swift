/// A GPX file replayed as a ``LocationSource``: every track point of every track, in order.
///
/// A point that cannot be read (out of range, no time) or XML that is not well-formed ends the
/// replay with a failure naming the line. The file is streamed, so its size does not matter.
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
                    if case .point(let location) = item { return .reading(location) }
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
