import { describe, expect, it } from 'vitest';
import { connectivityLabel, shortTime, stillNoAnswer } from './check-words';

const AT = Date.parse('2026-11-29T14:02:30.000Z');
const GB = { timeZone: 'UTC', locale: 'en-GB' };

describe('the status bar’s words', () => {
  it('says what the last real answer said', () => {
    expect(connectivityLabel('online', null, GB)).toBe('Online');
    expect(connectivityLabel('offline', AT, GB)).toBe('Offline');
    expect(connectivityLabel('server-unreachable', AT, GB)).toBe(
      'Server unreachable · checking again at 14:02',
    );
    expect(connectivityLabel('server-unreachable', null, GB)).toBe('Server unreachable');
  });

  it('says the server is refusing work while it answers 503, never "Online"', () => {
    expect(connectivityLabel('server-busy', AT, GB)).toBe('Server busy · trying again at 14:02');
    expect(connectivityLabel('server-busy', null, GB)).toBe('Server busy');
  });

  it('shows the time on the one 24-hour clock the app uses everywhere, in the device’s zone', () => {
    expect(shortTime(AT, { timeZone: 'UTC', locale: 'en-US' })).toBe('14:02');
    expect(shortTime(AT, { timeZone: 'Europe/Berlin', locale: 'de-DE' })).toBe('15:02');
  });

  it('after a check with no answer, says when it checks again', () => {
    expect(stillNoAnswer(Date.parse('2026-11-29T21:50:00.000Z'), GB)).toBe(
      'Still no answer; checking again at 21:50',
    );
    expect(stillNoAnswer(null, GB)).toBe('Still no answer; it stays stored on this device');
  });
});
