// The server's thumbnails of images (PNG, JPEG, GIF, WebP) and drawings (drawn by the renderer
// of their PDF) in the document browser and the file list, loaded lazily, with the kind's icon
// in their place when there is none.

import { FilesAPI } from "./files-api.js";
import { h } from "./ui.js";

/** Whether the server makes a thumbnail of the file `name` (PNG, JPEG, GIF, WebP, a drawing). */
export function hasThumbnail(name, type) {
  if (type === "directory") return false;
  const extension = (name.split(".").pop() || "").toLowerCase();
  return ["png", "jpg", "jpeg", "jpe", "gif", "webp", "dudeldoc"].includes(extension);
}

/**
 * The server's thumbnail of the image or drawing at the container `path`, loaded lazily; the
 * `fallback` kind's icon takes its place when there is none (a damaged file, one too large).
 * `version` is part of the address so that a changed file is fetched again.
 */
export function thumbnailImage(path, { version, className = "icon", fallback = "image" } = {}) {
  const image = h("img", {
    class: `${className} image-thumbnail`,
    src: FilesAPI.thumbnailURL(path, { size: 64, version }),
    alt: "",
    width: 28,
    height: 28,
    loading: "lazy",
    decoding: "async",
  });
  image.addEventListener("error", () => {
    image.classList.remove("image-thumbnail");
    image.classList.add("thumbnail-fallback");
    image.src = `/assets/icon-${fallback}.svg`;
  }, { once: true });
  return image;
}
