import FolioServer
import FolioTestSupport
import Foundation
import Testing

/// The web app as the browser loads it: the page, the style sheets it links, and every module
/// reached from `app.js` through its imports, all served from `/assets/`.
@Suite struct AssetsAPITests {
    /// The assets the page names (`href` and `src` under `/assets/`), in the page's order.
    static func assetsNamed(in page: String) -> [String] {
        page.matches(of: /(?:href|src)="\/assets\/([^"]+)"/).map { String($0.output.1) }
    }

    /// The modules a module imports (`import … from "./name.js"`).
    static func imports(of module: String) -> [String] {
        module.matches(of: /^import [^;]* from "\.\/([^"]+)";$/.anchorsMatchLineEndings()).map { String($0.output.1) }
    }

    /// Every module reached from `app.js`, by name, with its text.
    static func modules(_ client: AppClient) throws -> [String: String] {
        var found: [String: String] = [:]
        var pending = ["app.js"]
        while let name = pending.popLast() {
            guard found[name] == nil else { continue }
            let reply = client.send("GET", "/assets/\(name)")
            try #require(reply.status == 200, "\(name) is imported but not served: \(reply.status)")
            #expect(reply.headers["Content-Type"]?.hasPrefix("text/javascript") == true, "\(name)")
            found[name] = reply.text
            pending += imports(of: reply.text)
        }
        return found
    }

    @Test func thePageLinksItsStyleSheetsAndScriptAndEachIsServed() throws {
        let client = try AppClient()
        let page = client.send("GET", "/")
        #expect(page.status == 200)
        let names = AssetsAPITests.assetsNamed(in: page.text)
        let sheets = names.filter { $0.hasSuffix(".css") }
        #expect(sheets.first == "base.css")
        #expect(sheets.last == "narrow.css", "the narrow layout overrides the components, so it comes last")
        #expect(sheets.count > 5)
        #expect(names.contains("app.js"))
        for name in names {
            let reply = client.send("GET", "/assets/\(name)")
            #expect(reply.status == 200, "\(name)")
            #expect(reply.headers["Cache-Control"] == "no-cache", "\(name)")
            #expect(reply.headers["Content-Security-Policy"]?.contains("style-src 'self'") == true, "\(name)")
            if name.hasSuffix(".css") {
                #expect(reply.headers["Content-Type"]?.hasPrefix("text/css") == true, "\(name)")
                #expect(!reply.text.contains("@import"), "\(name): the page links every sheet itself")
            }
        }
    }

    @Test func everyImportedModuleIsServed() throws {
        let client = try AppClient()
        let modules = try AssetsAPITests.modules(client)
        #expect(modules.keys.contains("documents-page.js"))
        #expect(modules.keys.contains("documents-api.js"))
        #expect(modules.count > 20)
    }

    /// Only the API client and the resource modules (`*-api.js`) name the API's routes; pages and
    /// viewers call those modules.
    @Test func onlyTheResourceModulesNameTheAPIsRoutes() throws {
        let client = try AppClient()
        for (name, text) in try AssetsAPITests.modules(client)
        where name != "api-client.js" && !name.hasSuffix("-api.js") {
            #expect(!text.contains(/["'`]\/api\//), "\(name) names an API route; call its resource module instead")
        }
    }
}
