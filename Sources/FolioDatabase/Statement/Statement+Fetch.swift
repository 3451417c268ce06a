extension Statement {
    /// Every row decoded as `Value`, with the values bound before.
    ///
    /// - Complexity: O(rows); the result holds every row.
    /// - Throws: ``DatabaseError`` from SQLite or from decoding (naming the column and the SQL).
    @inlinable
    public func fetchAll<Value: Decodable>(_ type: Value.Type) throws(DatabaseError) -> [Value] {
        var result: [Value] = []
        var rows = self.rows()
        while let row = try rows.next() {
            result.append(try row.decode(Value.self))
        }
        return result
    }

    /// The first row decoded as `Value`, or nil when there is none.
    @inlinable
    public func fetchOne<Value: Decodable>(_ type: Value.Type) throws(DatabaseError) -> Value? {
        var rows = self.rows()
        guard let row = try rows.next() else { return nil }
        let value = try row.decode(Value.self)
        reset()
        return value
    }

    /// The first column of every row as `Value`.
    @inlinable
    public func fetchValues<Value: DatabaseValueConvertible>(_ type: Value.Type) throws(DatabaseError) -> [Value] {
        var result: [Value] = []
        var rows = self.rows()
        while let row = try rows.next() {
            result.append(try row.value(at: 0))
        }
        return result
    }

    /// The first column of the first row as `Value`, or nil when there are no rows.
    @inlinable
    public func fetchValue<Value: DatabaseValueConvertible>(_ type: Value.Type) throws(DatabaseError) -> Value? {
        var rows = self.rows()
        guard let row = try rows.next() else { return nil }
        let value: Value = try row.value(at: 0)
        reset()
        return value
    }
}

extension Database {
    /// Every row of the query `sql` decoded as `Value`.
    ///
    /// ```swift
    /// let expensive = try db.fetchAll(Stock.self, "SELECT * FROM stocks WHERE purchasePrice > ?", 100.0)
    /// ```
    /// - Throws: ``DatabaseError`` from SQLite, for a wrong number of values, or from decoding.
    @inlinable
    public func fetchAll<Value: Decodable, each Argument: DatabaseValueConvertible>(
        _ type: Value.Type,
        _ sql: String,
        _ values: repeat each Argument
    ) throws(DatabaseError) -> [Value] {
        try query(sql, values: repeat each values).fetchAll(Value.self)
    }

    /// Every row of the query `sql`, with named or positional `arguments`, decoded as `Value`.
    @inlinable
    public func fetchAll<Value: Decodable>(
        _ type: Value.Type,
        _ sql: String,
        arguments: StatementArguments
    ) throws(DatabaseError) -> [Value] {
        try query(sql, arguments: arguments).fetchAll(Value.self)
    }

    /// The first row of the query `sql` decoded as `Value`, or nil when it returns none.
    @inlinable
    public func fetchOne<Value: Decodable, each Argument: DatabaseValueConvertible>(
        _ type: Value.Type,
        _ sql: String,
        _ values: repeat each Argument
    ) throws(DatabaseError) -> Value? {
        try query(sql, values: repeat each values).fetchOne(Value.self)
    }

    /// The first row of the query `sql`, with `arguments`, decoded as `Value`, or nil.
    @inlinable
    public func fetchOne<Value: Decodable>(
        _ type: Value.Type,
        _ sql: String,
        arguments: StatementArguments
    ) throws(DatabaseError) -> Value? {
        try query(sql, arguments: arguments).fetchOne(Value.self)
    }

    /// The first column of every row of the query `sql`.
    ///
    /// ```swift
    /// let symbols = try db.fetchValues(String.self, "SELECT symbol FROM stocks ORDER BY symbol")
    /// ```
    @inlinable
    public func fetchValues<Value: DatabaseValueConvertible, each Argument: DatabaseValueConvertible>(
        _ type: Value.Type,
        _ sql: String,
        _ values: repeat each Argument
    ) throws(DatabaseError) -> [Value] {
        try query(sql, values: repeat each values).fetchValues(Value.self)
    }

    /// The first column of the first row of the query `sql`, or nil when it returns no rows.
    ///
    /// ```swift
    /// let count = try db.fetchValue(Int.self, "SELECT count(*) FROM stocks") ?? 0
    /// ```
    @inlinable
    public func fetchValue<Value: DatabaseValueConvertible, each Argument: DatabaseValueConvertible>(
        _ type: Value.Type,
        _ sql: String,
        _ values: repeat each Argument
    ) throws(DatabaseError) -> Value? {
        try query(sql, values: repeat each values).fetchValue(Value.self)
    }

    /// The first column of the first row of the query `sql` with `arguments`, or nil.
    @inlinable
    public func fetchValue<Value: DatabaseValueConvertible>(
        _ type: Value.Type,
        _ sql: String,
        arguments: StatementArguments
    ) throws(DatabaseError) -> Value? {
        try query(sql, arguments: arguments).fetchValue(Value.self)
    }

    /// The cached statement for `sql` with `values` bound.
    @usableFromInline
    func query<each Argument: DatabaseValueConvertible>(
        _ sql: String,
        values: repeat each Argument
    ) throws(DatabaseError) -> Statement {
        let statement = try cachedStatement(sql)
        try statement.bind(repeat each values)
        return statement
    }

    @usableFromInline
    func query(_ sql: String, arguments: StatementArguments) throws(DatabaseError) -> Statement {
        let statement = try cachedStatement(sql)
        try statement.bind(arguments)
        return statement
    }
}
