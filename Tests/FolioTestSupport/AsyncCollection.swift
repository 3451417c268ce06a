/// Collects the elements of an asynchronous sequence until `done` says enough, or until `timeout`
/// passes, when `stop` is called to end the sequence (so a test that waits for an event it never
/// gets fails instead of hanging).
///
/// - Returns: the elements collected, in order.
public func collect<Elements: AsyncSequence>(
    _ sequence: Elements,
    timeout: Duration = .seconds(10),
    stop: @escaping @Sendable () -> Void,
    until done: ([Elements.Element]) -> Bool
) async throws -> [Elements.Element] {
    let timer = Task {
        try await Task.sleep(for: timeout)
        stop()
    }
    defer { timer.cancel() }
    var seen: [Elements.Element] = []
    var iterator = sequence.makeAsyncIterator()
    while let element = try await iterator.next() {
        seen.append(element)
        if done(seen) { break }
    }
    return seen
}
