import { Button } from '@blueprintjs/core';
import { useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { todayInIST } from '../../../lib/i18n/format';
import { useT } from '../i18n';

/**
 * Small hand-written SVG charts (no chart package: the workspace's byte budget; this file loads only
 * with the insights pages). Every chart is drawn for sighted readers and hidden from screen readers,
 * which read the table given as `table` instead (docs/insights.md). Series differ by colour AND by
 * fill pattern or marker, so nothing depends on colour alone; the colours pass 3:1 against white.
 */
export interface Series {
  label: string;
  values: number[];
  /** 'solid' | 'hatch' | 'dots': the fill that tells the series apart without colour. */
  fill: 'solid' | 'hatch' | 'dots';
  color: string;
}

/** The widest drawing (viewBox units); a narrower figure draws in its own width, so the text stays 12 px on a phone. */
const W = 640;
const MIN_W = 300;
const H = 260;
const PAD = { left: 64, right: 12, top: 12, bottom: 56 };

/** A round top for an axis: 1, 2 or 5 × a power of ten at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 5, 10]) if (m * p >= max) return m * p;
  return 10 * p;
}

/** The figure's width in CSS pixels, clamped to MIN_W … W: the SVG is drawn in that many units, so 12 units of text are 12 px. */
function useChartWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(W);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const measure = () => setWidth(Math.round(el.getBoundingClientRect().width) || W);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return Math.max(MIN_W, Math.min(W, width));
}

/** Grid lines for a count axis land on whole numbers: 0 … max in 4 or 5 steps (max at least 4). */
function countAxis(max: number): { max: number; ticks: number } {
  const top = Math.max(4, niceMax(max));
  return { max: top, ticks: top % 4 === 0 ? 4 : 5 };
}

function Patterns(props: { id: string; series: Series[] }) {
  return (
    <defs>
      {props.series.map((s, i) => (
        <pattern key={i} id={`${props.id}-p${i}`} width="6" height="6" patternUnits="userSpaceOnUse">
          <rect width="6" height="6" fill={s.fill === 'solid' ? s.color : '#fff'} />
          {s.fill === 'hatch' ? <path d="M0,6 L6,0" stroke={s.color} strokeWidth="2.5" /> : null}
          {s.fill === 'dots' ? <circle cx="3" cy="3" r="1.8" fill={s.color} /> : null}
        </pattern>
      ))}
    </defs>
  );
}

function Axis(props: { w: number; max: number; format: (v: number) => string; ticks?: number }) {
  const n = props.ticks ?? 4;
  const plotH = H - PAD.top - PAD.bottom;
  return (
    <g className="insights-axis">
      {Array.from({ length: n + 1 }, (_, i) => {
        const v = (props.max * i) / n;
        const y = PAD.top + plotH - (plotH * i) / n;
        return (
          <g key={i}>
            <line x1={PAD.left} x2={props.w - PAD.right} y1={y} y2={y} stroke="#c5cbd3" strokeWidth="1" />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end" fontSize="12" fill="#404854">
              {props.format(v)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

const FONT = "system-ui, -apple-system, 'Segoe UI', 'Noto Sans', 'Noto Sans Devanagari', sans-serif";
const TITLE_H = 32;
const LEGEND_ROW = 24;

/** A legend swatch drawn on the canvas the way the chart draws the series: solid, hatched or dotted, outlined in its colour. */
function swatch(ctx: CanvasRenderingContext2D, s: Pick<Series, 'fill' | 'color'>, x: number, y: number, size: number) {
  ctx.save();
  ctx.fillStyle = s.fill === 'solid' ? s.color : '#fff';
  ctx.fillRect(x, y, size, size);
  ctx.beginPath();
  ctx.rect(x, y, size, size);
  ctx.clip();
  ctx.strokeStyle = s.color;
  ctx.fillStyle = s.color;
  if (s.fill === 'hatch') {
    ctx.lineWidth = 2.5;
    for (let k = -size; k < size; k += 6) {
      ctx.beginPath();
      ctx.moveTo(x + k, y + size);
      ctx.lineTo(x + k + size, y);
      ctx.stroke();
    }
  }
  if (s.fill === 'dots') {
    for (let dx = 3; dx < size; dx += 6)
      for (let dy = 3; dy < size; dy += 6) {
        ctx.beginPath();
        ctx.arc(x + dx, y + dy, 1.8, 0, Math.PI * 2);
        ctx.fill();
      }
  }
  ctx.restore();
  ctx.lineWidth = 1;
  ctx.strokeStyle = s.color;
  ctx.strokeRect(x + 0.5, y + 0.5, size - 1, size - 1);
}

/**
 * The chart as a PNG (issue 38 "PNG download"), drawn in the browser with no package: the SVG is
 * serialised and drawn on a canvas at twice its size, under the chart's title and over its legend
 * (the legend is HTML on the page, so it is drawn again here), on white.
 */
export async function chartPng(svg: SVGSVGElement, title: string, legend: Pick<Series, 'label' | 'fill' | 'color'>[], scale = 2): Promise<Blob> {
  const W = svg.viewBox.baseVal?.width || 640;
  const copy = svg.cloneNode(true) as SVGSVGElement;
  copy.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  copy.setAttribute('width', String(W));
  copy.setAttribute('height', String(H));
  copy.setAttribute('font-family', FONT);
  const source = new XMLSerializer().serializeToString(copy);
  const image = new Image();
  await new Promise<void>((resolve, reject) => {
    image.onload = () => resolve();
    image.onerror = () => reject(new Error('The chart could not be drawn'));
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(source)}`;
  });
  // Legend entries laid out left to right, wrapping within the chart's width.
  const canvas = document.createElement('canvas');
  const measure = canvas.getContext('2d')!;
  measure.font = `13px ${FONT}`;
  const placed: { x: number; row: number }[] = [];
  let x = PAD.left;
  let row = 0;
  for (const l of legend) {
    const w = 20 + measure.measureText(l.label).width + 16;
    if (x + w > W && x > PAD.left) {
      row += 1;
      x = PAD.left;
    }
    placed.push({ x, row });
    x += w;
  }
  const height = TITLE_H + H + (legend.length ? (row + 1) * LEGEND_ROW + 8 : 0);
  canvas.width = W * scale;
  canvas.height = height * scale;
  const ctx = canvas.getContext('2d')!;
  ctx.scale(scale, scale);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, height);
  ctx.fillStyle = '#1c2127';
  ctx.font = `600 16px ${FONT}`;
  ctx.textBaseline = 'middle';
  ctx.fillText(title, 12, TITLE_H / 2, W - 24);
  ctx.drawImage(image, 0, TITLE_H, W, H);
  ctx.font = `13px ${FONT}`;
  legend.forEach((l, i) => {
    const y = TITLE_H + H + placed[i].row * LEGEND_ROW + 4;
    swatch(ctx, l, placed[i].x, y, 14);
    ctx.fillStyle = '#1c2127';
    ctx.fillText(l.label, placed[i].x + 20, y + 7);
  });
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The chart could not be drawn'))), 'image/png'));
}

/** The "Download PNG" button under a chart: the file is named after the chart and today's date (insights-ins-fees-2026-11-28.png). */
function PngButton(props: { id: string; title: string; svg: RefObject<SVGSVGElement | null>; legend: Pick<Series, 'label' | 'fill' | 'color'>[] }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const download = async () => {
    if (!props.svg.current) return;
    setBusy(true);
    setFailed(false);
    try {
      const blob = await chartPng(props.svg.current, props.title, props.legend);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = `insights-${props.id}-${todayInIST()}.png`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="insights-png-row">
      <Button icon="download" minimal className="insights-png" loading={busy} onClick={() => void download()} text={t('insights.png')} aria-label={t('insights.pngOf', { chart: props.title })} />
      {failed ? <span role="alert">{t('insights.pngFailed')}</span> : null}
    </div>
  );
}

function Legend(props: { id: string; series: Series[]; extra?: ReactNode }) {
  return (
    <ul className="insights-legend" aria-hidden="true">
      {props.series.map((s, i) => (
        <li key={i}>
          <svg width="16" height="16">
            <rect width="16" height="16" fill={`url(#${props.id}-p${i})`} stroke={s.color} />
          </svg>
          {s.label}
        </li>
      ))}
      {props.extra}
    </ul>
  );
}

/** Grouped vertical bars: one group per label, one bar per series. `flag(i)` marks a group (a warning sign under it). */
export function BarChart(props: {
  id: string;
  title: string;
  labels: string[];
  series: Series[];
  format: (v: number) => string;
  max?: number;
  flag?: (i: number) => boolean;
  onSelect?: (i: number) => void;
  /** Whole numbers (children, grades): the grid lines fall on whole numbers. */
  counts?: boolean;
  table: ReactNode;
}) {
  const figure = useRef<HTMLElement>(null);
  const w = useChartWidth(figure);
  const plotW = w - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const top = Math.max(0, ...props.series.flatMap((s) => s.values));
  const axis = props.max !== undefined ? { max: props.max, ticks: 4 } : props.counts ? countAxis(top) : { max: niceMax(top), ticks: 4 };
  const max = axis.max;
  const groupW = plotW / Math.max(1, props.labels.length);
  const barW = Math.max(2, (groupW * 0.8) / Math.max(1, props.series.length));
  // Labels turn when they would not fit side by side (about 7 px a character at 12 px).
  const rotate = props.labels.some((l) => l.length * 7 + 8 > groupW);
  const svg = useRef<SVGSVGElement>(null);
  return (
    <figure className="insights-figure" ref={figure}>
      <svg ref={svg} viewBox={`0 0 ${w} ${H}`} role="presentation" aria-hidden="true" className="insights-svg">
        <Patterns id={props.id} series={props.series} />
        <Axis w={w} max={max} ticks={axis.ticks} format={props.format} />
        {props.labels.map((label, i) => {
          const x0 = PAD.left + groupW * i + groupW * 0.1;
          const cx = PAD.left + groupW * i + groupW / 2;
          const ly = H - PAD.bottom + 14;
          return (
            <g key={i} className={props.onSelect ? 'insights-clickable' : undefined} onClick={props.onSelect ? () => props.onSelect!(i) : undefined}>
              {props.series.map((s, j) => {
                const v = s.values[i] ?? 0;
                const h = (plotH * Math.min(v, max)) / max;
                return <rect key={j} x={x0 + barW * j} y={PAD.top + plotH - h} width={barW - 1} height={h} fill={`url(#${props.id}-p${j})`} stroke={s.color} strokeWidth="1" />;
              })}
              <text x={cx} y={ly} fontSize="12" fill="#1c2127" textAnchor={rotate ? 'end' : 'middle'} transform={rotate ? `rotate(-40 ${cx} ${ly})` : undefined}>
                {props.flag?.(i) ? '⚠ ' : ''}
                {label}
              </text>
            </g>
          );
        })}
      </svg>
      <Legend id={props.id} series={props.series} />
      <PngButton id={props.id} title={props.title} svg={svg} legend={props.series} />
      <div className="insights-sr">{props.table}</div>
    </figure>
  );
}

/** A line per series over the labels (dates), with a marker at each point and an optional dashed threshold. */
export function LineChart(props: { id: string; title: string; labels: string[]; series: Series[]; max: number; format: (v: number) => string; threshold?: { value: number; label: string }; table: ReactNode }) {
  const figure = useRef<HTMLElement>(null);
  const w = useChartWidth(figure);
  const plotW = w - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const n = props.labels.length;
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (plotW * i) / (n - 1));
  const y = (v: number) => PAD.top + plotH - (plotH * Math.min(v, props.max)) / props.max;
  // A date label about every 56 units, the last one always (drawn ending at the point, so it is not cut off).
  const every = Math.max(1, Math.ceil(n / Math.max(1, Math.floor(plotW / 56))));
  const markers = ['circle', 'square'] as const;
  const svg = useRef<SVGSVGElement>(null);
  return (
    <figure className="insights-figure" ref={figure}>
      <svg ref={svg} viewBox={`0 0 ${w} ${H}`} role="presentation" aria-hidden="true" className="insights-svg">
        <Patterns id={props.id} series={props.series} />
        <Axis w={w} max={props.max} format={props.format} />
        {props.threshold ? <line x1={PAD.left} x2={w - PAD.right} y1={y(props.threshold.value)} y2={y(props.threshold.value)} stroke="#ac2f33" strokeWidth="2" strokeDasharray="6 4" /> : null}
        {props.series.map((s, j) => (
          <g key={j}>
            <polyline fill="none" stroke={s.color} strokeWidth="2.5" strokeDasharray={j === 1 ? '4 3' : undefined} points={s.values.map((v, i) => `${x(i)},${y(v)}`).join(' ')} />
            {s.values.map((v, i) =>
              markers[j % 2] === 'circle' ? (
                <circle key={i} cx={x(i)} cy={y(v)} r="3.5" fill={s.color} />
              ) : (
                <rect key={i} x={x(i) - 3.5} y={y(v) - 3.5} width="7" height="7" fill={s.color} />
              ),
            )}
          </g>
        ))}
        {props.labels.map((label, i) =>
          i === n - 1 || (i % every === 0 && x(n - 1) - x(i) >= 56) ? (
            <text key={i} x={x(i)} y={H - PAD.bottom + 16} fontSize="12" textAnchor={i === n - 1 && n > 1 ? 'end' : 'middle'} fill="#1c2127">
              {label}
            </text>
          ) : null,
        )}
      </svg>
      <Legend
        id={props.id}
        series={props.series}
        extra={
          props.threshold ? (
            <li>
              <svg width="16" height="16">
                <line x1="0" x2="16" y1="8" y2="8" stroke="#ac2f33" strokeWidth="2" strokeDasharray="4 3" />
              </svg>
              {props.threshold.label}
            </li>
          ) : null
        }
      />
      <PngButton id={props.id} title={props.title} svg={svg} legend={props.series} />
      <div className="insights-sr">{props.table}</div>
    </figure>
  );
}

/** A plain table of a chart's figures: read by screen readers (the chart itself is hidden from them) and printed. */
export function FigureTable(props: { caption: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <table className="insights-table">
      <caption>{props.caption}</caption>
      <thead>
        <tr>
          {props.head.map((h, i) => (
            <th key={i} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {props.rows.map((r, i) => (
          <tr key={i}>
            {r.map((c, j) => (j === 0 ? <th key={j} scope="row">{c}</th> : <td key={j}>{c}</td>))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
