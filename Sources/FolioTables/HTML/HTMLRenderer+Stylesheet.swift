extension HTMLRenderer {
    /// A stylesheet for the markup: rows as a list, the four cell styles laid out as a table
    /// view's, headers and footers, selection and editing. The web app ships it beside its pages.
    public static let stylesheet = """
        .folio-table { font: 15px/1.4 system-ui, sans-serif; }
        .folio-section-header { font-size: 13px; font-weight: 600; margin: 0; padding: 4px 12px;
          background: #e8e8ed; position: sticky; top: 0; }
        .folio-table-grouped .folio-section-header { background: none; text-transform: uppercase; color: #6e6e73; }
        .folio-table-grouped .folio-rows { border-radius: 10px; margin: 0 12px; background: #fff; }
        .folio-section-footer { font-size: 12px; color: #6e6e73; margin: 0; padding: 4px 12px 12px; }
        .folio-rows { list-style: none; margin: 0; padding: 0; }
        .folio-cell { display: flex; align-items: baseline; gap: 8px; padding: 8px 12px;
          border-bottom: 1px solid #d1d1d6; unicode-bidi: isolate; }
        .folio-cell-text, .folio-cell-detail { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
        .folio-cell-image { width: 1.5em; text-align: center; flex: none; }
        .folio-cell-subtitle { flex-wrap: wrap; }
        .folio-cell-subtitle .folio-cell-detail { flex-basis: 100%; padding-left: calc(1.5em + 8px);
          color: #6e6e73; font-size: 13px; }
        .folio-cell-value1 .folio-cell-text { flex: 1; }
        .folio-cell-value1 .folio-cell-detail { color: #3478f6; }
        .folio-cell-value2 .folio-cell-text { color: #3478f6; width: 25%; text-align: right; flex: none; }
        .folio-cell-value2 .folio-cell-detail { font-size: 13px; }
        .folio-selected { background: #3478f6; color: #fff; }
        .folio-table[data-editing] .folio-cell[data-editable]::before { content: "⊖"; color: #ff3b30; }
        """
}
