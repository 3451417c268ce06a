// `/api/tracks` and `/api/geo`: recorded tracks with their movements and maps, and distances
// between places.

import { getJSON, query, send } from "./api-client.js";

function trackURL(id) {
  return `/api/tracks/${encodeURIComponent(id)}`;
}

export const GeoAPI = {
  /** The recorded tracks. */
  tracks() {
    return getJSON("/api/tracks");
  },

  /** A track with its movements. */
  track(id) {
    return getJSON(trackURL(id));
  },

  /** A track's map as an SVG Blob; null when it has none. */
  async trackMap(id) {
    const response = await fetch(trackURL(id) + "/svg");
    return response.ok ? response.blob() : null;
  },

  /** Imports a GPX file (a File or Blob); resolves with the tracks made from it. */
  importGPX(file) {
    return send("POST", "/api/tracks", file, { headers: { "Content-Type": "application/gpx+xml" } });
  },

  /** The address of a track as a GPX 1.1 file. */
  gpxURL(id) {
    return trackURL(id) + "/gpx";
  },

  /** Renames a track; resolves with the track as it is now. */
  rename(id, to) {
    return send("POST", trackURL(id) + "/rename", { to });
  },

  /** Deletes a track for good; resolves with the track as it was. */
  remove(id) {
    return send("DELETE", trackURL(id));
  },

  /**
   * The distance between two places (addresses, zip codes or "lat,lon"): `{meters, from, to, path}`,
   * `path` being points along the geodesic for a map to draw.
   */
  distance(from, to) {
    return getJSON("/api/geo/distance" + query({ from, to, path: 1 }));
  },

  /** The map's tile server: `{configured, url, attribution, origin}` (configured false: the offline base). */
  tileSettings() {
    return getJSON("/api/settings/tiles");
  },
};
