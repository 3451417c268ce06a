import Foundation

/// The command line of `folio-fuzz`.
struct FuzzOptions: Sendable {
    static let usage = """
        usage: folio-fuzz [--seconds N | --long] [--seconds-per-reader N] [--seed N|random] [--reader A,B,…]
                          [--jobs N] [--timeout S] [--memory MiB] [--out DIR] [--from N] [--to N] [--verbose]
               folio-fuzz --reader R --replay FILE          read one saved input, in this process
               folio-fuzz --reader R --minimize FILE        cut a failing input down (to FILE.min)
               folio-fuzz --reader R --seed S --case N --save FILE   make case N of seed S again
               folio-fuzz --list

        Mutation fuzzing of every reader of user files. Each reader runs for its share of the time
        (default: 30 s in all, or $FOLIO_FUZZ_SECONDS; --long: 180 s per reader), two at a time. A
        crash, a hang (a case over --timeout, 10 s; 20 s for a subprocess), more than --memory MiB
        resident (768), an exit status other than 0, 1 or 2, or a broken invariant fails the run
        (exit 1); the failing inputs are kept in DIR/failures (default: artifacts/fuzz) with the
        commands that reproduce them. The seed is 1 unless --seed or $FOLIO_FUZZ_SEED says otherwise.
        """

    var seconds: Double = 30
    var secondsPerReader: Double?
    var seed: UInt64 = 1
    var readers: [String] = []
    var jobs = 2
    var timeout: Duration = .seconds(10)
    var shellTimeout: Duration = .seconds(20)
    var memory = 768 << 20
    var output = "artifacts/fuzz"
    var firstCase = 0
    var lastCase = Int.max - 1
    var replay: String?
    var minimize: String?
    var minimizeAttempts = 400
    var makeCase: Int?
    var save: String?
    var list = false
    /// Print every case's verdict and time as it is known.
    var verbose = false
    /// Set in a worker: the reader it runs.
    var worker: String?
    var workerDirectory = ""
    var workerMilliseconds = 0

    /// Parses `arguments` (without the program's name).
    init(_ arguments: [String], environment: [String: String]) throws(HarnessError) {
        if let text = environment["FOLIO_FUZZ_SECONDS"], !text.isEmpty {
            guard let value = Double(text), value > 0 else {
                throw HarnessError("FOLIO_FUZZ_SECONDS must be a number of seconds")
            }
            seconds = value
        }
        if let text = environment["FOLIO_FUZZ_SEED"], !text.isEmpty {
            seed = try FuzzOptions.seed(text)
        }
        var remaining = arguments[...]
        func value(_ option: String) throws(HarnessError) -> String {
            guard let next = remaining.popFirst() else { throw HarnessError("\(option) needs a value") }
            return next
        }
        func number(_ option: String) throws(HarnessError) -> Double {
            guard let parsed = Double(try value(option)), parsed >= 0 else {
                throw HarnessError("\(option) needs a number")
            }
            return parsed
        }
        func integer(_ option: String) throws(HarnessError) -> Int {
            guard let parsed = Int(try value(option)), parsed >= 0 else {
                throw HarnessError("\(option) needs a whole number")
            }
            return parsed
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--seconds": seconds = try number(argument)
            case "--seconds-per-reader": secondsPerReader = try number(argument)
            case "--long": secondsPerReader = 180
            case "--seed": seed = try FuzzOptions.seed(try value(argument))
            case "--reader": readers = try value(argument).split(separator: ",").map(String.init)
            case "--jobs": jobs = max(1, try integer(argument))
            case "--timeout": timeout = .milliseconds(Int(try number(argument) * 1000))
            case "--shell-timeout": shellTimeout = .milliseconds(Int(try number(argument) * 1000))
            case "--memory": memory = try integer(argument) << 20
            case "--out": output = try value(argument)
            case "--from": firstCase = try integer(argument)
            case "--to": lastCase = try integer(argument)
            case "--replay": replay = try value(argument)
            case "--minimize": minimize = try value(argument)
            case "--minimize-attempts": minimizeAttempts = try integer(argument)
            case "--case": makeCase = try integer(argument)
            case "--save": save = try value(argument)
            case "--list": list = true
            case "--verbose": verbose = true
            case "--worker": worker = try value(argument)
            case "--dir": workerDirectory = try value(argument)
            case "--milliseconds": workerMilliseconds = try integer(argument)
            case "--help", "-h": throw HarnessError(FuzzOptions.usage)
            default: throw HarnessError("unknown option '\(argument)'\n\(FuzzOptions.usage)")
            }
        }
    }

    /// A seed: a number, or `random` for one chosen now (it is printed with the report).
    private static func seed(_ text: String) throws(HarnessError) -> UInt64 {
        if text == "random" {
            return UInt64.random(in: 1...UInt64(UInt32.max))
        }
        guard let seed = UInt64(text) else { throw HarnessError("a seed is a number or 'random', not '\(text)'") }
        return seed
    }
}
