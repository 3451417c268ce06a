import FolioCore
import Foundation

extension Row {
    /// Decodes the row as a `Decodable` type whose coding keys are column names.
    ///
    /// ```swift
    /// struct Stock: Decodable {
    ///     var symbol: String
    ///     var purchasePrice: Double
    ///     var unitsPurchased: Int
    ///     var purchaseDate: String?
    ///     enum CodingKeys: String, CodingKey {
    ///         case symbol, purchasePrice, unitsPurchased, purchaseDate = "purchase_date"
    ///     }
    /// }
    /// let stock = try row.decode(Stock.self)
    /// ```
    ///
    /// Properties are read with the strict conversions of ``DatabaseValueConvertible``; an
    /// optional property is nil for `NULL` or a missing column. A property of another
    /// `Decodable` type is decoded from its column as a single value (an enum with raw values)
    /// or, for text, as JSON. A type with a single value (`Int`, `String`) decodes a one-column row.
    /// - Throws: ``DatabaseError`` naming the column, the type and the SQL: `.typeMismatch` for a
    ///   value of the wrong type, `.outOfRange` for a missing column.
    @inlinable
    public func decode<Value: Decodable>(_ type: Value.Type = Value.self) throws(DatabaseError) -> Value {
        checkCurrent()
        statement.beginDecoding()
        do {
            return try Value(from: RowDecoder(row: self))
        } catch {
            throw statement.decodingFailure(error, type: Value.self)
        }
    }
}

extension Statement {
    /// Starts decoding a row: the keys a type asks for are looked up from the start again.
    @usableFromInline
    func beginDecoding() {
        state.pointee.decodingPosition = 0
        if !state.pointee.namesAreChecked {
            // SQLite recompiles a statement only when a run starts, so once a run is enough.
            refreshNames()
            state.pointee.namesAreChecked = true
        }
    }

    /// The ``DatabaseError`` for an error thrown while decoding a `type`, naming the SQL.
    @usableFromInline
    func decodingFailure(_ error: any Error, type: Any.Type) -> DatabaseError {
        switch error {
        case var error as DatabaseError:
            error.operation = "decode \(type)"
            return error
        case let error as ColumnDecoder.NeedsStructure:
            return failure(.typeMismatch, error.description, operation: "decode \(type)")
        case let error as DecodingError:
            return failure(.typeMismatch, CodingProblem.describe(error), operation: "decode \(type)")
        default:
            return failure(.error, "\(error)", operation: "decode \(type)")
        }
    }

    /// Forgets the decoding state of a run that ended.
    @usableFromInline
    func endDecoding() {
        state.pointee.namesAreChecked = false
        state.pointee.keyedContainer = nil
    }

    /// Column `index` of the current row as `Value`, for a decoder (which only runs on the
    /// current row, so the row's generation needs no check).
    @inline(__always)
    func decodeColumn<Value: DatabaseValueConvertible>(at index: Int) throws(DatabaseError) -> Value {
        let stored = columnValue(Int32(truncatingIfNeeded: index))
        guard let value = Value.fromDatabaseValue(stored) else {
            throw mismatch(stored, column: index, expected: Value.self, operation: "decode")
        }
        return value
    }

    /// The column for a coding key.
    @inline(__always)
    ///
    /// A type asks for its keys in the same order for every row, so the column found for the
    /// n-th key of the previous row is checked first; a dictionary lookup is the fallback.
    func decodingIndex(for name: String) -> Int? {
        let position = state.pointee.decodingPosition
        state.pointee.decodingPosition += 1
        if position < state.pointee.decodingOrder.count {
            let index = state.pointee.decodingOrder[position]
            if index >= 0 && columnNameMatches(index, name) {
                return index
            }
        }
        let found = columnIndex(named: name)
        if position < state.pointee.decodingOrder.count {
            state.pointee.decodingOrder[position] = found ?? -1
        } else if position == state.pointee.decodingOrder.count {
            state.pointee.decodingOrder.append(found ?? -1)
        }
        return found
    }
}
