import CLibXML2

/// XPath's `concat()`, bounded: libxml2's own builds a string of any length, so one short
/// expression (`concat(/, /, /, …)`) could ask for gigabytes. This one stops, with a
/// ``XPathLimits/stringLength`` error, before the result grows past the limit; otherwise it
/// gives what XPath 1.0 says: the string values of its arguments, joined.
let boundedConcat: xmlXPathFunction = { parser, count in
    guard let parser else { return }
    guard count >= 2 else {
        xmlXPathErr(parser, Int32(XPATH_INVALID_ARITY.rawValue))
        return
    }
    guard parser.pointee.valueNr >= parser.pointee.valueFrame + count else {
        xmlXPathErr(parser, Int32(XPATH_STACK_ERROR.rawValue))
        return
    }
    guard let userData = parser.pointee.context.pointee.userData else { return }
    let state = Unmanaged<XPathState>.fromOpaque(userData).takeUnretainedValue()
    // The arguments come off the stack last first; each is made a string, one at a time.
    var parts: [UnsafeMutablePointer<xmlChar>] = []
    defer { parts.forEach { folio_xml_free($0) } }
    var total = 0
    var remaining = Int(count)
    while remaining > 0 {
        let value = valuePop(parser)
        remaining -= 1
        let text = xmlXPathCastToString(value)
        xmlXPathFreeObject(value)
        guard let text else {
            (0..<remaining).forEach { _ in xmlXPathFreeObject(valuePop(parser)) }
            xmlXPathErr(parser, Int32(XPATH_MEMORY_ERROR.rawValue))
            return
        }
        parts.append(text)
        total += Int(xmlStrlen(text))
        if total > state.limits.stringLength {
            (0..<remaining).forEach { _ in xmlXPathFreeObject(valuePop(parser)) }
            state.limitReason =
                "concat() would make a string of more than \(state.limits.stringLength) bytes, the limit of a value"
            xmlXPathErr(parser, Int32(XPATH_MEMORY_ERROR.rawValue))
            return
        }
    }
    var joined: [xmlChar] = []
    joined.reserveCapacity(total)
    for part in parts.reversed() {
        joined.append(contentsOf: UnsafeBufferPointer(start: part, count: Int(xmlStrlen(part))))
    }
    let result = joined.withUnsafeBufferPointer { xmlStrndup($0.baseAddress ?? UnsafePointer(parts[0]), Int32(total)) }
    valuePush(parser, xmlXPathWrapString(result))
}
