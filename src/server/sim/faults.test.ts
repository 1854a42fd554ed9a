import { describe, expect, it } from 'vitest';
import { FaultBook } from './faults';

describe('FaultBook', () => {
  it('acts on the next `times` matching requests, first rule first', () => {
    const book = new FaultBook();
    book.add({ fault: 'drop-response', match: { operationId: 'L.1' } });
    book.add({ fault: 'delay', delayMs: 5, times: 2 });
    expect(book.take(['L.1'])?.fault).toBe('drop-response');
    expect(book.take(['L.1'])?.fault).toBe('delay');
    expect(book.take(['L.2'])?.fault).toBe('delay');
    expect(book.take(['L.2'])).toBeNull();
  });
});
