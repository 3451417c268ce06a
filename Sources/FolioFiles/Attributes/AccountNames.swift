import Glibc
import Synchronization

/// User and group names for ids, looked up once each (`getpwuid_r`, `getgrgid_r`) and remembered.
final class AccountNames: Sendable {
    static let shared = AccountNames()

    private let users = Mutex<[UInt32: String?]>([:])
    private let groups = Mutex<[UInt32: String?]>([:])

    func user(_ id: UInt32) -> String? {
        if let known = users.withLock({ $0[id] }) {
            return known
        }
        let name = AccountNames.lookUpUser(id)
        users.withLock { $0[id] = .some(name) }
        return name
    }

    func group(_ id: UInt32) -> String? {
        if let known = groups.withLock({ $0[id] }) {
            return known
        }
        let name = AccountNames.lookUpGroup(id)
        groups.withLock { $0[id] = .some(name) }
        return name
    }

    /// The id of the user called `name`, if there is one.
    static func userID(named name: String) -> UInt32? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let status = getpwnam_r(name, &entry, &buffer, buffer.count, &result)
        return status == 0 && result != nil ? entry.pw_uid : nil
    }

    /// The id of the group called `name`, if there is one.
    static func groupID(named name: String) -> UInt32? {
        var entry = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        let status = getgrnam_r(name, &entry, &buffer, buffer.count, &result)
        return status == 0 && result != nil ? entry.gr_gid : nil
    }

    private static func lookUpUser(_ id: UInt32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(id, &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let name = entry.pw_name
        else { return nil }
        return String(validatingCString: name)
    }

    private static func lookUpGroup(_ id: UInt32) -> String? {
        var entry = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getgrgid_r(id, &entry, &buffer, buffer.count, &result) == 0, result != nil,
            let name = entry.gr_name
        else { return nil }
        return String(validatingCString: name)
    }
}
