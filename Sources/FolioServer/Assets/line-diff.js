// A line diff of two texts, for the conflict sheet's side-by-side comparison of a note: the
// common beginning and end are matched first, then the lines between by their longest common
// subsequence (when that is small enough to compute at once; otherwise they all count as changed).

/** The most cells of the subsequence table computed (rows × columns of the changed middle). */
const TABLE_LIMIT = 1_000_000;

/**
 * The lines of `theirs` and `mine` side by side: `[{kind, theirs, mine}]` where `kind` is "same"
 * (a line in both), "theirs" (only in theirs) or "mine" (only in mine); the line absent from a
 * side is null.
 */
export function lineDiff(theirs, mine) {
  const a = theirs.split("\n");
  const b = mine.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const rows = [];
  for (let index = 0; index < start; index += 1) rows.push({ kind: "same", theirs: a[index], mine: b[index] });
  rows.push(...middle(a.slice(start, endA), b.slice(start, endB)));
  for (let index = endA; index < a.length; index += 1) rows.push({ kind: "same", theirs: a[index], mine: b[index - endA + endB] });
  return rows;
}

/** The changed middle: matched by a longest common subsequence, or all changed when too large. */
function middle(a, b) {
  const rows = [];
  if (a.length * b.length > TABLE_LIMIT) {
    for (const line of a) rows.push({ kind: "theirs", theirs: line, mine: null });
    for (const line of b) rows.push({ kind: "mine", theirs: null, mine: line });
    return rows;
  }
  // lengths[i][j]: the longest common subsequence of a[i…] and b[j…].
  const width = b.length + 1;
  const lengths = new Uint32Array((a.length + 1) * width);
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] = a[i] === b[j]
        ? lengths[(i + 1) * width + j + 1] + 1
        : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
    }
  }
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      rows.push({ kind: "same", theirs: a[i], mine: b[j] });
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1])) {
      // Their line first, as a diff lists what was taken out before what was put in.
      rows.push({ kind: "theirs", theirs: a[i], mine: null });
      i += 1;
    } else {
      rows.push({ kind: "mine", theirs: null, mine: b[j] });
      j += 1;
    }
  }
  return rows;
}
