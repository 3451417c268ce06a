// The drawing canvas's zoom and scroll: the page at a zoom (1 = one drawing point per CSS pixel)
// in a scrolling frame with a grey margin around it. Ctrl+wheel (and a trackpad's pinch, which
// the browser sends as one) zooms about the pointer, two fingers on a touch screen pinch and pan,
// the space bar held down (or the middle button) pans by dragging, and the frame scrolls as any
// page does.

const MARGIN = 48;
export const ZOOM_LIMITS = { min: 0.1, max: 8 };

function clampZoom(zoom) {
  return Math.min(ZOOM_LIMITS.max, Math.max(ZOOM_LIMITS.min, zoom));
}

/** The zoom and scroll of one canvas in its frame. */
export class DrawingViewport {
  /** `onZoom(zoom)` is told each new zoom (for the readout and the handles' size). */
  constructor(frame, canvas, onZoom) {
    this.frame = frame;
    this.canvas = canvas;
    this.onZoom = onZoom;
    this.page = { width: 1024, height: 768 };
    this.zoom = 1;
    this.fitted = true;
    this.spaceDown = false;
    this.pan = null;
    this.touches = new Map();
    this.pinch = null;
    frame.addEventListener("wheel", (event) => this.wheel(event), { passive: false });
    new ResizeObserver(() => (this.fitted ? this.fit() : this.layout())).observe(frame);
  }

  /** Shows `page` ({width, height}), fitted to the frame. */
  setPage(page) {
    this.page = page;
    this.fit();
  }

  /** The zoom that shows the whole page in the frame. */
  fitZoom() {
    const width = Math.max(1, this.frame.clientWidth - 2 * MARGIN);
    const height = Math.max(1, this.frame.clientHeight - 2 * MARGIN);
    return clampZoom(Math.min(width / this.page.width, height / this.page.height));
  }

  fit() {
    this.setZoom(this.fitZoom());
    this.fitted = true;
  }

  /** Zooms to `zoom`, keeping the drawing point under the client point `at` (default: the frame's middle) in place. */
  setZoom(zoom, at) {
    const box = this.frame.getBoundingClientRect();
    const client = at || { x: box.left + this.frame.clientWidth / 2, y: box.top + this.frame.clientHeight / 2 };
    const anchor = this.toDrawing(client);
    this.zoom = clampZoom(zoom);
    this.fitted = false;
    this.layout();
    const moved = this.toClient(anchor);
    this.frame.scrollLeft += moved.x - client.x;
    this.frame.scrollTop += moved.y - client.y;
    this.onZoom(this.zoom);
  }

  zoomBy(factor, at) {
    this.setZoom(this.zoom * factor, at);
  }

  /** Sizes the canvas for the zoom: at least the frame, with a margin around the page. */
  layout() {
    const zoom = this.zoom;
    const width = Math.max(this.frame.clientWidth, Math.ceil(this.page.width * zoom + 2 * MARGIN));
    const height = Math.max(this.frame.clientHeight, Math.ceil(this.page.height * zoom + 2 * MARGIN));
    this.canvas.style.width = `${width}px`;
    this.canvas.style.height = `${height}px`;
    const viewWidth = width / zoom;
    const viewHeight = height / zoom;
    const x = -(viewWidth - this.page.width) / 2;
    const y = -(viewHeight - this.page.height) / 2;
    this.canvas.setAttribute("viewBox", `${x} ${y} ${viewWidth} ${viewHeight}`);
  }

  /** A client (screen) point in drawing points. */
  toDrawing(client) {
    const matrix = this.canvas.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const point = new DOMPoint(client.x, client.y).matrixTransform(matrix.inverse());
    return { x: point.x, y: point.y };
  }

  toClient(point) {
    const matrix = this.canvas.getScreenCTM();
    if (!matrix) return { x: 0, y: 0 };
    const client = new DOMPoint(point.x, point.y).matrixTransform(matrix);
    return { x: client.x, y: client.y };
  }

  wheel(event) {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    this.zoomBy(Math.exp(-event.deltaY / 300), { x: event.clientX, y: event.clientY });
  }

  /** Whether a pointer going down starts a pan (space held, the middle button) or a pinch; it then takes it. */
  takesPointer(event) {
    if (event.pointerType === "touch") {
      this.touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (this.touches.size === 2) {
        this.startPinch();
        return true;
      }
      return this.touches.size > 2;
    }
    if (event.button === 1 || (event.button === 0 && this.spaceDown)) {
      this.pan = { x: event.clientX, y: event.clientY };
      this.canvas.classList.add("panning");
      return true;
    }
    return false;
  }

  /** Whether the pointer's movement belongs to a pan or a pinch (and was used for it). */
  movesPointer(event) {
    if (this.touches.has(event.pointerId)) this.touches.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (this.pinch) {
      this.updatePinch();
      return true;
    }
    if (!this.pan) return false;
    this.frame.scrollLeft -= event.clientX - this.pan.x;
    this.frame.scrollTop -= event.clientY - this.pan.y;
    this.pan = { x: event.clientX, y: event.clientY };
    return true;
  }

  /** Whether the pointer's release ends a pan or a pinch. */
  releasesPointer(event) {
    this.touches.delete(event.pointerId);
    if (this.pinch) {
      if (this.touches.size < 2) this.pinch = null;
      return true;
    }
    if (!this.pan) return false;
    this.pan = null;
    this.canvas.classList.remove("panning");
    return true;
  }

  get isPinching() {
    return this.pinch !== null;
  }

  startPinch() {
    const [a, b] = [...this.touches.values()];
    this.pinch = { distance: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), zoom: this.zoom, middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } };
  }

  updatePinch() {
    const [a, b] = [...this.touches.values()];
    if (!a || !b) return;
    const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
    this.frame.scrollLeft -= middle.x - this.pinch.middle.x;
    this.frame.scrollTop -= middle.y - this.pinch.middle.y;
    this.pinch.middle = middle;
    this.setZoom((this.pinch.zoom * Math.hypot(a.x - b.x, a.y - b.y)) / this.pinch.distance, middle);
  }
}
