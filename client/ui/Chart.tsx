import { useElementSize } from '@mantine/hooks';
import type { CSSProperties, ReactNode } from 'react';

export type ChartSeries = { name: string; label: string; color: string };
export type ChartSpec = {
  kind: 'bar' | 'line';
  data: Record<string, string | number | null>[];
  /** The field naming each bar or point (a week, an item, a priority). */
  dataKey: string;
  series: ChartSeries[];
  stacked?: boolean;
  /** Bars across (names on the left): for long names such as items. */
  across?: boolean;
  unit?: string;
  max?: number;
};

/**
 * The app's charts, drawn with plain elements (docs/decisions/dashboard-charts.md): bars up or across, grouped or
 * stacked, and lines. The layout is the browser's (percentages of the plot), so a chart costs a phone a few dozen
 * elements rather than a charting library's measuring and state. The figures are in words beside every chart (a
 * summary and a table): the picture is for the eye, each mark names its figure when pointed at.
 */
export function Chart({ spec, height = 220 }: { spec: ChartSpec; height?: number }) {
  const ticks = ticksFor(spec);
  const top = ticks[ticks.length - 1];
  const legend = spec.series.length > 1 ? <Legend series={spec.series} /> : null;
  const says = (row: Row, s: ChartSeries) => `${row[spec.dataKey]}: ${s.label} ${figureOf(row, s) ?? '–'}${spec.unit ?? ''}`;
  const fraction = (v: number) => Math.min(v, top) / top;
  const share = (v: number) => `${fraction(v) * 100}%`;
  const label = (v: number) => `${Number.isInteger(v) ? v : v.toFixed(1)}${spec.unit ?? ''}`;

  if (spec.across) {
    return (
      <div style={TEXT}>
        <div style={{ display: 'grid', gridTemplateColumns: '110px 1fr', columnGap: 8 }}>
          <div>
            {spec.data.map((row, i) => (
              <div
                key={i}
                title={String(row[spec.dataKey])}
                style={{ height: ROW, lineHeight: `${ROW}px`, ...ELLIPSIS, textAlign: 'right' }}
              >
                {row[spec.dataKey]}
              </div>
            ))}
          </div>
          <div style={{ position: 'relative', borderLeft: AXIS }}>
            <GridLines ticks={ticks} top={top} across />
            {spec.data.map((row, i) => (
              <div
                key={i}
                style={{
                  position: 'relative',
                  height: ROW,
                  display: 'flex',
                  flexDirection: spec.stacked ? 'row' : 'column',
                  justifyContent: 'center',
                  gap: 2,
                }}
              >
                <Bars
                  spec={spec}
                  row={row}
                  says={says}
                  style={(v) => ({
                    width: share(v),
                    height: spec.stacked ? 20 : Math.max(6, 20 / spec.series.length),
                    borderRadius: '0 3px 3px 0',
                  })}
                />
              </div>
            ))}
          </div>
          <div />
          <Ticks ticks={ticks} top={top} label={label} across />
        </div>
        {legend}
      </div>
    );
  }

  const plot = height - (legend ? 52 : 24);
  return (
    <div style={TEXT}>
      <div style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 6 }}>
        <Ticks ticks={ticks} top={top} label={label} height={plot} />
        <div style={{ position: 'relative', height: plot, borderBottom: AXIS }}>
          <GridLines ticks={ticks} top={top} />
          {spec.kind === 'line' ? (
            <Lines spec={spec} fraction={fraction} says={says} />
          ) : (
            <div style={{ position: 'absolute', inset: 0, display: 'flex' }}>
              {spec.data.map((row, i) => (
                <div
                  key={i}
                  style={{
                    flex: 1,
                    minWidth: 0,
                    display: 'flex',
                    // A stack grows up from the axis, its first series at the bottom; a group stands side by side.
                    flexDirection: spec.stacked ? 'column-reverse' : 'row',
                    alignItems: spec.stacked ? 'center' : 'flex-end',
                    justifyContent: spec.stacked ? 'flex-start' : 'center',
                    gap: spec.stacked ? 0 : 2,
                  }}
                >
                  <Bars
                    spec={spec}
                    row={row}
                    says={says}
                    style={(v) => ({
                      height: share(v),
                      flex: 'none',
                      // A band keeps a fifth or more of its width free, so neighbouring bands stand apart.
                      width: spec.stacked ? '60%' : `${72 / spec.series.length}%`,
                      maxWidth: spec.stacked ? 40 : 28,
                      borderRadius: spec.stacked ? 0 : '3px 3px 0 0',
                    })}
                  />
                </div>
              ))}
            </div>
          )}
        </div>
        <div />
        <Names names={spec.data.map((row) => String(row[spec.dataKey]))} />
      </div>
      {legend}
    </div>
  );
}

const ROW = 34;
const AXIS = '1px solid var(--mantine-color-gray-5)';
const TEXT: CSSProperties = { fontSize: 12, color: 'var(--mantine-color-gray-8)', lineHeight: 1.2 };
const ELLIPSIS: CSSProperties = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' };

type Row = ChartSpec['data'][number];

/** A row's figure for a series; none where the row has none (a week without ratings). */
const figureOf = (row: Row, s: ChartSeries) => {
  const v = row[s.name];
  return typeof v === 'number' ? v : null;
};

/** A row's bars, one per series (no figure: no bar), each naming its figure when pointed at. */
function Bars({
  spec,
  row,
  says,
  style,
}: {
  spec: ChartSpec;
  row: Row;
  says: (row: Row, s: ChartSeries) => string;
  style: (v: number) => CSSProperties;
}) {
  return (
    <>
      {spec.series.map((s) => (
        <div key={s.name} title={says(row, s)} style={{ background: colorOf(s.color), ...style(figureOf(row, s) ?? 0) }} />
      ))}
    </>
  );
}

/** A theme colour ("blue.7") as the CSS variable Mantine defines for it; any other colour as it is. */
const colorOf = (color: string) => {
  const [name, shade] = color.split('.');
  return shade ? `var(--mantine-color-${name}-${shade})` : color;
};

/**
 * The value axis: from 0 to the spec's max, or to a round number above the largest figure (a stack's total), in
 * steps of 1, 2, 2.5 or 5 times a power of ten; whole steps when every figure is whole (counts are never 0.5).
 */
export function ticksFor(spec: Pick<ChartSpec, 'data' | 'series' | 'stacked' | 'max'>): number[] {
  const figures = spec.data.map((row) => spec.series.map((s) => (typeof row[s.name] === 'number' ? (row[s.name] as number) : 0)));
  const largest = Math.max(0, ...figures.map((f) => (spec.stacked ? f.reduce((a, b) => a + b, 0) : Math.max(0, ...f))));
  const whole = figures.every((f) => f.every(Number.isInteger));
  const end = spec.max ?? (largest > 0 ? largest : 1);
  const rough = end / (spec.max ? 5 : 4);
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough - 1e-9) ?? 10 * power;
  if (whole) step = Math.max(1, Math.round(step));
  const top = spec.max ?? Math.ceil(end / step - 1e-9) * step;
  const ticks: number[] = [];
  for (let v = 0; v < top - 1e-9; v = Math.round((v + step) * 1000) / 1000) ticks.push(v);
  return [...ticks, top];
}

function GridLines({ ticks, top, across = false }: { ticks: number[]; top: number; across?: boolean }) {
  return (
    <>
      {ticks.slice(1).map((t) => (
        <div
          key={t}
          style={{
            position: 'absolute',
            ...(across
              ? { top: 0, bottom: 0, left: `${(t / top) * 100}%`, borderLeft: GRID }
              : { left: 0, right: 0, bottom: `${(t / top) * 100}%`, borderTop: GRID }),
          }}
        />
      ))}
    </>
  );
}
const GRID = '1px dashed var(--mantine-color-gray-3)';

/** The value axis's labels: up the left of a chart of bars up or lines, along the bottom of bars across. */
function Ticks({
  ticks,
  top,
  label,
  height,
  across = false,
}: {
  ticks: number[];
  top: number;
  label: (v: number) => string;
  height?: number;
  across?: boolean;
}) {
  const widest = ticks.map(label).reduce((a, b) => (b.length > a.length ? b : a), '');
  return (
    <div style={{ position: 'relative', height: across ? 18 : height, textAlign: 'right' }}>
      {/* Holds the column as wide as its widest label, which the others, placed absolutely, do not. */}
      {!across && <span style={{ visibility: 'hidden' }}>{widest}</span>}
      {ticks.map((t) => (
        <span
          key={t}
          style={{
            position: 'absolute',
            whiteSpace: 'nowrap',
            ...(across
              ? { top: 4, left: `${(t / top) * 100}%`, transform: 'translateX(-50%)' }
              : { right: 0, bottom: `${(t / top) * 100}%`, transform: 'translateY(50%)' }),
          }}
        >
          {label(t)}
        </span>
      ))}
    </div>
  );
}

/** The names under bars up or points, every one that fits: on a phone every second or third week. */
function Names({ names }: { names: string[] }) {
  const { ref, width } = useElementSize();
  const every = Math.max(1, Math.ceil((names.length * 44) / (width || 300)));
  return (
    <div ref={ref} style={{ position: 'relative', height: 20 }}>
      {names.map((name, i) =>
        i % every === 0 ? (
          <span
            key={i}
            style={{
              position: 'absolute',
              top: 5,
              left: `${((i + 0.5) / names.length) * 100}%`,
              transform: 'translateX(-50%)',
              whiteSpace: 'nowrap',
            }}
          >
            {name}
          </span>
        ) : null,
      )}
    </div>
  );
}

function Lines({ spec, fraction, says }: { spec: ChartSpec; fraction: (v: number) => number; says: (row: Row, s: ChartSeries) => string }) {
  const n = spec.data.length;
  const x = (i: number) => ((i + 0.5) / n) * 100;
  const dots: ReactNode[] = [];
  const lines = spec.series.map((s) => {
    // Weeks without a figure (no rating yet) are left out, and the line joins the weeks either side.
    const points = spec.data.flatMap((row, i) => {
      const v = figureOf(row, s);
      if (v === null) return [];
      dots.push(
        <span
          key={`${s.name}-${i}`}
          title={says(row, s)}
          style={{
            position: 'absolute',
            left: `${x(i)}%`,
            bottom: `${fraction(v) * 100}%`,
            width: 8,
            height: 8,
            borderRadius: '50%',
            background: colorOf(s.color),
            transform: 'translate(-50%, 50%)',
          }}
        />,
      );
      return [`${x(i)},${100 - fraction(v) * 100}`];
    });
    return (
      <polyline
        key={s.name}
        points={points.join(' ')}
        fill="none"
        style={{ stroke: colorOf(s.color) }}
        strokeWidth={2}
        vectorEffect="non-scaling-stroke"
      />
    );
  });
  return (
    <>
      <svg
        viewBox="0 0 100 100"
        preserveAspectRatio="none"
        aria-hidden="true"
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', overflow: 'visible' }}
      >
        {lines}
      </svg>
      {dots}
    </>
  );
}

function Legend({ series }: { series: ChartSeries[] }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', columnGap: 14, rowGap: 4, marginTop: 10 }}>
      {series.map((s) => (
        <span key={s.name} style={{ display: 'inline-flex', alignItems: 'center', gap: 5 }}>
          <span style={{ width: 10, height: 10, borderRadius: 2, background: colorOf(s.color) }} />
          {s.label}
        </span>
      ))}
    </div>
  );
}
