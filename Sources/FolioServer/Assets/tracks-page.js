// The Tracks page: recorded tracks on an interactive map (track-map.js; the static SVG map when the
// map library is not installed) with the time of each movement, and a tool that measures the
// distance between two places and draws its geodesic (all through GeoAPI).

import { GeoAPI } from "./geo-api.js";
import { TableView } from "./table-view.js";
import { TrackMap, loadLeaflet } from "./track-map.js";
import { confirmAlert, download, emptyState, errorState, formatDate, h, loadingState, replace, runDialog, toast } from "./ui.js";

function metres(value) {
  if (typeof value !== "number" || !Number.isFinite(value)) return "";
  return value >= 1000 ? `${(value / 1000).toLocaleString(undefined, { maximumFractionDigits: 2 })} km` : `${Math.round(value).toLocaleString()} m`;
}

export class TracksPage {
  /** `navigate(hash)` shows another address; a track's address is `#/tracks/ID`. */
  constructor(navigate) {
    this.navigate = navigate;
    this.shownId = null;
    this.tracks = [];
    this.points = [];
    this.list = new TableView({ label: "Tracks", style: "subtitle", rowHeight: 64 });
    this.list.dataSource = {
      numberOfSections: () => (this.tracks.length > 0 ? 1 : 0),
      numberOfRows: () => this.tracks.length,
      titleForHeader: () => "Recorded tracks",
      titleForFooter: () => `${this.tracks.length} track${this.tracks.length === 1 ? "" : "s"}`,
      configureCell: (cell, { row }) => {
        const track = this.tracks[row];
        cell.title.textContent = track.name;
        const kind = track.kind && track.kind !== "track" ? track.kind : null;
        const times = track.pointCount > 0 && track.timedPointCount === 0 ? "times unknown" : formatDate(track.start);
        cell.subtitle.textContent = [kind, times, `${track.pointCount} points`, metres(track.distance)].filter(Boolean).join(" · ");
        cell.element.dataset.name = track.name;
      },
    };
    this.list.delegate = { didSelect: ({ row }) => this.navigate(`#/tracks/${encodeURIComponent(this.tracks[row].id)}`) };
    this.pointsTable = new TableView({ label: "Points", style: "value1", rowHeight: 48 });
    this.pointsTable.dataSource = {
      numberOfSections: () => (this.points.length > 0 ? 1 : 0),
      numberOfRows: () => this.points.length,
      titleForHeader: () => "Movements",
      titleForFooter: () => null,
      configureCell: (cell, { row }) => {
        const point = this.points[row];
        cell.title.textContent = point.name || formatDate(point.time, "long") || `Movement ${point.number}`;
        const step = typeof point.step === "number" ? ` · +${metres(point.step)}` : "";
        cell.subtitle.textContent = `${point.latitude.toFixed(5)}, ${point.longitude.toFixed(5)}${step}`;
      },
    };
    this.pointsTable.delegate = { didSelect: ({ row }) => this.selectMovement(row, "list") };
    this.state = h("div", { class: "browser-state" });
    this.map = h("div", { class: "track-map" });
    this.interactive = null;
    this.mapNote = h("p", { class: "map-note", role: "status", hidden: true });
    this.pointsTable.element.hidden = true;
    this.title = h("h2", { class: "pane-title", id: "track-title" }, "");
    this.backButton = h("button", { type: "button", class: "button back-button", onclick: () => this.navigate("#/tracks") }, "‹ Tracks");
    this.trackActions = h(
      "div", { class: "track-actions", hidden: true },
      h("button", { type: "button", class: "button", onclick: () => this.exportTrack() }, "Export GPX"),
      h("button", { type: "button", class: "button", onclick: () => this.renameTrack() }, "Rename…"),
      h("button", { type: "button", class: "button destructive", onclick: () => this.deleteTrack() }, "Delete…"),
    );
    this.detail = h(
      "section", { class: "detail", "aria-labelledby": "track-title" },
      h("div", { class: "pane-bar" }, this.backButton, this.title, this.trackActions),
      this.map,
      this.mapNote,
      this.pointsTable.element,
    );
    this.fileInput = h("input", { type: "file", accept: ".gpx,application/gpx+xml", hidden: true, "aria-label": "GPX file to import" });
    this.fileInput.addEventListener("change", () => this.importFile(this.fileInput.files[0]));
    const importButton = h("button", { type: "button", class: "button", onclick: () => this.fileInput.click() }, "Import GPX…");
    this.distance = this.distanceTool();
    this.element = h(
      "div", { class: "split tracks-split" },
      h(
        "section", { class: "browser", "aria-label": "Tracks" },
        h("div", { class: "pane-bar" }, h("h2", { class: "pane-title" }, "Tracks"), importButton, this.fileInput),
        this.state,
        this.list.element,
        this.distance,
      ),
      this.detail,
    );
  }

  /**
   * Shows the list, and the track `id` names (on a phone, in place of the list); without one, a
   * wide window shows the first track beside the list.
   */
  async show(id) {
    this.element.classList.toggle("showing-detail", Boolean(id));
    replace(this.state, loadingState());
    try {
      this.tracks = await GeoAPI.tracks();
      this.state.replaceChildren();
      if (this.tracks.length === 0) replace(this.state, emptyState("No tracks yet", "Record one with folio geo track record."));
      this.list.reloadData();
    } catch (error) {
      replace(this.state, errorState(error, () => this.show(id)));
      return;
    }
    const track = id ? this.tracks.find((candidate) => String(candidate.id) === id) : this.tracks[0];
    if (!track) {
      this.shown = null;
      this.shownId = null;
      this.trackActions.hidden = true;
      this.title.textContent = "";
      this.points = [];
      this.pointsTable.element.hidden = true;
      if (this.interactive) this.interactive.showTrack([]);
      else replace(this.map, id ? emptyState("No such track", "It may have been deleted.") : "");
      return;
    }
    if (track.id !== this.shownId) await this.showTrack(track);
    if (id) this.backButton.focus();
  }

  async showTrack(track) {
    this.shownId = track.id;
    this.shown = track;
    this.title.textContent = track.name;
    this.trackActions.hidden = false;
    if (!this.interactive) replace(this.map, loadingState());
    try {
      const [detail, map] = await Promise.all([GeoAPI.track(track.id), this.interactiveMap()]);
      this.points = detail.movements;
      this.pointsTable.element.hidden = this.points.length === 0;
      this.pointsTable.reloadData();
      if (map) {
        map.showTrack(this.points);
      } else {
        const svg = await GeoAPI.trackMap(track.id);
        const image = svg ? h("img", { class: "map-image", src: URL.createObjectURL(svg), alt: `Map of ${track.name} with the time of each movement` }) : emptyState("No map for this track");
        replace(this.map, image);
      }
    } catch (error) {
      this.interactive = null;
      replace(this.map, errorState(error, () => this.showTrack(track)));
    }
  }

  /**
   * The interactive map, made the first time; null when the map library is not installed (the
   * note under the map says why, and the static map is shown).
   */
  async interactiveMap() {
    if (this.interactive) return this.interactive;
    let leaflet;
    try {
      leaflet = await loadLeaflet();
    } catch (error) {
      this.mapNote.textContent = `Static map: ${error.message}.`;
      this.mapNote.hidden = false;
      return null;
    }
    const element = h("div", { class: "leaflet-map", role: "application", "aria-label": "Map: drag or use the arrow keys to pan, + and − to zoom" });
    replace(this.map, element);
    const map = new TrackMap(leaflet, element, { onSelect: (index) => this.selectMovement(index, "map") });
    this.interactive = map;
    map.invalidateSize();
    try {
      await map.loadBase();
    } catch (error) {
      this.mapNote.textContent = `The map's base could not be loaded: ${error.sentence || error.message}`;
      this.mapNote.hidden = false;
    }
    return map;
  }

  /** Marks movement `row` on the map and in the list (`from` is where it was picked). */
  selectMovement(row, from) {
    if (this.interactive) this.interactive.select(row);
    if (from === "map") this.pointsTable.focusRow({ section: 0, row });
  }

  // Import, export, rename and delete.

  async importFile(file) {
    this.fileInput.value = "";
    if (!file) return;
    try {
      const tracks = await GeoAPI.importGPX(file);
      toast(`Imported ${tracks.map((track) => `“${track.name}”`).join(", ")} from ${file.name}.`, { duration: 5000 });
      this.shownId = null;
      if (tracks.length > 0) this.navigate(`#/tracks/${encodeURIComponent(tracks[0].id)}`);
      else await this.show();
    } catch (error) {
      toast(`Could not import ${file.name}: ${error.sentence || error.message}`);
    }
  }

  exportTrack() {
    if (this.shown) download(GeoAPI.gpxURL(this.shown.id), `${this.shown.name}.gpx`);
  }

  async renameTrack() {
    const track = this.shown;
    if (!track) return;
    const dialog = document.getElementById("rename-sheet");
    const label = dialog.querySelector("#rename-label");
    const field = dialog.querySelector("#rename-field");
    const form = dialog.querySelector("form");
    const renamed = await runDialog(dialog, (finish) => {
      label.textContent = `A new name for the track “${track.name}”:`;
      label.classList.remove("problem");
      field.value = track.name;
      field.removeAttribute("aria-invalid");
      form.onsubmit = async (event) => {
        event.preventDefault();
        if (field.value === track.name) return finish(null);
        try {
          finish(await GeoAPI.rename(track.id, field.value));
        } catch (error) {
          label.textContent = error.sentence || error.message;
          label.classList.add("problem");
          field.setAttribute("aria-invalid", "true");
          field.focus();
        }
      };
      dialog.querySelector(".cancel-button").onclick = () => finish(null);
      queueMicrotask(() => {
        field.focus();
        field.select();
      });
    });
    if (!renamed) return;
    this.shownId = null;
    await this.show(String(renamed.id));
    toast(`Renamed to “${renamed.name}”.`, { duration: 4000 });
  }

  async deleteTrack() {
    const track = this.shown;
    if (!track) return;
    const confirmed = await confirmAlert({
      title: `Delete “${track.name}”?`,
      message: `Its ${track.pointCount.toLocaleString()} points are deleted for good (tracks have no Recently Deleted). Export GPX first to keep a copy.`,
      confirm: "Delete",
      destructive: true,
    });
    if (!confirmed) return;
    try {
      await GeoAPI.remove(track.id);
      toast(`Deleted “${track.name}”.`, { duration: 4000 });
      this.shownId = null;
      this.navigate("#/tracks");
    } catch (error) {
      toast(`Could not delete “${track.name}”: ${error.sentence || error.message}`);
    }
  }

  distanceTool() {
    const from = h("input", { type: "text", placeholder: "From: an address, a zip code or lat,lon", "aria-label": "From" });
    const to = h("input", { type: "text", placeholder: "To", "aria-label": "To" });
    const answer = h("p", { class: "distance-answer", role: "status" });
    const form = h("form", { class: "distance-tool", "aria-label": "Distance" }, h("h3", {}, "Distance"), from, to, h("button", { type: "submit", class: "button primary" }, "Measure"), answer);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      answer.textContent = "Measuring…";
      try {
        const result = await GeoAPI.distance(from.value, to.value);
        answer.textContent = `${metres(result.meters)} along the ellipsoid, from ${result.from.name} to ${result.to.name}`;
        const map = await this.interactiveMap();
        if (map) map.showDistance(result);
      } catch (error) {
        answer.textContent = error.sentence || error.message;
      }
    });
    return form;
  }
}
