import { ChartFrame, type ChartProps, itemText } from "./chartFrame";

/** A line through the items in order, with a dot on each so single values can be pointed at. */
export function LineChart(props: ChartProps) {
  const { data, format } = props;
  return (
    <ChartFrame
      {...props}
      kind="line"
      draw={({ x, y }) => {
        const points = data.map((d, i) => `${x(i).toFixed(1)},${y(d.value).toFixed(1)}`);
        return (
          <>
            {points.length > 1 && <polyline className="chart-line" points={points.join(" ")} />}
            {data.map((d, i) => (
              <circle
                key={d.label}
                className={d.value < 0 ? "chart-point chart-point-negative" : "chart-point"}
                cx={x(i)}
                cy={y(d.value)}
                r={3.5}
              >
                <title>{itemText(d.label, format(d.value))}</title>
              </circle>
            ))}
          </>
        );
      }}
    />
  );
}
