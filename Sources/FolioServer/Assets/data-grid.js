// A data grid: rows of fields under sortable, resizable column headers, every row reachable by
// scrolling or the keyboard, with the row reuse of the table view.
//
// Only the rows on screen (plus a few either side) exist in the DOM; scrolling moves the row
// elements to the rows that came into view and fills them again, so a grid of ten million rows
// holds a few dozen. Rows are fetched from the server a page at a time and at most `keepPages`
// pages are kept, so memory stays flat however far one scrolls. The scrolled height is capped
// (browsers cannot lay out ten million rows of 28 px): past the cap, the scroll position maps to
// a row by proportion, so the last row is still at the bottom.
//
// The source answers `load({offset, limit, sort})` with `{columns, rows, total}`, `sort` being
// `{column, descending}` or null; the grid shows `formatValue(value)` (a Node or text) in cells.
// The delegate (optional): didActivate(row, values, columns) · sortChanged(sort) · failed(error)
//   · deleteRequested(row) (the Delete key on the focused row).

const pageSize = 100;
const keepPages = 30;
const maxScrollHeight = 8_000_000;

export class DataGrid {
  constructor({ label, rowHeight = 30, formatValue, cellClass = () => null, delegate = {} }) {
    this.rowHeight = rowHeight;
    this.formatValue = formatValue;
    this.cellClass = cellClass;
    this.delegate = delegate;
    this.source = null;
    this.columns = [];
    this.widths = [];
    this.total = 0;
    this.sort = null;
    this.pages = new Map();
    this.generation = 0;
    this.focusedRow = 0;
    this.pool = [];
    this.active = new Map();
    this.frame = 0;

    this.element = document.createElement("div");
    this.element.className = "data-grid";
    this.head = document.createElement("div");
    this.head.className = "dg-head";
    this.head.setAttribute("role", "row");
    this.scroller = document.createElement("div");
    this.scroller.className = "dg-scroller";
    this.scroller.tabIndex = 0;
    this.scroller.setAttribute("role", "grid");
    if (label) this.scroller.setAttribute("aria-label", label);
    this.content = document.createElement("div");
    this.content.className = "dg-content";
    this.status = document.createElement("div");
    this.status.className = "dg-status";
    this.status.setAttribute("aria-live", "polite");
    this.scroller.append(this.head, this.content);
    this.element.append(this.scroller, this.status);
    this.element.style.setProperty("--dg-row", `${rowHeight}px`);

    this.scroller.addEventListener("scroll", () => this.scheduleRender(), { passive: true });
    this.scroller.addEventListener("keydown", (event) => this.onKey(event));
    this.content.addEventListener("click", (event) => {
      const row = event.target.closest(".dg-row");
      if (row) this.activate(Number(row.dataset.row));
    });
    new ResizeObserver(() => this.scheduleRender()).observe(this.scroller);
  }

  /** Shows the rows of `source` from the first, in `sort` (null for the source's own order). */
  async show(source, { sort = null } = {}) {
    this.source = source;
    this.sort = sort;
    await this.reload();
  }

  /** Forgets the pages and loads the first again (after a sort, or an edit). */
  async reload({ keepPosition = false } = {}) {
    this.generation += 1;
    this.pages = new Map();
    if (!keepPosition) {
      this.focusedRow = 0;
      this.scroller.scrollTop = 0;
    }
    const first = await this.fetchPage(keepPosition ? Math.floor(this.firstVisibleRow() / pageSize) : 0);
    if (!first) return;
    this.setColumns(first.columns, first.rows);
    this.total = Number(first.total ?? first.rows.length);
    this.layout();
    this.render(true);
  }

  /** Makes a column per name, each as wide as its name and the first rows' values need (within limits). */
  setColumns(columns, rows = []) {
    const same = columns.length === this.columns.length && columns.every((name, index) => name === this.columns[index]);
    if (same) return;
    this.columns = columns;
    this.widths = columns.map((name, index) => {
      const longest = rows.reduce((most, values) => {
        const shown = this.formatValue(values[index], { row: 0, column: name });
        return Math.max(most, (typeof shown === "string" ? shown : shown.textContent || "MMMM").length);
      }, name.length + 2);
      return Math.min(320, Math.max(64, longest * 8 + 24));
    });
    for (const row of [...this.pool, ...this.active.values()]) row.remove();
    this.pool = [];
    this.active = new Map();
    this.scroller.setAttribute("aria-colcount", String(columns.length + 1));
    this.head.replaceChildren(this.headerCell("#", -1));
    columns.forEach((name, index) => this.head.append(this.headerCell(name, index)));
    this.applyWidths();
  }

  headerCell(name, index) {
    const cell = document.createElement("div");
    cell.className = index < 0 ? "dg-th dg-number" : "dg-th";
    cell.setAttribute("role", "columnheader");
    if (index < 0) {
      cell.textContent = name;
      return cell;
    }
    cell.dataset.column = name;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "dg-sort";
    button.textContent = name;
    button.title = `Sort by ${name}`;
    button.addEventListener("click", () => this.toggleSort(name));
    const handle = document.createElement("span");
    handle.className = "dg-resize";
    handle.tabIndex = 0;
    handle.setAttribute("role", "separator");
    handle.setAttribute("aria-orientation", "vertical");
    handle.setAttribute("aria-label", `Width of ${name}`);
    handle.addEventListener("pointerdown", (event) => this.startResize(event, index, handle));
    handle.addEventListener("keydown", (event) => {
      if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
        event.preventDefault();
        this.setWidth(index, this.widths[index] + (event.key === "ArrowRight" ? 20 : -20));
      }
    });
    cell.append(button, handle);
    this.markSort(cell);
    return cell;
  }

  markSort(cell) {
    const name = cell.dataset.column;
    const sorted = this.sort && this.sort.column === name;
    cell.setAttribute("aria-sort", sorted ? (this.sort.descending ? "descending" : "ascending") : "none");
  }

  /** Sorts by `column`: ascending, then descending, then the source's own order. */
  async toggleSort(column) {
    if (!this.sort || this.sort.column !== column) this.sort = { column, descending: false };
    else if (!this.sort.descending) this.sort = { column, descending: true };
    else this.sort = null;
    for (const cell of this.head.querySelectorAll(".dg-th[data-column]")) this.markSort(cell);
    if (this.delegate.sortChanged) this.delegate.sortChanged(this.sort);
    await this.reload();
  }

  startResize(event, index, handle) {
    event.preventDefault();
    const startX = event.clientX;
    const startWidth = this.widths[index];
    handle.setPointerCapture(event.pointerId);
    const move = (moved) => this.setWidth(index, startWidth + moved.clientX - startX);
    const end = () => {
      handle.removeEventListener("pointermove", move);
      handle.removeEventListener("pointerup", end);
      handle.removeEventListener("pointercancel", end);
    };
    handle.addEventListener("pointermove", move);
    handle.addEventListener("pointerup", end);
    handle.addEventListener("pointercancel", end);
  }

  setWidth(index, width) {
    this.widths[index] = Math.max(40, Math.min(1200, Math.round(width)));
    this.applyWidths();
  }

  applyWidths() {
    const numberWidth = Math.max(48, String(this.total).length * 9 + 20);
    const template = [`${numberWidth}px`, ...this.widths.map((width) => `${width}px`)].join(" ");
    this.element.style.setProperty("--dg-columns", template);
    this.element.style.setProperty("--dg-width", `${numberWidth + this.widths.reduce((sum, width) => sum + width, 0)}px`);
  }

  layout() {
    this.scroller.setAttribute("aria-rowcount", String(this.total + 1));
    this.content.style.height = `${Math.min(this.total * this.rowHeight, maxScrollHeight)}px`;
    this.applyWidths();
    this.updateStatus();
  }

  /** The rows that fit in the viewport (a fraction). */
  get rowsInView() {
    return Math.max(1, (this.scroller.clientHeight - this.head.offsetHeight) / this.rowHeight);
  }

  /** Where the top of the viewport is, in rows (a fraction): exact below the cap, by proportion past it. */
  topRow() {
    const height = Math.min(this.total * this.rowHeight, maxScrollHeight);
    if (height < maxScrollHeight) return this.scroller.scrollTop / this.rowHeight;
    const room = height - (this.scroller.clientHeight - this.head.offsetHeight);
    const fraction = room > 0 ? Math.min(1, this.scroller.scrollTop / room) : 0;
    return fraction * Math.max(0, this.total - this.rowsInView);
  }

  firstVisibleRow() {
    return Math.floor(this.topRow());
  }

  /** Scrolls so that `row` is in view. */
  scrollToRow(row) {
    const height = Math.min(this.total * this.rowHeight, maxScrollHeight);
    const top = this.topRow();
    let target = top;
    if (row < top) target = row;
    else if (row + 1 > top + this.rowsInView) target = row + 1 - this.rowsInView;
    else return;
    if (height < maxScrollHeight) {
      this.scroller.scrollTop = target * this.rowHeight;
    } else {
      const room = height - (this.scroller.clientHeight - this.head.offsetHeight);
      this.scroller.scrollTop = (target / Math.max(1, this.total - this.rowsInView)) * room;
    }
    this.render(false);
  }

  scheduleRender() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render(false);
    });
  }

  render(reconfigure) {
    const top = this.topRow();
    const first = Math.max(0, Math.floor(top) - 4);
    const last = Math.min(this.total - 1, Math.ceil(top + this.rowsInView) + 4);
    // Rows are placed relative to the scroll position, so they sit right whatever the cap does.
    const origin = this.scroller.scrollTop - (top - Math.floor(top)) * this.rowHeight - Math.floor(top) * this.rowHeight;
    for (const [row, element] of this.active) {
      if (row < first || row > last) {
        this.active.delete(row);
        element.hidden = true;
        this.pool.push(element);
      }
    }
    for (let row = first; row <= last; row++) {
      let element = this.active.get(row);
      const fresh = !element;
      if (!element) {
        element = this.pool.pop() || this.createRow();
        element.hidden = false;
        this.active.set(row, element);
      }
      element.style.transform = `translateY(${origin + row * this.rowHeight}px)`;
      if (fresh || reconfigure || element.classList.contains("dg-loading")) this.configure(element, row);
      element.classList.toggle("focused", row === this.focusedRow);
    }
    this.updateStatus(Math.floor(top), Math.min(this.total, Math.ceil(top + this.rowsInView)) - 1);
    this.fetchVisible(first, last);
  }

  createRow() {
    const element = document.createElement("div");
    element.className = "dg-row";
    element.setAttribute("role", "row");
    for (let index = 0; index <= this.columns.length; index++) {
      const cell = document.createElement("div");
      cell.className = index === 0 ? "dg-td dg-number" : "dg-td";
      cell.setAttribute("role", index === 0 ? "rowheader" : "gridcell");
      element.append(cell);
    }
    this.content.append(element);
    return element;
  }

  configure(element, row) {
    element.dataset.row = String(row);
    element.setAttribute("aria-rowindex", String(row + 2));
    const page = this.pages.get(Math.floor(row / pageSize));
    const values = page && page.rows[row % pageSize];
    const cells = element.children;
    cells[0].textContent = (row + 1).toLocaleString();
    element.classList.toggle("dg-loading", !values);
    for (let index = 0; index < this.columns.length; index++) {
      const cell = cells[index + 1];
      if (!values) {
        cell.replaceChildren();
        cell.className = "dg-td";
        continue;
      }
      const shown = this.formatValue(values[index], { row, column: this.columns[index] });
      cell.replaceChildren(shown);
      cell.className = "dg-td " + (this.cellClass(values[index]) || "");
      cell.title = typeof shown === "string" ? shown : shown.textContent || "";
    }
  }

  updateStatus(first, last) {
    if (this.total === 0) {
      this.status.textContent = "No rows";
      return;
    }
    const from = (first ?? 0) + 1;
    const to = Math.min(this.total, (last ?? 0) + 1);
    this.status.textContent = `Rows ${from.toLocaleString()}–${to.toLocaleString()} of ${this.total.toLocaleString()}`;
  }

  fetchVisible(first, last) {
    for (let page = Math.floor(first / pageSize); page <= Math.floor(Math.max(first, last) / pageSize); page++) {
      if (!this.pages.has(page) && this.total > page * pageSize) this.fetchPage(page);
    }
  }

  async fetchPage(page) {
    const generation = this.generation;
    this.pages.set(page, null);
    try {
      const answer = await this.source.load({ offset: page * pageSize, limit: pageSize, sort: this.sort });
      if (generation !== this.generation) return null;
      this.pages.set(page, answer);
      while (this.pages.size > keepPages) this.pages.delete(this.pages.keys().next().value);
      const total = answer.total === undefined || answer.total === null ? null : Number(answer.total);
      if (total !== null && total !== this.total && this.columns.length > 0) {
        this.total = total;
        this.layout();
      }
      if (this.columns.length > 0) this.render(false);
      return answer;
    } catch (error) {
      if (generation === this.generation) this.pages.delete(page);
      if (this.delegate.failed) this.delegate.failed(error);
      return null;
    }
  }

  /** The values of `row` and its page's answer and place in it, if the page is loaded. */
  rowInfo(row) {
    const page = this.pages.get(Math.floor(row / pageSize));
    if (!page) return null;
    return { values: page.rows[row % pageSize], answer: page, index: row % pageSize };
  }

  /** The values of `row` if its page is loaded. */
  valuesOf(row) {
    const page = this.pages.get(Math.floor(row / pageSize));
    return page ? page.rows[row % pageSize] : undefined;
  }

  activate(row) {
    this.focusedRow = row;
    this.render(false);
    const values = this.valuesOf(row);
    if (values && this.delegate.didActivate) this.delegate.didActivate(row, values, this.columns);
  }

  onKey(event) {
    if (event.target !== this.scroller || this.total === 0) return;
    const page = Math.max(1, Math.floor(this.rowsInView) - 1);
    const moves = {
      ArrowDown: this.focusedRow + 1,
      ArrowUp: this.focusedRow - 1,
      PageDown: this.focusedRow + page,
      PageUp: this.focusedRow - page,
      Home: 0,
      End: this.total - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      this.focusedRow = Math.max(0, Math.min(this.total - 1, moves[event.key]));
      this.scrollToRow(this.focusedRow);
      this.render(false);
    } else if (event.key === "Enter") {
      event.preventDefault();
      this.activate(this.focusedRow);
    } else if ((event.key === "Delete" || event.key === "Backspace") && this.delegate.deleteRequested) {
      event.preventDefault();
      this.delegate.deleteRequested(this.focusedRow);
    }
  }
}
