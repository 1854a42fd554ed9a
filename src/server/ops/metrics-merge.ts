/**
 * One scrape for several server processes (spec/api.md: "one scrape reports the sum of all of
 * them"): the Prometheus expositions of every process, merged series by series. Counters,
 * histograms and process gauges (in flight, queued) add up; a gauge read from the shared database
 * (export backlog, its age) is the same fact in every process, so it is reported once (the largest
 * reading) instead of being multiplied by the number of processes.
 */
import { formatNumber } from './metrics';

export const SHARED_GAUGES: ReadonlySet<string> = new Set([
  'stockroom_export_pending',
  'stockroom_export_lag_seconds',
]);

interface Family {
  meta: string[];
  samples: Map<string, number>;
}

const HISTOGRAM_PARTS = /_(bucket|sum|count)$/;

function parseValue(text: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  return Number(text);
}

export function mergeExpositions(
  texts: readonly string[],
  shared: ReadonlySet<string> = SHARED_GAUGES,
): string {
  const families = new Map<string, Family>();
  const family = (name: string): Family => {
    const found = families.get(name) ?? families.get(name.replace(HISTOGRAM_PARTS, ''));
    if (found) return found;
    const created = { meta: [], samples: new Map<string, number>() };
    families.set(name, created);
    return created;
  };
  for (const text of texts) {
    for (const line of text.split('\n')) {
      if (line.trim() === '') continue;
      if (line.startsWith('#')) {
        const name = line.split(' ')[2] ?? '';
        const f = family(name);
        if (!f.meta.includes(line)) f.meta.push(line);
        continue;
      }
      const space = line.lastIndexOf(' ');
      const series = line.slice(0, space);
      const value = parseValue(line.slice(space + 1));
      const name = series.split('{')[0] ?? series;
      const f = family(name);
      const before = f.samples.get(series);
      f.samples.set(
        series,
        before === undefined ? value : shared.has(name) ? Math.max(before, value) : before + value,
      );
    }
  }
  const lines = [...families.values()].flatMap((f) => [
    ...f.meta,
    ...[...f.samples].map(([series, value]) => `${series} ${formatNumber(value)}`),
  ]);
  return `${lines.join('\n')}\n`;
}
