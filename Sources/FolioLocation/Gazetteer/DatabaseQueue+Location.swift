import FolioDatabase

extension DatabaseQueue {
    /// ``DatabaseQueue/read(_:)`` reporting failures as ``LocationError`` (`.storageFailed`
    /// naming `operation` and `subject`; a ``LocationError`` thrown by `body` passes through).
    func locationRead<Value>(_ operation: String, subject: String, _ body: (Database) throws -> Value)
        throws(LocationError) -> Value
    {
        do {
            return try read(body)
        } catch {
            throw LocationError.storage(error, operation: operation, subject: subject)
        }
    }

    /// ``DatabaseQueue/write(_:)`` reporting failures as ``LocationError``.
    @discardableResult
    func locationWrite<Value>(_ operation: String, subject: String, _ body: (Database) throws -> Value)
        throws(LocationError) -> Value
    {
        do {
            return try write(body)
        } catch {
            throw LocationError.storage(error, operation: operation, subject: subject)
        }
    }
}

extension LocationError {
    /// `error` as it is, if it is a ``LocationError``; otherwise a `.storageFailed` error.
    static func storage(_ error: any Error, operation: String, subject: String) -> LocationError {
        if let error = error as? LocationError { return error }
        return LocationError(.storageFailed, operation: operation, subject: subject, reason: "\(error)")
    }
}
