/// Checks an XPath 1.0 expression before FoundationXML evaluates it.
///
/// FoundationXML on Linux crashes the program when libxml2 cannot evaluate an expression (a
/// syntax error, an unknown function, a wrong argument count or type, an unbound variable or
/// namespace prefix), so an expression typed by a person is parsed and type-checked here first.
/// Only what libxml2 evaluates without error passes: the XPath 1.0 grammar, the core function
/// library with its arities, node-set operands where node-sets are required, no variables and no
/// namespace prefixes (match namespaced elements with `*[local-name()='entry']`). The expression
/// must select nodes, since a table reads the text of the nodes it selects.
struct XPathChecker {
    private enum Token: Equatable {
        case name(String)
        case literal
        case number
        case symbol(String)
    }

    private enum Kind {
        case nodeSet
        case value
    }

    /// (minimum arguments, maximum arguments or nil for any, arguments that must be node-sets, result)
    private static let functions: [String: (Int, Int?, Set<Int>, Kind)] = [
        "last": (0, 0, [], .value), "position": (0, 0, [], .value), "count": (1, 1, [0], .value),
        "id": (1, 1, [], .nodeSet), "local-name": (0, 1, [0], .value), "namespace-uri": (0, 1, [0], .value),
        "name": (0, 1, [0], .value), "string": (0, 1, [], .value), "concat": (2, nil, [], .value),
        "starts-with": (2, 2, [], .value), "contains": (2, 2, [], .value), "substring-before": (2, 2, [], .value),
        "substring-after": (2, 2, [], .value), "substring": (2, 3, [], .value), "string-length": (0, 1, [], .value),
        "normalize-space": (0, 1, [], .value), "translate": (3, 3, [], .value), "boolean": (1, 1, [], .value),
        "not": (1, 1, [], .value), "true": (0, 0, [], .value), "false": (0, 0, [], .value),
        "lang": (1, 1, [], .value), "number": (0, 1, [], .value), "sum": (1, 1, [0], .value),
        "floor": (1, 1, [], .value), "ceiling": (1, 1, [], .value), "round": (1, 1, [], .value),
    ]
    private static let axes: Set<String> = [
        "ancestor", "ancestor-or-self", "attribute", "child", "descendant", "descendant-or-self", "following",
        "following-sibling", "namespace", "parent", "preceding", "preceding-sibling", "self",
    ]
    private static let nodeTypes: Set<String> = ["node", "text", "comment", "processing-instruction"]

    private let expression: String
    private var tokens: [Token] = []
    private var position = 0

    /// Checks `expression`.
    ///
    /// - Throws: ``TableError`` `.invalidXPath` saying what is wrong.
    static func check(_ expression: String) throws {
        var checker = XPathChecker(expression: expression)
        try checker.tokenize()
        guard !checker.tokens.isEmpty else { throw checker.error("the expression is empty") }
        let kind = try checker.parseOr()
        guard checker.position == checker.tokens.count else {
            throw checker.error("unexpected \(checker.describe(checker.tokens[checker.position]))")
        }
        guard kind == .nodeSet else {
            throw checker.error("the expression gives a value, not nodes; select nodes (e.g. title, not string(title))")
        }
    }

    private init(expression: String) {
        self.expression = expression
    }

    // MARK: Tokens

    private mutating func tokenize() throws {
        let characters = Array(expression.unicodeScalars)
        var index = 0
        func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || c == "_" || c.value > 0x7F
        }
        func isNameCharacter(_ c: Unicode.Scalar) -> Bool {
            isNameStart(c) || ("0"..."9").contains(c) || c == "-" || c == "."
        }
        while index < characters.count {
            let c = characters[index]
            if c == " " || c == "\t" || c == "\n" || c == "\r" {
                index += 1
                continue
            }
            if c == "\"" || c == "'" {
                guard let end = characters[(index + 1)...].firstIndex(of: c) else {
                    throw error("a string literal is not closed")
                }
                tokens.append(.literal)
                index = end + 1
                continue
            }
            let startsFraction = c == "." && index + 1 < characters.count && ("0"..."9").contains(characters[index + 1])
            if ("0"..."9").contains(c) || startsFraction {
                var seenPoint = false
                while index < characters.count {
                    let digit = characters[index]
                    if digit == "." && !seenPoint {
                        seenPoint = true
                    } else if !("0"..."9").contains(digit) {
                        break
                    }
                    index += 1
                }
                tokens.append(.number)
                continue
            }
            if isNameStart(c) {
                var end = index
                while end < characters.count && isNameCharacter(characters[end]) { end += 1 }
                // A name followed by ':' and a name or '*' is a qualified name (but '::' is an axis).
                if end + 1 < characters.count && characters[end] == ":" && characters[end + 1] != ":" {
                    throw error("namespace prefixes are not supported (use *[local-name()='…'])")
                }
                tokens.append(.name(String(String.UnicodeScalarView(characters[index..<end]))))
                index = end
                continue
            }
            if c == "$" { throw error("variables are not supported") }
            let two = index + 1 < characters.count ? String(c) + String(characters[index + 1]) : ""
            if ["//", "::", "..", "!=", "<=", ">="].contains(two) {
                tokens.append(.symbol(two))
                index += 2
                continue
            }
            guard "/()[]@,|+-=<>*.".unicodeScalars.contains(c) else {
                throw error("unexpected character '\(c)'")
            }
            tokens.append(.symbol(String(c)))
            index += 1
        }
    }

    private func peek(_ ahead: Int = 0) -> Token? {
        position + ahead < tokens.count ? tokens[position + ahead] : nil
    }

    private func isSymbol(_ symbol: String, _ ahead: Int = 0) -> Bool {
        peek(ahead) == .symbol(symbol)
    }

    /// Whether the name at the current position is an operator (and, or, div, mod) by the rule of
    /// XPath 1.0 §3.7: a name is an operator when the token before it ends an operand.
    private func isOperatorName(_ word: String) -> Bool {
        guard peek() == .name(word), position > 0 else { return false }
        switch tokens[position - 1] {
        case .symbol(let symbol): return [")", "]", "*", ".", ".."].contains(symbol)
        default: return true
        }
    }

    private mutating func expect(_ symbol: String) throws {
        guard isSymbol(symbol) else {
            throw error("expected '\(symbol)'" + (peek().map { ", found \(describe($0))" } ?? " at the end"))
        }
        position += 1
    }

    // MARK: Expressions

    private mutating func parseOr() throws -> Kind {
        try parseBinary(operators: [], names: ["or"]) { try $0.parseAnd() }
    }

    private mutating func parseAnd() throws -> Kind {
        try parseBinary(operators: [], names: ["and"]) { try $0.parseComparison() }
    }

    private mutating func parseComparison() throws -> Kind {
        try parseBinary(operators: ["=", "!=", "<", ">", "<=", ">="], names: []) { try $0.parseAdditive() }
    }

    private mutating func parseAdditive() throws -> Kind {
        try parseBinary(operators: ["+", "-"], names: []) { try $0.parseMultiplicative() }
    }

    private mutating func parseMultiplicative() throws -> Kind {
        var kind = try parseUnary()
        while (isSymbol("*") && position > 0) || isOperatorName("div") || isOperatorName("mod") {
            position += 1
            _ = try parseUnary()
            kind = .value
        }
        return kind
    }

    private mutating func parseBinary(
        operators: Set<String>, names: Set<String>, operand: (inout XPathChecker) throws -> Kind
    ) throws -> Kind {
        var kind = try operand(&self)
        while let token = peek() {
            switch token {
            case .symbol(let symbol) where operators.contains(symbol): break
            case .name(let word) where names.contains(word) && isOperatorName(word): break
            default: return kind
            }
            position += 1
            _ = try operand(&self)
            kind = .value
        }
        return kind
    }

    private mutating func parseUnary() throws -> Kind {
        if isSymbol("-") {
            position += 1
            _ = try parseUnary()
            return .value
        }
        var kind = try parsePath()
        while isSymbol("|") {
            position += 1
            guard kind == .nodeSet, try parsePath() == .nodeSet else {
                throw error("'|' joins node-sets only")
            }
            kind = .nodeSet
        }
        return kind
    }

    private mutating func parsePath() throws -> Kind {
        if startsFilterExpression() {
            let kind = try parseFilter()
            if isSymbol("/") || isSymbol("//") {
                guard kind == .nodeSet else { throw error("'/' can follow only an expression that gives nodes") }
                position += 1
                try parseRelativePath()
                return .nodeSet
            }
            return kind
        }
        if isSymbol("/") {
            position += 1
            if startsStep() { try parseRelativePath() }
            return .nodeSet
        }
        if isSymbol("//") {
            position += 1
            try parseRelativePath()
            return .nodeSet
        }
        try parseRelativePath()
        return .nodeSet
    }

    private func startsFilterExpression() -> Bool {
        switch peek() {
        case .literal, .number: return true
        case .symbol("("): return true
        case .name(let word): return peek(1) == .symbol("(") && !XPathChecker.nodeTypes.contains(word)
        default: return false
        }
    }

    private func startsStep() -> Bool {
        switch peek() {
        case .name: return true
        case .symbol(let symbol): return ["@", "*", ".", ".."].contains(symbol)
        default: return false
        }
    }

    private mutating func parseFilter() throws -> Kind {
        var kind: Kind
        switch peek() {
        case .literal, .number:
            position += 1
            kind = .value
        case .symbol("("):
            position += 1
            kind = try parseOr()
            try expect(")")
        case .name(let function):
            kind = try parseFunctionCall(function)
        default:
            throw error("expected a value")
        }
        while isSymbol("[") {
            guard kind == .nodeSet else {
                throw error("a predicate '[…]' can follow only an expression that gives nodes")
            }
            try parsePredicate()
        }
        return kind
    }

    private mutating func parseFunctionCall(_ function: String) throws -> Kind {
        guard let (minimum, maximum, nodeSetArguments, result) = XPathChecker.functions[function] else {
            throw error("unknown function \(function)()")
        }
        position += 2
        var count = 0
        if !isSymbol(")") {
            while true {
                let kind = try parseOr()
                if nodeSetArguments.contains(count) && kind != .nodeSet {
                    throw error("\(function)() needs nodes as its argument")
                }
                count += 1
                if isSymbol(",") {
                    position += 1
                } else {
                    break
                }
            }
        }
        try expect(")")
        guard count >= minimum && count <= (maximum ?? Int.max) else {
            let range =
                maximum == minimum ? "\(minimum)" : maximum.map { "\(minimum) to \($0)" } ?? "\(minimum) or more"
            throw error("\(function)() takes \(range) arguments, not \(count)")
        }
        return result
    }

    private mutating func parseRelativePath() throws {
        try parseStep()
        while isSymbol("/") || isSymbol("//") {
            position += 1
            try parseStep()
        }
    }

    private mutating func parseStep() throws {
        if isSymbol(".") || isSymbol("..") {
            position += 1
            return
        }
        if isSymbol("@") {
            position += 1
        } else if case .name(let axis) = peek(), isSymbol("::", 1) {
            guard XPathChecker.axes.contains(axis) else { throw error("unknown axis \(axis)::") }
            position += 2
        }
        switch peek() {
        case .symbol("*"):
            position += 1
        case .name(let word) where isSymbol("(", 1):
            guard XPathChecker.nodeTypes.contains(word) else {
                throw error("\(word)() is not a node test (node(), text(), comment() or processing-instruction())")
            }
            position += 2
            if word == "processing-instruction" && peek() == .literal { position += 1 }
            try expect(")")
        case .name:
            position += 1
        default:
            throw error("expected a step (a name, *, ., .., @name or a node test)")
        }
        while isSymbol("[") { try parsePredicate() }
    }

    private mutating func parsePredicate() throws {
        try expect("[")
        _ = try parseOr()
        try expect("]")
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .name(let word): "'\(word)'"
        case .literal: "a string"
        case .number: "a number"
        case .symbol(let symbol): "'\(symbol)'"
        }
    }

    private func error(_ reason: String) -> TableError {
        TableError(.invalidXPath, operation: "check XPath", subject: expression, reason: reason)
    }
}
