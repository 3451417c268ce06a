// A selection of several items in a list, the way a desktop list selects: a click picks one,
// Ctrl/⌘-click adds or removes one, Shift-click takes the range from the last one picked, Ctrl/⌘+A
// takes them all and Escape clears it. Pages keep the items' order; this keeps the chosen keys.

export class Selection {
  /** `order()` gives the keys in the order shown; `onChange(keys)` follows every change. */
  constructor({ order, onChange }) {
    this.order = order;
    this.onChange = onChange;
    this.keys = new Set();
    this.anchor = null;
  }

  get size() {
    return this.keys.size;
  }

  has(key) {
    return this.keys.has(key);
  }

  /** The chosen keys, in the order shown. */
  list() {
    return this.order().filter((key) => this.keys.has(key));
  }

  /** What a click on `key` does, by its modifier keys: toggle (Ctrl/⌘ or `toggles`), range (Shift), or only this one. */
  click(key, event, { toggles = false } = {}) {
    if (event.shiftKey && this.anchor !== null) {
      const order = this.order();
      const from = order.indexOf(this.anchor);
      const to = order.indexOf(key);
      if (from >= 0 && to >= 0) {
        if (!(event.ctrlKey || event.metaKey)) this.keys.clear();
        for (const each of order.slice(Math.min(from, to), Math.max(from, to) + 1)) this.keys.add(each);
        this.changed();
        return;
      }
    }
    if (toggles || event.ctrlKey || event.metaKey) {
      if (this.keys.has(key)) this.keys.delete(key);
      else this.keys.add(key);
    } else {
      this.keys.clear();
      this.keys.add(key);
    }
    this.anchor = key;
    this.changed();
  }

  selectAll() {
    for (const key of this.order()) this.keys.add(key);
    this.changed();
  }

  clear() {
    this.keys.clear();
    this.anchor = null;
    this.changed();
  }

  /** Forgets keys that are no longer shown. */
  prune() {
    const shown = new Set(this.order());
    for (const key of [...this.keys])
      if (!shown.has(key)) this.keys.delete(key);
    this.changed();
  }

  changed() {
    this.onChange(this.list());
  }
}

/** Runs `action(key)` for every key, one after another; resolves to `{done, failed: [{key, reason}]}` — a failure never stops the rest. */
export async function forEachSelected(keys, action) {
  const done = [];
  const failed = [];
  for (const key of keys) {
    try {
      await action(key);
      done.push(key);
    } catch (error) {
      failed.push({ key, reason: error.sentence || error.message });
    }
  }
  return { done, failed };
}

/** "Deleted 3 items." plus each failure by name. */
export function bulkSummary(verb, { done, failed }, name = (key) => key) {
  const items = (count) => `${count} item${count === 1 ? "" : "s"}`;
  let text = `${verb} ${items(done.length)}.`;
  if (failed.length) text += ` ${items(failed.length)} failed: ${failed.map((failure) => `${name(failure.key)} (${failure.reason})`).join("; ")}.`;
  return text;
}
