import CSQLite
import Foundation

/// The arguments of one call of an SQL function written in Swift.
///
/// Valid only during the call it was passed to: reading it afterwards stops the program, since
/// SQLite has reclaimed the values by then.
public struct FunctionArguments {
    @usableFromInline let frame: CallFrame
    @usableFromInline let generation: UInt

    init(frame: CallFrame) {
        self.frame = frame
        self.generation = frame.generation
    }

    /// The number of arguments.
    public var count: Int {
        check()
        return Int(frame.count)
    }

    /// Argument `index` as SQLite passed it.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public subscript(index: Int) -> DatabaseValue {
        check()
        precondition(index >= 0 && index < count, "argument index \(index) out of range 0..<\(count)")
        return frame.value(at: index)
    }

    /// Argument `index` as `Value`.
    ///
    /// - Throws: ``DatabaseError`` `.typeMismatch` naming the argument when it cannot be a
    ///   `Value`, `.outOfRange` when there is no such argument. Thrown from the function, it
    ///   becomes the SQL error of the statement that called it.
    public func value<Value: DatabaseValueConvertible>(
        at index: Int,
        as type: Value.Type = Value.self
    ) throws(DatabaseError) -> Value {
        guard index >= 0 && index < count else {
            throw DatabaseError(
                .outOfRange, message: "\(frame.name)() has no argument \(index + 1); it was given \(count)",
                operation: "call \(frame.name)")
        }
        let stored = self[index]
        guard let value = Value.fromDatabaseValue(stored) else {
            throw DatabaseError(
                .typeMismatch,
                message:
                    "argument \(index + 1) of \(frame.name)() is \(stored.storageClass) \(stored), not a \(Value.self)",
                operation: "call \(frame.name)")
        }
        return value
    }

    /// Every argument.
    public var values: [DatabaseValue] {
        (0..<count).map { self[$0] }
    }

    private func check() {
        precondition(
            frame.generation == generation, "FunctionArguments were read after the function call they belong to")
    }
}

/// The arguments of the call in progress of one registered function, set by the C callback for
/// the length of the call and restored after it (calls can nest when a function runs SQL).
@usableFromInline
final class CallFrame {
    let name: String
    var count: Int32 = 0
    var values: UnsafeMutablePointer<OpaquePointer?>?
    @usableFromInline var generation: UInt = 0
    /// The last generation handed out; only ever grows, so a finished call's arguments never
    /// match again.
    private var lastGeneration: UInt = 0

    init(name: String) {
        self.name = name
    }

    /// Runs `body` with the frame set to a call's arguments.
    func withArguments<Result>(
        count: Int32,
        values: UnsafeMutablePointer<OpaquePointer?>?,
        _ body: (FunctionArguments) throws -> Result
    ) rethrows -> Result {
        let saved = (self.count, self.values, generation)
        self.count = count
        self.values = values
        lastGeneration &+= 1
        generation = lastGeneration
        defer {
            (self.count, self.values, generation) = saved
        }
        return try body(FunctionArguments(frame: self))
    }

    func value(at index: Int) -> DatabaseValue {
        guard let values, let value = values[index] else { return .null }
        return DatabaseValue(sqliteValue: value)
    }
}
