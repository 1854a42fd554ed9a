/** German words for every refusal of a command (client/core/refusals.ts). */
import { pluralRules } from './plural';
import type { RefusalWords } from './refusal-case';

const plural = pluralRules('de');
const people = new Intl.ListFormat('de', { type: 'conjunction' });

export const deRefusals: RefusalWords = {
  'wrong-credentials': () => 'Benutzername oder Passwort stimmt nicht.',
  'too-many-attempts': () => 'Zu viele Versuche. Warte einen Moment und melde dich dann an.',
  'sign-in-unreachable': () =>
    'Der Server ist nicht erreichbar. Zum Anmelden braucht es eine Verbindung.',
  'server-problem': (r) =>
    `Der Server hat die Anfrage abgelehnt (HTTP ${r.status}). Nichts wurde geändert.`,
  'storage-failed': () =>
    'Dieses Gerät konnte die Änderung nicht speichern; nichts wurde gespeichert.',
  unexpected: () => 'Etwas Unerwartetes ist passiert; nichts wurde gespeichert.',
  'unconfirmed-changes': (r, count) =>
    `${count(r.count)} ${plural(r.count, 'Änderung ist', 'Änderungen sind')} noch nicht bestätigt, daher wurde nichts entfernt und du bist weiter angemeldet. Lass sie den Server erreichen (siehe Aktivität) oder wähle Abmelden, um sie für deine nächste Anmeldung auf diesem Gerät zu behalten.`,
  'signed-out-change': () => 'Melde dich an, um Änderungen zu machen.',
  'signed-out-export': () => 'Melde dich an, um deine Änderungen zu exportieren.',
  'signed-out-history': () => 'Melde dich an, um den Verlauf zu sehen.',
  'tester-only': () => 'Melde dich als Filialleitung an einem Server im Testmodus an.',
  'history-unreachable': () => 'Der Verlauf liegt auf dem Server, der gerade nicht erreichbar ist.',
  'no-lease': () =>
    'Dieses Gerät muss den Server einmal erreichen, bevor es Änderungen speichern kann.',
  'no-room': (r, count) =>
    `Dieses Gerät kann noch ${count(r.room)} ${plural(r.room, 'Änderung', 'Änderungen')} speichern, bevor es den Server wieder erreicht; importiere weniger Zeilen oder verbinde dich zuerst.`,
  invalid: () => 'Diese Angaben kann der Server nicht annehmen; nichts wurde gespeichert.',
  'not-cancellable': () =>
    'Sie wurde vielleicht schon gesendet und kann daher nicht abgebrochen werden; mache eine neue Änderung, um sie rückgängig zu machen.',
  'not-discardable': () => 'Nur Vorgänge, die geprüft werden müssen, können verworfen werden.',
  'not-repeatable': () =>
    'Diese Änderung kann nicht erneut eingegeben oder rückgängig gemacht werden.',
  'backup-not-json': () => 'Diese Datei ist keine Stockroom-Sicherung (sie ist kein JSON).',
  'backup-unreadable': () =>
    'Diese Datei ist keine Stockroom-Sicherung, die diese Version lesen kann. Nichts wurde geändert.',
  'backup-signed-out': () => 'Melde dich an, um eine Sicherung deiner Änderungen zu importieren.',
  'backup-of-others': (r) =>
    `Diese Sicherung enthält Änderungen von ${people.format(r.people)}. Nur diese Personen können sie importieren, angemeldet als sie selbst; nichts wurde importiert.`,
  'accounts-offline': () => 'Konten ändern braucht eine Verbindung.',
  'account-name-taken': (r) => `Den Benutzernamen ${r.name} gibt es schon; nichts wurde geändert.`,
  'account-change-refused': () =>
    'Niemand kann sich selbst deaktivieren oder zum Personal machen, und die letzte Leitung bleibt Leitung; nichts wurde geändert.',
  'accounts-managers-only': () => 'Nur die Leitung kann Konten ändern; nichts wurde geändert.',
};
