// The client of folio serve's API that the resource modules (documents-api.js, files-api.js, …)
// share: JSON requests with the CSRF header, errors as APIError, and one place that notices a
// missing token (401) or a server that went away. Pages call the resource modules, not this.

/** A failed request: the HTTP status and the server's error object. */
export class APIError extends Error {
  constructor(status, error) {
    super((error && error.message) || `HTTP ${status}`);
    this.status = status;
    this.code = (error && error.code) || "http" + status;
    this.userMessage = error && error.userMessage;
    this.error = error || {};
  }

  /** The sentence to show a person. */
  get sentence() {
    if (this.userMessage) return this.userMessage;
    if (this.status === 0) return "Folio is not answering. Is folio serve still running?";
    return this.message;
  }
}

const listeners = { unauthorized: [], offline: [], online: [] };

/** Calls `callback` when the server says the token is missing (401) or stops answering. */
export function on(name, callback) {
  listeners[name].push(callback);
}

function emit(name, detail) {
  for (const callback of listeners[name]) callback(detail);
}

/** `/api/files/` + each component percent-encoded: `pathURL("/api/files", "Documents/a b.txt")`. */
export function pathURL(prefix, path) {
  const parts = String(path).split("/").filter((part) => part.length > 0);
  return prefix + "/" + parts.map(encodeURIComponent).join("/");
}

/** A query string from an object, leaving out null and undefined values. */
export function query(parameters) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== null && value !== undefined && value !== "") search.set(key, String(value));
  }
  const text = search.toString();
  return text ? "?" + text : "";
}

/**
 * Sends a request and returns `{status, headers, data}` where data is the parsed JSON (or text).
 * Options: method, body (an object is sent as JSON; a string, Blob or File as is), headers,
 * signal, as ("json" | "text" | "blob"), reviver (for JSON.parse), keepalive (the request outlives
 * the page; browsers take such bodies only up to 64 KiB, so a larger one is sent without it).
 */
export async function request(url, options = {}) {
  const method = options.method || "GET";
  const headers = Object.assign({}, options.headers || {});
  let body = options.body;
  if (method !== "GET" && method !== "HEAD") headers["X-Folio-Request"] = "1";
  if (body !== undefined && body !== null && !(body instanceof Blob) && typeof body !== "string") {
    body = JSON.stringify(body);
    headers["Content-Type"] = "application/json";
  }
  let response;
  try {
    const keepalive = options.keepalive === true && typeof body === "string" && body.length < 60000;
    response = await fetch(url, { method, headers, body, signal: options.signal, credentials: "same-origin", keepalive });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    emit("offline", error);
    throw new APIError(0, { code: "offline", message: "Folio is not answering" });
  }
  emit("online");
  const type = response.headers.get("Content-Type") || "";
  let data;
  if (options.as === "blob" && response.ok) {
    data = await response.blob();
  } else if (options.as === "text" || (!type.includes("json") && options.as !== "json")) {
    data = await response.text();
  } else {
    const text = await response.text();
    data = text ? JSON.parse(text, options.reviver) : null;
  }
  if (!response.ok) {
    const error = data && typeof data === "object" ? data.error : { message: String(data || response.statusText) };
    if (response.status === 401) emit("unauthorized", error);
    throw new APIError(response.status, error);
  }
  return { status: response.status, headers: response.headers, data };
}

/** GET a JSON resource. */
export async function getJSON(url, options = {}) {
  return (await request(url, Object.assign({ as: "json" }, options))).data;
}

/** Sends `body` with `method` and returns the JSON answer. */
export async function send(method, url, body, options = {}) {
  return (await request(url, Object.assign({ method, body, as: "json" }, options))).data;
}
