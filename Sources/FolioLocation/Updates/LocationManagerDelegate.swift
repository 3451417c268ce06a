/// Receives what a ``LocationManager`` delivers (the chapter's `CLLocationManagerDelegate`).
///
/// Both methods have empty default implementations. They are called one at a time, in order, on
/// the manager's task; a delegate may call ``LocationManager/stopUpdatingLocation()`` from
/// either, as the chapter's app does after ten updates.
public protocol LocationManagerDelegate: AnyObject, Sendable {
    /// A new location, and the one delivered before it (nil for the first).
    func locationManager(_ manager: LocationManager, didUpdateTo location: Location, from previous: Location?)

    /// The source failed to determine the location, or failed altogether.
    func locationManager(_ manager: LocationManager, didFailWith error: LocationError)
}

extension LocationManagerDelegate {
    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didUpdateTo location: Location, from previous: Location?) {
    }

    /// Does nothing.
    public func locationManager(_ manager: LocationManager, didFailWith error: LocationError) {}
}
