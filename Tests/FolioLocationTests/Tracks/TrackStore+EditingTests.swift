import FolioSandbox
import FolioTestSupport
import Testing

@testable import FolioLocation

@Suite struct TrackStoreEditingTests {
    func store(_ home: TestContainer) throws -> TrackStore {
        try home.container.makeDirectories(try SandboxPath(parsing: "Library/Database"), operation: "test")
        return try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: home.container)
    }

    @Test func aRenamedTrackKeepsItsMovements() throws {
        let home = try TestContainer()
        let store = try store(home)
        let track = try store.createTrack(named: "Walk", source: "test")
        for location in GPXWriterTests.locations(4) { try store.append(location, to: track) }
        let renamed = try store.renameTrack(named: "Walk", to: "Lunch walk")
        #expect(renamed.id == track.id)
        #expect(renamed.name == "Lunch walk")
        #expect(renamed.pointCount == 4)
        #expect(try store.segments(of: renamed).flatMap { $0 }.count == 4)
        #expect(throws: LocationError.self) { try store.track(named: "Walk") }
        #expect(try store.renameTrack(id: track.id, to: "Lunch walk") == renamed, "the same name changes nothing")
    }

    @Test func aRenameToATakenOrBadNameChangesNothing() throws {
        let home = try TestContainer()
        let store = try store(home)
        let walk = try store.createTrack(named: "Walk", source: nil)
        _ = try store.createTrack(named: "Drive", source: nil)
        let taken = #expect(throws: LocationError.self) { try store.renameTrack(id: walk.id, to: "Drive") }
        #expect(taken?.code == .alreadyExists)
        for bad in ["", " Walk", "a\u{7}b", String(repeating: "x", count: 201)] {
            let refused = #expect(throws: LocationError.self) { try store.renameTrack(id: walk.id, to: bad) }
            #expect(refused?.code == .invalidArgument)
        }
        let missing = #expect(throws: LocationError.self) { try store.renameTrack(id: walk.id + 99, to: "New") }
        #expect(missing?.code == .notFound)
        #expect(try store.tracks().map(\.name) == ["Walk", "Drive"])
    }

    @Test func aDeletedTrackTakesItsMovementsWithIt() throws {
        let home = try TestContainer()
        let store = try store(home)
        let track = try store.createTrack(named: "Walk", source: nil)
        for location in GPXWriterTests.locations(3) { try store.append(location, to: track) }
        let kept = try store.createTrack(named: "Kept", source: nil)
        try store.append(GPXWriterTests.locations(1)[0], to: kept)
        let deleted = try store.deleteTrack(id: track.id)
        #expect(deleted.name == "Walk")
        #expect(deleted.pointCount == 3)
        #expect(try store.tracks().map(\.name) == ["Kept"])
        let points = try store.read("count points", subject: "test") { db in
            try db.fetchOne(Int.self, "SELECT count(*) FROM points") ?? -1
        }
        #expect(points == 1, "the deleted track's points are gone, the other's are kept")
        let again = #expect(throws: LocationError.self) { try store.deleteTrack(id: track.id) }
        #expect(again?.code == .notFound)
    }
}
