import CSQLite

/// A scalar SQL function's Swift body, kept alive by SQLite for as long as it is registered.
final class ScalarFunction {
    let frame: CallFrame
    let body: (FunctionArguments) throws -> DatabaseValue

    init(name: String, body: @escaping (FunctionArguments) throws -> DatabaseValue) {
        self.frame = CallFrame(name: name)
        self.body = body
    }

    /// One call from SQL (`xFunc`).
    func call(_ context: OpaquePointer, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        do {
            let result = try frame.withArguments(count: count, values: values, body)
            result.setResult(of: context)
        } catch {
            reportFunctionError(error, in: context, name: frame.name)
        }
    }
}

/// An aggregate SQL function's Swift side: makes one state per group of rows.
final class AggregateFunction {
    let frame: CallFrame
    let makeState: () -> AggregateState

    init(name: String, makeState: @escaping () -> AggregateState) {
        self.frame = CallFrame(name: name)
        self.makeState = makeState
    }

    /// The state of the group `context` aggregates, made at its first row.
    ///
    /// SQLite gives each group a zeroed slot (`sqlite3_aggregate_context`); it holds a retained
    /// reference to the group's state until ``finish(_:)`` takes it back.
    private func slot(_ context: OpaquePointer, create: Bool) -> UnsafeMutablePointer<UnsafeMutableRawPointer?>? {
        let size = create ? Int32(MemoryLayout<UnsafeMutableRawPointer?>.size) : 0
        return sqlite3_aggregate_context(context, size)?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }

    /// One row of a group (`xStep`).
    func step(_ context: OpaquePointer, _ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) {
        guard let slot = slot(context, create: true) else {
            sqlite3_result_error_nomem(context)
            return
        }
        let state: AggregateState
        if let existing = slot.pointee {
            state = Unmanaged<AggregateState>.fromOpaque(existing).takeUnretainedValue()
        } else {
            state = makeState()
            slot.pointee = Unmanaged.passRetained(state).toOpaque()
        }
        guard !state.hasFailed else { return }
        do {
            try frame.withArguments(count: count, values: values) { try state.step($0) }
        } catch {
            state.hasFailed = true
            reportFunctionError(error, in: context, name: frame.name)
        }
    }

    /// The end of a group (`xFinal`); SQLite also calls it to clean up after a failed step.
    func finish(_ context: OpaquePointer) {
        let state: AggregateState
        if let slot = slot(context, create: false), let existing = slot.pointee {
            state = Unmanaged<AggregateState>.fromOpaque(existing).takeRetainedValue()
            slot.pointee = nil
        } else {
            // A group without rows (an aggregate over an empty table).
            state = makeState()
        }
        guard !state.hasFailed else { return }
        do {
            try state.finish().setResult(of: context)
        } catch {
            reportFunctionError(error, in: context, name: frame.name)
        }
    }
}

/// The state of one group, with its aggregate's type erased.
class AggregateState {
    /// Set when a step failed: the statement is ending with that error.
    var hasFailed = false

    func step(_ arguments: FunctionArguments) throws {}

    func finish() throws -> DatabaseValue { .null }
}

/// The state of one group for a ``DatabaseAggregate`` type.
final class TypedAggregateState<Aggregate: DatabaseAggregate>: AggregateState {
    var aggregate: Aggregate

    init(_ aggregate: Aggregate) {
        self.aggregate = aggregate
    }

    override func step(_ arguments: FunctionArguments) throws {
        try aggregate.step(arguments)
    }

    override func finish() throws -> DatabaseValue {
        try aggregate.finish().databaseValue
    }
}
