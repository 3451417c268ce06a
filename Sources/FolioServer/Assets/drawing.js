// Drawings as SVG: the Drawing JSON that DocumentsAPI.read gives (lines, rectangles,
// ellipses, freehand paths and text, each with a style) turned into SVG elements — for the editor,
// for the thumbnails in the document browser, and for Export as SVG.

/** The page of a drawing that does not say its size, in drawing points. */
export const PAGE = { width: 1024, height: 768 };

/** The page a drawing is shown on: its own size, or the default page. */
export function pageOf(drawing) {
  const size = drawing && drawing.pageSize;
  const valid = (value) => typeof value === "number" && Number.isFinite(value) && value >= 1;
  return size && valid(size.width) && valid(size.height) ? { width: size.width, height: size.height } : PAGE;
}

const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attributes) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined) element.setAttribute(key, String(value));
  }
  return element;
}

/** "#RRGGBBAA" (or #RGB, #RRGGBB) → a CSS colour; null or nonsense → "none". */
export function cssColor(hex) {
  if (typeof hex !== "string" || !/^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(hex)) return "none";
  let digits = hex.slice(1);
  if (digits.length === 3) digits = [...digits].map((digit) => digit + digit).join("");
  if (digits.length === 6) digits += "ff";
  const [red, green, blue, alpha] = [0, 2, 4, 6].map((index) => parseInt(digits.slice(index, index + 2), 16));
  return `rgba(${red}, ${green}, ${blue}, ${+(alpha / 255).toFixed(3)})`;
}

/** "#rrggbb" from an <input type=color> → the drawing's "#RRGGBBAA". */
export function drawingColor(inputValue) {
  return (inputValue || "#000000").toLowerCase() + "ff";
}

function number(value, fallback = 0) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function paint(element, style, { fill = true } = {}) {
  const lineWidth = number(style && style.lineWidth, 1);
  element.setAttribute("stroke", cssColor(style && style.strokeColor));
  element.setAttribute("stroke-width", String(Math.max(0, lineWidth)));
  element.setAttribute("fill", fill ? cssColor(style && style.fillColor) : "none");
  element.setAttribute("stroke-linecap", "round");
  element.setAttribute("stroke-linejoin", "round");
  return element;
}

/** One drawable as an SVG element (null for a shape Folio does not know). */
export function drawableElement(drawable) {
  const style = drawable.style || {};
  switch (drawable.shape) {
    case "line":
      return paint(
        svg("line", {
          x1: number(drawable.from && drawable.from.x),
          y1: number(drawable.from && drawable.from.y),
          x2: number(drawable.to && drawable.to.x),
          y2: number(drawable.to && drawable.to.y),
        }),
        style, { fill: false },
      );
    case "rectangle": {
      const frame = normalized(drawable.frame);
      return paint(svg("rect", { x: frame.x, y: frame.y, width: frame.width, height: frame.height }), style);
    }
    case "ellipse": {
      const frame = normalized(drawable.frame);
      return paint(
        svg("ellipse", {
          cx: frame.x + frame.width / 2,
          cy: frame.y + frame.height / 2,
          rx: frame.width / 2,
          ry: frame.height / 2,
        }),
        style,
      );
    }
    case "freehand": {
      const points = (drawable.points || []).map((point) => `${number(point.x)},${number(point.y)}`).join(" ");
      return paint(svg("polyline", { points }), style, { fill: false });
    }
    case "text": {
      const frame = normalized(drawable.frame);
      const size = number(drawable.fontSize, 24);
      const element = svg("text", {
        x: frame.x,
        y: frame.y + size,
        "font-size": size,
        "font-family": "system-ui, sans-serif",
        fill: cssColor(style.fillColor || style.strokeColor || "#000000ff"),
      });
      element.textContent = String(drawable.string || "");
      return element;
    }
    default:
      return null;
  }
}

function normalized(frame) {
  const origin = (frame && frame.origin) || {};
  let x = number(origin.x);
  let y = number(origin.y);
  let width = number(frame && frame.width);
  let height = number(frame && frame.height);
  if (width < 0) {
    x += width;
    width = -width;
  }
  if (height < 0) {
    y += height;
    height = -height;
  }
  return { x, y, width, height };
}

/** Fills `group` with the drawing's shapes, first drawn first. */
export function renderDrawables(group, drawing) {
  group.replaceChildren();
  for (const drawable of (drawing && drawing.drawables) || []) {
    const element = drawableElement(drawable);
    if (element) group.append(element);
  }
}

/**
 * `children` inside a nested <svg> the size of the page, which clips them to it: only what is on
 * the page is shown, as only that is saved.
 */
export function pageClip(page, ...children) {
  const clip = svg("svg", { x: 0, y: 0, width: page.width, height: page.height, overflow: "hidden" });
  clip.append(...children);
  return clip;
}

/** A new <svg> showing `drawing` on its white page. */
export function drawingSVG(drawing, { className = "drawing", label } = {}) {
  const page = pageOf(drawing);
  const root = svg("svg", {
    xmlns: SVG,
    viewBox: `0 0 ${page.width} ${page.height}`,
    class: className,
    role: label ? "img" : null,
    "aria-label": label,
    "aria-hidden": label ? null : "true",
    preserveAspectRatio: "xMidYMid meet",
  });
  root.append(svg("rect", { x: 0, y: 0, width: page.width, height: page.height, fill: "#ffffff" }));
  const group = svg("g", {});
  renderDrawables(group, drawing);
  root.append(pageClip(page, group));
  return root;
}

/** The drawing as a standalone SVG file. */
export function drawingSVGText(drawing, title) {
  const root = drawingSVG(drawing);
  root.removeAttribute("class");
  root.removeAttribute("aria-hidden");
  const page = pageOf(drawing);
  root.setAttribute("width", String(page.width));
  root.setAttribute("height", String(page.height));
  const titleElement = svg("title", {});
  titleElement.textContent = title;
  root.prepend(titleElement);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(root) + "\n";
}

/** The shape a drag from `start` to `end` makes with `tool`. */
export function shapeFor(tool, start, end, style) {
  const frame = {
    origin: { x: Math.min(start.x, end.x), y: Math.min(start.y, end.y) },
    width: Math.abs(end.x - start.x),
    height: Math.abs(end.y - start.y),
  };
  switch (tool) {
    case "line":
      return { shape: "line", from: start, to: end, style };
    case "rectangle":
      return { shape: "rectangle", frame, style };
    case "ellipse":
      return { shape: "ellipse", frame, style };
    default:
      return null;
  }
}

/** Rounds a point to a tenth of a drawing point. */
export function roundPoint(point) {
  return { x: Math.round(point.x * 10) / 10, y: Math.round(point.y * 10) / 10 };
}
