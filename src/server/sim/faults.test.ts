import { describe, expect, it } from 'vitest';
import { FaultBook, MAX_FAULT_RULES } from './faults';

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

  it('meets a silent resend of the same attempt with the same fault, without using another', () => {
    const book = new FaultBook();
    book.add({ fault: 'drop-response', times: 1 });
    expect(book.take(['L.1'], 'attempt-a')?.fault).toBe('drop-response');
    expect(book.take(['L.1'], 'attempt-a')?.fault).toBe('drop-response');
    expect(book.take(['L.1'], 'attempt-b')).toBeNull();
  });

  it('removes one rule by id, and a resend of an attempt it met is no longer met', () => {
    const book = new FaultBook();
    const lasting = book.add({ fault: 'unavailable', times: 1_000_000 })!;
    const once = book.add({ fault: 'drop-request' })!;
    expect(lasting.id).not.toBe(once.id);
    expect(book.take(['L.1'], 'attempt-a')?.fault).toBe('unavailable');
    expect(book.remove(lasting.id)).toBe(true);
    expect(book.remove(lasting.id)).toBe(false);
    expect(book.list().map((r) => r.id)).toEqual([once.id]);
    expect(book.take(['L.1'], 'attempt-a')?.fault).toBe('drop-request');
  });

  it(`holds at most ${MAX_FAULT_RULES} rules`, () => {
    const book = new FaultBook();
    for (let i = 0; i < MAX_FAULT_RULES; i++)
      expect(book.add({ fault: 'unavailable' })).not.toBeNull();
    expect(book.add({ fault: 'unavailable' })).toBeNull();
    expect(book.list()).toHaveLength(MAX_FAULT_RULES);
  });
});
