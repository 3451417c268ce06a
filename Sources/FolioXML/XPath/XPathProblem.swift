import CLibXML2

/// What an XPath error number of libxml2 (`XPATH_…`, counted from `XPATH_EXPRESSION_OK`) means,
/// in words for people. libxml2 gives its own messages only to its default handler.
struct XPathProblem {
    /// libxml2's `xmlXPathError`, or nil when it reported none.
    let number: Int?

    init(code: Int?) {
        number = code
    }

    /// Whether evaluation went past a limit of work or memory rather than the expression being
    /// wrong. (Nesting too deep is a property of the expression: it is reported as invalid.)
    var isLimit: Bool {
        number == Int(XPATH_OP_LIMIT_EXCEEDED.rawValue) || number == Int(XPATH_MEMORY_ERROR.rawValue)
    }

    /// Whether libxml2's position in the expression says where the problem is.
    var hasPosition: Bool {
        number != nil && number != Int(XPATH_RECURSION_LIMIT_EXCEEDED.rawValue)
    }

    func reason(_ limits: XPathLimits) -> String {
        guard let number else { return "libxml2 could not evaluate the expression" }
        switch UInt32(clamping: number) {
        case XPATH_NUMBER_ERROR.rawValue: return "a number is not written as XPath writes numbers"
        case XPATH_UNFINISHED_LITERAL_ERROR.rawValue: return "a string literal is not closed"
        case XPATH_START_LITERAL_ERROR.rawValue: return "a string literal was expected"
        case XPATH_VARIABLE_REF_ERROR.rawValue: return "a variable reference needs a name after $"
        case XPATH_UNDEF_VARIABLE_ERROR.rawValue, XPATH_FORBID_VARIABLE_ERROR.rawValue:
            return "variables are not supported"
        case XPATH_INVALID_PREDICATE_ERROR.rawValue: return "a predicate is not valid"
        case XPATH_EXPR_ERROR.rawValue: return "this is not XPath 1.0"
        case XPATH_UNCLOSED_ERROR.rawValue: return "a bracket or parenthesis is not closed"
        case XPATH_UNKNOWN_FUNC_ERROR.rawValue: return "the function is not one of XPath 1.0"
        case XPATH_INVALID_OPERAND.rawValue: return "an operand has the wrong type"
        case XPATH_INVALID_TYPE.rawValue:
            return "a value has the wrong type where it is used (count() and sum() take nodes; / follows only nodes)"
        case XPATH_INVALID_ARITY.rawValue: return "a function is given the wrong number of arguments"
        case XPATH_INVALID_CTXT_SIZE.rawValue, XPATH_INVALID_CTXT_POSITION.rawValue, XPATH_INVALID_CTXT.rawValue:
            return "the expression cannot be evaluated here"
        case XPATH_MEMORY_ERROR.rawValue: return "libxml2 ran out of memory"
        case XPATH_UNDEF_PREFIX_ERROR.rawValue:
            return "a namespace prefix is not declared (use a prefix the root element declares, or "
                + "*[local-name()='…'])"
        case XPATH_ENCODING_ERROR.rawValue: return "the expression is not valid UTF-8"
        case XPATH_INVALID_CHAR_ERROR.rawValue: return "a character is not allowed here"
        case XPATH_STACK_ERROR.rawValue: return "a value is missing"
        case XPATH_OP_LIMIT_EXCEEDED.rawValue:
            return "the XPath needs more than \(limits.operations) operations, the limit that keeps a table quick"
        case XPATH_RECURSION_LIMIT_EXCEEDED.rawValue:
            return "the XPath nests deeper than \(limits.depth) levels of evaluation (about a tenth as many "
                + "nested parentheses or calls, or as many predicates in a row)"
        default: return "libxml2 reports error \(number)"
        }
    }
}
