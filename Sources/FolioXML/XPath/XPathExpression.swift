import CLibXML2

/// An XPath 1.0 expression compiled by an ``XPathContext``, to evaluate any number of times on
/// that context's document.
public final class XPathExpression {
    /// The expression as written.
    public let text: String
    let compiled: xmlXPathCompExprPtr

    init(text: String, compiled: xmlXPathCompExprPtr) {
        self.text = text
        self.compiled = compiled
    }

    deinit {
        xmlXPathFreeCompExpr(compiled)
    }
}
