import Foundation

/// What a ``TableView`` tells about a person's selection, and may ask before it happens.
///
/// Every method has a default: a selection goes ahead unchanged and nothing is done after it.
public protocol TableDelegate: AnyObject {
    /// Called before the row at `indexPath` is selected; return another path to select that one
    /// instead, or nil to refuse the selection.
    func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath?

    /// Called after the row at `indexPath` became the selected row.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)

    /// Called after the row at `indexPath` stopped being selected.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableDelegate {
    /// Lets the selection go ahead unchanged.
    public func tableView(_ tableView: TableView, willSelectRowAt indexPath: IndexPath) -> IndexPath? {
        indexPath
    }

    /// Does nothing.
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}

    /// Does nothing.
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
