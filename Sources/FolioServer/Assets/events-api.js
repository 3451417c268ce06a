// `/api/events`: the library's changes as server-sent events (created, renamed, deleted,
// modified, currentChanged, refreshNeeded).

export const EventsAPI = {
  /** The event types the stream sends. */
  types: ["created", "renamed", "deleted", "modified", "currentChanged", "refreshNeeded"],

  /** Opens the stream. */
  open() {
    return new EventSource("/api/events");
  },
};
