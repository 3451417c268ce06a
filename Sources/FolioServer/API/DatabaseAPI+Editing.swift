import FolioCore
import FolioDatabase
import FolioHTTP
import FolioSandbox
import Foundation

/// Edit mode's routes for SQLite tables: insert, update and delete one row, each one
/// transaction, through ``FolioDatabase/Database/insertRow(into:values:)`` and its siblings —
/// parameterised statements with checked, quoted names. The read-only query box is not one of
/// them and stays read-only.
///
/// A row is named by `?rowid=N`, or for a table `WITHOUT ROWID` by `?key={"column": value, …}`
/// (its primary key, as JSON). Values are ``DatabaseValue``'s JSON form, by column name.
extension DatabaseAPI {
    struct RowValues: Decodable {
        var values: [String: DatabaseValue]
    }

    struct Inserted: Encodable {
        var rowid: Int64?
    }

    var editingRoutes: [Route] {
        let key = [
            Route.Parameter("rowid", "the row's rowid"),
            Route.Parameter("key", "for a table WITHOUT ROWID: its primary key as a JSON object"),
        ]
        return [
            Route(
                .post, "/api/db/{path...}/tables/{table}/rows",
                summary: "Insert a row {values: {column: value}} in one transaction; answers 201 {rowid}",
                body: .json
            ) { request in
                let body: RowValues = try DocumentsAPI.decode(request)
                let rowID = try openForWriting(request).insertRow(into: request.parameter("table"), values: body.values)
                return .json(Inserted(rowid: rowID), status: .created)
            },
            Route(
                .patch, "/api/db/{path...}/tables/{table}/rows",
                summary: "Change a row's values {values: {column: value}} in one transaction", query: key, body: .json
            ) { request in
                let body: RowValues = try DocumentsAPI.decode(request)
                try openForWriting(request).updateRow(
                    in: request.parameter("table"), key: try rowKey(request), values: body.values)
                return HTTPResponse(status: .noContent)
            },
            Route(
                .delete, "/api/db/{path...}/tables/{table}/rows", summary: "Delete a row in one transaction",
                query: key
            ) { request in
                try openForWriting(request).deleteRow(from: request.parameter("table"), key: try rowKey(request))
                return HTTPResponse(status: .noContent)
            },
        ]
    }

    private func openForWriting(_ request: RouteRequest) throws -> Database {
        try Database(FilesAPI.path(request), in: container, mode: .readWrite)
    }

    private func rowKey(_ request: RouteRequest) throws -> RowKey {
        if let text = request.query("rowid") {
            guard let rowID = Int64(text) else { throw HTTPError.badRequest("rowid must be a whole number") }
            return .rowID(rowID)
        }
        if let text = request.query("key") {
            do {
                return .primaryKey(try FolioJSON.decoder().decode([String: DatabaseValue].self, from: Data(text.utf8)))
            } catch {
                throw HTTPError.badRequest("key must be a JSON object of the primary key's columns and values")
            }
        }
        throw HTTPError.badRequest("name the row with ?rowid= (or ?key= for a table WITHOUT ROWID)")
    }
}
