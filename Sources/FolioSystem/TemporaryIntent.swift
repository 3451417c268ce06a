/// What recovery does with a temporary entry whose writer is gone.
package enum TemporaryIntent: Sendable, Hashable {
    /// Remove it (file, link or whole directory): a copy in progress, a save's new or old
    /// contents, a new file not yet named. What it was for is either complete elsewhere or never
    /// happened.
    case discard
    /// A directory built under the hidden name to appear whole under `name` (in the same
    /// directory): give it that name when it holds anything visible (an entry whose name does not
    /// start with a dot), otherwise remove it.
    case publish(as: String)
}
