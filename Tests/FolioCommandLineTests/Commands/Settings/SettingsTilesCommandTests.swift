import FolioTestSupport
import Foundation
import Testing

@Suite struct SettingsTilesCommandTests {
    func folio(_ arguments: [String], home: TestContainer) async -> FolioRun {
        await InProcessFolio.run(["--home", home.container.root] + arguments)
    }

    func object(_ run: FolioRun) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    }

    @Test func aTileServerIsSetShownAndCleared() async throws {
        let home = try TestContainer()
        let none = await folio(["settings", "tiles"], home: home)
        #expect(none.status == 0, "\(none.standardError)")
        #expect(none.standardOutput.contains("No tile server is set"))

        let set = await folio(
            [
                "settings", "tiles", "https://tile.openstreetmap.org/{z}/{x}/{y}.png", "--attribution",
                "© OpenStreetMap contributors",
            ], home: home)
        #expect(set.status == 0, "\(set.standardError)")
        #expect(set.standardOutput.contains("images allowed from https://tile.openstreetmap.org"))
        #expect(home.read("Library/Preferences/MapTiles.json")?.contains("tile.openstreetmap.org") == true)

        let shown = try object(await folio(["--json", "settings", "tiles"], home: home))
        #expect(shown["configured"] as? Bool == true)
        #expect(shown["url"] as? String == "https://tile.openstreetmap.org/{z}/{x}/{y}.png")
        #expect(shown["attribution"] as? String == "© OpenStreetMap contributors")
        #expect(shown["origin"] as? String == "https://tile.openstreetmap.org")

        let cleared = await folio(["settings", "tiles", "--clear"], home: home)
        #expect(cleared.status == 0, "\(cleared.standardError)")
        #expect(cleared.standardOutput.contains("Tile server cleared"))
        #expect(!home.exists("Library/Preferences/MapTiles.json"))
        let after = try object(await folio(["--json", "settings", "tiles"], home: home))
        #expect(after["configured"] as? Bool == false)
        #expect(after["url"] is NSNull)
    }

    @Test func aTemplateThatBreaksARuleFailsAndChangesNothing() async throws {
        let home = try TestContainer()
        let good = await folio(["settings", "tiles", "http://127.0.0.1:8123/{z}/{x}/{y}.png"], home: home)
        #expect(good.status == 0, "\(good.standardError)")
        let before = home.read("Library/Preferences/MapTiles.json")
        for template in [
            "https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png", "https://me:pw@tiles.example.org/{z}/{x}/{y}.png",
            "https://tiles.example.org/{z}/{x}.png", "ftp://tiles.example.org/{z}/{x}/{y}.png",
        ] {
            let run = await folio(["settings", "tiles", template], home: home)
            #expect(run.status == 1, "\(template)")
            #expect(run.standardError.contains("set tile server failed"), "\(run.standardError)")
        }
        #expect(home.read("Library/Preferences/MapTiles.json") == before)
    }

    @Test func clearWithAURLAndAnAttributionAloneAreUsageErrors() async throws {
        let home = try TestContainer()
        let both = await folio(["settings", "tiles", "https://t.example.org/{z}/{x}/{y}.png", "--clear"], home: home)
        #expect(both.status == 2)
        #expect(both.standardError.contains("--clear takes no URL"))
        let alone = await folio(["settings", "tiles", "--attribution", "x"], home: home)
        #expect(alone.status == 2)
        #expect(alone.standardError.contains("--attribution needs a URL"))
    }
}
