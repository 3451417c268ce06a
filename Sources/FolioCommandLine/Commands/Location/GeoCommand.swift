/// `folio geo`: distances, geocoding, zip codes, location updates and tracks.
enum GeoCommand {
    static let command = Command(
        group: "geo",
        summary: "distances, geocoding, zip codes, location updates and tracks",
        subcommands: [
            GeoDistanceCommand.command, GeoGeocodeCommand.command, GeoReverseCommand.command, GeoNearCommand.command,
            GeoWatchCommand.command, GeoTrackCommand.command,
        ],
        discussion: """
            Places are coordinates (38.8977,-77.0365), US zip codes (20500), landmarks (White House),
            towns (Plano, TX) or addresses ending in a zip code; they are found in the offline zip
            gazetteer (GeoNames data, CC BY 4.0) in Library/Database/zipcodes.db. Distances are
            geodesics on the WGS84 ellipsoid. FILE arguments are paths in the Home.
            """)
}
