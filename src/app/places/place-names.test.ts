import { describe, expect, it } from 'vitest';
import { knownPlaces, placeIdFor, placeName, quantityAt, withPlacesBeingMade } from './place-names';

const back = { id: 'back', name: 'Back room', archived: false, revision: 1 };
const van = { id: 'van', name: 'Van', archived: true, revision: 2 };

describe('place names', () => {
  it('main always exists, first; archived places only when asked', () => {
    expect(knownPlaces(undefined).map((p) => p.id)).toEqual(['main']);
    expect(knownPlaces([van, back]).map((p) => p.id)).toEqual(['main', 'back']);
    expect(knownPlaces([van, back], true).map((p) => p.id)).toEqual(['main', 'back', 'van']);
    expect(placeName([back], 'back')).toBe('Back room');
    expect(placeName([back], 'gone')).toBe('gone');
  });

  it('offers a place this device is making before it is pulled, never one refused', () => {
    const making = (placeId: string, state: string) => ({
      op: { type: 'createPlace' as const, placeId, name: `Place ${placeId}` },
      state,
    });
    const shown = withPlacesBeingMade(
      [back],
      [making('van', 'queued'), making('cellar', 'rejected'), making('back', 'confirmed')],
    );
    expect(shown).toEqual([back, { id: 'van', name: 'Place van', archived: false, revision: 0 }]);
    expect(withPlacesBeingMade([back], [making('shed', 'confirmed')]).map((p) => p.id)).toEqual([
      'back',
      'shed',
    ]);
    expect(withPlacesBeingMade(undefined, [])).toEqual([]);
  });

  it('a quantity at a place; an item from before places has all of it at main', () => {
    expect(quantityAt({ quantity: 7 }, 'main')).toBe(7);
    expect(quantityAt({ quantity: 7 }, 'back')).toBe(0);
    const item = {
      quantity: 7,
      stock: [
        { placeId: 'main', quantity: 4 },
        { placeId: 'back', quantity: 3 },
      ],
    };
    expect(quantityAt(item, 'back')).toBe(3);
  });

  it('makes a place id from its name, unique', () => {
    expect(placeIdFor('Back room', [])).toBe('back-room');
    expect(placeIdFor('Back room', ['back-room'])).toBe('back-room-2');
    expect(placeIdFor('Ütility — 2nd!', [])).toBe('utility-2nd');
    expect(placeIdFor('!!!', [])).toBe('place');
  });
});
