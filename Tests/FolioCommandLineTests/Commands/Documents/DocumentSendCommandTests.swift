import FolioTestSupport
import Foundation
import Testing

@Suite struct DocumentSendCommandTests {
    /// A Home with a drawing, Plan.dudeldoc, and a running SMTP server it is configured with.
    struct Setup {
        let fixture: DocumentCommandFixture
        let server: LocalSMTPServer

        init() async throws {
            fixture = try DocumentCommandFixture()
            server = try LocalSMTPServer()
            let name = try #require(try await fixture.field("name", of: ["doc", "new"]) as? String)
            #expect(await fixture.folio(["doc", "rename", name, "Plan"]).status == 0)
            let configured = await fixture.folio(["settings", "smtp", server.url, "--from", "me@folio.test"])
            #expect(configured.status == 0, "\(configured.standardError)")
        }
    }

    /// The delivered message read by Python's email package: its envelope, headers as a reader
    /// decodes them, and its PDF attachment written to `pdf`.
    static func read(_ message: Data, attachmentTo pdf: String) throws -> [String: String] {
        let directory = TemporaryDirectory()
        let input = directory.appending("message.eml")
        try message.write(to: URL(fileURLWithPath: input))
        let script = """
            import email, email.policy, json, sys
            data = open(sys.argv[1], 'rb').read()
            message = email.message_from_bytes(data, policy=email.policy.default)
            attachments = [part for part in message.iter_attachments()]
            pdf = attachments[0] if attachments else None
            if pdf is not None:
                open(sys.argv[2], 'wb').write(pdf.get_content())
            print(json.dumps({
                'envelopeTo': message['X-Envelope-To'], 'to': str(message['To']), 'from': str(message['From']),
                'subject': str(message['Subject']), 'date': str(message['Date']), 'messageID': str(message['Message-ID']),
                'attachment': pdf.get_filename() if pdf else '', 'type': pdf.get_content_type() if pdf else '',
                'text': message.get_body(('plain',)).get_content().replace('\\r\\n', '\\n'), 'bareLF': str(b'\\n' in data.replace(b'\\r\\n', b'')),
            }))
            """
        let run = try Subprocess.run("python3", ["-c", script, input, pdf])
        guard run.status == 0 else { throw PopplerFailure(run.error) }
        return try #require(JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: String])
    }

    @Test func aDrawingArrivesAsAPDFThatPopplerReads() async throws {
        let setup = try await Setup()
        let run = await setup.fixture.folio([
            "doc", "send", "Plan", "--to", "bob@example.com", "--to", "alice@example.org", "--subject",
            "Plan für den Garten ✿", "--message", "Here is the plan.\nSee you!",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "sent Plan.pdf to bob@example.com, alice@example.org\n")
        let messages = try setup.server.messages()
        try #require(messages.count == 1)
        let directory = TemporaryDirectory()
        let pdf = directory.appending("attachment.pdf")
        let message = try Self.read(messages[0], attachmentTo: pdf)
        #expect(message["envelopeTo"] == "bob@example.com,alice@example.org")
        #expect(message["to"] == "bob@example.com, alice@example.org")
        #expect(message["from"] == "me@folio.test")
        #expect(message["subject"] == "Plan für den Garten ✿")
        #expect(message["text"] == "Here is the plan.\nSee you!")
        #expect(message["attachment"] == "Plan.pdf")
        #expect(message["type"] == "application/pdf")
        #expect(message["bareLF"] == "False")
        #expect(message["messageID"]?.hasSuffix("@folio.test>") == true)
        #expect(message["date"]?.hasSuffix("+0000") == true)
        let info = try Poppler.info(pdf)
        #expect(info["Pages"] == "1")
        #expect(info["Page size"]?.hasPrefix("1024 x 768 pts") == true)
    }

    @Test func aRefusedRecipientIsShownAsTheServerSaidItAndNothingIsSent() async throws {
        let setup = try await Setup()
        let run = await setup.fixture.folio(["doc", "send", "Plan", "--to", "nobody@refused.example"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("550 5.1.1 No such user here"), "\(run.standardError)")
        #expect(try setup.server.messages().isEmpty)
    }

    @Test func withoutAServerTheCommandSaysHowToConfigureOne() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Note.txt", "hello")
        let run = await fixture.folio(["doc", "send", "Note", "--to", "bob@example.com"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("folio settings smtp smtp://HOST:587"), "\(run.standardError)")
        #expect(run.standardError.contains("(notConfigured)"))
        #expect(await fixture.folio(["doc", "send", "Note"]).status == 2)
    }

    @Test(arguments: [
        "bob@example.com\r\nBcc: eve@example.com", "bob@example.com>\r\nRCPT TO:<eve@example.com", "bob example.com",
        "<bob@example.com>", "bob@example.com,eve@example.com", "bob@", "@example.com", "bob@exa mple.com",
    ])
    func anAddressThatCouldInjectIsRefusedAndNothingIsSent(_ address: String) async throws {
        let setup = try await Setup()
        let run = await setup.fixture.folio(["doc", "send", "Plan", "--to", address])
        #expect(run.status == 1, "\(address)")
        #expect(run.standardError.contains("(invalidAddress)"), "\(run.standardError)")
        #expect(!run.standardError.contains("\r"))
        #expect(try setup.server.messages().isEmpty)
    }

    @Test func aSubjectWithALineBreakIsRefused() async throws {
        let setup = try await Setup()
        let run = await setup.fixture.folio([
            "doc", "send", "Plan", "--to", "bob@example.com", "--subject", "Hi\r\nBcc: eve@example.com",
        ])
        #expect(run.status == 1)
        #expect(run.standardError.contains("(invalidHeader)"), "\(run.standardError)")
        #expect(try setup.server.messages().isEmpty)
    }

    @Test func aLoginFileOthersMayReadIsRefusedAndTheLoginIsNeverShown() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Library/smtp-login", "me:s3cret-password\n")
        let path = fixture.home.absolute("Library/smtp-login")
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let refused = await fixture.folio([
            "settings", "smtp", "smtp://mail.example.com:587", "--credentials", "Library/smtp-login",
        ])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("mode 644"), "\(refused.standardError)")
        #expect(!fixture.home.exists("Library/Preferences/mail.json"))
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        let stored = await fixture.folio([
            "--json", "settings", "smtp", "smtp://mail.example.com:587", "--credentials", "Library/smtp-login",
            "--from", "me@example.com",
        ])
        #expect(stored.status == 0, "\(stored.standardError)")
        #expect(stored.standardOutput.contains("Library/smtp-login"))
        #expect(!stored.standardOutput.contains("s3cret"))
        #expect(fixture.home.read("Library/Preferences/mail.json")?.contains("s3cret") == false)
        // A login in the URL is refused, and not echoed either.
        let inURL = await fixture.folio(["settings", "smtp", "smtp://me:s3cret@mail.example.com:587"])
        #expect(inURL.status == 1)
        #expect(inURL.standardError.contains("(invalidServer)"))
        #expect(!inURL.standardError.contains("s3cret"))
        #expect(await fixture.folio(["settings", "smtp", "http://mail.example.com"]).status == 1)
    }

    @Test func anUnreachableServerSaysSo() async throws {
        let fixture = try DocumentCommandFixture()
        try fixture.home.plant("Documents/Note.txt", "hello")
        let port = try FreePort.find()
        #expect(
            await fixture.folio(["settings", "smtp", "smtp://127.0.0.1:\(port)", "--from", "me@folio.test"]).status == 0
        )
        let run = await fixture.folio(["doc", "send", "Note", "--to", "bob@example.com"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("(unreachable)"), "\(run.standardError)")
    }
}
