// `/api/info`: the program, its Home container, its bundle and the container's areas.

import { getJSON } from "./api-client.js";

export const InfoAPI = {
  /** `{name, home, bundle, areas}`. */
  info() {
    return getJSON("/api/info");
  },
};
