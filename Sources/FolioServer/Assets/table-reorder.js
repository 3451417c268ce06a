// Reordering rows of a TableView in editing mode, as UITableView's reorder control does: drag a
// row by its handle (≡) to another place, across sections too, or move the focused row with
// Alt+↑ and Alt+↓. The delegate decides: canMove(indexPath) and moveRow(from, to), where `to` is
// the row's index path once moved (UITableView's destination).

/** Adds reordering to `tableView`; the handles show in editing mode when the delegate has moveRow. */
export class RowReordering {
  constructor(tableView) {
    this.table = tableView;
    this.drag = null;
    this.indicator = document.createElement("div");
    this.indicator.className = "tv-drop-indicator";
    this.indicator.hidden = true;
    tableView.content.append(this.indicator);
    const element = tableView.element;
    element.addEventListener("keydown", (event) => this.onKey(event));
    element.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    element.addEventListener("pointermove", (event) => this.onPointerMove(event));
    element.addEventListener("pointerup", (event) => this.onPointerUp(event));
    element.addEventListener("pointercancel", () => this.endDrag());
  }

  get isAvailable() {
    return this.table.editing && typeof this.table.delegate.moveRow === "function";
  }

  canMove(indexPath) {
    return this.isAvailable && (!this.table.delegate.canMove || this.table.delegate.canMove(indexPath));
  }

  /** Alt+↑ / Alt+↓: the focused row one place up or down, into the next section at its ends. */
  onKey(event) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const from = this.table.focusedIndexPath;
    if (event.target !== this.table.element || !from || !this.canMove(from)) return;
    event.preventDefault();
    const sections = this.table.sections;
    const rows = sections[from.section].rows;
    let to = null;
    if (event.key === "ArrowDown") {
      if (from.row < rows - 1) to = { section: from.section, row: from.row + 1 };
      else if (from.section + 1 < sections.length) to = { section: from.section + 1, row: 0 };
    } else if (from.row > 0) {
      to = { section: from.section, row: from.row - 1 };
    } else if (from.section > 0) {
      to = { section: from.section - 1, row: sections[from.section - 1].rows };
    }
    if (to) this.table.delegate.moveRow(from, to);
  }

  onPointerDown(event) {
    const handle = event.target.closest(".tv-reorder-handle");
    const element = handle && handle.closest(".tv-cell");
    if (!element || !element.cell || !this.canMove(element.cell.indexPath)) return;
    event.preventDefault();
    this.drag = { from: element.cell.indexPath, element, pointer: event.pointerId, slot: null };
    element.classList.add("dragging");
    this.table.element.setPointerCapture(event.pointerId);
    this.onPointerMove(event);
  }

  onPointerMove(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const view = this.table.element.getBoundingClientRect();
    // Near the top or the bottom, the table scrolls so a row can travel the whole table.
    if (event.clientY < view.top + 24) this.table.element.scrollTop -= 12;
    else if (event.clientY > view.bottom - 24) this.table.element.scrollTop += 12;
    const y = event.clientY - this.table.content.getBoundingClientRect().top;
    this.drag.slot = this.slotAt(y);
    if (!this.drag.slot) return;
    const section = this.table.sections[this.drag.slot.section];
    this.indicator.hidden = false;
    this.indicator.style.transform = `translateY(${section.rowsTop + this.drag.slot.slot * this.table.rowHeight - 1}px)`;
  }

  onPointerUp(event) {
    if (!this.drag || event.pointerId !== this.drag.pointer) return;
    const { from, slot } = this.drag;
    this.endDrag();
    if (!slot) return;
    // A slot below the row's own place in its section is one less once the row has left it.
    const row = slot.section === from.section && slot.slot > from.row ? slot.slot - 1 : slot.slot;
    if (slot.section === from.section && row === from.row) return;
    this.table.delegate.moveRow(from, { section: slot.section, row });
  }

  endDrag() {
    if (this.drag) this.drag.element.classList.remove("dragging");
    this.drag = null;
    this.indicator.hidden = true;
  }

  /** The place between rows nearest to `y` (in the content's coordinates): `{section, slot}`. */
  slotAt(y) {
    let best = null;
    for (const section of this.table.sections) {
      const top = section.rowsTop;
      const bottom = section.rowsTop + section.rows * this.table.rowHeight;
      const distance = y < top ? top - y : y > bottom ? y - bottom : 0;
      if (!best || distance < best.distance) {
        const slot = Math.max(0, Math.min(section.rows, Math.round((y - top) / this.table.rowHeight)));
        best = { distance, section: section.section, slot };
      }
    }
    return best && { section: best.section, slot: best.slot };
  }
}
