/**
 * One scrape for the whole server (docs/api.md#health-diagnostics-and-metrics: with several worker
 * processes, one scrape reports the sum of all of them): the families collected in each worker
 * process, added up sample by sample. Counters, histograms and per-process gauges are summed; a
 * gauge every process reads from the shared database (`merge: 'max'`) is taken once, as its highest
 * reading. Families and series keep their first-seen order, so the text stays grouped per family.
 */
import { seriesKey, type FamilySnapshot, type Sample } from './metrics';

export function mergeFamilies(
  perProcess: readonly (readonly FamilySnapshot[])[],
): FamilySnapshot[] {
  const families = new Map<string, { family: FamilySnapshot; samples: Map<string, Sample> }>();
  for (const snapshot of perProcess) {
    for (const family of snapshot) {
      const into = families.get(family.name) ?? {
        family: { ...family, samples: [] },
        samples: new Map<string, Sample>(),
      };
      families.set(family.name, into);
      for (const [name, labels, value] of family.samples) {
        const key = `${name} ${seriesKey(labels)}`;
        const before = into.samples.get(key);
        const merged =
          before === undefined
            ? value
            : into.family.merge === 'max'
              ? Math.max(before[2], value)
              : before[2] + value;
        into.samples.set(key, [name, labels, merged]);
      }
    }
  }
  return [...families.values()].map(({ family, samples }) => ({
    ...family,
    samples: [...samples.values()],
  }));
}
