/// A number of bytes as people read it in a message: `32 MiB`, `1.5 KiB`, `200 bytes`.
struct ByteCount: CustomStringConvertible {
    let value: Int

    init(_ value: Int) {
        self.value = value
    }

    var description: String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard value >= 1024 else { return value == 1 ? "1 byte" : "\(value) bytes" }
        var amount = Double(value)
        var unit = ""
        for name in units where amount >= 1024 {
            amount /= 1024
            unit = name
        }
        let rounded = (amount * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) \(unit)" : "\(rounded) \(unit)"
    }
}
