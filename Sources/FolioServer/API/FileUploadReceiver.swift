import FolioFiles
import FolioHTTP

/// Streams an upload into a ``FileWriter`` and commits it when the body is complete: the file
/// appears whole, or not at all.
final class FileUploadReceiver: UploadReceiver {
    let writer: FileWriter
    let files: Files

    init(writer: FileWriter, files: Files) {
        self.writer = writer
        self.files = files
    }

    func receive(_ chunk: RawSpan) throws {
        try writer.write(chunk)
    }

    /// 201 Created for a new file, 200 OK for one that replaced the file of that name.
    func finish() throws -> HTTPResponse {
        try writer.commit()
        return .json(
            FilesAPI.Item(
                path: writer.path.description, name: writer.path.name ?? "",
                attributes: try files.attributes(of: writer.path)),
            status: writer.replacedExisting ? .ok : .created)
    }

    func cancel() {
        writer.cancel()
    }
}
