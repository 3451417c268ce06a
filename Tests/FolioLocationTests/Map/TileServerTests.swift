import FolioFiles
import FolioLocation
import FolioSandbox
import FolioTestSupport
import Foundation
import Testing

@Suite struct TileServerTests {
    struct Refusal: Sendable, CustomStringConvertible {
        var template: String
        var reason: String
        var description: String { template }
    }

    @Test func anOpenStreetMapTemplateIsKeptWithItsOrigin() throws {
        let tiles = try TileServer(
            urlTemplate: "https://Tile.OpenStreetMap.org/{z}/{x}/{y}.png", attribution: "  © OpenStreetMap  ")
        #expect(tiles.origin == "https://tile.openstreetmap.org")
        #expect(tiles.attribution == "© OpenStreetMap")
        #expect(tiles.url(zoom: 3, x: 4, y: 2) == "https://Tile.OpenStreetMap.org/3/4/2.png")
        let local = try TileServer(urlTemplate: "http://127.0.0.1:8123/tiles?z={z}&x={x}&y={y}")
        #expect(local.origin == "http://127.0.0.1:8123")
        #expect(local.attribution == nil)
        let ipv6 = try TileServer(urlTemplate: "http://[::1]:9000/{z}/{x}/{y}.png")
        #expect(ipv6.origin == "http://[::1]:9000")
    }

    @Test(arguments: [
        Refusal(template: "", reason: "empty"),
        Refusal(template: "ftp://tiles.example.org/{z}/{x}/{y}.png", reason: "http:// or https://"),
        Refusal(template: "file:///tmp/{z}/{x}/{y}.png", reason: "http:// or https://"),
        Refusal(template: "https://tiles.example.org/{z}/{x}.png", reason: "no {y} placeholder"),
        Refusal(template: "https://tiles.example.org/{x}/{y}.png", reason: "no {z} placeholder"),
        Refusal(template: "https://{s}.tile.example.org/{z}/{x}/{y}.png", reason: "host must be written out"),
        Refusal(template: "https://user:secret@tiles.example.org/{z}/{x}/{y}.png", reason: "user name or password"),
        Refusal(template: "https://user@tiles.example.org/{z}/{x}/{y}.png", reason: "user name or password"),
        Refusal(template: "https://tiles.example.org/{z}/{x}/{y}{r}.png", reason: "placeholder {r}"),
        Refusal(template: "https://tiles.example.org/{z}/{x}/{y}.png#top", reason: "#fragment"),
        Refusal(template: "https://tiles.example.org/{z}/{x}/{y}/{q.png", reason: "without its }"),
        Refusal(template: "https://tiles.example.org/{z} /{x}/{y}.png", reason: "spaces"),
        Refusal(template: "https:///{z}/{x}/{y}.png", reason: "with a host"),
        Refusal(template: "https://tiles.example.org:99999/{z}/{x}/{y}.png", reason: "is not 1…65535"),
    ])
    func aTemplateThatBreaksARuleIsRefusedSayingWhich(_ refusal: Refusal) {
        #expect {
            try TileServer(urlTemplate: refusal.template)
        } throws: { error in
            guard let error = error as? LocationError else { return false }
            return error.code == .invalidArgument && error.reason.contains(refusal.reason)
        }
    }

    @Test func anAttributionWithControlCharactersOrTooLongIsRefused() {
        let template = "https://tiles.example.org/{z}/{x}/{y}.png"
        for attribution in ["a\u{1B}[31mred", "line\nbreak", String(repeating: "x", count: 301)] {
            #expect(throws: LocationError.self) { try TileServer(urlTemplate: template, attribution: attribution) }
        }
    }

    @Test func theSettingIsSavedReadBackAndCleared() throws {
        let home = try TestContainer()
        #expect(try TileServer.configured(in: home.container) == nil)
        let tiles = try TileServer(urlTemplate: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: "Example")
        try tiles.save(in: home.container)
        #expect(try TileServer.configured(in: home.container) == tiles)
        #expect(home.read(TileServer.preferencesPath)?.contains("\"url\"") == true)
        let mode =
            try FileManager.default.attributesOfItem(atPath: home.absolute(TileServer.preferencesPath))[
                .posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try TileServer.clear(in: home.container) == tiles)
        #expect(try TileServer.configured(in: home.container) == nil)
        #expect(try TileServer.clear(in: home.container) == nil)
    }

    @Test(arguments: [
        "", "null", "[]", "{}", #"{"url": 3}"#, #"{"url": "ftp://x/{z}/{x}/{y}"}"#,
        #"{"url": "https://{s}.example.org/{z}/{x}/{y}.png"}"#,
        "{\"url\": \"https://a/{z}/{x}/{y}\", \"attribution\": [1]}",
        "\u{FF}\u{FE}",
    ])
    func aDamagedSettingFileIsAClearErrorNamingTheFix(_ text: String) throws {
        let home = try TestContainer()
        try home.plant(TileServer.preferencesPath, text)
        #expect {
            try TileServer.configured(in: home.container)
        } throws: { error in
            guard let error = error as? LocationError else { return false }
            return error.code == .malformed && error.reason.contains("--clear")
                && error.subject == TileServer.preferencesPath
        }
        // Clearing removes it all the same.
        #expect(try TileServer.clear(in: home.container) == nil)
        #expect(!home.exists(TileServer.preferencesPath))
    }
}
