import FolioDatabase

extension TrackStore {
    /// Renames the track numbered `id` to `newName` (the same name rules as a new track's).
    ///
    /// - Returns: the track as it is now.
    /// - Throws: ``LocationError`` `.notFound` when there is no such track, `.alreadyExists` when
    ///   another track has the name, `.invalidArgument` for a name the rules refuse.
    @discardableResult
    public func renameTrack(id: Int64, to newName: String) throws(LocationError) -> Track {
        try Self.validate(newName)
        let track = try track(id: id)
        if track.name == newName { return track }
        do {
            try queue.write { db in
                try db.execute("UPDATE tracks SET name = ? WHERE id = ?", newName, id)
            }
        } catch let error as DatabaseError where error.code == .constraint {
            throw LocationError(
                .alreadyExists, operation: "rename track", subject: track.name,
                reason: "a track named \"\(newName)\" already exists")
        } catch {
            throw LocationError(.storageFailed, operation: "rename track", subject: track.name, reason: "\(error)")
        }
        return try self.track(id: id)
    }

    /// Renames the track named `name` to `newName`.
    ///
    /// - Throws: as ``renameTrack(id:to:)``; `.notFound` names `name`.
    @discardableResult
    public func renameTrack(named name: String, to newName: String) throws(LocationError) -> Track {
        try renameTrack(id: try track(named: name).id, to: newName)
    }

    /// Deletes the track numbered `id` and its movements, for good.
    ///
    /// - Returns: the track as it was.
    /// - Throws: ``LocationError`` `.notFound` when there is no such track.
    @discardableResult
    public func deleteTrack(id: Int64) throws(LocationError) -> Track {
        let track = try track(id: id)
        try write("delete track", subject: track.name) { db in
            try db.execute("DELETE FROM tracks WHERE id = ?", id)
        }
        return track
    }
}
