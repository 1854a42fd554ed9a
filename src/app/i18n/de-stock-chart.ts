/** German words for the item's Stock over time (docs/client.md#stock-over-time). */
import type { enStockChart } from './en-stock-chart';

export const deStockChart: typeof enStockChart = {
  heading: 'Bestandsentwicklung',
  period: (days: string) => `Die letzten ${days} Tage: gesamt und je Ort.`,
  since: (day: string) => `Seit ${day}: ältere Änderungen sind auf dem Server.`,
  unavailable:
    'Das Diagramm entsteht aus dem Verlauf, und der kommt vom Server: Er ist gerade nicht erreichbar.',
  behind: 'Nicht aktuell: Das Diagramm zeigt den Bestand, wie er zuletzt vom Server kam.',
  total: 'Gesamt',
  latest: (when: string, total: string) => `Letzte Änderung: ${when}, gesamt ${total}`,
  noChange: 'In dieser Zeit keine Änderung.',
  summary: (from: string, to: string, total: string) =>
    `Gesamt von ${from} bis ${to}: jetzt ${total}`,
  showTable: 'Als Tabelle zeigen',
  when: 'Wann',
  start: (day: string) => `${day} (Beginn)`,
};
