// The geometry of a drawing's shapes for the editor: their bounds, which shape a click hits, and
// shapes moved, scaled and kept on the page. Every function returns new objects; none changes the
// drawable it is given.

function finite(value) {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function round(value) {
  return Math.round(value * 10) / 10;
}

/** A point inside the page: each coordinate clamped to the page's edges. */
export function clampPoint(point, page) {
  return {
    x: Math.min(Math.max(finite(point.x), 0), page.width),
    y: Math.min(Math.max(finite(point.y), 0), page.height),
  };
}

function frameBox(frame) {
  const origin = (frame && frame.origin) || {};
  let x = finite(origin.x);
  let y = finite(origin.y);
  let width = finite(frame && frame.width);
  let height = finite(frame && frame.height);
  if (width < 0)[x, width] = [x + width, -width];
  if (height < 0)[y, height] = [y + height, -height];
  return { x, y, width, height };
}

function pointsBox(points) {
  if (points.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const xs = points.map((point) => finite(point.x));
  const ys = points.map((point) => finite(point.y));
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

function pointsOf(drawable) {
  switch (drawable.shape) {
    case "line":
      return [drawable.from || {}, drawable.to || {}];
    case "freehand":
      return drawable.points || [];
    default:
      return null;
  }
}

/** The smallest box around a shape (its frame, or around its points). */
export function bounds(drawable) {
  const points = pointsOf(drawable);
  return points ? pointsBox(points) : frameBox(drawable.frame);
}

/** The smallest box around several boxes (null for none). */
export function union(boxes) {
  if (boxes.length === 0) return null;
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  const right = Math.max(...boxes.map((box) => box.x + box.width));
  const bottom = Math.max(...boxes.map((box) => box.y + box.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Whether two boxes overlap or touch. */
export function intersects(a, b) {
  return a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;
}

function distanceToSegment(point, from, to) {
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((point.x - from.x) * dx + (point.y - from.y) * dy) / length));
  return Math.hypot(point.x - (from.x + t * dx), point.y - (from.y + t * dy));
}

/**
 * Whether a click at `point` hits the shape: within `tolerance` of a line or a freehand path,
 * inside (or within `tolerance` of) a rectangle, an ellipse or a text.
 */
export function hits(drawable, point, tolerance) {
  const reach = tolerance + finite(drawable.style && drawable.style.lineWidth) / 2;
  const points = pointsOf(drawable);
  if (points) {
    const clean = points.map((each) => ({ x: finite(each.x), y: finite(each.y) }));
    if (clean.length === 1) return Math.hypot(point.x - clean[0].x, point.y - clean[0].y) <= reach;
    for (let index = 1; index < clean.length; index++) {
      if (distanceToSegment(point, clean[index - 1], clean[index]) <= reach) return true;
    }
    return false;
  }
  const box = frameBox(drawable.frame);
  if (drawable.shape === "ellipse") {
    const rx = box.width / 2 + reach;
    const ry = box.height / 2 + reach;
    const nx = (point.x - (box.x + box.width / 2)) / rx;
    const ny = (point.y - (box.y + box.height / 2)) / ry;
    return nx * nx + ny * ny <= 1;
  }
  return point.x >= box.x - reach && point.x <= box.x + box.width + reach && point.y >= box.y - reach && point.y <= box.y + box.height + reach;
}

/** The index of the topmost shape a click at `point` hits, or -1. */
export function topmostHit(drawables, point, tolerance) {
  for (let index = drawables.length - 1; index >= 0; index--) {
    if (hits(drawables[index], point, tolerance)) return index;
  }
  return -1;
}

function mapPoints(drawable, map) {
  const copy = structuredClone(drawable);
  const mapPoint = (point) => {
    const mapped = map({ x: finite(point && point.x), y: finite(point && point.y) });
    return { x: round(mapped.x), y: round(mapped.y) };
  };
  switch (copy.shape) {
    case "line":
      copy.from = mapPoint(copy.from);
      copy.to = mapPoint(copy.to);
      break;
    case "freehand":
      copy.points = (copy.points || []).map(mapPoint);
      break;
    default: {
      const box = frameBox(copy.frame);
      const first = mapPoint({ x: box.x, y: box.y });
      const second = mapPoint({ x: box.x + box.width, y: box.y + box.height });
      copy.frame = {
        origin: { x: Math.min(first.x, second.x), y: Math.min(first.y, second.y) },
        width: round(Math.abs(second.x - first.x)),
        height: round(Math.abs(second.y - first.y)),
      };
    }
  }
  return copy;
}

/** The shape moved by (dx, dy). */
export function translate(drawable, dx, dy) {
  return mapPoints(drawable, (point) => ({ x: point.x + dx, y: point.y + dy }));
}

/**
 * The move (dx, dy) cut short so that `box` stays on the page: a selection dragged against an
 * edge stops there.
 */
export function clampMove(box, dx, dy, page) {
  return {
    dx: Math.min(Math.max(dx, -box.x), page.width - (box.x + box.width)),
    dy: Math.min(Math.max(dy, -box.y), page.height - (box.y + box.height)),
  };
}

/** The shape scaled from the box `from` to the box `to` (a text's font scales with the height). */
export function scale(drawable, from, to) {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  const scaled = mapPoints(drawable, (point) => ({ x: to.x + (point.x - from.x) * sx, y: to.y + (point.y - from.y) * sy }));
  if (scaled.shape === "text") scaled.fontSize = round(Math.max(4, finite(drawable.fontSize) * sy));
  return scaled;
}

/** The resize handles of a box: a name and where it is. */
export function handles(box) {
  const { x, y, width, height } = box;
  const [left, center, right] = [x, x + width / 2, x + width];
  const [top, middle, bottom] = [y, y + height / 2, y + height];
  return [
    ["nw", left, top],
    ["n", center, top],
    ["ne", right, top],
    ["e", right, middle],
    ["se", right, bottom],
    ["s", center, bottom],
    ["sw", left, bottom],
    ["w", left, middle],
  ].map(([name, hx, hy]) => ({ name, x: hx, y: hy }));
}

/**
 * The box after dragging the handle `name` of `box` to `point`: the opposite edges stay where
 * they are; the box keeps at least `minimum` points across.
 */
export function resized(box, name, point, minimum = 2) {
  let left = box.x;
  let top = box.y;
  let right = box.x + box.width;
  let bottom = box.y + box.height;
  if (name.includes("w")) left = Math.min(point.x, right - minimum);
  if (name.includes("e")) right = Math.max(point.x, left + minimum);
  if (name.includes("n")) top = Math.min(point.y, bottom - minimum);
  if (name.includes("s")) bottom = Math.max(point.y, top + minimum);
  // A line's box can be flat (a horizontal line): its flat side stays flat.
  if (box.width === 0)[left, right] = [box.x, box.x];
  if (box.height === 0)[top, bottom] = [box.y, box.y];
  return { x: left, y: top, width: right - left, height: bottom - top };
}
