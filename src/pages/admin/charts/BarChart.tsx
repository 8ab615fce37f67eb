import { ChartFrame, type ChartProps, itemText } from "./chartFrame";

/**
 * A bar per item, drawn in plain SVG. Bars grow up from zero for positive values and down for
 * negative ones (a day's revenue can be a loss), and negative bars take the danger colour.
 */
export function BarChart(props: ChartProps) {
  const { data, format } = props;
  return (
    <ChartFrame
      {...props}
      kind="bar"
      draw={({ x, y, slot }) => {
        const barWidth = Math.max(1, slot * 0.7);
        return data.map((d, i) => {
          const top = y(Math.max(d.value, 0));
          // A zero still gets a hairline, so a day without sales reads as zero rather than missing.
          const height = Math.max(1, Math.abs(y(d.value) - y(0)));
          return (
            <rect
              key={d.label}
              className={d.value < 0 ? "chart-bar chart-bar-negative" : "chart-bar"}
              x={x(i) - barWidth / 2}
              y={d.value < 0 ? y(0) : top}
              width={barWidth}
              height={height}
            >
              <title>{itemText(d.label, format(d.value))}</title>
            </rect>
          );
        });
      }}
    />
  );
}
