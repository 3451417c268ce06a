/// The shape every Folio library error shares: what went wrong (``code``), in which operation, on
/// what, why, and the failure behind it.
///
/// Each module has one error type that conforms (`FileError`, `TableError`, `DocumentError`, …);
/// the ``description`` they print, the escaping of the parts that come from outside, and the walk
/// down the chain of causes live here once:
///
/// ```
/// rename failed for Documents/a.dudeldoc: a document named b.dudeldoc already exists (alreadyExists)
/// ```
///
/// An error that wraps another keeps it as its ``underlying`` error, so nothing is lost on the way
/// up: a `DocumentError` made from a `FileError` still has that file error, and with it the system's
/// error number (``errno``).
///
/// ```swift
/// do throws(DocumentError) {
///     try library.rename("a", to: "b")
/// } catch {
///     print(error)                       // the sentence, with the code in parentheses
///     print(error.errno ?? 0)            // the errno behind it, when a system call failed
///     for cause in error.causes { … }    // the document error, then the file error
/// }
/// ```
public protocol FolioError: Error, Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The type of ``code``: a stable identifier a program matches on.
    associatedtype Code: Hashable, Sendable, CustomStringConvertible

    /// What went wrong, as a stable identifier a program can match on (`notFound`, `malformedCSV`).
    var code: Code { get }
    /// The code as every report names it: in the ``description``'s parentheses, as the `code` of
    /// the CLI's `--json` errors and of the web API's error answers. ``code``'s name unless the
    /// type knows a more precise one (`DatabaseError` names SQLite's extended code,
    /// `constraintUnique` rather than `constraint`).
    var reportedCode: String { get }
    /// The operation that failed, e.g. `"rename"`.
    var operation: String { get }
    /// What it was applied to: a path, a name, an expression; empty when there is nothing to name.
    var subject: String { get }
    /// A sentence for people: why it failed.
    var reason: String { get }
    /// The failure of a lower layer this error was made from, when there was one.
    var underlying: (any FolioError)? { get }
    /// The C error number behind the failure, when a system call failed somewhere down the chain.
    var errno: Int32? { get }
}

extension FolioError {
    /// No lower failure, unless the type says otherwise.
    public var underlying: (any FolioError)? { nil }

    /// ``code``'s name, unless the type names a more precise code.
    public var reportedCode: String { code.description }

    /// The error number of the ``underlying`` error, unless the type keeps one itself.
    public var errno: Int32? { underlying?.errno }

    /// `operation failed for subject: reason (code)`, with every character a terminal would act on
    /// written as an escape (``UntrustedText``): the subject and the reason often quote input.
    public var description: String {
        FolioErrorMessage.sentence(
            operation: operation, subject: subject, reason: reason, code: reportedCode)
    }

    /// The ``description``, then one line per ``underlying`` error: `caused by: …`.
    public var debugDescription: String {
        causes.dropFirst().reduce(description) { text, cause in text + "\ncaused by: " + cause.description }
    }

    /// This error, then the error it was made from, and so on down to the first failure.
    ///
    /// - Complexity: O(n) in the length of the chain.
    public var causes: [any FolioError] {
        var chain: [any FolioError] = [self]
        while let next = chain[chain.count - 1].underlying {
            chain.append(next)
        }
        return chain
    }

    /// The first error of type `type` in ``causes``: this error, or one it was made from.
    ///
    /// ```swift
    /// documentError.cause(FileError.self)?.errno   // EACCES, kept from the system call
    /// ```
    public func cause<Cause: FolioError>(_ type: Cause.Type) -> Cause? {
        for error in causes {
            if let match = error as? Cause { return match }
        }
        return nil
    }

    /// The first failure: the end of the chain of ``underlying`` errors (this error when it has none).
    public var rootCause: any FolioError {
        causes[causes.count - 1]
    }
}

/// The sentence of a Folio error, for types that print more than the shared shape
/// (`DatabaseError` adds the SQL).
public enum FolioErrorMessage {
    /// `operation failed for subject: reason (code)` (without `for subject` when it is empty),
    /// escaped with ``UntrustedText``.
    public static func sentence(operation: String, subject: String, reason: String, code: String) -> String {
        let target = subject.isEmpty ? "" : " for " + subject
        return UntrustedText.escaped("\(operation) failed\(target): \(reason) (\(code))")
    }
}

extension FolioError where Self: Hashable {
    /// Two errors are equal when they say the same: the same code, sentence and error number, down
    /// the whole chain of causes.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.code == rhs.code && lhs.errno == rhs.errno && lhs.debugDescription == rhs.debugDescription
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(errno)
        hasher.combine(debugDescription)
    }
}
