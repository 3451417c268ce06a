// A table view in the manner of UITableView: sections with headers and footers, cells in the
// default, subtitle, value1 or value2 style, an editing mode with delete controls, and cell reuse.
//
// Only the rows on screen (plus a few either side) exist in the DOM. Scrolling moves row elements
// that left the screen to the rows that entered it and asks the data source to configure them
// again, so a table of 100,000 rows holds a few dozen elements. Rows have a fixed height, so the
// position of any row is arithmetic and no row needs to be measured.
//
// The data source answers:
//   numberOfSections() · numberOfRows(section) · titleForHeader(section) · titleForFooter(section)
//   configureCell(cell, indexPath)   cell: {element, image, title, subtitle, accessory}
// The delegate (optional): didSelect(indexPath) · commitDelete(indexPath) · canDelete(indexPath)
//   · visibleRowsChanged([{section, first, last}]) · deleteLabel(indexPath)
//   · moveRow(from, to) · canMove(indexPath): reordering in editing mode (table-reorder.js)

import { RowReordering } from "./table-reorder.js";

let nextTableID = 1;

export class TableView {
  constructor({ label, style = "subtitle", rowHeight = 60, headerHeight = 34, footerHeight = 30, overscan = 8 } = {}) {
    this.id = nextTableID++;
    this.rowHeight = rowHeight;
    this.headerHeight = headerHeight;
    this.footerHeight = footerHeight;
    this.overscan = overscan;
    this.dataSource = null;
    this.delegate = {};
    this.sections = [];
    this.active = new Map();
    this.pool = { cell: [], header: [], footer: [] };
    this.created = 0;
    this.focused = null;
    this.pendingDelete = null;
    this.editing = false;
    this.frame = 0;

    this.element = document.createElement("div");
    this.element.className = `tableview tv-style-${style}`;
    this.element.tabIndex = 0;
    this.element.setAttribute("role", "listbox");
    if (label) this.element.setAttribute("aria-label", label);
    this.pinned = document.createElement("div");
    this.pinned.className = "tv-pinned";
    this.pinned.setAttribute("aria-hidden", "true");
    this.content = document.createElement("div");
    this.content.className = "tv-content";
    this.element.append(this.pinned, this.content);
    this.element.style.setProperty("--tv-row", `${rowHeight}px`);
    this.element.style.setProperty("--tv-header", `${headerHeight}px`);
    this.element.style.setProperty("--tv-footer", `${footerHeight}px`);

    this.element.addEventListener("scroll", () => this.scheduleRender(), { passive: true });
    this.element.addEventListener("keydown", (event) => this.onKey(event));
    this.element.addEventListener("click", (event) => this.onClick(event));
    new ResizeObserver(() => this.scheduleRender()).observe(this.element);
    this.reordering = new RowReordering(this);
  }

  /** Changes the cell style: default, subtitle, value1 or value2. */
  setStyle(style) {
    const reorderable = this.element.classList.contains("reorderable") ? " reorderable" : "";
    this.element.className = `tableview tv-style-${style}${this.editing ? " editing" : ""}${reorderable}`;
  }

  /** Re-reads the sections and row counts, then configures every visible row again. */
  reloadData() {
    this.layout();
    if (this.focused && !this.isValid(this.focused)) this.focused = this.firstRow();
    this.pendingDelete = null;
    this.render(true);
  }

  /** Configures the visible rows again (their data changed, the counts did not). */
  reloadVisible() {
    this.render(true);
  }

  /** Shows or hides the delete controls. */
  setEditing(editing) {
    this.editing = editing;
    this.pendingDelete = null;
    this.element.classList.toggle("editing", editing);
    this.element.classList.toggle("reorderable", editing && typeof this.delegate.moveRow === "function");
    this.render(true);
  }

  /** The number of row elements that exist (on screen or waiting for reuse). */
  get elementCount() {
    return this.created;
  }

  /** The index path that has the keyboard focus, if any. */
  get focusedIndexPath() {
    return this.focused;
  }

  layout() {
    const source = this.dataSource;
    const count = source ? source.numberOfSections() : 0;
    this.sections = [];
    let y = 0;
    for (let section = 0; section < count; section++) {
      const header = source.titleForHeader ? source.titleForHeader(section) : null;
      const footer = source.titleForFooter ? source.titleForFooter(section) : null;
      const rows = source.numberOfRows(section);
      const entry = { section, top: y, header, footer, rows };
      if (header !== null && header !== undefined) y += this.headerHeight;
      entry.rowsTop = y;
      y += rows * this.rowHeight;
      entry.footerTop = y;
      if (footer !== null && footer !== undefined) y += this.footerHeight;
      entry.bottom = y;
      this.sections.push(entry);
    }
    this.totalHeight = y;
    this.content.style.height = `${y}px`;
  }

  scheduleRender() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render(false);
    });
  }

  /** The items that intersect the viewport, with overscan. */
  visibleItems() {
    const top = this.element.scrollTop - this.overscan * this.rowHeight;
    const bottom = this.element.scrollTop + this.element.clientHeight + this.overscan * this.rowHeight;
    const items = [];
    const ranges = [];
    for (const section of this.sections) {
      if (section.bottom < top || section.top > bottom) continue;
      if (section.header !== null && section.header !== undefined && section.rowsTop >= top) {
        items.push({ key: `h${section.section}`, kind: "header", section: section.section, y: section.top });
      }
      if (section.rows > 0) {
        const first = Math.max(0, Math.floor((top - section.rowsTop) / this.rowHeight));
        const last = Math.min(section.rows - 1, Math.floor((bottom - section.rowsTop) / this.rowHeight));
        if (first <= last) ranges.push({ section: section.section, first, last });
        for (let row = first; row <= last; row++) {
          items.push({
            key: `r${section.section}.${row}`,
            kind: "cell",
            section: section.section,
            row,
            y: section.rowsTop + row * this.rowHeight,
          });
        }
      }
      if (section.footer !== null && section.footer !== undefined && section.footerTop <= bottom) {
        items.push({ key: `f${section.section}`, kind: "footer", section: section.section, y: section.footerTop });
      }
    }
    return { items, ranges };
  }

  render(reconfigure) {
    if (!this.dataSource) return;
    if (this.sections.length === 0 && this.dataSource.numberOfSections() > 0) this.layout();
    const { items, ranges } = this.visibleItems();
    const wanted = new Map(items.map((item) => [item.key, item]));
    for (const [key, element] of this.active) {
      if (!wanted.has(key)) {
        this.active.delete(key);
        element.hidden = true;
        element.classList.remove("focused", "pending-delete");
        this.pool[element.dataset.kind].push(element);
      }
    }
    for (const item of items) {
      let element = this.active.get(item.key);
      const fresh = !element;
      if (!element) {
        element = this.pool[item.kind].pop() || this.createElement(item.kind);
        this.active.set(item.key, element);
        element.hidden = false;
      }
      element.style.transform = `translateY(${item.y}px)`;
      if (fresh || reconfigure) this.configure(element, item);
    }
    this.updatePinnedHeader();
    this.updateFocusMarks();
    if (this.delegate.visibleRowsChanged) this.delegate.visibleRowsChanged(ranges);
  }

  createElement(kind) {
    this.created += 1;
    const element = document.createElement("div");
    element.dataset.kind = kind;
    element.id = `tv${this.id}-${this.created}`;
    if (kind === "cell") {
      element.className = "tv-cell";
      element.setAttribute("role", "option");
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "tv-delete-toggle";
      toggle.tabIndex = -1;
      toggle.textContent = "−";
      const image = document.createElement("div");
      image.className = "tv-image";
      const text = document.createElement("div");
      text.className = "tv-text";
      const title = document.createElement("div");
      title.className = "tv-title";
      const subtitle = document.createElement("div");
      subtitle.className = "tv-subtitle";
      text.append(title, subtitle);
      const accessory = document.createElement("div");
      accessory.className = "tv-accessory";
      const confirm = document.createElement("button");
      confirm.type = "button";
      confirm.className = "tv-delete-confirm";
      confirm.textContent = "Delete";
      const handle = document.createElement("span");
      handle.className = "tv-reorder-handle";
      handle.textContent = "≡";
      handle.title = "Drag to move the row (or Alt+↑ / Alt+↓)";
      handle.setAttribute("aria-hidden", "true");
      element.append(toggle, image, text, accessory, confirm, handle);
      element.cell = { element, image, title, subtitle, accessory, toggle, confirm, handle };
    } else {
      element.className = kind === "header" ? "tv-header" : "tv-footer";
      element.setAttribute("role", "presentation");
    }
    this.content.append(element);
    return element;
  }

  configure(element, item) {
    element.dataset.key = item.key;
    element.dataset.section = item.section;
    const section = this.sections[item.section];
    if (item.kind === "header") {
      element.textContent = section.header;
      return;
    }
    if (item.kind === "footer") {
      element.textContent = section.footer;
      return;
    }
    element.dataset.row = item.row;
    const cell = element.cell;
    cell.indexPath = { section: item.section, row: item.row };
    cell.image.replaceChildren();
    cell.accessory.replaceChildren();
    cell.title.textContent = "";
    cell.subtitle.textContent = "";
    element.classList.remove("current", "placeholder");
    this.dataSource.configureCell(cell, cell.indexPath);
    const label = this.delegate.deleteLabel ? this.delegate.deleteLabel(cell.indexPath) : "Delete";
    cell.toggle.setAttribute("aria-label", label);
    const deletable = !this.delegate.canDelete || this.delegate.canDelete(cell.indexPath);
    element.classList.toggle("deletable", deletable);
    element.classList.toggle("pending-delete", this.pendingDelete === item.key);
  }

  updatePinnedHeader() {
    const top = this.element.scrollTop;
    const section = this.sections.find((entry) => entry.top <= top && entry.bottom > top);
    const title = section && section.header !== null && section.header !== undefined && top > section.top ? section.header : "";
    this.pinned.textContent = title;
    this.pinned.classList.toggle("shown", title !== "");
  }

  updateFocusMarks() {
    const key = this.focused ? `r${this.focused.section}.${this.focused.row}` : null;
    let activeID = "";
    for (const [itemKey, element] of this.active) {
      const isFocused = itemKey === key;
      element.classList.toggle("focused", isFocused);
      if (element.dataset.kind === "cell") element.setAttribute("aria-selected", isFocused ? "true" : "false");
      if (isFocused) activeID = element.id;
    }
    if (activeID) this.element.setAttribute("aria-activedescendant", activeID);
    else this.element.removeAttribute("aria-activedescendant");
  }

  isValid(indexPath) {
    const section = this.sections[indexPath.section];
    return Boolean(section) && indexPath.row >= 0 && indexPath.row < section.rows;
  }

  firstRow() {
    const section = this.sections.find((entry) => entry.rows > 0);
    return section ? { section: section.section, row: 0 } : null;
  }

  lastRow() {
    for (let index = this.sections.length - 1; index >= 0; index--) {
      if (this.sections[index].rows > 0) return { section: index, row: this.sections[index].rows - 1 };
    }
    return null;
  }

  /** The row `steps` rows after (or before, when negative) `indexPath`, across sections. */
  rowAfter(indexPath, steps) {
    let { section, row } = indexPath;
    let remaining = Math.abs(steps);
    const forward = steps > 0;
    while (remaining > 0) {
      const rows = this.sections[section].rows;
      const room = forward ? rows - 1 - row : row;
      if (remaining <= room) {
        row += forward ? remaining : -remaining;
        remaining = 0;
        break;
      }
      remaining -= room;
      let next = section + (forward ? 1 : -1);
      while (next >= 0 && next < this.sections.length && this.sections[next].rows === 0) next += forward ? 1 : -1;
      if (next < 0 || next >= this.sections.length) break;
      remaining -= 1;
      section = next;
      row = forward ? 0 : this.sections[next].rows - 1;
    }
    return { section, row };
  }

  /** Moves the keyboard focus to `indexPath` and scrolls it into view. */
  focusRow(indexPath) {
    if (!indexPath || !this.isValid(indexPath)) return;
    this.focused = indexPath;
    this.scrollToRow(indexPath);
    this.updateFocusMarks();
  }

  /** Scrolls so that the row is visible (below a pinned header). */
  scrollToRow(indexPath, position = "nearest") {
    const section = this.sections[indexPath.section];
    if (!section) return;
    const y = section.rowsTop + indexPath.row * this.rowHeight;
    const viewTop = this.element.scrollTop + (section.header !== null && section.header !== undefined ? this.headerHeight : 0);
    const viewBottom = this.element.scrollTop + this.element.clientHeight;
    if (position === "top") {
      this.element.scrollTop = y - (section.header ? this.headerHeight : 0);
    } else if (y < viewTop) {
      this.element.scrollTop = y - (section.header ? this.headerHeight : 0);
    } else if (y + this.rowHeight > viewBottom) {
      this.element.scrollTop = y + this.rowHeight - this.element.clientHeight;
    }
    this.render(false);
  }

  onKey(event) {
    if (event.target !== this.element) {
      if (event.key === "Escape" && this.pendingDelete) {
        event.preventDefault();
        this.cancelPendingDelete();
      }
      return;
    }
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) return; // Reordering's.
    const page = Math.max(1, Math.floor(this.element.clientHeight / this.rowHeight) - 1);
    const current = this.focused && this.isValid(this.focused) ? this.focused : null;
    let target = null;
    switch (event.key) {
      case "ArrowDown":
        target = current ? this.rowAfter(current, 1) : this.firstRow();
        break;
      case "ArrowUp":
        target = current ? this.rowAfter(current, -1) : this.firstRow();
        break;
      case "PageDown":
        target = current ? this.rowAfter(current, page) : this.firstRow();
        break;
      case "PageUp":
        target = current ? this.rowAfter(current, -page) : this.firstRow();
        break;
      case "Home":
        target = this.firstRow();
        break;
      case "End":
        target = this.lastRow();
        break;
      case "Enter":
      case " ":
        if (current && this.delegate.didSelect) {
          event.preventDefault();
          this.delegate.didSelect(current);
        }
        return;
      case "Delete":
      case "Backspace":
        if (current && this.editing) {
          event.preventDefault();
          this.askToDelete(current);
        }
        return;
      case "Escape":
        if (this.pendingDelete) {
          event.preventDefault();
          this.cancelPendingDelete();
        }
        return;
      default:
        return;
    }
    event.preventDefault();
    this.focusRow(target);
  }

  onClick(event) {
    const element = event.target.closest(".tv-cell");
    if (!element || !element.cell || !element.cell.indexPath) return;
    const indexPath = element.cell.indexPath;
    if (event.target.closest(".tv-delete-toggle")) {
      if (this.pendingDelete === element.dataset.key) this.cancelPendingDelete();
      else this.askToDelete(indexPath);
      return;
    }
    if (event.target.closest(".tv-delete-confirm")) {
      this.pendingDelete = null;
      element.classList.remove("pending-delete");
      if (this.delegate.commitDelete) this.delegate.commitDelete(indexPath);
      return;
    }
    if (event.target.closest("button, a, input, select, textarea")) return;
    this.focused = indexPath;
    this.updateFocusMarks();
    this.element.focus({ preventScroll: true });
    if (this.delegate.didSelect) this.delegate.didSelect(indexPath);
  }

  /** Shows the row's Delete button (the confirmation), as the minus sign does. */
  askToDelete(indexPath) {
    if (this.delegate.canDelete && !this.delegate.canDelete(indexPath)) return;
    this.focused = indexPath;
    this.scrollToRow(indexPath);
    this.pendingDelete = `r${indexPath.section}.${indexPath.row}`;
    for (const [key, element] of this.active) element.classList.toggle("pending-delete", key === this.pendingDelete);
    const element = this.active.get(this.pendingDelete);
    if (element) element.cell.confirm.focus();
  }

  cancelPendingDelete() {
    const element = this.active.get(this.pendingDelete);
    this.pendingDelete = null;
    if (element) element.classList.remove("pending-delete");
    this.element.focus();
  }
}
