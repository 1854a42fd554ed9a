/** English words for the item's Stock over time (docs/client.md#stock-over-time). */
export const enStockChart = {
  heading: 'Stock over time',
  period: (days: string) => `The last ${days} days: the total and each place.`,
  since: (day: string) => `Since ${day}: older changes are on the server.`,
  unavailable:
    'The chart is drawn from the history, which comes from the server: it cannot be reached right now.',
  behind: 'Not up to date: the chart shows the stock as last fetched from the server.',
  total: 'Total',
  latest: (when: string, total: string) => `Latest change: ${when}, total ${total}`,
  noChange: 'No change in this time.',
  summary: (from: string, to: string, total: string) => `Total from ${from} to ${to}: now ${total}`,
  showTable: 'Show as table',
  when: 'When',
  start: (day: string) => `${day} (start)`,
};
