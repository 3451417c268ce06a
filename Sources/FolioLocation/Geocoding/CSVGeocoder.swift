import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of the chapter's geocoding web service: an HTTP GET whose URL carries the query and
/// an API key, answered in CSV as `200,8,33.010003,-96.757923`.
///
/// The service limits queries per key, so the geocoder holds a set of keys and spreads requests
/// over them in turn. A key the service refuses (status 610, HTTP 401/403) is dropped; one over
/// its quota (620, HTTP 429) rests for ``quotaCooldown``; the query is retried with the next
/// key. Every other status is an error with its own code — never a made-up position.
///
/// ```swift
/// let geocoder = try CSVGeocoder(
///     urlTemplate: "http://127.0.0.1:8080/maps/geo?q={query}&output=csv&key={key}",
///     keys: ["key-1", "key-2"])
/// let white = try await geocoder.geocode("1600 Pennsylvania Ave NW, Washington, DC 20500")
/// ```
public struct CSVGeocoder: Geocoder {
    /// The URL with `{query}` and `{key}` where the percent-encoded query and key go.
    public let urlTemplate: String
    /// Seconds to wait for a reply.
    public var timeout: TimeInterval
    /// Seconds a key over its quota is left out of the rotation.
    public var quotaCooldown: TimeInterval {
        get { ring.cooldown }
        nonmutating set { ring.cooldown = newValue }
    }
    private let ring: KeyRing

    /// A geocoder for the service at `urlTemplate` with `keys` to spread the load over.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` when the template is not an http(s) URL
    ///   with a `{query}`, or names a `{key}` but no keys are given.
    public init(urlTemplate: String, keys: [String], timeout: TimeInterval = 10) throws(LocationError) {
        func invalid(_ reason: String) -> LocationError {
            LocationError(.invalidArgument, operation: "configure geocoder", subject: urlTemplate, reason: reason)
        }
        let lower = urlTemplate.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw invalid("the service URL must start with http:// or https://")
        }
        guard urlTemplate.contains("{query}") else { throw invalid("the URL has no {query} placeholder") }
        let usesKey = urlTemplate.contains("{key}")
        guard !usesKey || !keys.isEmpty else { throw invalid("the URL has a {key} placeholder but no key was given") }
        self.urlTemplate = urlTemplate
        self.timeout = timeout
        ring = KeyRing(keys: usesKey ? keys : [""])
    }

    /// The keys still in rotation (not refused by the service).
    public var activeKeys: [String] {
        ring.activeKeys
    }

    public func geocode(_ query: String) async throws(LocationError) -> Placemark {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw LocationError(.badRequest, operation: "geocode", subject: "\"\"", reason: "the query is empty")
        }
        let keys = ring.rotation()
        guard !keys.isEmpty else {
            throw ring.exhaustion(query: trimmed)
        }
        var refusals: [LocationError] = []
        for key in keys {
            switch try await request(trimmed, key: key) {
            case .found(let coordinate, let accuracy):
                return Placemark(query: trimmed, coordinate: coordinate, accuracy: accuracy, name: trimmed)
            case .failed(let error):
                throw error
            case .rotateKey(let error):
                ring.mark(key, error.code)
                refusals.append(error)
            }
        }
        let quota = refusals.contains { $0.code == .quotaExceeded }
        throw LocationError(
            quota ? .quotaExceeded : .badKey, operation: "geocode", subject: "\"\(trimmed)\"",
            reason: "every key (\(keys.count)) was refused or is over its quota; the last said: "
                + (refusals.last?.reason ?? "nothing"))
    }

    private func request(_ query: String, key: String) async throws(LocationError) -> CSVGeocoderReply.Outcome {
        let text = urlTemplate.replacingOccurrences(of: "{query}", with: Self.encode(query))
            .replacingOccurrences(of: "{key}", with: Self.encode(key))
        guard let url = URL(string: text) else {
            throw LocationError(
                .invalidArgument, operation: "geocode", subject: "\"\(query)\"", reason: "the URL \(text) is not valid")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await KeyRing.session.data(for: request)
        } catch {
            throw LocationError(
                .connectionFailed, operation: "geocode", subject: "\"\(query)\"",
                reason: "the service at \(url.host ?? text) did not answer: \(error.localizedDescription)")
        }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 200
        guard status == 200 else { return CSVGeocoderReply.httpFailure(status, query: query) }
        guard data.count <= 1 << 16, let body = String(data: data, encoding: .utf8) else {
            throw LocationError(
                .malformed, operation: "geocode", subject: "\"\(query)\"",
                reason: "the reply is not a short UTF-8 text (\(data.count) bytes)")
        }
        return CSVGeocoderReply.parse(body, query: query)
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters.
    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        allowed = allowed.intersection(CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(127)))
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}
