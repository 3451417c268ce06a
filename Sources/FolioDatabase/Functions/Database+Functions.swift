import CSQLite

/// An aggregate SQL function written in Swift: one value per group of rows, like `sum()`.
///
/// SQLite makes a fresh aggregate for each group, calls ``step(_:)`` for each row, then
/// ``finish()`` for the result:
///
/// ```swift
/// struct Product: DatabaseAggregate {
///     var product = 1.0
///     mutating func step(_ arguments: FunctionArguments) throws {
///         product *= try arguments.value(at: 0) as Double
///     }
///     func finish() -> Double { product }
/// }
/// try db.createAggregate("product", argumentCount: 1) { Product() }
/// ```
public protocol DatabaseAggregate {
    /// The type of the function's result.
    associatedtype Result: DatabaseValueConvertible
    /// Takes one row's arguments. An error thrown here ends the statement with that error.
    mutating func step(_ arguments: FunctionArguments) throws
    /// The result for the group. An error thrown here ends the statement with that error.
    func finish() throws -> Result
}

extension Database {
    /// Registers an SQL function written in Swift, for this connection.
    ///
    /// The seed's example in Swift: a function that SQL calls as `value(price, units)`:
    ///
    /// ```swift
    /// try db.createFunction("value", argumentCount: 2, isDeterministic: true) { arguments in
    ///     try arguments.value(at: 0) as Double * Double(try arguments.value(at: 1) as Int)
    /// }
    /// let total = try db.fetchValue(Double.self, "SELECT sum(value(purchasePrice, unitsPurchased)) FROM stocks")
    /// ```
    ///
    /// An error thrown by `body` becomes the SQL error of the statement that called the function
    /// (with a ``DatabaseError``'s code and message); nothing crashes. Registering the same name
    /// and argument count again replaces the function.
    /// - Parameters:
    ///   - name: the function's SQL name.
    ///   - argumentCount: how many arguments it takes; nil for any number.
    ///   - isDeterministic: whether the same arguments always give the same result, which lets
    ///     SQLite use it in indexes and evaluate it once per statement.
    ///   - body: computes the result from the arguments.
    /// - Throws: ``DatabaseError`` when SQLite refuses the registration (a bad name or count).
    public func createFunction<Result: DatabaseValueConvertible>(
        _ name: String,
        argumentCount: Int? = nil,
        isDeterministic: Bool = false,
        _ body: @escaping (FunctionArguments) throws -> Result
    ) throws(DatabaseError) {
        let function = ScalarFunction(name: name) { try body($0).databaseValue }
        try register(
            name, argumentCount: argumentCount, isDeterministic: isDeterministic, box: function,
            scalar: { context, count, values in
                guard let context, let box = sqlite3_user_data(context) else { return }
                Unmanaged<ScalarFunction>.fromOpaque(box).takeUnretainedValue().call(context, count, values)
            }, step: nil, final: nil)
    }

    /// Registers an aggregate SQL function written in Swift, for this connection.
    ///
    /// - Parameters:
    ///   - name: the function's SQL name.
    ///   - argumentCount: how many arguments it takes; nil for any number.
    ///   - isDeterministic: whether the same rows always give the same result.
    ///   - makeAggregate: makes the empty aggregate for a group.
    /// - Throws: ``DatabaseError`` when SQLite refuses the registration.
    public func createAggregate<Aggregate: DatabaseAggregate>(
        _ name: String,
        argumentCount: Int? = nil,
        isDeterministic: Bool = false,
        _ makeAggregate: @escaping () -> Aggregate
    ) throws(DatabaseError) {
        let function = AggregateFunction(name: name) { TypedAggregateState(makeAggregate()) }
        try register(
            name, argumentCount: argumentCount, isDeterministic: isDeterministic, box: function, scalar: nil,
            step: { context, count, values in
                guard let context, let box = sqlite3_user_data(context) else { return }
                Unmanaged<AggregateFunction>.fromOpaque(box).takeUnretainedValue().step(context, count, values)
            },
            final: { context in
                guard let context, let box = sqlite3_user_data(context) else { return }
                Unmanaged<AggregateFunction>.fromOpaque(box).takeUnretainedValue().finish(context)
            })
    }

    /// Removes a function registered with ``createFunction(_:argumentCount:isDeterministic:_:)``
    /// or ``createAggregate(_:argumentCount:isDeterministic:_:)``.
    ///
    /// - Throws: ``DatabaseError`` when SQLite refuses.
    public func removeFunction(_ name: String, argumentCount: Int? = nil) throws(DatabaseError) {
        let pointer = try connection.open("remove function")
        let result = sqlite3_create_function_v2(
            pointer, name, Int32(argumentCount ?? -1), SQLITE_UTF8, nil, nil, nil, nil, nil)
        if result != SQLITE_OK {
            var error = connection.error(result, operation: "remove function")
            error.subject = name
            throw error
        }
    }

    private func register<Box: AnyObject>(
        _ name: String,
        argumentCount: Int?,
        isDeterministic: Bool,
        box: Box,
        scalar: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)?,
        step: (@convention(c) (OpaquePointer?, Int32, UnsafeMutablePointer<OpaquePointer?>?) -> Void)?,
        final: (@convention(c) (OpaquePointer?) -> Void)?
    ) throws(DatabaseError) {
        let pointer = try connection.open("create function")
        if let argumentCount, argumentCount < 0 || argumentCount > 127 {
            throw DatabaseError(
                .misuse, message: "a function takes 0 to 127 arguments, not \(argumentCount)",
                operation: "create function", subject: name)
        }
        var flags = SQLITE_UTF8
        if isDeterministic {
            flags |= SQLITE_DETERMINISTIC
        }
        let context = Unmanaged.passRetained(box).toOpaque()
        // SQLite releases the box through the destructor when the function is replaced or removed,
        // when the connection closes, and also when this registration fails.
        let result = sqlite3_create_function_v2(
            pointer, name, Int32(argumentCount ?? -1), flags, context, scalar, step, final,
            { box in
                if let box {
                    Unmanaged<AnyObject>.fromOpaque(box).release()
                }
            })
        if result != SQLITE_OK {
            var error = connection.error(result, operation: "create function")
            error.subject = name
            throw error
        }
    }
}

/// Reports a Swift error as the SQL error of the function call in `context`.
func reportFunctionError(_ error: any Error, in context: OpaquePointer, name: String) {
    let message: String
    let code: Int32
    if let error = error as? DatabaseError {
        message = error.message
        code = error.extendedCode.rawValue
    } else {
        message = "\(name)(): \(error)"
        code = SQLITE_ERROR
    }
    sqlite3_result_error(context, message, -1)
    sqlite3_result_error_code(context, code)
}
