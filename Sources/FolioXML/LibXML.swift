import CLibXML2
import FolioCore

/// What every entry point into libxml2 does first: initialise the library once, and keep it from
/// printing errors on standard error on this thread (Folio reports them itself).
enum LibXML {
    private static let initialized: Bool = {
        xmlInitParser()
        return true
    }()

    /// Prepares the calling thread for a libxml2 call.
    static func prepare() {
        _ = initialized
        folio_xml_silence_generic_errors()
        xmlSetStructuredErrorFunc(nil, nil)
    }

    /// A Swift string of libxml2's UTF-8 text, or nil.
    static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        return String(cString: text)
    }

    /// A Swift string of libxml2's UTF-8 text that the caller owns, freeing it.
    static func takeString(_ text: UnsafeMutablePointer<xmlChar>?) -> String? {
        guard let text else { return nil }
        defer { folio_xml_free(text) }
        return String(cString: text)
    }

    /// A libxml2 message made fit for one line of a message to people: no trailing newline, no
    /// advice about libxml2's own options, no control characters.
    static func sentence(_ message: String) -> String {
        let text = message.replacing(" use XML_PARSE_HUGE option", with: "")
        var cleaned = ""
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                cleaned += " "
            } else if scalar.properties.generalCategory == .control {
                cleaned += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                cleaned.unicodeScalars.append(scalar)
            }
        }
        while cleaned.hasSuffix(" ") || cleaned.hasSuffix("!") {
            cleaned.removeLast()
        }
        var collapsed = ""
        for character in cleaned where !(character == " " && collapsed.last == " ") {
            collapsed.append(character)
        }
        return collapsed.trimmingSpaces()
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

/// Keeps the first error libxml2 reports while it parses (later ones are usually consequences of
/// the first), as an ``XMLError``.
final class ParseErrors {
    let operation: String
    let subject: String
    private(set) var first: XMLError?

    init(operation: String, subject: String) {
        self.operation = operation
        self.subject = subject
    }

    /// Records `error` unless it is a warning or an error was already recorded.
    func record(_ error: xmlError) {
        guard first == nil, error.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
        var message = LibXML.sentence(error.message.map { String(cString: $0) } ?? "the XML is not well-formed")
        if message.hasPrefix("Excessive depth in document") {
            message = "the elements nest more than 256 levels below the root, the most libxml2 reads"
        }
        record(message, line: error.line > 0 ? Int(error.line) : nil, column: error.int2 > 0 ? Int(error.int2) : nil)
    }

    /// Records a problem Folio itself found.
    func record(_ problem: String, line: Int?, column: Int?) {
        guard first == nil else { return }
        var place = ""
        if let line {
            place = " at line \(line)"
            if let column { place += ", column \(column)" }
        }
        first = XMLError(
            .malformed, operation: operation, subject: subject, reason: "malformed XML\(place): \(problem)",
            line: line, column: column)
    }

    /// Records a failure of the byte source.
    func recordReadFailure(_ error: any Error) {
        guard first == nil else { return }
        first = XMLError(
            .readFailed, operation: operation, subject: subject, reason: "the bytes could not be read: \(error)",
            underlying: error as? any FolioError)
    }
}
