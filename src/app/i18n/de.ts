/**
 * The German message catalogue. Typed as `Messages`: a missing, extra or differently shaped
 * message is a type error, so the catalogue stays complete as the English source grows.
 */
import { deOperations } from './de-operations';
import { deRefusals } from './de-refusals';
import { pluralRules } from './plural';
import { deScenarios } from './de-scenarios';
import { deDelivery, dePlaces } from './de-places';
import { deStockChart } from './de-stock-chart';
import { deLabels } from './de-labels';
import type { DurationUnit, Messages } from './en';

/** Plurals by the language's rules (Intl.PluralRules), never a hand-written test for one. */
const plural = pluralRules('de');

const DE_UNIT_ONE: Record<DurationUnit, string> = {
  day: 'Tag',
  hour: 'Stunde',
  minute: 'Minute',
  second: 'Sekunde',
  millisecond: 'Millisekunde',
};
const DE_UNIT_MANY: Record<DurationUnit, string> = {
  day: 'Tage',
  hour: 'Stunden',
  minute: 'Minuten',
  second: 'Sekunden',
  millisecond: 'Millisekunden',
};

export const de: Messages = {
  refusals: deRefusals,
  app: {
    brand: 'Stockroom',
    opening: 'Die Daten dieses Geräts werden geöffnet…',
    notFoundTitle: 'Seite nicht gefunden',
    notFoundText: 'Unter dieser Adresse gibt es keine Seite.',
    screenUnavailable:
      'Diese Ansicht lässt sich ohne Verbindung nicht öffnen. Verbinde dich und lade die Seite neu.',
    updateReady: 'Eine neue Version von Stockroom ist bereit.',
    reloadToUpdate: 'Neu laden und aktualisieren',
  },
  nav: {
    label: 'Hauptmenü',
    items: 'Artikel',
    activity: 'Aktivität',
    settings: 'Einstellungen',
    tester: 'Tester',
    stocktakes: 'Inventuren',
    notConfirmed: (count) => `, ${count} noch nicht bestätigt`,
  },
  stocktakes: {
    title: 'Inventuren',
    startHeading: 'Inventur beginnen',
    name: 'Name der Inventur',
    place: 'Ort',
    blind: 'Blindzählung',
    start: 'Inventur beginnen',
    list: 'Inventuren auf dem Server',
    none: 'Noch keine Inventuren.',
    unreachable: 'Die Inventuren liegen auf dem Server, der gerade nicht erreichbar ist.',
    notLoaded:
      'Diese Inventur ist noch nicht auf diesem Gerät. Öffne sie einmal online; dann geht das Zählen auch offline.',
    status: { open: 'Offen', applied: 'Übernommen', cancelled: 'Abgebrochen' },
    progress: (counted, scope) => `${counted} von ${scope} gezählt`,
    itemsLeft: 'Noch zu zählen',
    allCounted: 'Jeder Artikel ist gezählt.',
    countedItems: 'Gezählt',
    code: 'Artikelcode',
    openCode: 'Artikel öffnen',
    noSuchCode: 'Kein Artikel dieser Inventur hat diesen Code.',
    countItem: (name) => `${name} zählen`,
    countedQuantity: 'Gezählte Menge',
    countHint:
      'Zähle, was in deinen Regalen liegt; Zählungen anderer werden addiert, deine neue Zählung ersetzt deine alte.',
    saveCount: 'Zählung speichern',
    expected: 'Erwartet',
    blindNote: 'Blindzählung: Die erwartete Menge wird nicht gezeigt.',
    review: 'Prüfen',
    item: 'Artikel',
    counted: 'Gezählt',
    changesSince: 'Änderungen seit der Zählung',
    proposed: 'Wird zu',
    notCounted: 'nicht gezählt',
    uncounted: 'Nicht gezählte Artikel',
    leave: 'So lassen',
    zero: 'Auf 0 setzen',
    apply: 'Inventur übernehmen',
    confirmApply: 'Diese Inventur übernehmen? Die Mengen der gezählten Artikel ändern sich einmal.',
    cancel: 'Inventur abbrechen',
    confirmCancel: 'Diese Inventur abbrechen? Nichts wird übernommen.',
    back: 'Zurück zu den Inventuren',
  },
  connectivity: {
    online: 'Online',
    offline: 'Offline',
    unreachable: 'Server nicht erreichbar',
    unreachableUntil: (time) => `Server nicht erreichbar · erneute Prüfung um ${time}`,
    busy: 'Server ausgelastet',
    busyUntil: (time) => `Server ausgelastet · neuer Versuch um ${time}`,
  },
  banners: {
    quotaExceeded:
      'Der Speicher dieses Geräts ist voll. Bereits gespeicherte Änderungen bleiben erhalten; schaffe Platz, bevor du neue machst.',
    upgradeBlocked:
      'Ein anderer Stockroom-Tab hält den alten lokalen Speicher. Schließe die anderen Stockroom-Tabs, um fortzufahren; hier Gespeichertes geht nicht verloren.',
    localWriteFailed:
      'Ergebnis vom Server erhalten; der lokale Speicher braucht Aufmerksamkeit. Nichts geht verloren, erneutes Senden ist sicher.',
    deadline: (count, when) =>
      plural(
        count,
        `1 Änderung muss den Server bis ${when} erreichen, sonst muss sie geprüft werden.`,
        `${count} Änderungen müssen den Server bis ${when} erreichen, sonst müssen sie geprüft werden.`,
      ),
  },
  notices: {
    label: 'Hinweise',
    dismiss: 'Hinweis schließen',
    one: (summary, label) => `${summary}: ${label}`,
    needYou: (count) => `${count} Änderungen brauchen dich`,
    confirmed: (count) => `${count} bestätigt`,
    notApplied: (count) => `${count} nicht angewendet`,
    done: (count, parts) => `${count} Änderungen: ${parts}`,
  },
  format: {
    withPending: (confirmed, pending, willBe) =>
      `${confirmed} · ${pending} ausstehend${willBe === null ? '' : ` → ${willBe}`}`,
    pendingCount: (quantity) => `Zählung ${quantity}`,
    drain: (sent, total) => `Sende ${sent} von ${total}`,
    underAMinute: 'unter einer Minute',
    justNow: 'gerade eben',
    unknownTime: 'zu unbekannter Zeit',
    inTheFuture: 'in der Zukunft (die Uhr dieses Geräts geht vielleicht falsch)',
    phase: (name, ms) => `${name} ${ms} ms`,
    noPhases: 'keine gemeldet',
  },
  reasons: {
    received: 'Wareneingang',
    sold: 'Verkauft',
    damaged: 'Beschädigt',
    returned: 'Retoure',
    correction: 'Korrektur',
    transfer: 'Umlagerung',
  },
  entryTypes: {
    adjust: 'Anpassung',
    count: 'Zählung',
    createItem: 'Artikel angelegt',
    updateItem: 'Angaben bearbeitet',
    archiveItem: 'Artikel archiviert',
    transfer: 'Bestand umgelagert',
    createPlace: 'Ort angelegt',
    updatePlace: 'Ort umbenannt',
    archivePlace: 'Ort archiviert',
    startStocktake: 'Inventur begonnen',
    stocktakeCount: 'Inventur-Zählung',
    applyStocktake: 'Inventur übernommen',
    cancelStocktake: 'Inventur abgebrochen',
  },
  operations: deOperations,
  rows: {
    saved: (age) => `Gespeichert ${age}`,
    newestSaved: (age) => `Neueste gespeichert ${age}`,
    times: (count) => `× ${count}`,
    discarded: (note) => `Verworfen: ${note}`,
    enteredAgain: 'Als neue Änderung erneut eingegeben',
    resolvedHeading: 'Von dir erledigt',
  },
  fix: {
    cancel: 'Abbrechen — noch nicht gesendet',
    cancelled:
      'Abgebrochen; nichts wurde gesendet. Der Artikel zeigt diese Änderung nicht mehr als ausstehend.',
    reverse: 'Diese Änderung umkehren',
    reversalSaved: 'Umkehrung als neue Änderung gespeichert:',
    openReversal: 'Umkehrung öffnen',
    reversalNotSaved:
      'Die Umkehrung wurde auf diesem Gerät nicht gespeichert. Nichts wurde gesendet.',
    cancelNotSaved:
      'Die Änderung konnte nicht von diesem Gerät entfernt werden; sie ist noch hier.',
  },
  review: {
    title: 'Prüfen',
    enterAgain: 'Als neue erneut eingeben',
    discardForm: (summary) => `${summary} verwerfen`,
    discardNote: 'Notiz zum Verwerfen (warum)',
    discardNoteMissing: 'Schreib in eine Notiz, warum die Änderung verworfen wird.',
    discard: 'Verwerfen',
    discardHint:
      'Verwerfen sendet nichts und ändert den Bestand nicht; deine Notiz bleibt bei der Änderung auf diesem Gerät.',
    discardNotSaved:
      'Das Verwerfen wurde auf diesem Gerät nicht gespeichert; die Änderung wartet weiter auf Prüfung.',
    nothing: 'Nichts muss geprüft werden.',
    intro:
      'Diese Änderungen wurden nicht angewendet, oder der Server weiß vielleicht nicht mehr, ob sie es wurden. Jede braucht deine Entscheidung.',
    saved: (age, user) => `Gespeichert ${age} von ${user}.`,
    restored: (age, user) =>
      `Aus einer Sicherung wiederhergestellt; gespeichert ${age} von ${user}. Der Server kennt sie vielleicht nicht mehr.`,
    checkHistory: 'Verlauf des Artikels prüfen',
  },
  notOnDevice: {
    itemTitle: 'Artikel nicht gefunden',
    itemText: 'Dieser Artikel ist nicht auf diesem Gerät. Vielleicht wurde er noch nicht geladen.',
    backToItems: 'Zurück zu den Artikeln',
    changeTitle: 'Änderung nicht gefunden',
    changeText: 'Diese Änderung ist nicht auf diesem Gerät.',
    backToActivity: 'Zurück zu Aktivität',
  },
  note: {
    label: 'Notiz (optional)',
    counter: (used, max) => `${used} von ${max} Zeichen`,
    tooLong: (used, max) =>
      `Die Notiz hat ${used} Zeichen; höchstens ${max} passen. Kürze sie: nichts wurde gespeichert.`,
  },
  session: {
    expiredHeading: 'Erneut anmelden',
    expiredText:
      'Der Server bittet dich, dich erneut anzumelden, bevor er weitere Änderungen annimmt. Alles auf diesem Gerät Gespeicherte bleibt hier und wird mit derselben ID gesendet, sobald du angemeldet bist.',
  },
  signIn: {
    title: 'Bei Stockroom anmelden',
    form: 'Anmelden',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    missing: 'Gib Benutzername und Passwort ein.',
    othersWaiting: (count, shown, user) =>
      plural(
        count,
        `1 Änderung von ${user} wartet; melde dich als ${user} an, um sie zu senden.`,
        `${shown} Änderungen von ${user} warten; melde dich als ${user} an, um sie zu senden.`,
      ),
  },
  items: {
    title: 'Artikel',
    list: 'Artikel',
    newItem: 'Neuer Artikel',
    importItems: 'Artikel importieren',
    reorderList: 'Nachbestellliste',
    downloadItems: 'Artikel herunterladen (CSV)',
    scan: 'Barcode scannen',
    scannerMissing:
      'Der Scanner konnte nicht geladen werden. Tippe den Code stattdessen in „Artikel suchen“.',
    openingScanner: 'Der Scanner wird geöffnet…',
    search: 'Artikel suchen',
    searchPlaceholder: 'Name, SKU, Barcode oder Regal',
    shelfFilter: 'Regal',
    allShelves: 'Alle Regale',
    shelf: (shelf) => `Regal ${shelf}`,
    lowStock: 'Niedriger Bestand',
    noneOnDevice: 'Noch keine Artikel auf diesem Gerät.',
    showing: (shown, total) => `${shown} von ${total} Artikeln`,
    noMatch: (query) => `Keine Artikel passen zu „${query}“`,
    noMatchFilters: 'Keine Artikel passen zu diesen Filtern',
    clearSearch: 'Suche löschen',
    clearFilters: 'Filter löschen',
    newWithBarcode: 'Neuer Artikel mit diesem Barcode',
    pendingNew: 'Neue Artikel, noch nicht bestätigt',
  },
  item: {
    back: 'Zurück zu Artikel',
    edit: 'Artikel bearbeiten',
    sku: (sku) => `SKU ${sku}`,
    shelf: (shelf) => `Regal ${shelf}`,
    barcode: (code) => `Barcode ${code}`,
    lowAt: (threshold) => `Niedriger Bestand ab ${threshold}`,
    archived:
      'Dieser Artikel ist archiviert: Er steht nicht mehr in der Artikelliste, und Bestandsänderungen werden abgelehnt.',
    confirmedQuantity: 'Bestätigte Menge',
    pendingDelta: (delta) => `${delta} ausstehend auf diesem Gerät`,
    pendingCount: (count) => `Zählung von ${count} ausstehend auf diesem Gerät`,
    revision: (revision) => `Revision ${revision}`,
    deviceChanges: 'Änderungen dieses Geräts',
    noneYet: 'Noch keine.',
  },
  moreActions: {
    more: 'Mehr',
    label: 'Weitere Aktionen',
  },
  history: {
    heading: 'Verlauf',
    loading: 'Der Verlauf wird vom Server geladen…',
    unavailable: 'Der Verlauf kommt vom Server, der gerade nicht erreichbar ist.',
    empty: 'Noch keine Änderungen erfasst.',
    thisDevice: 'dieses Gerät',
    note: (note) => `„${note}“`,
    operation: (id) => `Vorgang ${id}`,
    idsShown: 'Solange dies offen ist, zeigt jede Änderung oben ihre Vorgangs-ID.',
    older: 'Ältere Änderungen zeigen',
  },
  adjust: {
    heading: 'Bestand anpassen',
    removeOne: 'Eins entnehmen',
    addOne: 'Eins hinzufügen',
    switchSign: 'Vorzeichen wechseln',
    switchSignTitle: 'Zwischen Entnehmen (−) und Hinzufügen wechseln',
    change: 'Änderung',
    reason: 'Grund',
    choose: 'Auswählen…',
    hint: 'Negativ entnimmt Bestand, positiv fügt hinzu. ± wechselt zwischen beiden.',
    allowNegative: 'Negativ erlauben (später zählen)',
    save: 'Änderung speichern',
    what: 'die Änderung',
    reasonMissing: 'Wähle einen Grund für die Änderung.',
  },
  quick: {
    heading: 'Einzeln',
    removeOne: (reason) => `1 entnehmen · ${reason}`,
    addOne: (reason) => `1 hinzufügen · ${reason}`,
    hint: 'Ein Tipp speichert die Änderung, mit dem zuletzt auf diesem Gerät verwendeten Grund. Ein anderer Grund: unten unter Bestand anpassen.',
  },
  count: {
    heading: 'Bestand zählen',
    counted: 'Gezählte Menge',
    expected: 'Erwartet',
    countedShort: 'Gezählt',
    difference: 'Differenz',
    none: 'keine',
    hint: (moment) =>
      `Deine Zählung ersetzt den Bestand, zuletzt geändert ${moment}. Ändert er sich, bevor deine Zählung den Server erreicht, kommt sie zur Prüfung zurück, statt diese Änderung zu überschreiben.`,
    save: 'Zählung speichern',
    what: 'die gezählte Menge',
  },
  wholeNumber: {
    missing: (what) => `Gib ${what} ein.`,
    notWhole: (typed, negative) =>
      `„${typed}“ ist keine ganze Zahl: Gib nur Ziffern ein${negative ? ', mit − davor zum Entnehmen' : ''}.`,
    notZero: (what) => `${capitalise(what)} darf nicht 0 sein.`,
    range: (what, min, max) => `${capitalise(what)} muss zwischen ${min} und ${max} liegen.`,
  },
  activity: {
    title: 'Aktivität',
    review: (count, shown) => `${shown} ${plural(count, 'Änderung', 'Änderungen')} prüfen`,
    empty:
      'Noch nichts hier. Änderungen auf diesem Gerät erscheinen hier, bis der Server sie bestätigt.',
    showAll: (count) => `Alle ${count} zeigen`,
  },
  settings: {
    title: 'Einstellungen',
    account: 'Konto',
    signedInAs: (name, role) =>
      `Angemeldet als ${name} (${role === 'manager' ? 'Filialleitung' : 'Personal'}).`,
    keptForNextSignIn:
      'Noch nicht bestätigte Änderungen bleiben auf diesem Gerät und werden gesendet, wenn du dich wieder anmeldest.',
    signOut: 'Abmelden',
    removeData: 'Abmelden und Daten von diesem Gerät entfernen',
    removeDataHint:
      'Für ein geteiltes Gerät: entfernt deine Änderungen, ihre Notizen und die Artikelkopie dieses Geräts. Noch nicht bestätigte Änderungen müssen zuerst den Server erreichen.',
    device: 'Dieses Gerät',
    deviceName: 'Gerätename',
    saveDeviceName: 'Gerätename speichern',
    deviceNameSaved: 'Gerätename gespeichert.',
    deviceNameMissing: 'Gib einen Namen für dieses Gerät ein.',
    // Also in English: someone who cannot read German finds the way back.
    language: 'Sprache (Language)',
    languageSection: 'Sprache',
    languageAuto: (current) => `Automatisch (${current})`,
    languageHint:
      'Automatisch folgt den Sprachen dieses Browsers. Die Wahl wird auf diesem Gerät gespeichert.',
    deadlineHeading: 'Frist für Änderungen',
    serverClock: (moment, span, ahead) =>
      `Fristen folgen der Uhr des Servers, die ${moment} zeigt (${span} ${ahead ? 'vor' : 'hinter'} diesem Gerät).`,
    deadlinePassed: (moment) =>
      `Die Uhr des Servers hat die Frist dieses Geräts überschritten (${moment}). Es bekommt eine neue, sobald es den Server das nächste Mal erreicht.`,
    deadline: (moment) => `Jetzt gemachte Änderungen müssen den Server bis ${moment} erreichen.`,
    leaseUse: (used, size) => `${used} von ${size} Vorgangs-IDs dieses Kontingents verwendet.`,
    noDeadline:
      'Noch keine Frist: Dieses Gerät bekommt eine vom Server, sobald es das nächste Mal online ist.',
  },
  people: {
    heading: 'Personen',
    intro:
      'Wer sich anmelden darf, und als was. Änderungen hier brauchen eine Verbindung und gelten sofort.',
    offline: 'Konten ändern braucht eine Verbindung.',
    list: 'Personen',
    role: (role: 'staff' | 'manager') => (role === 'manager' ? 'Leitung' : 'Personal'),
    you: '(du)',
    active: 'Aktiv',
    disabled: 'Deaktiviert',
    lastSignIn: (moment: string | null) =>
      moment === null ? 'Noch nie angemeldet' : `Zuletzt angemeldet ${moment}`,
    disable: 'Deaktivieren',
    enable: 'Aktivieren',
    makeManager: 'Zur Leitung machen',
    makeStaff: 'Zum Personal machen',
    setPassword: 'Passwort setzen',
    newPassword: (name: string) => `Neues Passwort für ${name}`,
    savePassword: 'Passwort speichern',
    cancel: 'Abbrechen',
    addHeading: 'Person hinzufügen',
    username: 'Benutzername',
    roleLabel: 'Rolle',
    password: 'Passwort',
    passwordHint: 'Mindestens 8 Zeichen. Sag es der Person; sie kann sich sofort anmelden.',
    add: 'Person hinzufügen',
    missing: 'Gib einen Benutzernamen und ein Passwort mit mindestens 8 Zeichen ein.',
    added: (name: string) => `${name} kann sich jetzt anmelden.`,
    changed: (name: string) => `${name} geändert.`,
    passwordSet: (name: string) =>
      `Neues Passwort für ${name} gesetzt; alle Sitzungen dieser Person sind beendet.`,
    loading: 'Personen werden geladen…',
  },
  backup: {
    heading: 'Sicherung',
    intro:
      'Eine Sicherung enthält die ungesendeten und letzten Änderungen dieses Geräts. Aus einer Sicherung importierte Änderungen werden nie automatisch gesendet: Jede kommt mit ihrem Alter zur Prüfung.',
    export: 'Sicherung exportieren',
    import: 'Sicherung importieren',
    saved: 'Sicherung in deinen Downloads gespeichert.',
    unreadable:
      'Die Sicherung konnte auf diesem Gerät nicht gelesen werden. Nichts wurde geändert.',
    imported:
      'Sicherung importiert. Ihre Änderungen stehen unter Prüfen: Nichts davon wird gesendet, bevor du entscheidest.',
  },
  scan: {
    panel: 'Barcode scannen',
    preview: 'Kameravorschau',
    noMatch: (code) => `Kein Artikel hat den Barcode ${code}`,
    starting: 'Die Kamera startet…',
    point: 'Richte die Kamera auf einen Barcode.',
    newWithBarcode: 'Neuer Artikel mit diesem Barcode',
    again: 'Erneut scannen',
    stop: 'Scannen beenden',
    close: 'Scanner schließen',
    typeInstead: 'Tippe den Code stattdessen in „Artikel suchen“.',
    problems: {
      'no-camera-api':
        'Dieser Browser kann die Kamera hier nicht öffnen (er braucht eine sichere https-Adresse).',
      refused:
        'Die Kamera wurde nicht erlaubt. Erlaube zum Scannen die Kamera für diese Seite in den Einstellungen des Browsers.',
      'no-camera': 'Auf diesem Gerät wurde keine Kamera gefunden.',
      'camera-busy': 'Die Kamera wird von einer anderen App benutzt oder konnte nicht starten.',
      'camera-failed': 'Die Kamera konnte nicht geöffnet werden.',
      'reader-failed': 'Der Barcode-Leser konnte auf diesem Gerät nicht starten.',
    },
  },
  forms: {
    notSaved:
      'Diese Änderung wurde auf diesem Gerät nicht gespeichert, und nichts wurde gesendet. Deine Eingabe steht noch im Formular.',
    checkFields: 'Prüfe die oben markierten Felder.',
    newItem: 'Neuer Artikel',
    create: 'Artikel anlegen',
    backToItems: 'Zurück zu den Artikeln',
    managersTitle: 'Für die Filialleitung',
    managersOnly:
      'Nur die Filialleitung kann Artikel anlegen, bearbeiten oder archivieren. Melde dich dafür als Filialleitung an.',
    editItem: 'Artikel bearbeiten',
    editTitle: (name) => `${name} bearbeiten`,
    saveDetails: 'Angaben speichern',
    backTo: (name) => `Zurück zu ${name}`,
    archiveHeading: 'Archivieren',
    archive: 'Artikel archivieren',
    confirmArchiving: 'Archivieren bestätigen',
    archiveQuestion: (name) =>
      `${name} archivieren? Der Artikel verlässt die Artikelliste und nimmt keine Bestandsänderungen mehr an; sein Verlauf bleibt.`,
    archiveYes: (name) => `Ja, ${name} archivieren`,
    keep: 'Behalten',
    fields: {
      name: 'Name',
      sku: 'SKU',
      barcode: 'Barcode',
      location: 'Regal',
      initialQuantity: 'Anfangsbestand',
      lowStockThreshold: 'Schwelle für niedrigen Bestand',
    },
    barcodeHint: 'Optional. EAN, UPC (Ziffern) oder Code 128.',
    named: {
      name: 'Name',
      sku: 'SKU',
      location: 'Regal',
      lowStockThreshold: 'die Schwelle für niedrigen Bestand',
      initialQuantity: 'die Anfangsmenge',
    },
    missing: (field) => `Das Feld „${field}“ ist leer.`,
    tooLong: (field, max) => `Das Feld „${field}“ hat höchstens ${max} Zeichen.`,
    refusedCharacter: (field, code) =>
      `Das Feld „${field}“ enthält ${code}, ein unsichtbares oder Steuerzeichen, das nicht gespeichert werden kann: entferne es (neu tippen genügt).`,
    badBarcode:
      'Ein Barcode hat 8–14 Ziffern (EAN, UPC) oder bis zu 64 Buchstaben, Ziffern und Zeichen (Code 128).',
    skuTaken: 'Ein anderer Artikel hat schon diese SKU.',
    barcodeTaken: 'Ein anderer Artikel hat schon diesen Barcode.',
    checkDetails: 'Prüfe die Angaben.',
    barcodeNotRemovable:
      'Ein Barcode kann ersetzt, aber nicht entfernt werden. Gib den neuen Barcode ein.',
    nothingChanged: 'Nichts wurde geändert.',
    thresholdHint:
      'Optional. Der Artikel gilt ab dieser Menge oder darunter als niedriger Bestand.',
  },
  enterAgain: {
    title: 'Als neue erneut eingeben',
    entering: 'Erneute Eingabe:',
    instructions: (label) =>
      `(${label}). Ändere, was nötig ist, und speichere: Sie wird eine neue Änderung mit eigener ID.`,
    done: 'Als neue Änderung erneut eingegeben:',
    openNewChange: 'neue Änderung öffnen',
    noLonger: 'Diese Änderung kann nicht mehr erneut eingegeben werden.',
    stocktake:
      'Ein Schritt einer Inventur wird in der Inventur neu eingegeben: zähle den Artikel dort noch einmal.',
    itemMissing: (itemId) =>
      `Der Artikel ${itemId} ist nicht auf diesem Gerät, daher kann die Änderung hier nicht erneut eingegeben werden. Verwirf sie unter Prüfen, wenn sie nicht mehr gebraucht wird.`,
  },
  importing: {
    title: 'Artikel importieren',
    managersOnly:
      'Nur die Filialleitung kann Artikel importieren. Melde dich dafür als Filialleitung an.',
    backToItems: 'Zurück zu den Artikeln',
    intro:
      'Eine CSV-Datei mit den Spalten des Artikelexports: id, sku, barcode, name, location, quantity, lowStockThreshold (archived und revision werden ignoriert). Lade die Artikel unter Artikel herunter (Artikel herunterladen (CSV)), bearbeite sie in einer Tabellenkalkulation und importiere die Datei hier: Neue Zeilen werden neue Artikel, geänderte Zeilen ändern die Angaben des Artikels. Jede Zeile wird eine eigene Änderung im Postausgang, daher klappt es auch offline.',
    file: 'CSV-Datei',
    tooLarge: 'Die Datei ist größer als 10 MB.',
    notUtf8:
      'Die Datei ist kein UTF-8-Text. Speichere sie in der Tabellenkalkulation als „CSV UTF-8“.',
    nothing: 'Nichts zu importieren: Jede gültige Zeile stimmt schon mit diesem Gerät überein.',
    saving: 'Wird auf diesem Gerät gespeichert…',
    importRows: (count, shown) => `${shown} ${plural(count, 'Zeile', 'Zeilen')} importieren`,
    notSaved: (why) => `Nichts wurde gespeichert. ${why}`,
    savedHeading: 'Import auf diesem Gerät gespeichert',
    inOutbox: (count, shown) =>
      `${shown} ${plural(count, 'Änderung liegt', 'Änderungen liegen')} im Postausgang, jede mit eigener Vorgangs-ID. Sie werden im Hintergrund gesendet; du kannst diese Ansicht verlassen.`,
    whenOnline: 'Sie werden gesendet, sobald die Verbindung zurück ist.',
    allConfirmed: (total) => `Alle ${total} vom Server bestätigt.`,
    someConfirmed: (confirmed, rest) =>
      `${confirmed} bestätigt; ${rest} solltest du dir unter Aktivität ansehen.`,
    activity: 'Aktivität',
    firstShown: (shown, total) => `Die ersten ${shown} von ${total} werden gezeigt.`,
    row: 'Zeile',
    item: 'Artikel',
    summary: 'Zusammenfassung des Imports',
    created: (n) => `${n} neu`,
    changed: (n) => `${n} geändert`,
    unchanged: (n) => `${n} unverändert (nichts zu senden)`,
    withErrors: (count, shown) =>
      `${shown} ${plural(count, 'Zeile', 'Zeilen')} mit Fehlern (nicht importiert)`,
    quantitiesKept:
      'Ein Import ändert die Mengen vorhandener Artikel nicht: Zählungen gehen über die Inventur.',
    quantityNotes: (count, shown) =>
      plural(
        count,
        ` ${shown} Zeile hat eine Menge, die von der dieses Geräts abweicht; sie wird nicht übernommen.`,
        ` ${shown} Zeilen haben Mengen, die von denen dieses Geräts abweichen; sie werden nicht übernommen.`,
      ),
    errorsHeading: 'Zeilen mit Fehlern',
    problem: 'Problem',
    newHeading: 'Neue Artikel',
    details: 'Angaben',
    newDetails: (sku, shelf, quantity) => `${sku} · Regal ${shelf} · Anfangsbestand ${quantity}`,
    changedHeading: 'Geänderte Artikel',
    changes: 'Änderungen',
    changedFields: (fields) => `Neu: ${fields}`,
    fields: {
      name: 'Name',
      sku: 'SKU',
      barcode: 'Barcode',
      location: 'Regal',
      lowStockThreshold: 'Schwelle für niedrigen Bestand',
    },
  },
  import: {
    csvRow: (row, message) => `Zeile ${row}: ${message}`,
    csvProblem: {
      'unclosed-quote': 'Eine Zelle in Anführungszeichen ist nicht geschlossen (ein " fehlt).',
      'text-after-quote':
        'Nach einem schließenden Anführungszeichen steht noch Text; ein " in einer Zelle in Anführungszeichen muss verdoppelt werden ("").',
      'stray-quote':
        'Ein " in einer Zelle: Eine Zelle mit Anführungszeichen muss selbst in Anführungszeichen stehen, ihre " verdoppelt.',
    },
    empty: 'Die Datei ist leer.',
    twice: (column) => `Die Spalte „${column}“ kommt zweimal vor.`,
    missingColumns: (missing, columns) =>
      `Die erste Zeile muss die Spalten benennen; ${plural(missing.length, 'es fehlt', 'es fehlen')} „${missing.join('“, „')}“. Verwende die Spalten des Artikel-Exports: ${columns}.`,
    tooMany: (rows, max) => `Die Datei hat ${rows} Zeilen; importiere höchstens ${max} auf einmal.`,
    labels: { name: 'Name', sku: 'SKU', location: 'Regal (Lagerort)' },
    textMissing: (label) => `${label} fehlt.`,
    textLong: (label, max) => `${label} ist länger als ${max} Zeichen.`,
    textFault: {
      surrogate: (label) => `${label} muss gültiges Unicode sein (keine einzelnen Surrogate).`,
      control: (label) => `${label} darf keine Steuerzeichen enthalten.`,
      spoofing: (label) =>
        `${label} darf keine Richtungssteuerzeichen oder unsichtbaren Zeichen enthalten.`,
    },
    badId: (id) =>
      `Die ID „${id}“ muss aus 1–64 Zeichen a-z, 0-9 und „-“ bestehen und mit einem Buchstaben oder einer Ziffer beginnen.`,
    badBarcode: (barcode) =>
      `„${barcode}“ ist kein Barcode: 8–14 Ziffern (EAN, UPC) oder bis zu 64 Buchstaben, Ziffern und Zeichen (Code 128).`,
    threshold: 'die Schwelle für niedrigen Bestand',
    quantity: 'die Menge',
    rowList: (rows, more) =>
      more === null
        ? `${rows.slice(0, -1).join(', ')} und ${rows[rows.length - 1] ?? ''}`
        : `${rows.join(', ')} und ${more} weiteren`,
    sameId: (id, rows) =>
      `Die ID „${id}“ steht in den Zeilen ${rows}; eine ID gehört zu einem Artikel.`,
    sameSku: (sku, rows) =>
      `Die SKU „${sku}“ steht in den Zeilen ${rows}; eine SKU gehört zu einem Artikel.`,
    sameBarcode: (barcode, rows) =>
      `Der Barcode „${barcode}“ steht in den Zeilen ${rows}; ein Barcode gehört zu einem Artikel.`,
    skuTaken: (sku, owner) => `Die SKU „${sku}“ gehört zu einem anderen Artikel: ${owner}.`,
    barcodeTaken: (barcode, owner) =>
      `Der Barcode „${barcode}“ gehört zu einem anderen Artikel: ${owner}.`,
    barcodeRemoved: (barcode) =>
      `Die Barcode-Zelle ist leer, aber der Artikel hat den Barcode „${barcode}“: Ein Barcode kann ersetzt, aber nicht entfernt werden.`,
    noName: '(ohne Namen)',
    quantityNotApplied: (typed, has) =>
      `Die Menge ${typed} aus der Datei wird nicht übernommen (dieses Gerät hat ${has}): Zählungen laufen über die Inventur.`,
    archived: 'Dieser Artikel ist archiviert; der Import ändert keine archivierten Artikel.',
    creating:
      'Dieser Artikel wartet noch darauf, von diesem Gerät angelegt zu werden; importiere Änderungen daran, sobald er bestätigt ist.',
    notAccepted: (field) => `${field}: Der Wert ist für einen Artikel nicht zulässig.`,
  },
  tester: {
    scenarios: deScenarios,
    pace: 'Tempo',
    stepByStep: 'Schritt für Schritt',
    on: 'An',
    off: 'Aus',
    stepOnHint:
      'Jeder Zustand bleibt 3 Sekunden sichtbar, und so lange wartet die App, bevor sie ein unbekanntes Ergebnis selbst prüft: „Sicher prüfen und erneut senden“ geht schneller weiter. Dieselbe Änderung wird wie immer unter derselben ID gesendet.',
    stepOffHint:
      'Änderungen laufen in voller Geschwindigkeit: Nach einem Fehler ist „Ergebnis unbekannt“ vielleicht nur einen Moment zu sehen.',
    armedFaults: 'Aktive Störungen',
    readingFaults: 'Die aktiven Störungen werden gelesen…',
    faultsUnreadable: (detail) => `Die aktiven Störungen konnten nicht gelesen werden: ${detail}`,
    noFaults: 'Keine Störungen aktiv: Der Server bearbeitet jede Anfrage normal.',
    remove: 'Entfernen',
    removed: (fault) => `Entfernt: ${fault}.`,
    notRemoved: (detail) => `Nicht entfernt: ${detail}`,
    offOnServer: 'Der Testmodus ist auf diesem Server aus.',
    warning:
      'Testmodus: Der Server verwirft, verzögert und verweigert Anfragen absichtlich, wenn man es ihm sagt.',
    faults: 'Störungen',
    dropRequest: 'Nächste Anfrage verwerfen',
    dropRequestDone: 'Die nächste Änderungsanfrage wird vor der Bearbeitung verworfen.',
    dropResponse: 'Nächste Antwort verwerfen',
    dropResponseDone: 'Die nächste Änderung wird gespeichert, dann wird ihre Antwort verworfen.',
    failBeforeCommit: 'Nächste vor dem Speichern scheitern lassen',
    failBeforeCommitDone: 'Die nächste Änderung wird vor dem Speichern zurückgerollt.',
    unavailable: 'Server nicht verfügbar machen',
    unavailableDone:
      'Der Server verweigert Änderungen (503), bis Sie diese Störung unter „Aktive Störungen“ entfernen.',
    runCleanup: 'Aufräumen',
    notTaken: (detail) => `Der Server hat es nicht angenommen: ${detail}`,
    delay: 'Verzögerung',
    delaySeconds: 'Verzögerung (Sekunden)',
    delayNext: 'Nächste verzögern',
    delayDone: (seconds) => `Die nächste Änderungsanfrage wartet ${seconds} s vor der Bearbeitung.`,
    serverClock: 'Serveruhr',
    advanceBy: 'Vorstellen um',
    unit: 'Einheit',
    units: { minutes: 'Minuten', hours: 'Stunden', days: 'Tage' },
    advanceClock: 'Uhr vorstellen',
    clockNow: (now) => `Die Serveruhr steht jetzt auf ${now}.`,
    fault: {
      duration: (n, shown, unit) => `${shown} ${plural(n, DE_UNIT_ONE[unit], DE_UNIT_MANY[unit])}`,
      dropRequest: 'Verwirft die nächste Anfrage, bevor der Server sie liest',
      dropResponse: 'Verwirft die nächste Antwort, nachdem die Änderung gespeichert ist',
      failBeforeCommit: 'Rollt die nächste Änderung vor dem Speichern zurück',
      delay: (duration) => `Hält die nächste Anfrage ${duration} vor der Bearbeitung an`,
      unavailable: 'Server nicht verfügbar: verweigert Änderungen mit 503',
      onlyOperation: (what, tail) => `${what} (nur Änderung …${tail})`,
      lasting: 'dauerhaft bis zum Entfernen',
      moreTimes: (n, shown) => `noch ${shown}-mal`,
      armed: (action, uses) => `${action} · ${uses}`,
      cleanup: (c) => {
        const older = c.ttl === null ? '' : `, älter als ${c.ttl},`;
        const shortened =
          c.compacted === 0
            ? `Keine Quittung${older} war noch zu kürzen`
            : plural(
                c.compacted,
                `1 Quittung${older} wurde zu einem Grabstein gekürzt`,
                `${c.shownCompacted} Quittungen${older} wurden zu Grabsteinen gekürzt`,
              );
        const gone =
          c.removed === 0
            ? `keine war alt genug zum Entfernen${c.grace === null ? '' : ` (Grabsteine gehen ${c.grace} nach ihrer Frist)`}`
            : `${plural(c.removed, '1 Grabstein', `${c.shownRemoved} Grabsteine`)}${
                c.grace === null ? '' : `, mehr als ${c.grace} über ihrer Frist,`
              } ${plural(c.removed, 'wurde', 'wurden')} entfernt`;
        return `${shortened}; ${gone}.`;
      },
    },
    server: {
      refusal: {
        none: 'kein Grund angegeben',
        'operation-expired': 'nach ihrer Frist; nichts übernommen',
        overloaded: 'zu ausgelastet, um sie zu beginnen; nichts übernommen',
        'key-reused': 'diese ID wurde schon für eine andere Änderung benutzt; das Original gilt',
        'invalid-operation-metadata': 'ihre Reservierung passt nicht zu dieser Änderung',
        'invalid-request': 'die Anfrage war fehlerhaft',
        unauthorized: 'nicht angemeldet',
        forbidden: 'für diese Rolle nicht erlaubt',
        'not-found': 'nichts gefunden',
        'unsupported-media-type': 'nicht als JSON gesendet',
        'payload-too-large': 'die Anfrage war zu groß',
        'headers-too-large': 'die Kopfzeilen der Anfrage waren zu groß',
        'request-timeout': 'die Anfrage kam zu langsam an',
        'rate-limited': 'zu viele Versuche; zum Warten aufgefordert',
        'not-ready': 'der Server war nicht bereit',
        conflict: 'es widerspricht dem aktuellen Stand',
        'internal-error': 'auf dem Server ist etwas kaputtgegangen',
      },
      quantity: (quantity) => `, Bestand ${quantity}`,
      applied: (delta, quantity) => `${delta} übernommen${quantity}`,
      rejected: (reason) => `abgelehnt${reason === null ? '' : ` (${reason})`}; nichts übernommen`,
      review: (reason, quantity) =>
        `zur Prüfung behalten${reason === null ? '' : ` (${reason})`}${quantity}`,
      resent: (attempt) =>
        `Der Browser hat ${attempt} von selbst erneut gesendet (derselbe Versuch, erneut empfangen)`,
      received: (attempt) => `Der Server hat ${attempt} empfangen`,
      dropped: 'Die Anfrage wurde absichtlich vor jeder Bearbeitung verworfen; nichts übernommen',
      delayed: (duration) => `Absichtlich ${duration} vor der Bearbeitung angehalten`,
      accepted: 'Prüfungen bestanden; wird in einer Transaktion übernommen',
      committed: 'Gespeichert',
      committedResult: (result) => `Gespeichert: ${result}`,
      replayed: 'Die gespeicherte Quittung wurde wiederholt; nichts erneut übernommen',
      replayedResult: (result) =>
        `Die gespeicherte Quittung wurde wiederholt (${result}); nichts erneut übernommen`,
      refusedOnPurpose: 'Absichtlich verweigert: Server nicht verfügbar; nichts übernommen',
      refused: (why) => `Verweigert: ${why}`,
      rolledBack: 'Absichtlich vor dem Speichern zurückgerollt; nichts übernommen',
      replySent: 'Antwort gesendet',
      replyDropped: 'Die Antwort wurde absichtlich verworfen',
      deviceAsked: (name) => `Dieses Gerät hat danach gefragt (${name})`,
      deviceSent: (name) => `Dieses Gerät hat ${name} gesendet`,
      attemptEnded: (name, outcome) =>
        `${name.charAt(0).toUpperCase()}${name.slice(1)}: ${outcome}`,
      anAttempt: 'ein Versuch',
    },
    timeline: {
      title: 'Zeitleiste',
      empty:
        'Noch keine Änderungen auf diesem Gerät: Nehmen Sie eine an einem Artikel vor, um ihr hier zu folgen.',
      operation: 'Änderung',
      recentOnly: (count) =>
        `Die ${count} neuesten Änderungen; die Details jeder Änderung zeigen ihre eigenen Versuche.`,
      refresh: 'Zeitleiste aktualisieren',
      operationId: 'Änderungs-ID:',
      readingServer: 'Die Seite des Servers wird gelesen…',
      serverUnavailable: (detail) => `Die Seite des Servers ist nicht verfügbar: ${detail}`,
      caption: 'Beide Seiten dieser Änderung, zeitlich geordnet',
      time: 'Zeit',
      side: 'Seite',
      what: 'Was geschah',
      device: 'Dieses Gerät',
      server: 'Server',
    },
  },
  places: dePlaces,
  delivery: deDelivery,
  stockChart: deStockChart,
  labels: deLabels,
  reorder: {
    title: 'Nachbestellliste',
    none: 'Kein Artikel liegt auf oder unter seiner Schwelle für niedrigen Bestand.',
    some: (count, shown) =>
      `${shown} ${plural(count, 'Artikel liegt', 'Artikel liegen')} auf oder unter der Schwelle für niedrigen Bestand, einschließlich noch nicht bestätigter Änderungen.`,
    item: 'Artikel',
    shelf: 'Regal',
    quantity: 'Menge',
    threshold: 'Schwelle',
    download: 'Nachbestellliste herunterladen (CSV)',
    back: 'Zurück zu den Artikeln',
  },
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
