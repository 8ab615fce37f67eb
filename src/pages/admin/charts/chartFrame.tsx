import { type ReactNode, useLayoutEffect, useRef, useState } from "react";

export interface ChartProps {
  title: string;
  /** Labels name the items (a day, a service) and must be unique within a chart. */
  data: ReadonlyArray<{ label: string; value: number }>;
  format: (n: number) => string;
  /** Height of the plotting area in pixels; the axis labels add to it. */
  height?: number;
  /** Column headings of the screen-reader table; "Item" and "Value" unless given. */
  columns?: readonly [string, string];
}

const fontSize = 12;
// An average glyph is about 0.6em wide; near enough to size margins without measuring text.
const charWidth = fontSize * 0.6;
const fallbackWidth = 600;
const longestAxisLabel = 16;

/**
 * The drawn width, in CSS pixels. The viewBox is redrawn at the real width (rather than one fixed
 * viewBox scaled to fit) so axis text stays 12px on a phone and on a desktop alike.
 */
function useMeasuredWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallbackWidth);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = (w: number) => {
      if (w > 0) setWidth(Math.round(w));
    };
    measure(box.getBoundingClientRect().width);
    // Older browsers (and jsdom) lack ResizeObserver; the chart then keeps its first width.
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/**
 * Round steps (1, 2 or 5 times a power of ten) covering lo..hi, always including zero. The figures
 * are whole kobo or counts, so a step is never below 1; with nothing but zeros the axis is zero alone
 * rather than a made-up scale of fractions of a kobo.
 */
export function niceTicks(lo: number, hi: number, wanted = 4): number[] {
  const low = Math.min(0, lo);
  const high = Math.max(0, hi);
  if (high === low) return [low];
  const raw = (high - low) / wanted;
  const power = 10 ** Math.floor(Math.log10(raw));
  const residual = raw / power;
  const step = Math.max(1, (residual > 5 ? 10 : residual > 2 ? 5 : residual > 1 ? 2 : 1) * power);
  const first = Math.floor(low / step);
  const last = Math.ceil(high / step);
  // Multiplying whole step counts avoids the drift of adding a float step again and again.
  return Array.from({ length: last - first + 1 }, (_, i) => (first + i) * step);
}

const shorten = (label: string) =>
  label.length > longestAxisLabel ? `${label.slice(0, longestAxisLabel - 1)}…` : label;

export interface Plot {
  /** Centre of item i along the x axis. */
  x: (i: number) => number;
  y: (value: number) => number;
  /** The horizontal room each item has. */
  slot: number;
}

/**
 * The frame both charts share: an SVG with axes, gridlines and labels, named for screen readers by
 * its title, followed by the same figures as a visually hidden table (an SVG is read as one picture).
 * `draw` adds the marks themselves.
 */
export function ChartFrame({
  title,
  data,
  format,
  height = 200,
  columns = ["Item", "Value"],
  kind,
  draw,
}: ChartProps & { kind: "bar" | "line"; draw: (plot: Plot) => ReactNode }) {
  const { ref, width } = useMeasuredWidth();
  const ticks = niceTicks(Math.min(...data.map((d) => d.value)), Math.max(...data.map((d) => d.value)));
  const lo = ticks[0] ?? 0;
  const hi = ticks[ticks.length - 1] ?? 1;
  // Called with the value alone: map would also pass an index, which formatNaira reads as `short`.
  const formatted = ticks.map((tick) => format(tick));
  // Ticks are round numbers; "₦50,000" reads faster than "₦50,000.00" and leaves the plot more room.
  const tickLabels = formatted.every((t) => t.endsWith(".00"))
    ? formatted.map((t) => t.slice(0, -3))
    : formatted;

  const left = Math.min(width * 0.4, Math.max(...tickLabels.map((t) => t.length)) * charWidth + 10);
  const right = 12;
  const top = 10;
  const plotWidth = Math.max(1, width - left - right);
  const count = Math.max(1, data.length);
  const slot = plotWidth / count;

  // Labels sit level when they fit, turn 45° when they do not, and thin out when even that is crowded.
  const labelWidth = Math.max(0, ...data.map((d) => shorten(d.label).length)) * charWidth;
  const level = labelWidth + 6 <= slot;
  const every = level ? 1 : Math.max(1, Math.ceil((fontSize * 1.6) / slot));
  const bottom = level ? fontSize + 14 : Math.ceil(labelWidth * Math.SQRT1_2) + fontSize + 10;
  const totalHeight = top + height + bottom;

  // With a single tick (nothing but zeros) every mark sits on the axis.
  const y = (value: number) => (hi === lo ? top + height : top + ((hi - value) / (hi - lo)) * height);
  const x = (i: number) => left + slot * (i + 0.5);
  const axisY = top + height;

  return (
    <div className={`chart chart-type-${kind}`} ref={ref}>
      <svg
        className="chart-svg"
        role="img"
        aria-label={title}
        viewBox={`0 0 ${width} ${totalHeight}`}
        width="100%"
        fontSize={fontSize}
      >
        {ticks.map((tick, i) => (
          <g key={tick} className={tick === 0 ? "chart-zeroline" : "chart-gridline"}>
            <line x1={left} x2={width - right} y1={y(tick)} y2={y(tick)} />
            <text x={left - 6} y={y(tick)} dy="0.32em" textAnchor="end" className="chart-axis-label">
              {tickLabels[i]}
            </text>
          </g>
        ))}
        {data.map((d, i) =>
          i % every === 0 ? (
            <text
              key={d.label}
              className="chart-axis-label"
              x={x(i)}
              y={axisY + fontSize + 4}
              textAnchor={level ? "middle" : "end"}
              transform={level ? undefined : `rotate(-45 ${x(i)} ${axisY + fontSize + 4})`}
            >
              {shorten(d.label)}
            </text>
          ) : null,
        )}
        {draw({ x, y, slot })}
      </svg>
      {/* In a box of its own: a table's height cannot be held to a pixel, and the whole table,
          hidden as it is, would leave the page that much to scroll below its end. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{columns[0]}</th>
              <th scope="col">{columns[1]}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.label}>
                <th scope="row">{d.label}</th>
                <td>{format(d.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {data.length === 0 && <p className="muted chart-empty">No figures for this period.</p>}
    </div>
  );
}

/** What a pointer shows over one bar or point: "Jan 5, 2026: ₦1,500.00". */
export const itemText = (label: string, value: string) => `${label}: ${value}`;
