// The search API: GET /api/search?q=&limit= → {results: [{path, name, kind, snippet, highlights, modified}]}.

import { getJSON, query } from "./api-client.js";

export const SearchAPI = {
  /** The documents that match `text`, best first; `signal` aborts a request that is no longer wanted. */
  search(text, { limit, signal } = {}) {
    return getJSON("/api/search" + query({ q: text, limit }), { signal });
  },
};
