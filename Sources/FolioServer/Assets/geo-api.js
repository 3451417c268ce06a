// `/api/tracks` and `/api/geo`: recorded tracks with their movements and maps, and distances
// between places.

import { getJSON, query } from "./api-client.js";

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

  /** The distance between two places (addresses, zip codes or "lat,lon"): `{meters, from, to}`. */
  distance(from, to) {
    return getJSON("/api/geo/distance" + query({ from, to }));
  },
};
