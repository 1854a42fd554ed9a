import { describe, expect, it } from 'vitest';
import { watchPersonActing } from './person-acting';

describe('watchPersonActing', () => {
  it('tells the client of each finger and key on the page, and of nothing else', () => {
    const page = new EventTarget();
    let acting = 0;
    watchPersonActing(page, { personActing: () => acting++ });
    for (const type of ['pointerdown', 'keydown', 'click', 'scroll', 'pointerup', 'keydown']) {
      page.dispatchEvent(new Event(type));
    }
    expect(acting).toBe(3);
  });
});
