extension FileName {
    /// The names `name`, `stem 2.ext`, `stem 3.ext`, … in that order: the candidates for a new
    /// file that must not replace one already there (a second "Untitled", a restored document
    /// whose name was taken again, a conflicted copy).
    ///
    /// The extension is kept; the stem is shortened (at a character boundary) when a number would
    /// make the name longer than ``maximumByteCount`` bytes. The sequence is lazy and ends after
    /// `limit` names.
    ///
    /// ```swift
    /// Array(FileName.numberedVariants(of: "Garden.dudeldoc").prefix(3))
    /// // ["Garden.dudeldoc", "Garden 2.dudeldoc", "Garden 3.dudeldoc"]
    /// ```
    /// - Parameters:
    ///   - name: the preferred name; it is the first candidate when `start` is 1.
    ///   - start: the first number to produce (1 stands for `name` itself).
    ///   - limit: how many names to produce at most.
    public static func numberedVariants(of name: String, start: Int = 1, limit: Int = 100_000) -> NumberedNames {
        NumberedNames(name: name, start: max(1, start), limit: limit)
    }

    /// The name `stem N.ext` for `number` ≥ 2, or `name` itself for 1.
    public static func numbered(_ name: String, _ number: Int) -> String {
        guard number > 1 else { return name }
        let (stem, fileExtension) = split(name)
        let suffix = " \(number)" + (fileExtension.isEmpty ? "" : "." + fileExtension)
        var shortened = stem
        while shortened.utf8.count + suffix.utf8.count > maximumByteCount, !shortened.isEmpty {
            shortened.removeLast()
        }
        while shortened.last == " " {
            shortened.removeLast()
        }
        return shortened + suffix
    }
}

/// The lazy sequence of ``FileName/numberedVariants(of:start:limit:)``.
public struct NumberedNames: Sequence, Sendable {
    /// The preferred name.
    public let name: String
    /// The first number produced.
    public let start: Int
    /// How many names are produced at most.
    public let limit: Int

    /// An iterator that counts up from ``start``.
    public struct Iterator: IteratorProtocol, Sendable {
        let name: String
        var number: Int
        var remaining: Int

        /// The next candidate, or nil after ``NumberedNames/limit`` names.
        public mutating func next() -> String? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            defer { number += 1 }
            return FileName.numbered(name, number)
        }
    }

    /// Starts counting.
    public func makeIterator() -> Iterator {
        Iterator(name: name, number: start, remaining: limit)
    }
}
