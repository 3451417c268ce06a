import Foundation

/// A real SMTP server on 127.0.0.1 for a test: Python's aiosmtpd, started on a free port with a
/// handler that writes each delivered message into ``directory`` (the envelope's sender and
/// recipients first, as `X-Envelope-` lines) and refuses every recipient at `refused.example`
/// with `550 5.1.1 No such user here`.
public final class LocalSMTPServer: Sendable {
    /// The port it listens on.
    public let port: Int
    /// Where the delivered messages are written, one file each.
    public let directory: TemporaryDirectory
    private let process: Subprocess

    /// Starts the server and waits until it accepts connections.
    public init() throws {
        directory = TemporaryDirectory(prefix: "folio-smtp")
        port = try FreePort.find()
        let script = directory.appending("server.py")
        try LocalSMTPServer.script.write(toFile: script, atomically: true, encoding: .utf8)
        let mail = directory.appending("mail")
        try FileManager.default.createDirectory(atPath: mail, withIntermediateDirectories: true)
        // Debian's Python, which has python3-aiosmtpd (Scripts/setup installs it); a python3 found
        // first on PATH (pyenv, a virtual environment) may not.
        process = try Subprocess("/usr/bin/python3", [script, String(port), mail])
        guard eventually(within: 20, { FreePort.isAccepting(port) }) else {
            process.kill()
            process.wait()
            throw PopplerFailure("aiosmtpd did not start on port \(port)")
        }
    }

    deinit {
        process.kill()
        process.wait()
    }

    /// The server's URL, `smtp://127.0.0.1:PORT`.
    public var url: String { "smtp://127.0.0.1:\(port)" }

    /// The messages delivered so far, oldest first, as their bytes.
    public func messages() throws -> [Data] {
        let folder = directory.appending("mail")
        return try FileManager.default.contentsOfDirectory(atPath: folder).sorted().map {
            try Data(contentsOf: URL(fileURLWithPath: folder + "/" + $0))
        }
    }

    private static let script = """
        import os, signal, sys
        from aiosmtpd.controller import Controller

        port, folder = int(sys.argv[1]), sys.argv[2]

        class Handler:
            count = 0
            async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
                if address.lower().endswith('@refused.example'):
                    return '550 5.1.1 No such user here'
                envelope.rcpt_tos.append(address)
                return '250 OK'

            async def handle_DATA(self, server, session, envelope):
                Handler.count += 1
                header = 'X-Envelope-From: %s\\r\\nX-Envelope-To: %s\\r\\n' % (
                    envelope.mail_from, ','.join(envelope.rcpt_tos))
                path = os.path.join(folder, '%06d.eml' % Handler.count)
                with open(path + '.part', 'wb') as file:
                    file.write(header.encode() + envelope.original_content)
                os.rename(path + '.part', path)
                return '250 Message accepted for delivery'

        controller = Controller(Handler(), hostname='127.0.0.1', port=port)
        controller.start()
        signal.pause()
        """
}
