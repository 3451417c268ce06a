import FolioHTTP
import Foundation

/// The OpenAPI 3.1 document of the JSON API, made from the routes themselves so it cannot drift
/// from what the server does.
enum OpenAPIDocument {
    static func route(for routes: [Route]) -> Route {
        let summary = "This document: the API's OpenAPI 3.1 description"
        let itself = Route(.get, "/api/openapi.json", summary: summary) { _ in HTTPResponse() }
        let document = make(routes + [itself])
        return Route(.get, "/api/openapi.json", summary: summary) { _ in
            .json(encoded: document)
        }
    }

    static func make(_ routes: [Route]) -> Data {
        var paths: [String: [String: Any]] = [:]
        for route in routes where route.pattern.description.hasPrefix("/api/") {
            let path = route.pattern.description.replacingOccurrences(of: "...}", with: "}")
            var operation: [String: Any] = [
                "summary": route.summary,
                "operationId": operationID(route),
                "responses": [
                    "200": ["description": "success"],
                    "400": ["description": "invalid input", "content": errorContent],
                    "401": ["description": "no or wrong access token", "content": errorContent],
                    "403": [
                        "description":
                            "forbidden: host, origin, missing X-Folio-Request, read-only or outside the container",
                        "content": errorContent,
                    ],
                    "404": ["description": "not found", "content": errorContent],
                    "409": [
                        "description": "conflict: already exists, or changed since it was read",
                        "content": errorContent,
                    ],
                ],
            ]
            var parameters: [[String: Any]] = route.pattern.components.compactMap { component in
                switch component {
                case .parameter(let name), .rest(let name):
                    return ["name": name, "in": "path", "required": true, "schema": ["type": "string"]]
                case .literal:
                    return nil
                }
            }
            parameters += route.query.map {
                [
                    "name": $0.name, "in": "query", "required": false, "description": $0.description,
                    "schema": ["type": "string"],
                ]
            }
            if !parameters.isEmpty {
                operation["parameters"] = parameters
            }
            switch route.body {
            case .json:
                operation["requestBody"] = ["content": ["application/json": ["schema": ["type": "object"]]]]
            case .stream:
                operation["requestBody"] = [
                    "content": ["application/octet-stream": ["schema": ["type": "string", "format": "binary"]]]
                ]
            case .file(let mediaType):
                operation["requestBody"] = ["content": [mediaType: ["schema": ["type": "string"]]]]
            case .none:
                break
            }
            paths[path, default: [:]][route.method.rawValue.lowercased()] = operation
        }
        let document: [String: Any] = [
            "openapi": "3.1.0",
            "info": [
                "title": "Folio",
                "version": InfoAPI.version,
                "description": "The JSON API of folio serve. Authenticate with the folio_token cookie or "
                    + "'Authorization: Bearer TOKEN'; requests that change state need the X-Folio-Request header.",
            ],
            "components": [
                "securitySchemes": [
                    "cookie": ["type": "apiKey", "in": "cookie", "name": Gatekeeper.cookieName],
                    "bearer": ["type": "http", "scheme": "bearer"],
                ],
                "schemas": [
                    "Error": [
                        "type": "object",
                        "properties": [
                            "error": [
                                "type": "object",
                                "properties": [
                                    "code": ["type": "string"], "message": ["type": "string"],
                                    "operation": ["type": "string"], "subject": ["type": "string"],
                                    "reason": ["type": "string"], "status": ["type": "integer"],
                                ],
                            ]
                        ],
                    ],
                    "DatabaseValue": databaseValueSchema,
                ],
            ],
            "security": [["cookie": [String]()], ["bearer": [String]()]],
            "paths": paths,
        ]
        do {
            return try JSONSerialization.data(
                withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
        } catch {
            preconditionFailure("the OpenAPI document is made of JSON values: \(error)")
        }
    }

    /// How `/api/db/` writes an SQLite value, keeping its storage class.
    private static var databaseValueSchema: [String: Any] {
        [
            "description": "An SQLite value in the rows of /api/db/…/rows and /api/db/…/query. NULL is null; "
                + "an INTEGER is a whole number (42); a REAL is a number that always has a fraction or an "
                + "exponent (2.0, -0.0, 1e+16), in the fewest digits that read back as the same double; a REAL "
                + "that no JSON number holds is {\"real\": \"Infinity\"}, {\"real\": \"-Infinity\"} or "
                + "{\"real\": \"NaN\"}, never a string, so the TEXT 'Infinity' stays \"Infinity\"; TEXT is a "
                + "string; a BLOB is {\"blob\": size, \"media\": type, \"url\": …} (the url only for a table's rows). "
                + "Query parameters take the same forms, {\"base64\": …} for a BLOB and {\"real\": 2} for a "
                + "whole REAL.",
            "oneOf": [
                ["type": "null"], ["type": "integer"], ["type": "number"], ["type": "string"],
                [
                    "type": "object", "required": ["real"],
                    "properties": ["real": ["type": "string", "enum": ["Infinity", "-Infinity", "NaN"]]],
                ],
                [
                    "type": "object", "required": ["blob", "media"],
                    "properties": [
                        "blob": ["type": "integer"], "media": ["type": "string"], "url": ["type": "string"],
                    ],
                ],
            ],
        ]
    }

    private static var errorContent: [String: Any] {
        [
            "application/json": ["schema": ["$ref": "#/components/schemas/Error"]]
        ]
    }

    private static func operationID(_ route: Route) -> String {
        let words = route.pattern.description.split(separator: "/").filter { !$0.hasPrefix("{") && $0 != "api" }
        return route.method.rawValue.lowercased() + words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
