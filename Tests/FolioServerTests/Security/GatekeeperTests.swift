import FolioServer
import FolioTestSupport
import Foundation
import Testing

@Suite struct GatekeeperTests {
    @Test func noTokenIsUnauthorized() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/api/info", headers: ["Cookie": nil])
        #expect(reply.status == 401)
        #expect(reply.errorCode == "unauthorized")
        #expect(client.send("GET", "/", headers: ["Cookie": nil]).status == 401)
    }

    @Test func aBrowserWithoutTheTokenIsToldToOpenThePrintedAddress() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/", headers: ["Cookie": nil, "Accept": "text/html,application/xhtml+xml"])
        #expect(reply.status == 401)
        #expect(reply.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(reply.text.contains("Open the address <code>folio serve</code> printed"))
        #expect(!reply.text.contains(AppClient.token))
        #expect(reply.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
    }

    @Test func aWrongTokenIsUnauthorizedAndRepeatedGuessesAreThrottled() throws {
        let client = try AppClient()
        #expect(client.send("GET", "/api/info", headers: ["Cookie": "folio_token=guess"]).status == 401)
        var statuses: [Int] = []
        for attempt in 0..<25 {
            statuses.append(client.send("GET", "/api/info?token=guess\(attempt)", headers: ["Cookie": nil]).status)
        }
        #expect(statuses.last == 429)
    }

    @Test func theRightTokenIsAlwaysServedHoweverManyWrongOnesCameBefore() throws {
        let client = try AppClient()
        for attempt in 0..<25 {
            _ = client.send("GET", "/api/info", headers: ["Cookie": "folio_token=guess\(attempt)"])
        }
        #expect(client.send("GET", "/api/info", headers: ["Cookie": "folio_token=guess"]).status == 429)
        #expect(client.send("GET", "/api/info").status == 200)
        #expect(client.send("GET", "/?token=\(AppClient.token)", headers: ["Cookie": nil]).status == 303)
        #expect(
            client.send("GET", "/api/info", headers: ["Cookie": nil, "Authorization": "Bearer \(AppClient.token)"])
                .status == 200)
    }

    @Test func wrongTokensCountForTheWholeLoopbackRange() throws {
        let client = try AppClient()
        for attempt in 0..<20 {
            let address = attempt.isMultiple(of: 2) ? "127.0.0.\(2 + attempt)" : "::ffff:127.1.0.\(attempt)"
            let reply = client.send(
                "GET", "/api/info?token=guess", headers: ["Cookie": nil], clientAddress: address)
            #expect(reply.status == 401)
        }
        for address in ["127.0.0.1", "127.255.0.9", "::1"] {
            let reply = client.send("GET", "/api/info?token=guess", headers: ["Cookie": nil], clientAddress: address)
            #expect(reply.status == 429)
            #expect(reply.errorCode == "tooManyAttempts")
        }
        let elsewhere = client.send(
            "GET", "/api/info?token=guess", headers: ["Cookie": nil], clientAddress: "192.0.2.7")
        #expect(elsewhere.status == 401)
    }

    @Test(arguments: [
        ("//evil.example/", "/evil.example/"),
        ("//evil.example", "/evil.example"),
        ("/\\evil.example", "/%5Cevil.example"),
        ("/%2F%2Fevil.example", "/%2F%2Fevil.example"),
        ("///a//b/", "/a/b/"),
        ("/%zz", "/"),
        ("/", "/"),
    ])
    func theTokenRedirectStaysOnThisServer(_ path: String, _ location: String) throws {
        let client = try AppClient()
        let reply = client.send("GET", "\(path)?token=\(AppClient.token)", headers: ["Cookie": nil])
        #expect(reply.status == 303)
        #expect(reply.headers["Location"] == location)
    }

    @Test func theTokenInTheURLBecomesAStrictHttpOnlyCookie() throws {
        let client = try AppClient()
        let reply = client.send("GET", "/?token=\(AppClient.token)", headers: ["Cookie": nil])
        #expect(reply.status == 303)
        #expect(reply.headers["Location"] == "/")
        let cookie = try #require(reply.headers["Set-Cookie"])
        #expect(cookie.contains("folio_token=\(AppClient.token)"))
        #expect(cookie.contains("HttpOnly"))
        #expect(cookie.contains("SameSite=Strict"))
    }

    @Test func aBearerTokenWorksForScripts() throws {
        let client = try AppClient()
        let reply = client.send(
            "GET", "/api/info", headers: ["Cookie": nil, "Authorization": "Bearer \(AppClient.token)"])
        #expect(reply.status == 200)
    }

    @Test(arguments: ["evil.example:8080", "127.0.0.1:9999", "attacker.localhost:8080", ""])
    func aForeignHostIsForbidden(_ host: String) throws {
        let client = try AppClient()
        let reply = client.send("GET", "/api/info", headers: ["Host": host.isEmpty ? nil : host])
        #expect(reply.status == 403)
    }

    @Test func loopbackNamesAreAccepted() throws {
        let client = try AppClient()
        #expect(client.send("GET", "/api/info", headers: ["Host": "localhost:8080"]).status == 200)
        #expect(client.send("GET", "/api/info", headers: ["Host": "[::1]:8080"]).status == 200)
    }

    @Test func changesNeedTheRequestHeaderAndAMatchingOrigin() throws {
        let client = try AppClient()
        let missing = client.send("POST", "/api/files/tmp/d?mkdir=1", headers: [Gatekeeper.requestHeader: nil])
        #expect(missing.status == 403)
        #expect(missing.errorCode == "missingRequestHeader")
        let forged = client.send("POST", "/api/files/tmp/d?mkdir=1", headers: ["Origin": "http://evil.example"])
        #expect(forged.status == 403)
        #expect(forged.errorCode == "forbiddenOrigin")
        #expect(!client.test.exists("tmp/d"))
        let good = client.send("POST", "/api/files/tmp/d?mkdir=1", headers: ["Origin": "http://127.0.0.1:8080"])
        #expect(good.status == 201)
        #expect(client.test.exists("tmp/d"))
    }

    @Test func everyResponseCarriesAStrictContentSecurityPolicy() throws {
        let client = try AppClient()
        let page = client.send("GET", "/")
        #expect(page.status == 200)
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("default-src 'self'"))
        #expect(policy.contains("frame-ancestors 'none'"))
        #expect(!policy.contains("unsafe-inline") || !policy.contains("script-src 'unsafe-inline'"))
        #expect(page.headers["X-Content-Type-Options"] == "nosniff")
    }
}
