/** The Tester panel's Scenarios in German: the same stories and steps as en-scenarios.ts. */
import type { ScenarioWords } from './en-scenarios';

export const deScenarios: ScenarioWords = {
  heading: 'Szenarien',
  intro:
    'Jede Geschichte aktiviert ihre Störung, schaltet „Schritt für Schritt“ ein und addiert 1 zum Tester-Übungsartikel.',
  creatingScratch: 'Zuerst wird der Tester-Übungsartikel angelegt (einmalig)…',
  scratchNotConfirmed:
    'Der Tester-Übungsartikel ist auf diesem Gerät gespeichert, aber noch nicht vom Server bestätigt: Entfernen Sie jede dauerhafte Störung und starten Sie die Geschichte erneut.',
  noItems:
    'Noch kein Artikel auf diesem Gerät: Öffnen Sie einmal „Artikel“, während Sie online sind.',
  theChange: (change) => `Die Änderung: ${change}.`,
  addOneTo: (item) => `1 zu ${item} hinzufügen`,
  clockWillMove: ' Die Serveruhr springt 8 Tage vor, sobald das Ergebnis unbekannt ist.',
  clockMoved: ' Die Serveruhr wurde 8 Tage vorgestellt.',
  timelineHint: (shortId) =>
    `Beide Seiten ihrer Geschichte stehen in der Zeitleiste unten (Änderung …${shortId}).`,
  openChange: 'Diese Änderung und die Zeitleiste ihrer Versuche öffnen',
  now: 'Jetzt:',
  notTaken: (message) => `Der Server hat die Störung nicht angenommen: ${message}`,
  cleanupDone: (words) => `Aufräumen: ${words}`,
  region: (name) => `Szenario: ${name}`,
  steps: 'Schritte',
  note: (name) => `Tester-Szenario: ${name}`,
  step: {
    sending: 'Wird gesendet…: Der Versuch wird festgehalten, dann gesendet.',
    unknown:
      'Ergebnis unbekannt: Es kam keine Antwort. Die Änderung ist vielleicht übernommen, vielleicht nicht; nichts sagt „fehlgeschlagen“.',
    checking: 'Ergebnis wird geprüft…: Dieselbe Änderung wird unter derselben ID erneut gesendet.',
    confirmed:
      'Bestätigt: Die Quittung des Servers ist auf diesem Gerät gespeichert; die Änderung wurde genau einmal übernommen.',
    busyQueued:
      'Auf diesem Gerät gespeichert: Der Server ist ausgelastet; die Statusleiste zeigt, wann er es erneut versucht.',
    busySending: 'Wird erneut gesendet…, nach dem Retry-After des Servers.',
    tooOldChecking:
      'Ergebnis wird geprüft…: Nach der Frist fragt die App den Server, statt erneut zu senden.',
    tooOldNotApplied:
      'Nicht übernommen — sicher erneut einzugeben: Der Server bestätigt, dass sie nie übernommen wurde und nie wird.',
    restoredReview:
      'Prüfung nötig: aus einer Sicherung wiederhergestellt, 3 Tage alt. Wiederhergestellte Arbeit wird nie von selbst erneut gesendet: Der Server erinnert sich vielleicht nicht mehr daran.',
    restoredChecking:
      'Ergebnis wird geprüft…: Die App fragt den Server nur nach dieser ID (nur lesend).',
    restoredConfirmed:
      'Bestätigt: Der Grabstein des Servers antwortet noch „verarbeitet“: Die Änderung gilt einmal, nie zweimal.',
  },
  stories: {
    lostReply: {
      name: 'Antwort nach dem Speichern verloren',
      story:
        'Der Server speichert die Änderung, dann geht die Antwort auf dem Rückweg verloren. Erneutes Prüfen findet die gespeicherte Quittung: Nichts wird doppelt übernommen.',
    },
    failBeforeCommit: {
      name: 'Fehler vor dem Speichern',
      story:
        'Der Server scheitert vor dem Speichern: Nichts wurde übernommen, doch die App kann das nicht wissen. Erneutes Senden mit derselben ID übernimmt sie einmal.',
    },
    slowReply: {
      name: 'Antwort langsamer als die App wartet',
      story:
        'Der Server braucht 12 s; die App wartet 10 s. Das Ende ihrer Geduld ist kein Fehler: Die späte Speicherung wird durch erneutes Prüfen gefunden.',
    },
    busy: {
      name: 'Server ausgelastet',
      story:
        'Der Server lehnt die Änderung einmal ab (503 mit Retry-After), bevor er etwas tut. Die Änderung bleibt auf diesem Gerät gespeichert und geht, sobald der Server wieder Arbeit annimmt.',
    },
    tooOld: {
      name: 'Zu alt zum Übernehmen',
      story:
        'Die Anfrage geht verloren, dann springt die Serveruhr 8 Tage vor: über die Frist der Änderung hinaus. Der Server wird sie nie mehr erstmals übernehmen und sagt das auch.',
    },
    restored: {
      name: 'Alte Sicherung wiederhergestellt',
      story:
        'Ein altes Telefon hat eine Änderung gesendet und nie eine Antwort erhalten; Tage später wird seine Sicherung hier wiederhergestellt. Die App sendet wiederhergestellte Arbeit nie von selbst erneut: Sie fragt den Server, dessen Grabstein sich noch an die Änderung erinnert, also gilt sie einmal.',
    },
  },
  restoredDevice: 'Altes Telefon (Tester-Szenario)',
  prelude: [
    'Ein altes Telefon addiert 1 und sendet es: Der Server speichert es, und die Antwort geht auf dem Rückweg verloren (dort bleibt ihr Ergebnis unbekannt).',
    'Drei Tage vergehen auf der Serveruhr, und ihr Aufräumen läuft: Quittungen, die älter als die Aufbewahrungszeit sind, werden zu Grabsteinen gekürzt (die ID, ein Fingerabdruck, das Ergebnis).',
    'Die Sicherung des alten Telefons wird auf diesem Gerät wiederhergestellt: Ihre Änderung kommt mit ihrer eigenen ID an, nie als neue.',
  ],
};
