/** Which rows of a long list to draw: the ones in view plus `overscan` on each side. */
export interface RowWindow {
  /** First row drawn (0-based). */
  start: number;
  /** One past the last row drawn. */
  end: number;
  /** Height of the empty space standing in for the rows above `start`, in px. */
  before: number;
  /** Height of the empty space standing in for the rows from `end` on, in px. */
  after: number;
}

/**
 * The window of rows to draw for a scroll position, with every row `rowHeight` px tall. Pure, so the
 * list's cost is the window's size (a few dozen rows) whatever the length of the list.
 */
export function rowWindow(opts: { count: number; rowHeight: number; scrollTop: number; viewportHeight: number; overscan?: number }): RowWindow {
  const { count, rowHeight } = opts;
  const overscan = opts.overscan ?? 8;
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0, before: 0, after: 0 };
  const scrollTop = Math.max(0, opts.scrollTop);
  const viewport = Math.max(rowHeight, opts.viewportHeight);
  const first = Math.min(count - 1, Math.floor(scrollTop / rowHeight));
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}
