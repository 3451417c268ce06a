import CSQLite
import Foundation

extension Statement {
    /// Binds one value per parameter, in order.
    ///
    /// The values replace every earlier binding; their number must match ``parameterCount``.
    /// ```swift
    /// try insert.bind("ALU", 14.23, 100, "03-17-2007")
    /// ```
    /// - Throws: ``DatabaseError`` `.outOfRange` when the number of values is wrong (nothing is
    ///   bound then), or SQLite's error (`.tooBig` for an oversized string or BLOB).
    @inlinable
    public func bind<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        repeat try bindNext(each values, index: &index)
        try checkBoundCount(index)
    }

    /// Binds `value` to the parameter after `index`, and advances `index`; past the last
    /// parameter it only counts, for ``checkBoundCount(_:)`` to report.
    @inlinable
    @inline(__always)
    func bindNext<Value: DatabaseValueConvertible>(_ value: Value, index: inout Int32) throws(DatabaseError) {
        index += 1
        if index <= parameterCount {
            try bindValue(value.databaseValue, at: index)
        }
    }

    /// Refuses a number of values that differs from the number of parameters, leaving every
    /// parameter `NULL` rather than half bound.
    @inlinable
    @inline(__always)
    func checkBoundCount(_ count: Int32) throws(DatabaseError) {
        if count != parameterCount {
            sqlite3_clear_bindings(pointer)
            throw parameterCountMismatch(Int(count))
        }
    }

    /// Binds positional and named values.
    ///
    /// Positional values fill the parameters in order; a named value fills the parameter of that
    /// name, written with or without its prefix (`"price"` fills `:price`, `@price` or `$price`).
    /// Every parameter must get exactly one value.
    /// - Throws: ``DatabaseError`` `.outOfRange` for a wrong number of values or an unknown name.
    public func bind(_ arguments: StatementArguments) throws(DatabaseError) {
        var remaining = arguments.positional[...]
        var usedNames: Set<String> = []
        try bind(arguments, positional: &remaining, usedNames: &usedNames)
        if !remaining.isEmpty {
            throw parameterCountMismatch(arguments.positional.count)
        }
        if let unused = arguments.named.keys.sorted().first(where: { !usedNames.contains($0) }) {
            throw failure(.outOfRange, "there is no parameter named \(unused)", operation: "bind")
        }
    }

    /// Binds `value` to the parameter at `index` (1-based), leaving the others as they are.
    ///
    /// - Throws: ``DatabaseError`` `.outOfRange` when there is no such parameter.
    @inlinable
    public func bind<Value: DatabaseValueConvertible>(_ value: Value, at index: Int) throws(DatabaseError) {
        guard index >= 1 && index <= parameterCount else {
            throw failure(
                .outOfRange, "there is no parameter \(index); the statement has \(parameterCount)", operation: "bind")
        }
        prepareForBinding()
        try bindValue(value.databaseValue, at: Int32(index))
    }

    /// Binds `value` to the parameter called `name` (with or without its `:`, `@` or `$`).
    ///
    /// - Throws: ``DatabaseError`` `.outOfRange` when there is no such parameter.
    public func bind<Value: DatabaseValueConvertible>(_ value: Value, named name: String) throws(DatabaseError) {
        guard let index = parameterIndex(named: name) else {
            throw failure(.outOfRange, "there is no parameter named \(name)", operation: "bind")
        }
        prepareForBinding()
        try bindValue(value.databaseValue, at: index)
    }

    /// Sets every parameter back to `NULL`. The corresponding C function is `sqlite3_clear_bindings`.
    public func clearBindings() {
        prepareForBinding()
        sqlite3_clear_bindings(pointer)
    }

    /// Makes the statement ready to run again from the start, keeping its bindings.
    ///
    /// Every method that runs a statement resets it when it finishes, fails or stops early; call
    /// this only to abandon a ``RowCursor`` half way. The corresponding C function is `sqlite3_reset`.
    @inlinable
    public func reset() {
        // sqlite3_reset returns the error of the last step, which was reported when it happened.
        sqlite3_reset(pointer)
        state.pointee.isStarted = false
        state.pointee.generation &+= 1
        state.pointee.executionCount &+= 1
        if state.pointee.namesAreChecked {
            endDecoding()
        }
    }

    /// Binds what `arguments` has for this statement, taking positional values from `positional`
    /// (a script's statements share the positional values in order) and recording the names used.
    func bind(
        _ arguments: StatementArguments,
        positional: inout ArraySlice<DatabaseValue>,
        usedNames: inout Set<String>
    ) throws(DatabaseError) {
        prepareForBinding()
        sqlite3_clear_bindings(pointer)
        for index in stride(from: 1, through: parameterCount, by: 1) {
            if let name = parameterName(at: index), let (key, value) = arguments.entry(named: name) {
                usedNames.insert(key)
                try bindValue(value, at: Int32(index))
            } else if let value = positional.popFirst() {
                try bindValue(value, at: Int32(index))
            } else {
                let label = parameterName(at: index) ?? "?\(index)"
                throw failure(
                    .outOfRange,
                    "parameter \(label) has no value; the statement has \(parameterCount) parameter"
                        + "\(parameterCount == 1 ? "" : "s")",
                    operation: "bind")
            }
        }
    }

    /// The index of the parameter called `name`, trying each prefix when `name` has none.
    func parameterIndex(named name: String) -> Int32? {
        if let first = name.first, ":@$".contains(first) {
            let index = sqlite3_bind_parameter_index(pointer, name)
            return index > 0 ? index : nil
        }
        for prefix in [":", "@", "$"] {
            let index = sqlite3_bind_parameter_index(pointer, prefix + name)
            if index > 0 {
                return index
            }
        }
        return nil
    }

    /// Resets a statement that has run, since SQLite refuses to bind a running statement.
    @inlinable
    func prepareForBinding() {
        if isStarted {
            reset()
        }
    }

    @usableFromInline
    func parameterCountMismatch(_ count: Int) -> DatabaseError {
        failure(
            .outOfRange,
            "\(count) value\(count == 1 ? " was" : "s were") given for \(parameterCount) parameter"
                + "\(parameterCount == 1 ? "" : "s")",
            operation: "bind")
    }

    /// Binds one value. The corresponding C functions are `sqlite3_bind_*`.
    @inlinable
    @inline(__always)
    func bindValue(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(pointer, index)
        case .integer(let integer):
            result = sqlite3_bind_int64(pointer, index, integer)
        case .real(let real):
            result = sqlite3_bind_double(pointer, index, real)
        case .text(var text):
            result = text.withUTF8 { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_text(pointer, index, "", 0, folio_sqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text64(
                        pointer, index, $0, sqlite3_uint64(bytes.count), folio_sqlite_transient(), UInt8(SQLITE_UTF8))
                }
            }
        case .blob(let data):
            result = data.withUnsafeBytes { bytes in
                guard let base = bytes.baseAddress, !bytes.isEmpty else {
                    return sqlite3_bind_zeroblob(pointer, index, 0)
                }
                return sqlite3_bind_blob64(pointer, index, base, sqlite3_uint64(bytes.count), folio_sqlite_transient())
            }
        }
        if result != SQLITE_OK {
            throw error(result, operation: "bind parameter \(index)")
        }
    }
}
