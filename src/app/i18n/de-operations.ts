/** German words for operations: the same facts as docs/client.md#states-and-their-words. */
import type { OperationState } from '../../client/facade';
import type { ReasonCode } from '../../protocol/schemas';
import type { Messages } from './en';
import type { ExplanationWords, ReasonWords, SummaryCase } from './operation-case';
import { pluralRules } from './plural';
import { assertNever } from '../../protocol/assert-never';

const plural = pluralRules('de');

const receiptReasons: Record<ReasonCode, string> = {
  'unknown-item': 'den Artikel gibt es auf dem Server nicht',
  'duplicate-item': 'ein Artikel mit dieser ID, SKU oder diesem Barcode existiert bereits',
  'would-go-negative': 'der Bestand würde unter null fallen',
  'stale-count': 'die Zählung beruhte auf einem alten Bestand',
  'stale-edit': 'jemand anderes hat ihn geändert, seit du ihn geöffnet hast',
  'archived-item': 'der Artikel ist archiviert',
  'not-allowed': 'deine Rolle darf diese Änderung nicht vornehmen',
  'unknown-place': 'den Ort gibt es auf dem Server nicht',
  'duplicate-place': 'ein Ort mit dieser ID existiert bereits',
  'archived-place': 'der Ort ist archiviert',
  'place-not-empty': 'am Ort liegt noch Bestand',
  'main-place': 'der Hauptort kann nicht archiviert werden',
  'unknown-stocktake': 'die Inventur gibt es auf dem Server nicht',
  'duplicate-stocktake': 'eine Inventur mit dieser ID existiert bereits',
  'stocktake-closed': 'die Inventur ist nicht mehr offen',
  'not-in-stocktake': 'der Artikel gehört nicht zu dieser Inventur',
};

const SAME_IDENTITY =
  'Stockroom verwendet dieselbe Vorgangs-ID, daher kann erneutes Prüfen sie nicht doppelt anwenden.';

const reasons: ReasonWords = {
  rejected: (r) => (r.reason === null ? 'der Server hat sie abgelehnt' : receiptReasons[r.reason]),
  review: (r) => (r.reason === null ? 'der Server bittet um Prüfung' : receiptReasons[r.reason]),
  expired: () => 'sie erreichte den Server nach ihrer Frist, daher hat er sie nicht angewendet',
  'key-reused': () => 'der Server hat unter der ID dieses Vorgangs schon einen anderen Inhalt',
  'identity-refused': () => 'der Server hat die Vorgangs-ID dieses Geräts nicht angenommen',
  'content-refused': () => 'der Server konnte ihren Inhalt nicht annehmen',
  imported: (r) =>
    `aus einer Sicherung wiederhergestellt; ${r.age} erstellt, der Server kennt sie vielleicht nicht mehr`,
  restored: (r) =>
    `Am ${r.when} bestätigt, aber der Server wurde aus einer älteren Sicherung wiederhergestellt und hat diese Änderung nicht mehr.`,
};

const explanations: ExplanationWords = {
  'no-result': (_, f) =>
    `Für „${f.summary}“ kam keine Antwort. Die Änderung ist vielleicht schon bestätigt. ${SAME_IDENTITY}`,
  'sign-in': () =>
    'Melde dich erneut an, um sie zu senden. Sie behält ihre ID, nichts kann doppelt angewendet werden.',
  'server-problem': (_, f) =>
    `Der Server konnte sie gerade nicht bearbeiten. Sie ist auf diesem Gerät gespeichert; erneutes Prüfen verwendet dieselbe ID.${
      f.nextCheck === null ? '' : ` Nächste Prüfung von selbst um ${f.nextCheck}.`
    }`,
  'retries-paused': (_, f) =>
    f.nextCheck === null
      ? 'Automatische Versuche pausieren; nichts geht verloren. Sie wird erneut gesendet, sobald das Gerät wieder online ist, oder mit „Sicher prüfen und erneut senden“.'
      : `Automatische Versuche pausieren; nichts geht verloren. Stockroom prüft um ${f.nextCheck} von selbst erneut, oder sofort mit „Sicher prüfen und erneut senden“.`,
  'local-write-failed': () =>
    'Der Server hat das Ergebnis, aber dieses Gerät konnte es noch nicht speichern. Erneutes Prüfen ist sicher: Der Server liefert dasselbe Ergebnis.',
  'imported-not-yet': () =>
    'Der Server hat noch keinen Eintrag dazu. Wird sie jetzt gesendet, behält sie dieselbe ID und kann nicht doppelt angewendet werden.',
  'imported-asking': () =>
    'Aus einer Sicherung wiederhergestellt. Stockroom fragt den Server, ob er sie schon hat, bevor etwas gesendet wird.',
  'restore-asking': () =>
    'Der Server wurde aus einer Sicherung wiederhergestellt. Stockroom fragt ihn, ob er diese Änderung noch hat; nichts wird von selbst gesendet.',
  'restore-missing': () =>
    'Sende sie nur erneut, wenn die Änderung noch stimmt: Sie behält ihre ID, daher wendet der Server sie höchstens einmal an. Nach ihrer Frist lehnt der Server sie ab, und du kannst sie als neue erneut eingeben.',
  'expired-review': () =>
    'Prüfe im Verlauf des Artikels, ob die Änderung dort steht, und gib sie bei Bedarf erneut ein.',
  expired: () =>
    'Der Server kann nicht mehr sagen, ob diese Änderung angewendet wurde. Prüfe den Verlauf des Artikels, bevor du sie erneut eingibst.',
  'not-applied': () =>
    'Der Server hat bestätigt, dass diese Änderung nie angewendet wurde und nie angewendet wird. Du kannst sie gefahrlos erneut eingeben.',
  'not-applied-late': (_, f) =>
    `Die Uhr des Servers war schon über die Frist dieser Änderung (${f.deadline}) hinaus, daher wurde sie nie angewendet und wird es nie. Dieses Gerät hat vom Server eine neue Frist bekommen: Änderungen von jetzt an gehen durch. Du kannst diese gefahrlos erneut eingeben.`,
};

function summary(c: SummaryCase): string {
  const { op, itemName, count } = c;
  switch (op.type) {
    case 'adjust':
      return op.delta < 0
        ? `${count(-op.delta)} aus ${itemName} entnehmen`
        : `${count(op.delta)} zu ${itemName} hinzufügen`;
    case 'count':
      return `${itemName} zählen: ${count(op.quantity)}`;
    case 'createItem':
      return `${op.name} mit ${count(op.initialQuantity)} in ${op.location} anlegen`;
    case 'updateItem':
      return `${itemName} bearbeiten`;
    case 'archiveItem':
      return `${itemName} archivieren`;
    case 'transfer':
      return `${count(op.quantity)} von ${itemName} von ${op.fromPlaceId} nach ${op.toPlaceId} umlagern`;
    case 'createPlace':
      return `Ort ${op.name} anlegen`;
    case 'updatePlace':
      return `Ort ${op.placeId} in ${op.changes.name} umbenennen`;
    case 'archivePlace':
      return `Ort ${op.placeId} archivieren`;
    case 'startStocktake':
      return `Inventur ${op.name} beginnen`;
    case 'stocktakeCount':
      return `${itemName} für die Inventur zählen: ${count(op.counted)}`;
    case 'applyStocktake':
      return 'Inventur übernehmen';
    case 'cancelStocktake':
      return 'Inventur abbrechen';
    default:
      return assertNever(op);
  }
}

export const deOperations: Messages['operations'] = {
  state: {
    queued: 'Auf diesem Gerät gespeichert',
    sending: 'Wird gesendet…',
    unknown: 'Ergebnis unbekannt',
    checking: 'Ergebnis wird geprüft…',
    waiting: 'Gespeichert · wartet auf neuen Versuch',
    finishing: 'Vom Server bestätigt; wird auf diesem Gerät abgeschlossen',
    confirmed: 'Bestätigt',
    rejected: 'Abgelehnt',
    review: 'Muss geprüft werden',
    expired: 'Abgelaufen — Verlauf des Artikels prüfen',
    'not-applied': 'Nicht angewendet — kann erneut eingegeben werden',
  } satisfies Record<OperationState, string>,
  finishingLocal: 'Ergebnis vom Server erhalten; der lokale Speicher braucht Aufmerksamkeit',
  withReason: (state, reason) => `${state}: ${reason}`,
  reason: reasons,
  explanation: explanations,
  summary,
  reverses: (original) => `Macht rückgängig: ${original}`,
  whatToCheck: {
    'would-go-negative':
      'Der Bestand wäre unter null gefallen. Zähle das Regal; wenn die Änderung stimmt, gib sie als neue erneut ein.',
    'stale-count':
      'Der Bestand hat sich geändert, nachdem diese Zählung begonnen wurde. Zähle erneut und gib die neue Zählung ein.',
    'unknown-item':
      'Der Server kennt diesen Artikel nicht. Prüfe die Artikelliste, bevor du die Änderung erneut eingibst.',
    'duplicate-item':
      'Ein Artikel mit dieser ID, SKU oder diesem Barcode existiert bereits. Prüfe die Artikelliste und gib ihn mit anderen Codes erneut ein.',
    'stale-edit':
      'Jemand anderes hat dieselben Angaben geändert, nachdem diese Bearbeitung begann. Öffne den Artikel, prüfe die Angaben und bearbeite ihn erneut.',
    'archived-item':
      'Der Artikel wurde archiviert, daher werden Bestandsänderungen abgelehnt. Frag eine Filialleitung, ob er zurückkommen soll.',
    'not-allowed':
      'Deine Rolle darf diese Art von Änderung nicht vornehmen. Bitte eine Filialleitung darum.',
    'unknown-place':
      'Der Server kennt diesen Ort nicht. Prüfe die Orte in den Einstellungen, bevor du die Änderung erneut eingibst.',
    'duplicate-place':
      'Ein Ort mit dieser ID existiert bereits. Prüfe die Orte in den Einstellungen.',
    'archived-place':
      'Der Ort wurde archiviert, daher werden Bestandsänderungen dort abgelehnt. Wähle einen anderen Ort.',
    'place-not-empty':
      'Am Ort liegt noch Bestand. Lagere ihn zuerst an einen anderen Ort um und archiviere ihn dann.',
    'main-place': 'Der Hauptort kann umbenannt, aber nie archiviert werden.',
    'unknown-stocktake':
      'Diese Inventur gibt es auf dem Server nicht. Öffne die Inventuren und prüfe, welche offen ist.',
    'duplicate-stocktake':
      'Eine Inventur mit dieser ID existiert bereits. Beginne die Inventur erneut als neue.',
    'stocktake-closed':
      'Die Inventur wurde schon übernommen oder abgebrochen; diese Zählung zählt nicht mehr.',
    'not-in-stocktake':
      'Dieser Artikel gehört nicht zu dieser Inventur. Prüfe, welche Artikel noch zu zählen sind.',
    none: 'Prüfe den Verlauf des Artikels und gib die Änderung dann als neue erneut ein oder verwirf sie.',
  },
  detail: {
    checkAndResend: 'Sicher prüfen und erneut senden',
    sendAgain: 'Erneut senden',
    stillNoAnswer: 'Noch keine Antwort; sie bleibt auf diesem Gerät gespeichert',
    stillNoAnswerUntil: (time) => `Noch keine Antwort; erneute Prüfung um ${time}`,
    discarded: (moment, note) => `Du hast sie ${moment} verworfen: „${note}“.`,
    enteredAgain: (moment) => `Du hast sie ${moment} als neue Änderung erneut eingegeben:`,
    openNewChange: 'neue Änderung öffnen',
    back: 'Zurück zu Aktivität',
    details: 'Details',
    technical: 'Technische Details',
    item: 'Artikel',
    operationId: 'Vorgangs-ID',
    saved: 'Gespeichert',
    savedBy: (moment, age, user, imported) =>
      `${moment} (${age}) von ${user}${imported ? ', aus einer Sicherung wiederhergestellt' : ''}`,
    deadline: 'Muss den Server erreichen bis',
    nextCheck: 'Nächste automatische Prüfung',
    receipt: 'Beleg des Servers',
    receiptText: (outcome, reason, moment) =>
      `${outcome}${reason === null ? '' : ` (${reason})`}, erfasst ${moment}`,
    receiptQuantity: (quantity) => `; Menge danach ${quantity}`,
    receiptRevision: (revision) => `, Revision ${revision}`,
    staleHeading: 'Gegen neueren Bestand gezählt',
    staleSince: 'Seit diese Zählung gemacht wurde:',
    staleUnknown:
      'Der Bestand hat sich seit dieser Zählung geändert; was sich geändert hat, steht auf dem Server.',
    staleMore: (more) => `und ${more} weitere Änderungen`,
    staleAdvice: 'Prüfe das Regal erneut, bevor du sie als neue eingibst.',
    staleChange: {
      sold: (user, amount, _signed, time) => `${user} hat um ${time} ${amount} verkauft`,
      received: (user, amount, _signed, time) => `${user} hat um ${time} ${amount} erhalten`,
      damaged: (user, amount, _signed, time) =>
        `${user} hat um ${time} ${amount} als beschädigt ausgebucht`,
      returned: (user, amount, _signed, time) =>
        `${user} hat um ${time} ${amount} als Rückgabe angenommen`,
      correction: (user, _amount, signed, time) =>
        `${user} hat den Bestand um ${time} um ${signed} korrigiert`,
      transfer: (user, _amount, signed, time) => `${user} hat um ${time} ${signed} umgebucht`,
      other: (user, what, signed, time) => `${user}: ${what} ${signed} um ${time}`,
    },
    staleRevisions: (based, now) =>
      `Gezählt gegen Revision ${based}${now === null ? '' : `; der Artikel ist jetzt bei Revision ${now}`}`,
    attempts: 'Versuche',
    noAttempt: 'Noch kein Versuch: Diese Änderung hat das Gerät nachweislich nicht verlassen.',
    sent: (time) => `Gesendet ${time}`,
    endedAt: (outcome, time) => `${outcome} um ${time}`,
    phases: (phases) => `Phasen auf dem Server: ${phases}`,
  },
  attempt: {
    pending: 'Wartet auf eine Antwort',
    response: (status) => `Antwort erhalten (HTTP ${status})`,
    timeout: 'Zeit abgelaufen: keine Antwort erhalten',
    networkError: 'Verbindung verloren: keine Antwort erhalten',
    httpError: (status) => `Server antwortete mit HTTP ${status}`,
    name: (kind, n) => (kind === 'status' ? `Statusabfrage ${n}` : `Versuch ${n}`),
    anAttempt: 'ein Versuch',
    explained: (sends, shown) =>
      sends === 0
        ? 'Eine Änderung, noch nicht gesendet.'
        : `Eine Änderung, ${plural(sends, 'ein Versuch', `${shown} Versuche`)}; die ID der Änderung ändert sich nie, daher wendet der Server sie höchstens einmal an.`,
    idsExplained: (length, example) =>
      `Jeder Versuch ist ein Anlauf über das Netz mit eigener ID (gesendet als X-Request-Id), gezeigt mit ihren letzten ${length} Zeichen, etwa ${example}.`,
  },
};
