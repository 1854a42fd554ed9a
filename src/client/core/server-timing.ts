/**
 * `Server-Timing: accept;dur=0.1, tx;dur=1.9, commit;dur=0.4` → { accept: 0.1, tx: 1.9, commit: 0.4 }.
 * Metrics without a readable `dur` are kept out: the attempt timeline shows durations only.
 */
export function parseServerTiming(header: string | null): Record<string, number> {
  const phases: Record<string, number> = {};
  if (!header) return phases;
  for (const metric of header.split(',')) {
    const [rawName, ...params] = metric.split(';');
    const name = rawName?.trim();
    if (!name) continue;
    for (const param of params) {
      const m = /^\s*dur\s*=\s*"?(-?\d+(?:\.\d+)?)"?\s*$/.exec(param);
      if (m) phases[name] = Number(m[1]);
    }
  }
  return phases;
}
