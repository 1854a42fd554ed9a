/** German words for places, moving stock and receiving deliveries (docs/client.md#places). */
import type { enDelivery, enPlaces } from './en-places';

export const dePlaces: typeof enPlaces = {
  place: 'Ort',
  allPlaces: 'Alle Orte',
  quantitiesAt: (name: string) => `Mengen, niedriger Bestand und Änderungen gelten für ${name}.`,
  allPlacesNote: (main: string) =>
    `Mengen sind Summen über alle Orte; Änderungen gelten für ${main}.`,
  stockHeading: 'Bestand je Ort',
  stockRow: (name: string, quantity: string) => `${name}: ${quantity}`,
  pendingAt: (delta: string) => `${delta} ausstehend`,
  moveStock: 'Bestand umlagern',
  from: 'Von',
  to: 'Nach',
  quantityToMove: 'Menge zum Umlagern',
  move: 'Umlagern',
  inStockAt: (name: string, quantity: string) => `Bestand in ${name}: ${quantity}`,
  what: 'die Menge zum Umlagern',
  samePlace: 'Wähle zwei verschiedene Orte.',
  settingsHeading: 'Orte',
  newPlace: 'Neuer Ort',
  placeName: 'Name des Orts',
  createPlace: 'Ort anlegen',
  renamePlace: 'Ort umbenennen',
  renameForm: (name: string) => `${name} umbenennen`,
  saveName: 'Namen speichern',
  archivePlace: 'Ort archivieren',
  archived: 'archiviert',
  nameMissing: 'Gib einen Namen für den Ort ein.',
  downloadStock: 'Bestand je Ort herunterladen (CSV)',
  scanned: (name: string) => `Ort auf ${name} gesetzt`,
};

export const deDelivery: typeof enDelivery = {
  receive: 'Lieferung annehmen',
  heading: 'Lieferung annehmen',
  intro: 'Scanne jeden Artikel beim Auspacken: Jeder gelesene Code zählt eins dazu.',
  lines: 'Lieferpositionen',
  empty: 'Noch nichts gescannt.',
  unknown: (code: string) => `Unbekannter Code ${code}`,
  unknownHint:
    'Kein Artikel hat diesen Code. Er bleibt auf der Liste, wird aber nicht mit der Lieferung gespeichert.',
  removeOne: 'Eins weniger',
  addOne: 'Eins mehr',
  quantity: 'Menge',
  save: 'Lieferung speichern',
  discard: 'Lieferung verwerfen',
  confirmDiscard:
    'Diese Lieferung verwerfen? Die gescannten Positionen werden von diesem Gerät entfernt.',
  saved: (count: string) => `Lieferung gespeichert: ${count}`,
  nothingToSave: 'Scanne zuerst mindestens einen bekannten Artikel.',
  typeCode: 'Code eingeben',
  addCode: 'Code hinzufügen',
  back: 'Zurück zu den Artikeln',
};
