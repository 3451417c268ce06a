import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A client of a Nominatim-compatible geocoding service (OpenStreetMap's, or one's own):
/// `GET /search?q=…&format=jsonv2&limit=1`, read by ``NominatimReply``.
///
/// It keeps to the usage policy of the public service: every request names Folio and, when the
/// user gave one, a contact in its `User-Agent`; requests to one service are at least
/// ``GeocodeCache/interval`` (1.1 s) apart across every process using the container (a turn
/// taken in `Library/Caches/geocoding.db`); and answers are cached there for 30 days, so asking
/// again costs no request.
///
/// ```swift
/// let geocoder = try NominatimGeocoder(
///     serviceURL: "https://nominatim.openstreetmap.org", userAgent: NominatimGeocoder.userAgent(
///         version: "0.1.0", contact: "me@example.org"), cache: try GeocodeCache(in: container))
/// let place = try await geocoder.geocode("10 Downing Street, London")
/// ```
public struct NominatimGeocoder: Geocoder {
    /// The service's base URL, without a trailing slash: `https://nominatim.openstreetmap.org`.
    public let serviceURL: String
    /// What each request's `User-Agent` says.
    public let userAgent: String
    /// Seconds to wait for a reply.
    public var timeout: TimeInterval
    private let cache: GeocodeCache

    /// The `User-Agent` the service's policy asks for: `Folio/0.1.0 (+contact)`.
    public static func userAgent(version: String, contact: String?) -> String {
        let clean = contact.map { $0.filter { $0.isASCII && !$0.isNewline && $0 != "(" && $0 != ")" } }
        if let clean, !clean.trimmingCharacters(in: .whitespaces).isEmpty {
            return "Folio/\(version) (\(clean.trimmingCharacters(in: .whitespaces)))"
        }
        return "Folio/\(version)"
    }

    /// A geocoder for the service at `serviceURL`, keeping its answers and turns in `cache`.
    ///
    /// - Throws: ``LocationError`` `.invalidArgument` when the URL is not http(s) with a host, or
    ///   carries a user name, a password, a query or a fragment.
    public init(serviceURL: String, userAgent: String, cache: GeocodeCache, timeout: TimeInterval = 10)
        throws(LocationError)
    {
        func invalid(_ reason: String) -> LocationError {
            LocationError(
                .invalidArgument, operation: "configure geocoder",
                subject: LocationError.quoted(serviceURL, limit: 120), reason: reason)
        }
        var base = serviceURL.trimmingCharacters(in: .whitespaces)
        while base.hasSuffix("/") { base.removeLast() }
        if base.lowercased().hasSuffix("/search") { base.removeLast("/search".count) }
        guard let components = URLComponents(string: base), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
        else {
            throw invalid("a Nominatim service is an http:// or https:// URL with a host")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid("the service URL must not carry a user name or password")
        }
        guard components.query == nil, components.fragment == nil else {
            throw invalid("the service URL is the base, without ?query or #fragment (Folio adds /search?q=…)")
        }
        self.serviceURL = base
        self.userAgent = userAgent
        self.timeout = timeout
        self.cache = cache
    }

    public func geocode(_ query: String) async throws(LocationError) -> Placemark {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else {
            throw LocationError(.badRequest, operation: "geocode", subject: "\"\"", reason: "the query is empty")
        }
        if let kept = try cache.placemark(service: serviceURL, query: trimmed) {
            return kept
        }
        let turn = try cache.takeTurn(service: serviceURL)
        let wait = turn.timeIntervalSinceNow
        if wait > 0 {
            do {
                try await Task.sleep(for: .milliseconds(Int((wait * 1000).rounded(.up))))
            } catch {
                throw LocationError(
                    .connectionFailed, operation: "geocode", subject: "\"\(trimmed)\"",
                    reason: "the lookup was cancelled while waiting its turn")
            }
        }
        let placemark = try await request(trimmed)
        try cache.keep(placemark, service: serviceURL)
        return placemark
    }

    private func request(_ query: String) async throws(LocationError) -> Placemark {
        let subject = "\"\(LocationError.quoted(query, limit: 80))\""
        let text = serviceURL + "/search?q=" + CSVGeocoder.encode(query) + "&format=jsonv2&limit=1"
        guard let url = URL(string: text) else {
            throw LocationError(
                .invalidArgument, operation: "geocode", subject: subject, reason: "the URL is not valid")
        }
        var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        request.httpMethod = "GET"
        request.setValue(userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let status: Int
        let data: Data
        do {
            switch try await BoundedFetch.fetch(request, limit: NominatimReply.maximumSize) {
            case .reply(let code, let body):
                (status, data) = (code, body)
            case .tooLarge(let bytes):
                throw LocationError(
                    .badReply, operation: "geocode", subject: subject,
                    reason: "the service's reply is larger than \(NominatimReply.maximumSize / 1024) KiB "
                        + "(cut off at \(bytes) bytes)")
            }
        } catch let error as LocationError {
            throw error
        } catch {
            throw LocationError(
                .connectionFailed, operation: "geocode", subject: subject,
                reason: "the service at \(url.host ?? serviceURL) did not answer: \(error.localizedDescription)")
        }
        switch status {
        case 200:
            return try NominatimReply.placemark(from: data, query: query)
        case 429, 503:
            throw LocationError(
                .quotaExceeded, operation: "geocode", subject: subject,
                reason: "the service asks Folio to slow down (HTTP \(status)); try again later")
        case 403:
            throw LocationError(
                .badKey, operation: "geocode", subject: subject,
                reason: "the service refused Folio (HTTP 403); its usage policy may ask for a contact: "
                    + "folio settings geocoder … --contact EMAIL")
        case 400..<500:
            throw LocationError(
                .badRequest, operation: "geocode", subject: subject,
                reason: "the service refused the request (HTTP \(status))")
        default:
            throw LocationError(
                .serverError, operation: "geocode", subject: subject, reason: "the service failed (HTTP \(status))")
        }
    }
}
