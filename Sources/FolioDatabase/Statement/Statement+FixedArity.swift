// Fixed-arity forms of `Statement.execute(_:)`, for the hot loop of a bulk insert.
//
// Swift passes the values of a parameter pack indirectly and copies each through its value
// witnesses, which costs about as much as binding it. For one to four values Swift picks these
// overloads over the pack, and they specialize completely. They behave exactly like the pack form.

extension Statement {
    /// Binds one value and runs the statement; see ``execute(_:)``.
    @inlinable
    public func execute<A: DatabaseValueConvertible>(_ a: A) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        try bindNext(a, index: &index)
        try finishExecute(bound: index)
    }

    /// Binds two values and runs the statement; see ``execute(_:)``.
    @inlinable
    public func execute<A: DatabaseValueConvertible, B: DatabaseValueConvertible>(
        _ a: A,
        _ b: B
    ) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        try bindNext(a, index: &index)
        try bindNext(b, index: &index)
        try finishExecute(bound: index)
    }

    /// Binds three values and runs the statement; see ``execute(_:)``.
    @inlinable
    public func execute<A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible>(
        _ a: A,
        _ b: B,
        _ c: C
    ) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        try bindNext(a, index: &index)
        try bindNext(b, index: &index)
        try bindNext(c, index: &index)
        try finishExecute(bound: index)
    }

    /// Binds four values and runs the statement; see ``execute(_:)``.
    @inlinable
    public func execute<
        A: DatabaseValueConvertible, B: DatabaseValueConvertible, C: DatabaseValueConvertible,
        D: DatabaseValueConvertible
    >(
        _ a: A,
        _ b: B,
        _ c: C,
        _ d: D
    ) throws(DatabaseError) {
        prepareForBinding()
        var index: Int32 = 0
        try bindNext(a, index: &index)
        try bindNext(b, index: &index)
        try bindNext(c, index: &index)
        try bindNext(d, index: &index)
        try finishExecute(bound: index)
    }

    /// Checks the number of values bound (none keeps the earlier bindings) and runs.
    @inlinable
    @inline(__always)
    func finishExecute(bound count: Int32) throws(DatabaseError) {
        if count > 0 {
            try checkBoundCount(count)
        }
        try run()
    }
}
