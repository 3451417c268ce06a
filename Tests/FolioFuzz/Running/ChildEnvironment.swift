import Foundation

/// The environment every child gets: this process's, without a Home of the user's, and without
/// Swift's crash backtracer (it takes seconds per crash; a replay shows the backtrace).
enum ChildEnvironment {
    static func make(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "FOLIO_HOME")
        environment["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in extra { environment[key] = value }
        return environment
    }
}
