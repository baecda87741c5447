import './virtual-table.css';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { rowWindow } from './window';

export interface VirtualColumn<T> {
  /** Stable id of the column. */
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  /** CSS width, e.g. '30%' or '120px'; columns without one share the rest. */
  width?: string;
}

export interface VirtualTableProps<T> {
  rows: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (row: T, index: number) => string;
  /** What the table lists: its caption, and the name of its scrollable region. */
  label: string;
  /** Every row's height in px (≥ 44, a tap target's height). */
  rowHeight?: number;
  /** Height of the scrolling area in px; the page itself does not scroll past the list. */
  height?: number;
  /** Rows drawn beyond the visible ones on each side, so fast scrolling shows no gaps. */
  overscan?: number;
  /** Shown instead of the table body when there are no rows. */
  empty?: ReactNode;
}

/**
 * A table for long lists (students, the attendance register, fee defaulters): only the rows in view,
 * plus a few either side, are in the document, so 2,000 rows cost what 30 do and the page stays
 * responsive on a slow phone. It stays a real <table> with a sticky header; screen readers hear the
 * full size through aria-rowcount and each row's aria-rowindex. Rows have one fixed height. Put a
 * link or button in a cell to act on a row (a clickable row would not be reachable by keyboard).
 */
export function VirtualTable<T>(props: VirtualTableProps<T>) {
  const { rows, columns, rowKey, label } = props;
  const rowHeight = Math.max(44, props.rowHeight ?? 48);
  const height = props.height ?? 480;
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ scrollTop: 0, viewportHeight: height });
  const frame = useRef(0);

  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    // The sticky header's few pixels at the top are covered by the overscan.
    setView({ scrollTop: el.scrollTop, viewportHeight: el.clientHeight || height });
  }, [height]);

  const onScroll = useCallback(() => {
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(measure);
  }, [measure]);

  useEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [measure]);

  const win = rowWindow({ count: rows.length, rowHeight, scrollTop: view.scrollTop, viewportHeight: view.viewportHeight, overscan: props.overscan });
  const span = columns.length;

  return (
    <div ref={scroller} className="vt-scroll" style={{ maxHeight: height }} onScroll={onScroll} role="region" aria-label={label} tabIndex={0}>
      <table className="vt-table" aria-rowcount={rows.length + 1}>
        <caption>{label}</caption>
        <colgroup>
          {columns.map((c) => (
            <col key={c.key} style={c.width ? { width: c.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {columns.map((c) => (
              <th key={c.key} scope="col">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={span} className="vt-empty">
                {props.empty ?? 'Nothing to show.'}
              </td>
            </tr>
          ) : (
            <>
              {win.before > 0 && (
                <tr className="vt-spacer" aria-hidden="true">
                  <td colSpan={span} style={{ height: win.before }} />
                </tr>
              )}
              {rows.slice(win.start, win.end).map((row, i) => {
                const index = win.start + i;
                return (
                  <tr key={rowKey(row, index)} aria-rowindex={index + 2} style={{ height: rowHeight }}>
                    {columns.map((c) => (
                      <td key={c.key}>{c.cell(row, index)}</td>
                    ))}
                  </tr>
                );
              })}
              {win.after > 0 && (
                <tr className="vt-spacer" aria-hidden="true">
                  <td colSpan={span} style={{ height: win.after }} />
                </tr>
              )}
            </>
          )}
        </tbody>
      </table>
    </div>
  );
}
