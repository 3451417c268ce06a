/// The shape of the JSON the command line prints (the strings inside it come from
/// ``FolioCore/JSONString``).
public enum JSONText {
    /// Pretty-printed JSON with its empty arrays and objects written `[]` and `{}`: Foundation's
    /// encoder writes them as `[`, an empty line and `]`. A line break inside JSON is always
    /// structure (in a string it is escaped), so only whitespace between the brackets is dropped.
    ///
    /// - Complexity: O(*n*) in the length of `json`.
    static func collapsingEmptyCollections(_ json: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(json.count)
        var index = 0
        var inString = false
        while index < json.count {
            let byte = json[index]
            result.append(byte)
            index += 1
            if inString {
                if byte == UInt8(ascii: "\\"), index < json.count {
                    result.append(json[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            if byte == UInt8(ascii: "\"") {
                inString = true
                continue
            }
            guard byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") else { continue }
            let closing = byte == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
            var next = index
            while next < json.count, json[next] == 0x20 || json[next] == 0x0A { next += 1 }
            if next < json.count, json[next] == closing, next > index {
                result.append(closing)
                index = next + 1
            }
        }
        return result
    }
}
