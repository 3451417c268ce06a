import FolioXML

extension TableError {
    /// The table error for an error of the XML layer: `.malformedXML` for a document,
    /// `.invalidXPath` for an expression that is wrong or nests too deeply, `.limitExceeded` for
    /// one that needs more work or memory than allowed.
    init(_ error: XMLError, operation: String) {
        let code: Code
        switch error.code {
        case .malformed: code = .malformedXML
        case .invalidXPath: code = .invalidXPath
        case .limitExceeded: code = .limitExceeded
        default: code = .readFailed
        }
        let isExpression = error.code == .invalidXPath || error.code == .limitExceeded
        self.init(
            code, operation: operation, subject: isExpression ? Self.quoted(error.subject) : error.subject,
            reason: error.reason, underlying: error)
    }

    /// An expression as the subject of a message: control characters escaped, and cut after 80
    /// characters (an expression can be as long as a file).
    static func quoted(_ expression: String) -> String {
        var text = ""
        var count = 0
        for scalar in expression.unicodeScalars {
            if count == 80 {
                text += "…"
                break
            }
            if scalar.properties.generalCategory == .control {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
            count += 1
        }
        return text
    }
}
