/// How much an ``XPathContext`` may do: libxml2's operation count and recursion depth, and the
/// size of what it gives back.
///
/// The operations are counted across everything one context evaluates (a table's rows and all
/// its columns share them); libxml2 counts one per step of its evaluator and per node an axis
/// visits, some 25 million a second.
public struct XPathLimits: Hashable, Sendable {
    /// libxml2's own recursion limit (`XPATH_MAX_RECURSION_DEPTH`), which ``depth`` is taken from.
    static let libxmlDepth = 5000

    /// The operations libxml2 may count (its `opLimit`).
    public var operations: Int
    /// How deep compiling and evaluating may recurse, at most 5,000 (libxml2's own limit): about
    /// ten per level of nested parentheses or function calls, one per predicate in a chain.
    /// The default keeps the C stack small enough for any thread.
    public var depth: Int
    /// The most nodes one result may hold.
    public var nodes: Int
    /// The longest string one result, or one `concat()`, may make, in bytes.
    public var stringLength: Int

    /// Limits; the defaults suit a table shown on a screen or a web page.
    public init(
        operations: Int = 50_000_000, depth: Int = 1000, nodes: Int = 1_000_000, stringLength: Int = 16 << 20
    ) {
        self.operations = operations
        self.depth = depth
        self.nodes = nodes
        self.stringLength = stringLength
    }
}
