// The Tracks page's interactive map: Leaflet from the machine's libjs-leaflet (folio serve reads it
// from the installed package under /vendor/leaflet/), over the configured tile server or, without
// one, an offline base of a graticule. A scale in metric and imperial, the track fitted, the
// selected movement marked, and the distance tool's geodesic drawn as a line.

import { GeoAPI } from "./geo-api.js";

const LEAFLET = "/vendor/leaflet/leaflet.esm.js";
const LEAFLET_STYLE = "/vendor/leaflet/leaflet.css";
/** How close (in pixels) a click must be to a movement to select it. */
const CLICK_TOLERANCE = 24;
/** Graticule spacings in degrees, widest first. */
const SPACINGS = [30, 10, 5, 2, 1, 0.5, 0.2, 0.1, 0.05, 0.02, 0.01, 0.005, 0.002, 0.001, 0.0005, 0.0002, 0.0001];

let loading = null;

/** Leaflet's module; rejects with an Error whose message says why it is not there. */
export function loadLeaflet() {
  if (!loading) {
    loading = (async () => {
      try {
        const leaflet = await import(LEAFLET);
        if (!document.querySelector(`link[href="${LEAFLET_STYLE}"]`)) {
          document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href: LEAFLET_STYLE }));
        }
        return leaflet;
      } catch (error) {
        throw new Error(await missingReason(error));
      }
    })();
  }
  return loading;
}

/** The server's sentence for a library it cannot serve, else the browser's. */
async function missingReason(error) {
  try {
    const response = await fetch(LEAFLET, { credentials: "same-origin" });
    const body = await response.json();
    if (body && body.error && body.error.message) return body.error.message;
  } catch (_) {
    // The server did not say; the import's own error is the reason.
  }
  return `the map library could not be loaded (${error.message})`;
}

/** `text` with the characters HTML gives meaning to escaped (Leaflet writes attributions as HTML). */
function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Longitudes made continuous, so a line crossing the antimeridian does not jump across the map. */
function unwrapped(points) {
  const result = [];
  let previous = null;
  for (const [latitude, longitude] of points) {
    let value = longitude;
    if (previous !== null) {
      while (value - previous > 180) value -= 360;
      while (value - previous < -180) value += 360;
    }
    result.push([latitude, value]);
    previous = value;
  }
  return result;
}

export class TrackMap {
  /** `onSelect(index)` is called when a click on the map picks the movement at `index`. */
  constructor(leaflet, element, { onSelect }) {
    this.L = leaflet;
    this.element = element;
    this.onSelect = onSelect;
    this.points = [];
    this.trackLayer = leaflet.layerGroup();
    this.distanceLayer = leaflet.layerGroup();
    this.marker = null;
    this.graticule = null;
    this.map = leaflet.map(element, { keyboard: true, zoomControl: true, worldCopyJump: false, maxZoom: 19 });
    this.map.setView([20, 0], 2);
    leaflet.control.scale({ metric: true, imperial: true, maxWidth: 160 }).addTo(this.map);
    this.addFitControl();
    this.trackLayer.addTo(this.map);
    this.distanceLayer.addTo(this.map);
    this.map.on("moveend zoomend", () => this.viewChanged());
    this.map.on("click", (event) => this.clicked(event));
    this.viewChanged();
  }

  /** Shows the configured tile server's tiles, or the offline graticule without one. */
  async loadBase() {
    const settings = await GeoAPI.tileSettings();
    if (settings.configured) {
      this.element.dataset.base = "tiles";
      const options = { maxZoom: 19 };
      if (settings.attribution) options.attribution = escapeHTML(settings.attribution);
      this.L.tileLayer(settings.url, options).addTo(this.map);
    } else {
      this.element.dataset.base = "offline";
      this.graticule = this.L.layerGroup().addTo(this.map);
      this.drawGraticule();
    }
  }

  addFitControl() {
    const L = this.L;
    const Fit = L.Control.extend({
      options: { position: "topleft" },
      onAdd: () => {
        const bar = L.DomUtil.create("div", "leaflet-bar map-fit");
        const button = L.DomUtil.create("a", "", bar);
        button.href = "#";
        button.role = "button";
        button.title = "Fit to the track";
        button.setAttribute("aria-label", "Fit to the track");
        button.textContent = "⤢";
        L.DomEvent.disableClickPropagation(bar);
        L.DomEvent.on(button, "click", (event) => {
          L.DomEvent.preventDefault(event);
          this.fit();
        });
        return bar;
      },
    });
    new Fit().addTo(this.map);
  }

  /** Draws `points` (a track's movements, with their `segment`) and fits the view to them. */
  showTrack(points) {
    this.points = points;
    this.trackLayer.clearLayers();
    this.distanceLayer.clearLayers();
    this.marker = null;
    delete this.element.dataset.selected;
    const segments = new Map();
    for (const point of points) {
      if (!segments.has(point.segment)) segments.set(point.segment, []);
      segments.get(point.segment).push([point.latitude, point.longitude]);
    }
    for (const line of segments.values()) {
      if (line.length === 1) {
        this.L.circleMarker(line[0], { radius: 4, className: "map-track-point", interactive: false }).addTo(this.trackLayer);
      } else {
        this.L.polyline(unwrapped(line), { className: "map-track", weight: 4, interactive: false }).addTo(this.trackLayer);
      }
    }
    this.element.dataset.points = String(points.length);
    this.fit();
  }

  /** Fits the view to the track (or to the distance drawn, without a track). */
  fit() {
    const layers = [...this.trackLayer.getLayers(), ...this.distanceLayer.getLayers()];
    if (layers.length === 0) return;
    const bounds = this.L.featureGroup(layers).getBounds();
    if (!bounds.isValid()) return;
    if (bounds.getNorthEast().equals(bounds.getSouthWest())) this.map.setView(bounds.getCenter(), 16);
    else this.map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17 });
  }

  /** Marks the movement at `index` and brings it into view. */
  select(index) {
    const point = this.points[index];
    if (!point) return;
    const position = [point.latitude, point.longitude];
    if (this.marker) this.marker.setLatLng(position);
    else this.marker = this.L.circleMarker(position, { radius: 9, weight: 3, className: "map-selected", interactive: false }).addTo(this.map);
    this.element.dataset.selected = String(point.number);
    if (!this.map.getBounds().contains(position)) this.map.panTo(position);
  }

  /** Draws a distance answer: its two places and the geodesic between them (`result.path`). */
  showDistance(result) {
    this.distanceLayer.clearLayers();
    const path = (result.path || []).map((point) => [point.latitude, point.longitude]);
    const ends = [result.from, result.to].map((place) => [place.latitude, place.longitude]);
    const line = unwrapped(path.length >= 2 ? path : ends);
    this.L.polyline(line, { className: "map-geodesic", weight: 3, dashArray: "6 6", interactive: false }).addTo(this.distanceLayer);
    for (const [index, place] of [result.from, result.to].entries()) {
      const position = line[index === 0 ? 0 : line.length - 1];
      this.L.circleMarker(position, { radius: 6, className: "map-place", interactive: false })
        .bindTooltip(place.name, { permanent: true, direction: "top", className: "map-place-label" })
        .addTo(this.distanceLayer);
    }
    this.element.dataset.geodesicPoints = String(line.length);
    const bounds = this.L.latLngBounds(line);
    this.map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
  }

  /** Selects the movement nearest the click, when the click is on the track. */
  clicked(event) {
    let best = -1;
    let bestDistance = Infinity;
    for (const [index, point] of this.points.entries()) {
      const distance = this.map.latLngToContainerPoint([point.latitude, point.longitude]).distanceTo(event.containerPoint);
      if (distance < bestDistance) {
        bestDistance = distance;
        best = index;
      }
    }
    if (best >= 0 && bestDistance <= CLICK_TOLERANCE) this.onSelect(best);
  }

  viewChanged() {
    const center = this.map.getCenter();
    this.element.dataset.zoom = String(this.map.getZoom());
    this.element.dataset.center = `${center.lat.toFixed(6)},${center.lng.toFixed(6)}`;
    if (this.graticule) this.drawGraticule();
  }

  /** Lines of latitude and longitude at a spacing that gives a few across the view. */
  drawGraticule() {
    const bounds = this.map.getBounds();
    const south = Math.max(-85, bounds.getSouth());
    const north = Math.min(85, bounds.getNorth());
    const west = bounds.getWest();
    const east = bounds.getEast();
    const span = Math.max(north - south, (east - west) / 2);
    const spacing = SPACINGS.find((candidate) => span / candidate >= 3) || SPACINGS[SPACINGS.length - 1];
    this.graticule.clearLayers();
    const style = { className: "map-graticule", weight: 1, interactive: false };
    for (let latitude = Math.ceil(south / spacing) * spacing; latitude <= north; latitude += spacing) {
      this.L.polyline([
        [latitude, west],
        [latitude, east]
      ], style).addTo(this.graticule);
    }
    for (let longitude = Math.ceil(west / spacing) * spacing; longitude <= east; longitude += spacing) {
      this.L.polyline([
        [south, longitude],
        [north, longitude]
      ], style).addTo(this.graticule);
    }
    this.element.dataset.graticule = String(spacing);
  }

  /** Recomputes the map's size after its container was shown or resized. */
  invalidateSize() {
    this.map.invalidateSize();
  }
}
