/// The options `folio` accepts anywhere before `--`: `--home DIR`, `--json`, `--help`, `--version`.
struct GlobalOptions {
    var home: String?
    var wantsJSON = false
    var wantsHelp = false
    var wantsVersion = false
    /// Everything else, in order.
    var rest: [String] = []

    init(_ arguments: [String]) throws(UsageError) {
        var index = 0
        var ended = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if ended {
                rest.append(argument)
                continue
            }
            switch argument {
            case "--":
                ended = true
                rest.append(argument)
            case "--json":
                wantsJSON = true
            case "--help", "-h":
                wantsHelp = true
            case "--version":
                wantsVersion = true
            case "--home":
                guard index < arguments.count else { throw UsageError("option '--home' needs a value (DIR)") }
                home = arguments[index]
                index += 1
            default:
                if argument.hasPrefix("--home=") {
                    home = String(argument.dropFirst("--home=".count))
                } else {
                    rest.append(argument)
                }
            }
        }
        if let home, home.isEmpty {
            throw UsageError("option '--home' needs a directory")
        }
    }
}
