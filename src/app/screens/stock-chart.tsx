/**
 * Stock over time on the item (docs/client.md#stock-over-time): the total and each place over the
 * last 90 days as a chart, or the same numbers as a table. The series come from
 * client/core/stock-series.ts and the drawing's coordinates from stock-chart-geometry.ts: this only
 * draws them.
 */
import { useMemo, useState, type ReactNode } from 'react';
import type { ItemView } from '../../client/facade';
import { WINDOW_DAYS } from '../../client/core/stock-history';
import { stockOverTime, type StockOverTime, type StockStep } from '../../client/core/stock-series';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { placeName } from '../places/place-names';
import { chartGeometry, VIEW } from '../stock-chart-geometry';
import { useServerNow } from '../use-server-now';
import { useStockHistory } from '../use-stock-history';
import './stock-chart.css';

/** Each place's line: one of four colours, each with its own dashes (told apart without colour). */
const lineClass = (index: number) =>
  index < 0 ? 'stock-line stock-line--total' : `stock-line stock-line--${index % 4}`;

export function StockChart({ item }: { item: ItemView }): ReactNode {
  const { t } = useI18n();
  const words = t.stockChart;
  const { serverNow } = useServerNow();
  const state = useStockHistory(item);
  const history = state.status === 'ready' ? state.value : null;
  const series = useMemo(
    () => history && stockOverTime(history.item, history, serverNow),
    [history, serverNow],
  );
  return (
    <section className="card stack" aria-labelledby="stock-chart-heading">
      <h2 id="stock-chart-heading">{words.heading}</h2>
      {state.status === 'loading' && <p>{t.history.loading}</p>}
      {state.status === 'unavailable' && <p>{words.unavailable}</p>}
      {history && history.item.revision !== item.revision && <p>{words.behind}</p>}
      {series && <StockOverTimeView series={series} />}
    </section>
  );
}

function StockOverTimeView({ series }: { series: StockOverTime }): ReactNode {
  const known = useSnapshot().places;
  const { t, format } = useI18n();
  const words = t.stockChart;
  const [asTable, setAsTable] = useState(false);
  const places = series.placeIds.map((id) => ({ id, name: placeName(known, id) }));
  const latest = series.latest === null ? null : series.steps[series.latest];
  const now: StockStep = series.steps.at(-1) ?? { at: series.to, total: 0, places: {} };
  const legend = [
    { id: 'total', name: words.total, quantity: now.total },
    ...places.map((p) => ({ ...p, quantity: now.places[p.id] ?? 0 })),
  ];
  return (
    <>
      <p className="hint">
        {series.complete
          ? words.period(format.count(WINDOW_DAYS))
          : words.since(format.day(series.from))}
      </p>
      <p>
        {latest
          ? words.latest(format.dayTime(latest.at), format.count(latest.total))
          : words.noChange}
      </p>
      <button
        type="button"
        className="button button--small stock-toggle"
        aria-pressed={asTable}
        onClick={() => setAsTable(!asTable)}
      >
        {words.showTable}
      </button>
      {asTable ? (
        <table className="table" aria-labelledby="stock-chart-heading">
          <thead>
            <tr>
              <th scope="col">{words.when}</th>
              <th scope="col">{words.total}</th>
              {places.map((p) => (
                <th scope="col" key={p.id}>
                  {p.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {series.steps
              .map((step, i) => (
                <tr key={step.at}>
                  <th scope="row">
                    {i === 0 && series.complete
                      ? words.start(format.day(step.at))
                      : format.dayTime(step.at)}
                  </th>
                  <td data-label={words.total}>{format.count(step.total)}</td>
                  {places.map((p) => (
                    <td key={p.id} data-label={p.name}>
                      {format.count(step.places[p.id] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))
              .reverse()}
          </tbody>
        </table>
      ) : (
        <figure className="stock-chart">
          <Chart
            series={series}
            label={words.summary(
              format.day(series.from),
              format.day(series.to),
              format.count(now.total),
            )}
          />
          <figcaption>
            <ul className="stock-legend">
              {legend.map((entry, i) => (
                <li key={entry.id}>
                  <svg className="stock-legend__swatch" viewBox="0 0 24 8" aria-hidden="true">
                    <path className={lineClass(i - 1)} d="M0 4 H24" />
                  </svg>
                  {t.places.stockRow(entry.name, format.count(entry.quantity))}
                </li>
              ))}
            </ul>
          </figcaption>
        </figure>
      )}
    </>
  );
}

/**
 * The drawing. Its data attributes give the scales (times in ms, quantities), so a test can read
 * the drawn points back from the paths.
 */
function Chart({ series, label }: { series: StockOverTime; label: string }): ReactNode {
  const { format } = useI18n();
  const g = chartGeometry(series);
  const { plot } = g;
  return (
    <svg
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={label}
      data-from={series.from}
      data-to={series.to}
      data-low={g.low}
      data-high={g.high}
      data-plot={`${plot.left} ${plot.top} ${plot.width} ${plot.height}`}
    >
      {g.yTicks.map((tick) => (
        <g key={tick.value}>
          <line
            className="stock-chart__grid"
            x1={plot.left}
            x2={plot.left + plot.width}
            y1={tick.y}
            y2={tick.y}
          />
          <text className="stock-chart__tick" x={plot.left - 6} y={tick.y} textAnchor="end">
            {format.count(tick.value)}
          </text>
        </g>
      ))}
      {g.xTicks.map((tick) => (
        <text
          key={tick.anchor}
          className="stock-chart__tick"
          x={tick.x}
          y={VIEW.height - 4}
          textAnchor={tick.anchor}
        >
          {format.day(tick.at)}
        </text>
      ))}
      {g.lines.map((line, i) => (
        <path key={line.id} className={lineClass(i - 1)} data-series={line.id} d={line.d} />
      ))}
      {g.latest && <circle className="stock-chart__latest" cx={g.latest.x} cy={g.latest.y} r={5} />}
    </svg>
  );
}
