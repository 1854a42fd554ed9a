/**
 * The client's twin of server-import-circles: no module of the app, the client core, the service
 * worker or the shared protocol is (directly or through others) imported by what it imports. The
 * catalogues import only types from the modules whose values they word; a lazily loaded module
 * imports what it shares with its loader from a third module, not from the loader.
 */
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from './import-graph';

const SRC = resolve(import.meta.dirname, '../../src');

describe('client import graph (src/app, src/client, src/sw, src/protocol)', () => {
  const graph = importGraph(SRC);

  it('reads the imports (the check below is not vacuous)', () => {
    expect(graph.get('app/i18n/en.ts')).toContain('app/i18n/en-operations.ts');
    expect(graph.get('app/scan/use-barcode-scan.ts')).toContain('app/scan/scan-problems.ts');
    expect(graph.get('client/sender.ts')).toContain('client/local/outbox.ts');
  });

  it('has no import circle', () => {
    const clientSide = importCircles(graph).filter((circle) =>
      circle.some((module) => !module.startsWith('server/')),
    );
    expect(clientSide).toEqual([]);
  });
});
