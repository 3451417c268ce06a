import FolioFiles
import FolioSandbox
import FolioTestSupport
import Foundation
import Synchronization
import Testing

@testable import FolioLocation

@Suite struct TrackStoreTests {
    func store(_ home: TestContainer) throws -> TrackStore {
        try home.container.makeDirectories(try SandboxPath(parsing: "Library/Database"), operation: "test")
        return try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: home.container)
    }

    @Test func keepsMovementsWithTheirTimesAndASummary() throws {
        let home = try TestContainer()
        let store = try store(home)
        let walk = GPXWriterTests.locations(10)
        let track = try store.createTrack(named: "Walk", source: "test")
        for location in walk.prefix(6) { try store.append(location, to: track) }
        for (index, location) in walk.dropFirst(6).enumerated() {
            try store.append(location, to: track, newSegment: index == 0)
        }
        let listed = try #require(try store.tracks().first)
        #expect(listed.name == "Walk")
        #expect(listed.source == "test")
        #expect(listed.pointCount == 10)
        #expect(listed.segmentCount == 2)
        #expect(listed.start == walk.first?.timestamp)
        #expect(listed.end == walk.last?.timestamp)
        let expected =
            (1..<6).map { walk[$0].distance(from: walk[$0 - 1]) }.reduce(0, +)
            + (7..<10).map { walk[$0].distance(from: walk[$0 - 1]) }.reduce(0, +)
        #expect(abs(listed.distance - expected) < 1e-6)
        let segments = try store.segments(of: listed)
        #expect(segments.map(\.count) == [6, 4])
        #expect(segments.flatMap { $0 } == walk.map(TrackPoint.init))
        #expect(listed.kind == .track)
        #expect(listed.timedPointCount == 10)
    }

    @Test func findsATrackByItsNumber() throws {
        let home = try TestContainer()
        let store = try store(home)
        let first = try store.createTrack(named: "First", source: nil)
        let second = try store.createTrack(named: "Second", source: nil)
        #expect(try store.track(id: second.id).name == "Second")
        #expect(try store.track(id: first.id).name == "First")
        let error = #expect(throws: LocationError.self) { try store.track(id: second.id + 100) }
        #expect(error?.code == .notFound)
        do {
            _ = try store.track(id: -1)
            Issue.record("a missing track was found")
        } catch {
            #expect(error.code == .notFound)
        }
    }

    @Test func refusesTakenAndBadNames() throws {
        let home = try TestContainer()
        let store = try store(home)
        _ = try store.createTrack(named: "Walk", source: nil)
        do {
            _ = try store.createTrack(named: "Walk", source: nil)
            Issue.record("created a second Walk")
        } catch {
            #expect(error.code == .alreadyExists)
        }
        for bad in ["", " Walk", "a\u{7}b", String(repeating: "x", count: 201)] {
            let error = #expect(throws: LocationError.self) { try store.createTrack(named: bad, source: nil) }
            #expect(error?.code == .invalidArgument)
        }
        let error2 = #expect(throws: LocationError.self) { try store.track(named: "Run") }
        #expect(error2?.code == .notFound)
        try store.deleteTrack(named: "Walk")
        #expect(try store.tracks().isEmpty)
    }

    @Test func exportsAndImportsGPXWithoutLosingAnything() throws {
        let home = try TestContainer()
        let store = try store(home)
        let walk = GPXWriterTests.locations(25)
        let track = try store.createTrack(named: "There and back", source: nil)
        for (index, location) in walk.enumerated() { try store.append(location, to: track, newSegment: index == 15) }
        let files = Files(home.container)
        let path = try SandboxPath(parsing: "Documents/walk.gpx")
        let stored = try store.track(named: "There and back")
        try files.write(to: path) { file in try store.exportGPX(stored, to: { try file.write($0) }) }
        let text = try #require(home.read("Documents/walk.gpx"))
        try GPXSchema.validate(text)
        let imported = try store.importGPX(.file(path, in: files), name: "Again")
        #expect(imported.map(\.name) == ["Again"])
        #expect(try store.segments(of: imported[0]) == store.segments(of: stored))
        #expect(abs(imported[0].distance - stored.distance) < 1e-6)
        let second = try store.importGPX(.file(path, in: files))
        #expect(second.map(\.name) == ["There and back 2"])
        let error = #expect(throws: LocationError.self) { try store.importGPX(.file(path, in: files), name: "Again") }
        #expect(error?.code == .alreadyExists)
    }

    @Test func aBrokenFileImportsNothing() throws {
        let home = try TestContainer()
        let store = try store(home)
        let good = "<trkpt lat=\"1\" lon=\"2\"><time>2024-01-01T12:00:00Z</time></trkpt>"
        let broken = GPXReaderTests.document(
            "<wpt lat=\"1\" lon=\"1\"/><trk><name>Half</name><trkseg>\(good)\(good)<trkpt lat=\"100\" lon=\"2\"></trkpt>"
                + "</trkseg></trk>")
        do {
            _ = try store.importGPX(.text(broken, name: "half.gpx"))
            Issue.record("imported a broken file")
        } catch {
            #expect(error.code == .invalidCoordinate)
        }
        #expect(try store.tracks().isEmpty)
        let empty = GPXReaderTests.document("<trk><name>Nothing</name><trkseg/><trkseg></trkseg></trk>")
        do {
            _ = try store.importGPX(.text(empty, name: "empty.gpx"))
            Issue.record("imported an empty track")
        } catch {
            #expect(error.code == .empty)
            #expect(error.reason.contains("the file has no points"))
        }
        #expect(try store.tracks().isEmpty)
    }

    @Test func recordsASetNumberOfMovements() async throws {
        let home = try TestContainer()
        let store = try store(home)
        let manager = LocationManager(
            source: NMEALog(.text(Walks.log(Walks.epochs(count: 30, step: 4)), name: "walk.nmea")))
        manager.maximumUpdates = 12
        let recording = try await store.record(from: manager, into: "Twelve")
        let track = try #require(recording.track)
        #expect(track.pointCount == 12)
        #expect(track.source == "walk.nmea")
        #expect(
            try store.segments(of: track)[0].map(\.time)
                == (0..<12).map { Walks.start + .seconds($0) })
    }

    @Test func anInterruptedRecordingKeepsEveryMovementSoFar() async throws {
        let home = try TestContainer()
        let store = try store(home)
        let manager = LocationManager(source: NMEALog(.text(Walks.log(Walks.epochs(count: 50, step: 4)))))
        let recording = try await store.record(from: manager, into: "Interrupted") { _, count in
            if count == 7 { manager.stopUpdatingLocation() }  // what Ctrl-C does
        }
        #expect(recording.track?.pointCount == 7)
        // A second store on the same file sees them: they were committed.
        let reopened = try TrackStore(try SandboxPath(parsing: TrackStore.defaultPath), in: home.container)
        #expect(try reopened.track(named: "Interrupted").pointCount == 7)
    }

    @Test func aRecordingWithoutMovementsCreatesNoTrack() async throws {
        let home = try TestContainer()
        let store = try store(home)
        let manager = LocationManager(source: GPSDSource(host: "127.0.0.1", port: try FreePort.find()))
        let recording = try await store.record(from: manager, into: "Nothing")
        #expect(recording.track == nil)
        #expect(recording.failures.first?.code == .connectionFailed)
        #expect(try store.tracks().isEmpty)
    }
}
