import Glibc

/// A pager (`sh -c "$PAGER"`) reading from a pipe, started in folio's own process group so that
/// it can use the terminal (Foundation's `Process` puts children in a group of their own, where a
/// pager cannot read keys).
final class PagerProcess {
    private let processID: pid_t
    private var input: Int32

    /// Starts `command`; nil when it cannot be started.
    init?(command: String) {
        // A pager that quits early closes the pipe: writing then fails instead of killing folio.
        signal(SIGPIPE, SIG_IGN)
        var descriptors: [Int32] = [0, 0]
        guard pipe(&descriptors) == 0 else { return nil }
        let (readEnd, writeEnd) = (descriptors[0], descriptors[1])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, readEnd, 0)
        posix_spawn_file_actions_addclose(&actions, readEnd)
        posix_spawn_file_actions_addclose(&actions, writeEnd)
        if getenv("LESS") == nil {
            setenv("LESS", "FRX", 0)
        }
        let arguments = ["/bin/sh", "-c", command]
        var pointers = arguments.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.append(nil)
        var processID: pid_t = 0
        let result = posix_spawn(&processID, "/bin/sh", &actions, nil, pointers, environ)
        close(readEnd)
        guard result == 0 else {
            close(writeEnd)
            return nil
        }
        self.processID = processID
        self.input = writeEnd
    }

    /// Writes `text` to the pager; false once the pager has closed its end.
    func write(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(input, buffer.baseAddress?.advanced(by: offset), buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Tells the pager the text is complete and waits until the person quits it.
    ///
    /// - Returns: false when the shell could not find or run the pager command (exit status 126
    ///   or 127), so the caller can page by itself instead.
    @discardableResult
    func finish() -> Bool {
        if input >= 0 {
            close(input)
            input = -1
        }
        var status: Int32 = 0
        while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        let code = (status >> 8) & 0xFF
        return !(exited && (code == 126 || code == 127))
    }
}
