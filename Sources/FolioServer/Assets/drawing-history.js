// Undo and redo for the drawing editor: each change keeps the shapes as they were before it.
// The history lives in the editor, so a save (which changes only the version) keeps it; opening
// the drawing anew (Use Theirs, a change made elsewhere) starts a new one.

const LIMIT = 500;

/** The states of a drawing's shapes to go back and forth between. */
export class DrawingHistory {
  constructor() {
    this.clear();
  }

  clear() {
    this.past = [];
    this.future = [];
  }

  /** Remembers `drawables` (as they are before a change); a new change drops what could be redone. */
  record(drawables) {
    this.past.push(structuredClone(drawables));
    if (this.past.length > LIMIT) this.past.shift();
    this.future = [];
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** The shapes before the last change, given the shapes now; null when there is nothing to undo. */
  undo(current) {
    if (!this.canUndo) return null;
    this.future.push(structuredClone(current));
    return this.past.pop();
  }

  /** The shapes after the last undone change; null when there is nothing to redo. */
  redo(current) {
    if (!this.canRedo) return null;
    this.past.push(structuredClone(current));
    return this.future.pop();
  }
}
