import FolioLocation

/// `folio settings geocoder [SERVICE] [--contact TEXT] [--clear]`: the geocoding service the app
/// and `folio geo` use instead of the offline gazetteer.
enum SettingsGeocoderCommand {
    static let service = OptionalArgument(
        "SERVICE", help: "nominatim:URL, or a CSV service's URL template without {key}")
    static let contact = Option(
        "--contact", valueName: "TEXT", help: "an e-mail address or URL the service's usage policy can reach you at")
    static let clear = Flag("--clear", help: "forget the service and the contact: back to the offline gazetteer")

    static let command = Command(
        "geocoder",
        summary: "show, set or clear the geocoding service of folio geo and the app",
        parameters: [service, contact, clear],
        discussion: """
            With a service set, 'folio geo distance', 'folio geo geocode' and the app's distance tool
            geocode places through it (a LAT,LON is used as it is). A Nominatim service gets the
            contact in each request's User-Agent (Folio/VERSION (CONTACT)), as its usage policy asks.
            --contact alone keeps the service and sets the contact. Without arguments, shows the
            setting. Example:
              folio settings geocoder nominatim:https://nominatim.openstreetmap.org --contact me@example.org
            """
    ) { arguments, context in
        let container = try context.container()
        if arguments[clear] {
            guard arguments[service] == nil, arguments[contact] == nil else {
                throw UsageError("--clear takes no SERVICE or --contact", usage: arguments.usage)
            }
            let removed = try GeocoderSettings.clear(in: container)
            if context.wantsJSON {
                try context.printJSON(GeocoderSettingsReport(nil))
            } else {
                context.output.line(
                    removed ? "Geocoder cleared; places are found in the offline gazetteer." : "No geocoder was set.")
            }
            return
        }
        var settings = try GeocoderSettings.configured(in: container)
        if arguments[service] != nil || arguments[contact] != nil {
            let chosen = try arguments[service].map { text throws(LocationError) in
                try GeocodingService(parsing: text)
            }
            settings = try GeocoderSettings(
                service: chosen ?? settings?.service, contact: arguments[contact] ?? settings?.contact)
            try settings?.save(in: container)
        }
        if context.wantsJSON {
            try context.printJSON(GeocoderSettingsReport(settings))
        } else if let settings {
            context.output.line(
                "Geocoder: " + (settings.service?.description ?? "the offline gazetteer")
                    + (settings.contact.map { ", contact \($0)" } ?? ", no contact"))
        } else {
            context.output.line("No geocoder is set; places are found in the offline gazetteer.")
        }
    }
}
