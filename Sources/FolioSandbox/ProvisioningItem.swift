/// A resource copied from the bundle into the container on first run, unless the user already
/// has a file there (the "copy the bundled database into Library on first launch" pattern).
public struct ProvisioningItem: Sendable, Hashable, Codable {
    /// The resource's path inside the bundle, e.g. `financial.db`.
    public var resource: String
    /// Where it goes in the container, e.g. `Library/Database/financial.db`.
    public var destination: SandboxPath

    /// Declares one resource to provision.
    public init(resource: String, destination: SandboxPath) {
        self.resource = resource
        self.destination = destination
    }

    /// What provisioning did with one item.
    public enum Outcome: String, Sendable, Codable {
        /// The resource was copied into the container.
        case copied
        /// The destination already existed and was left alone.
        case alreadyPresent
    }
}
