/// Every reader the fuzzer knows, in the order they are run and reported.
enum Targets {
    static let all: [any FuzzTarget] = [
        TableTarget(.csv), TableTarget(.tsv), TableTarget(.json), TableTarget(.xml), TableTarget(.xpath),
        NMEATarget(), GPXTarget(), NominatimReplyTarget(), SQLiteTarget(), ArchiveTarget(), ImageTarget(),
        RenderTarget(), SearchTarget(),
        CommandTarget(.table), CommandTarget(.xpath), CommandTarget(.gpx), CommandTarget(.nmea),
        CommandTarget(.database), CommandTarget(.documents), HTTPTarget(),
    ]

    /// Readers that fail on purpose, for the fuzzer's own tests; run only when named.
    static let canaries: [any FuzzTarget] = CanaryTarget.Kind.allCases.map(CanaryTarget.init) + [CanaryShellTarget()]

    static func named(_ name: String) -> (any FuzzTarget)? {
        (all + canaries).first { $0.name == name }
    }
}
