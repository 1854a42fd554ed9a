/**
 * The English message catalogue: the source language, and the type every other catalogue must
 * match (`Messages`). The words of docs/client.md (state names, accessible names, button labels)
 * are exact here: people, screen readers and the browser tests find the app by them.
 * Messages with values are functions; numbers and dates arrive already formatted for the locale.
 */
import type { AdjustOp, HistoryEntry, ProblemCode, ReasonCode } from '../../protocol/schemas';
import type { OperationState } from '../../client/facade';
import type { CsvProblem } from '../../protocol/csv-read';
import type { ScanProblem } from '../scan/scan-problems';
import { enShell } from './en-shell';
import { pluralRules } from './plural';
import { enScenarios } from './en-scenarios';
import { enDelivery, enPlaces } from './en-places';
import { enStockChart } from './en-stock-chart';
import { enLabels } from './en-labels';

/** A duration's unit, for `tester.fault.duration`. */
export type DurationUnit = 'day' | 'hour' | 'minute' | 'second' | 'millisecond';

/** What cleanup did: counts (and as shown), retention times in words or null when not set. */
export interface CleanupWords {
  compacted: number;
  shownCompacted: string;
  removed: number;
  shownRemoved: string;
  ttl: string | null;
  grace: string | null;
}

/** Plurals by the language's rules (Intl.PluralRules), never a hand-written test for one. */
const plural = pluralRules('en');

export const en = {
  ...enShell,
  stocktakes: {
    title: 'Stock-takes',
    startHeading: 'Start stock-take',
    name: 'Stock-take name',
    place: 'Place',
    blind: 'Blind count',
    start: 'Start stock-take',
    list: 'Stock-takes on the server',
    none: 'No stock-takes yet.',
    unreachable: 'The stock-takes are on the server, which cannot be reached now.',
    notLoaded:
      'This stock-take is not on this device yet. Open it once while online; counting then works offline.',
    status: { open: 'Open', applied: 'Applied', cancelled: 'Cancelled' },
    progress: (counted: string, scope: string) => `${counted} of ${scope} counted`,
    itemsLeft: 'Items left',
    allCounted: 'Every item has a count.',
    countedItems: 'Counted',
    code: 'Item code',
    openCode: 'Open item',
    noSuchCode: 'No item of this stock-take has this code.',
    countItem: (name: string) => `Count ${name}`,
    countedQuantity: 'Counted quantity',
    countHint:
      'Count what is on your shelves; counts of other people add up, your recount replaces your own.',
    saveCount: 'Save count',
    expected: 'Expected',
    blindNote: 'Blind count: the expected quantity is not shown.',
    review: 'Review',
    item: 'Item',
    counted: 'Counted',
    changesSince: 'Changes since the count',
    proposed: 'Becomes',
    notCounted: 'not counted',
    uncounted: 'Uncounted items',
    leave: 'Leave as they are',
    zero: 'Set to 0',
    apply: 'Apply stock-take',
    confirmApply: 'Apply this stock-take? The quantities of the counted items change once.',
    cancel: 'Cancel stock-take',
    confirmCancel: 'Cancel this stock-take? Nothing is applied.',
    back: 'Back to stock-takes',
  },
  reasons: {
    received: 'Received',
    sold: 'Sold',
    damaged: 'Damaged',
    returned: 'Returned',
    correction: 'Correction',
    transfer: 'Transfer',
  } satisfies Record<AdjustOp['reason'], string>,
  entryTypes: {
    adjust: 'Adjustment',
    count: 'Stock count',
    createItem: 'Item created',
    updateItem: 'Details edited',
    archiveItem: 'Item archived',
    transfer: 'Stock moved',
    createPlace: 'Place created',
    updatePlace: 'Place renamed',
    archivePlace: 'Place archived',
    startStocktake: 'Stock-take started',
    stocktakeCount: 'Stock-take count',
    applyStocktake: 'Stock-take applied',
    cancelStocktake: 'Stock-take cancelled',
  } satisfies Record<HistoryEntry['type'], string>,
  rows: {
    saved: (age: string) => `Saved ${age}`,
    newestSaved: (age: string) => `Newest saved ${age}`,
    times: (count: string) => `× ${count}`,
    discarded: (note: string) => `Discarded: ${note}`,
    enteredAgain: 'Entered again as a new change',
    resolvedHeading: 'Resolved by you',
  },
  fix: {
    cancel: 'Cancel — not sent yet',
    /** Said where the cancelled change was, which stays on screen. */
    cancelled: 'Cancelled; nothing was sent. The item no longer shows this change as pending.',
    reverse: 'Reverse this change',
    reversalSaved: 'Reversal saved as a new change:',
    openReversal: 'open the reversal',
    reversalNotSaved: 'The reversal was not saved on this device. Nothing was sent.',
    cancelNotSaved: 'The change could not be removed from this device; it is still here.',
  },
  review: {
    title: 'Review',
    enterAgain: 'Enter again as new',
    discardForm: (summary: string) => `Discard ${summary}`,
    discardNote: 'Note for discarding (why)',
    discardNoteMissing: 'Say in a note why the change is discarded.',
    discard: 'Discard',
    discardHint:
      'Discarding sends nothing and does not change the stock; your note stays with the change on this device.',
    discardNotSaved:
      'The discard was not saved on this device; the change is still here for review.',
    nothing: 'Nothing needs review.',
    intro:
      'These changes were not applied, or the server may no longer know whether they were. Each needs your decision.',
    saved: (age: string, user: string) => `Saved ${age} by ${user}.`,
    restored: (age: string, user: string) =>
      `Restored from a backup; saved ${age} by ${user}. The server may no longer remember it.`,
    checkHistory: "Check the item's history",
  },
  notOnDevice: {
    itemTitle: 'Item not found',
    itemText: 'This item is not on this device. It may not have been loaded yet.',
    backToItems: 'Back to items',
    changeTitle: 'Change not found',
    changeText: 'This change is not on this device.',
    backToActivity: 'Back to activity',
  },
  note: {
    label: 'Note (optional)',
    counter: (used: string, max: string) => `${used} of ${max} characters`,
    tooLong: (used: string, max: string) =>
      `The note has ${used} characters; at most ${max} fit. Shorten it: nothing was saved.`,
  },
  items: {
    title: 'Items',
    list: 'Items',
    newItem: 'New item',
    importItems: 'Import items',
    reorderList: 'Reorder list',
    /** Every item (archived too) as a CSV made on this device: staff and managers, offline too. */
    downloadItems: 'Download items (CSV)',
    scan: 'Scan barcode',
    scannerMissing: 'The scanner could not be loaded. Type the code into Search items instead.',
    openingScanner: 'Opening the scanner…',
    search: 'Search items',
    searchPlaceholder: 'Name, SKU, barcode or shelf',
    shelfFilter: 'Shelf',
    allShelves: 'All shelves',
    shelf: (shelf: string) => `Shelf ${shelf}`,
    lowStock: 'Low stock',
    noneOnDevice: 'No items on this device yet.',
    showing: (shown: string, total: string) => `Showing ${shown} of ${total} items`,
    noMatch: (query: string) => `No items match “${query}”`,
    noMatchFilters: 'No items match these filters',
    clearSearch: 'Clear search',
    clearFilters: 'Clear filters',
    newWithBarcode: 'New item with this barcode',
    pendingNew: 'New items not confirmed yet',
  },
  item: {
    back: 'Back to Items',
    edit: 'Edit item',
    sku: (sku: string) => `SKU ${sku}`,
    shelf: (shelf: string) => `Shelf ${shelf}`,
    barcode: (code: string) => `Barcode ${code}`,
    lowAt: (threshold: string) => `Low stock at ${threshold}`,
    archived:
      'This item is archived: it is no longer in the item list, and stock changes to it are refused.',
    confirmedQuantity: 'Confirmed quantity',
    pendingDelta: (delta: string) => `${delta} pending on this device`,
    pendingCount: (count: string) => `Count of ${count} pending on this device`,
    revision: (revision: string) => `Revision ${revision}`,
    deviceChanges: "This device's changes",
    noneYet: 'None yet.',
  },
  /** A toolbar's further actions behind one button (Items). */
  moreActions: {
    more: 'More',
    label: 'More actions',
  },
  history: {
    heading: 'History',
    loading: "Loading the server's history…",
    unavailable: 'The history comes from the server, which cannot be reached right now.',
    empty: 'No changes recorded yet.',
    thisDevice: 'this device',
    note: (note: string) => `“${note}”`,
    operation: (id: string) => `Operation ${id}`,
    idsShown: 'While this is open, each change above shows its operation id.',
    older: 'Show older changes',
  },
  adjust: {
    heading: 'Adjust stock',
    removeOne: 'Remove one',
    addOne: 'Add one',
    switchSign: 'Switch sign',
    switchSignTitle: 'Switch between removing (−) and adding',
    change: 'Change',
    reason: 'Reason',
    choose: 'Choose…',
    hint: 'Negative removes stock, positive adds it. ± switches between the two.',
    allowNegative: 'Allow negative (count later)',
    save: 'Save change',
    what: 'the change',
    reasonMissing: 'Choose a reason for the change.',
  },
  /** One tap on an item: one sold, one received (the reason last used on this device). */
  quick: {
    heading: 'One at a time',
    removeOne: (reason: string) => `Remove 1 · ${reason}`,
    addOne: (reason: string) => `Add 1 · ${reason}`,
    hint: 'One tap saves the change, with the reason last used on this device. Another reason: Adjust stock below.',
  },
  count: {
    heading: 'Stock count',
    counted: 'Counted quantity',
    expected: 'Expected',
    countedShort: 'Counted',
    difference: 'Difference',
    none: 'none',
    /** `moment`: when the server last changed the item (its updatedAt). */
    hint: (moment: string) =>
      `Your count replaces the stock last changed ${moment}. If it changes before your count reaches the server, the count comes back for review instead of overwriting that change.`,
    save: 'Save count',
    what: 'the counted quantity',
  },
  wholeNumber: {
    missing: (what: string) => `Enter ${what}.`,
    notWhole: (typed: string, negative: boolean) =>
      `“${typed}” is not a whole number: enter digits only${negative ? ', with − in front to remove' : ''}.`,
    notZero: (what: string) => `${capitalise(what)} must not be 0.`,
    range: (what: string, min: string, max: string) =>
      `${capitalise(what)} must be between ${min} and ${max}.`,
  },
  activity: {
    title: 'Activity',
    review: (count: number, shown: string) =>
      `Review ${shown} ${plural(count, 'change', 'changes')}`,
    empty:
      'Nothing here yet. Changes made on this device appear here until the server confirms them.',
    showAll: (count: string) => `Show all ${count}`,
  },
  settings: {
    title: 'Settings',
    account: 'Account',
    signedInAs: (name: string, role: 'staff' | 'manager') => `Signed in as ${name} (${role}).`,
    keptForNextSignIn:
      'Changes not yet confirmed stay on this device and are sent when you sign in again.',
    signOut: 'Sign out',
    removeData: 'Sign out and remove data from this device',
    removeDataHint:
      "For a shared device: removes your changes, their notes and this device's copy of the items. Changes not yet confirmed must reach the server first.",
    device: 'This device',
    deviceName: 'Device name',
    saveDeviceName: 'Save device name',
    deviceNameSaved: 'Device name saved.',
    deviceNameMissing: 'Enter a name for this device.',
    language: 'Language',
    languageSection: 'Language',
    languageAuto: (current: string) => `Automatic (${current})`,
    languageHint: 'Automatic follows this browser’s languages. The choice is kept on this device.',
    deadlineHeading: 'Deadline for changes',
    serverClock: (moment: string, span: string, ahead: boolean) =>
      `Deadlines follow the server's clock, which reads ${moment} (${span} ${ahead ? 'ahead of' : 'behind'} this device).`,
    deadlinePassed: (moment: string) =>
      `The server's clock has passed this device's deadline (${moment}). It gets a new one the next time it reaches the server.`,
    deadline: (moment: string) => `Changes made now must reach the server by ${moment}.`,
    leaseUse: (used: string, size: string) =>
      `${used} of ${size} operation ids of this lease used.`,
    noDeadline: 'No deadline yet: this device gets one from the server the next time it is online.',
  },
  people: {
    heading: 'People',
    intro: 'Who may sign in, and as what. Changes here need a connection and apply at once.',
    offline: 'Changing accounts needs a connection.',
    list: 'People',
    role: (role: 'staff' | 'manager'): string => (role === 'manager' ? 'Manager' : 'Staff'),
    you: '(you)',
    active: 'Active',
    disabled: 'Disabled',
    lastSignIn: (moment: string | null) =>
      moment === null ? 'Never signed in' : `Last signed in ${moment}`,
    disable: 'Disable',
    enable: 'Enable',
    makeManager: 'Make manager',
    makeStaff: 'Make staff',
    setPassword: 'Set password',
    newPassword: (name: string) => `New password for ${name}`,
    savePassword: 'Save password',
    cancel: 'Cancel',
    addHeading: 'Add person',
    username: 'Username',
    roleLabel: 'Role',
    password: 'Password',
    passwordHint: 'At least 8 characters. Tell the person; they can sign in at once.',
    add: 'Add person',
    missing: 'Enter a username and a password of at least 8 characters.',
    added: (name: string) => `${name} can sign in now.`,
    changed: (name: string) => `${name} changed.`,
    passwordSet: (name: string) => `New password set for ${name}; their sessions have ended.`,
    loading: 'Loading people…',
  },
  backup: {
    heading: 'Backup',
    intro:
      "A backup holds this device's unsent and recent changes. Changes imported from a backup are never sent automatically: each goes to Review with its age.",
    export: 'Export backup',
    import: 'Import backup',
    saved: 'Backup saved to your downloads.',
    unreadable: 'The backup could not be read from this device. Nothing was changed.',
    imported:
      'Backup imported. Its changes are in Review: nothing from it is sent until you decide.',
  },
  scan: {
    panel: 'Scan barcode',
    preview: 'Camera preview',
    noMatch: (code: string) => `No item has barcode ${code}`,
    starting: 'Starting the camera…',
    point: 'Point the camera at a barcode.',
    newWithBarcode: 'New item with this barcode',
    again: 'Scan again',
    stop: 'Stop scanning',
    close: 'Close scanner',
    typeInstead: 'Type the code into Search items instead.',
    problems: {
      'no-camera-api':
        'This browser cannot open the camera here (it needs a secure https address).',
      refused:
        'The camera was not allowed. To scan, allow the camera for this site in the browser’s settings.',
      'no-camera': 'No camera was found on this device.',
      'camera-busy': 'The camera is in use by another app or could not start.',
      'camera-failed': 'The camera could not be opened.',
      'reader-failed': 'The barcode reader could not start on this device.',
    } satisfies Record<ScanProblem, string>,
  },
  forms: {
    notSaved:
      'This change was not saved on this device, and nothing was sent. Your entry is still in the form.',
    /** Said under the fields, beside Create item: the marked fields are above it. */
    checkFields: 'Check the fields marked above.',
    newItem: 'New item',
    create: 'Create item',
    backToItems: 'Back to items',
    managersTitle: 'For managers',
    managersOnly:
      'Only a manager can create, edit or archive items. Sign in as a manager to do this.',
    editItem: 'Edit item',
    editTitle: (name: string) => `Edit ${name}`,
    saveDetails: 'Save details',
    backTo: (name: string) => `Back to ${name}`,
    archiveHeading: 'Archive',
    archive: 'Archive item',
    confirmArchiving: 'Confirm archiving',
    archiveQuestion: (name: string) =>
      `Archive ${name}? It leaves the item list and takes no more stock changes; its history stays.`,
    archiveYes: (name: string) => `Yes, archive ${name}`,
    keep: 'Keep it',
    fields: {
      name: 'Name',
      sku: 'SKU',
      barcode: 'Barcode',
      location: 'Shelf',
      initialQuantity: 'Starting quantity',
      lowStockThreshold: 'Low-stock threshold',
    },
    barcodeHint: 'Optional. EAN, UPC (digits) or Code 128.',
    /** The field names inside messages ("Enter the SKU."). */
    named: {
      name: 'name',
      sku: 'SKU',
      location: 'shelf',
      lowStockThreshold: 'the low-stock threshold',
      initialQuantity: 'the starting quantity',
    },
    missing: (field: string) => `Enter the ${field}.`,
    tooLong: (field: string, max: string) => `The ${field} is at most ${max} characters.`,
    /** "U+202E": the character the text rule refuses, named (it is usually invisible). */
    refusedCharacter: (field: string, code: string) =>
      `The ${field} contains ${code}, an invisible or control character that cannot be stored: remove it (retyping the text does).`,
    badBarcode:
      'A barcode is 8–14 digits (EAN, UPC), or up to 64 letters, digits and signs (Code 128).',
    skuTaken: 'Another item already has this SKU.',
    barcodeTaken: 'Another item already has this barcode.',
    checkDetails: 'Check the details.',
    barcodeNotRemovable: 'A barcode can be replaced but not removed. Enter the new barcode.',
    nothingChanged: 'Nothing was changed.',
    thresholdHint: 'Optional. The item shows as low stock at or below this quantity.',
  },
  enterAgain: {
    title: 'Enter again as new',
    entering: 'Entering again:',
    instructions: (label: string) =>
      `(${label}). Change what needs changing, then save: it becomes a new change with its own identity.`,
    done: 'Entered again as a new change:',
    openNewChange: 'open the new change',
    noLonger: 'This change cannot be entered again any more.',
    stocktake: 'A stock-take step is entered again on its stock-take: count the item again there.',
    itemMissing: (itemId: string) =>
      `The item ${itemId} is not on this device, so the change cannot be entered again here. Discard it from Review if it is no longer wanted.`,
  },
  importing: {
    title: 'Import items',
    managersOnly: 'Only a manager can import items. Sign in as a manager to do this.',
    backToItems: 'Back to items',
    intro:
      "A CSV file with the columns of the items export: id, sku, barcode, name, location, quantity, lowStockThreshold (archived and revision are ignored). Download the items on Items (Download items (CSV)), edit them in a spreadsheet, import the file here: new rows become new items, changed rows change the item's details. Every row becomes its own change in the outbox, so it works offline.",
    file: 'CSV file',
    tooLarge: 'The file is larger than 10 MB.',
    notUtf8: 'The file is not UTF-8 text. Save it from the spreadsheet as “CSV UTF-8”.',
    nothing: 'Nothing to import: every valid row matches this device already.',
    saving: 'Saving on this device…',
    importRows: (count: number, shown: string) => `Import ${shown} ${plural(count, 'row', 'rows')}`,
    /** `why`: the refusal in words (refusals), e.g. too many rows for this device's lease. */
    notSaved: (why: string) => `Nothing was saved. ${why}`,
    savedHeading: 'Import saved on this device',
    inOutbox: (count: number, shown: string) =>
      `${shown} ${plural(count, 'change is', 'changes are')} in the outbox, each with its own operation id. They are sent in the background; this screen can be left.`,
    whenOnline: 'They are sent when the connection returns.',
    allConfirmed: (total: string) => `All ${total} confirmed by the server.`,
    someConfirmed: (confirmed: string, rest: string) =>
      `${confirmed} confirmed; ${rest} need a look in Activity.`,
    activity: 'Activity',
    firstShown: (shown: string, total: string) => `The first ${shown} of ${total} are shown.`,
    row: 'Row',
    item: 'Item',
    summary: 'Import summary',
    created: (n: string) => `${n} new`,
    changed: (n: string) => `${n} changed`,
    unchanged: (n: string) => `${n} unchanged (nothing to send)`,
    withErrors: (count: number, shown: string) =>
      `${shown} ${plural(count, 'row', 'rows')} with errors (not imported)`,
    quantitiesKept:
      'Quantities of existing items are not changed by an import: counts go through Stock count.',
    quantityNotes: (count: number, shown: string) =>
      plural(
        count,
        ` ${shown} row has a quantity that differs from this device's; it is not applied.`,
        ` ${shown} rows have quantities that differ from this device's; they are not applied.`,
      ),
    errorsHeading: 'Rows with errors',
    problem: 'Problem',
    newHeading: 'New items',
    details: 'Details',
    newDetails: (sku: string, shelf: string, quantity: string) =>
      `${sku} · Shelf ${shelf} · starting quantity ${quantity}`,
    changedHeading: 'Changed items',
    changes: 'Changes',
    changedFields: (fields: string) => `New ${fields}`,
    fields: {
      name: 'name',
      sku: 'SKU',
      barcode: 'barcode',
      location: 'shelf',
      lowStockThreshold: 'low-stock threshold',
    },
  },
  import: {
    csvRow: (row: string, message: string) => `Row ${row}: ${message}`,
    /** Why the file cannot be read as CSV (protocol/csv-read.ts), after "Row 3: ". */
    csvProblem: {
      'unclosed-quote': 'A quoted cell is not closed (a " is missing).',
      'text-after-quote':
        'Text follows a closing quote; a " inside a quoted cell must be doubled ("").',
      'stray-quote': 'A " inside a cell: a cell with quotes must be in quotes, its quotes doubled.',
    } satisfies Record<CsvProblem, string>,
    empty: 'The file is empty.',
    twice: (column: string) => `The column “${column}” appears twice.`,
    missingColumns: (missing: readonly string[], columns: string) =>
      `The first row must name the columns; “${missing.join('”, “')}” ${plural(missing.length, 'is', 'are')} missing. Use the columns of the items export: ${columns}.`,
    tooMany: (rows: string, max: string) =>
      `The file has ${rows} rows; import at most ${max} at a time.`,
    labels: { name: 'Name', sku: 'SKU', location: 'Shelf (location)' },
    textMissing: (label: string) => `${label} is missing.`,
    textLong: (label: string, max: string) => `${label} is longer than ${max} characters.`,
    textFault: {
      surrogate: (label: string) => `${label} must be well-formed Unicode (no lone surrogates).`,
      control: (label: string) => `${label} must not contain control characters.`,
      spoofing: (label: string) =>
        `${label} must not contain bidirectional controls or invisible characters.`,
    },
    badId: (id: string) =>
      `Id “${id}” must be 1–64 of a-z, 0-9 and “-”, starting with a letter or digit.`,
    badBarcode: (barcode: string) =>
      `Barcode “${barcode}” is not a barcode: 8–14 digits (EAN, UPC), or up to 64 letters, digits and signs (Code 128).`,
    threshold: 'the low-stock threshold',
    quantity: 'the quantity',
    rowList: (rows: readonly string[], more: string | null) =>
      more === null
        ? `${rows.slice(0, -1).join(', ')} and ${rows[rows.length - 1] ?? ''}`
        : `${rows.join(', ')} and ${more} more`,
    sameId: (id: string, rows: string) =>
      `Id “${id}” is on rows ${rows}; an id belongs to one item.`,
    sameSku: (sku: string, rows: string) =>
      `SKU “${sku}” is on rows ${rows}; a SKU belongs to one item.`,
    sameBarcode: (barcode: string, rows: string) =>
      `Barcode “${barcode}” is on rows ${rows}; a barcode belongs to one item.`,
    skuTaken: (sku: string, owner: string) => `SKU “${sku}” belongs to another item: ${owner}.`,
    barcodeTaken: (barcode: string, owner: string) =>
      `Barcode “${barcode}” belongs to another item: ${owner}.`,
    barcodeRemoved: (barcode: string) =>
      `The barcode cell is empty but the item has barcode “${barcode}”: a barcode can be replaced, not removed.`,
    noName: '(no name)',
    quantityNotApplied: (typed: string, has: string) =>
      `Quantity ${typed} in the file is not applied (this device has ${has}): counts go through Stock count.`,
    archived: 'This item is archived; import does not change archived items.',
    creating:
      'This item is still waiting to be created from this device; import changes to it once it is confirmed.',
    notAccepted: (field: string) => `${field}: the value is not accepted for an item.`,
  },
  tester: {
    scenarios: enScenarios,
    pace: 'Pace',
    stepByStep: 'Step by step',
    on: 'On',
    off: 'Off',
    stepOnHint:
      'Each state stays on screen for 3 seconds, and the app waits that long before it checks an unknown outcome by itself: press “Check and resend safely” to go on sooner. The same change is sent under the same identity as always.',
    stepOffHint:
      'Changes move at full speed: after a fault, “Outcome unknown” may last only a moment.',
    armedFaults: 'Armed faults',
    readingFaults: 'Reading the armed faults…',
    faultsUnreadable: (detail: string) => `The armed faults could not be read: ${detail}`,
    noFaults: 'No faults armed: the server handles every request normally.',
    remove: 'Remove',
    removed: (fault: string) => `Removed: ${fault}.`,
    notRemoved: (detail: string) => `Not removed: ${detail}`,
    offOnServer: 'Tester mode is off on this server.',
    warning: 'Tester mode: the server drops, delays and refuses requests on purpose when told to.',
    faults: 'Faults',
    dropRequest: 'Drop next request',
    dropRequestDone: 'The next operation request will be dropped before processing.',
    dropResponse: 'Drop next response',
    dropResponseDone: 'The next operation will commit, then its response will be dropped.',
    failBeforeCommit: 'Fail next before commit',
    failBeforeCommitDone: 'The next operation will be rolled back before commit.',
    unavailable: 'Make server unavailable',
    unavailableDone:
      'The server refuses changes (503) until you remove this fault in Armed faults.',
    runCleanup: 'Run cleanup',
    notTaken: (detail: string) => `The server did not take it: ${detail}`,
    delay: 'Delay',
    delaySeconds: 'Delay (seconds)',
    delayNext: 'Delay next',
    delayDone: (seconds: string) =>
      `The next operation request will wait ${seconds} s before processing.`,
    serverClock: 'Server clock',
    advanceBy: 'Advance by',
    unit: 'Unit',
    units: { minutes: 'minutes', hours: 'hours', days: 'days' },
    advanceClock: 'Advance clock',
    clockNow: (now: string) => `Server clock is now ${now}.`,
    fault: {
      /** "2 days", "1.5 seconds": `n` picks the plural, `shown` is n as the locale writes it. */
      duration: (n: number, shown: string, unit: DurationUnit) =>
        `${shown} ${plural(n, unit, `${unit}s`)}`,
      dropRequest: 'Drops the next request before the server reads it',
      dropResponse: 'Drops the next response after the change is committed',
      failBeforeCommit: 'Rolls back the next change before commit',
      delay: (duration: string) => `Holds the next request for ${duration} before processing`,
      unavailable: 'Server unavailable: refuses changes with 503',
      onlyOperation: (what: string, tail: string) => `${what} (only operation …${tail})`,
      lasting: 'lasting until removed',
      moreTimes: (n: number, shown: string) => `${shown} more ${plural(n, 'time', 'times')}`,
      armed: (action: string, uses: string) => `${action} · ${uses}`,
      cleanup: (c: CleanupWords) => {
        const older = c.ttl === null ? '' : ` older than ${c.ttl}`;
        const shortened =
          c.compacted === 0
            ? `No receipt${older} was left to shorten`
            : `${c.shownCompacted} ${plural(c.compacted, 'receipt', 'receipts')}${older} ${plural(
                c.compacted,
                'was shortened to a tombstone',
                'were shortened to tombstones',
              )}`;
        const gone =
          c.removed === 0
            ? `none were old enough to remove${c.grace === null ? '' : ` (tombstones go ${c.grace} after their deadline)`}`
            : `${c.shownRemoved} ${plural(c.removed, 'tombstone', 'tombstones')}${
                c.grace === null ? '' : ` more than ${c.grace} past their deadline`
              } ${plural(c.removed, 'was', 'were')} removed`;
        return `${shortened}; ${gone}.`;
      },
    },
    server: {
      refusal: {
        none: 'no reason given',
        'operation-expired': 'past its deadline; nothing applied',
        overloaded: 'too busy to start it; nothing applied',
        'key-reused': 'this id was already used for a different change; the original stands',
        'invalid-operation-metadata': 'its lease does not fit this operation',
        'invalid-request': 'the request was malformed',
        unauthorized: 'not signed in',
        forbidden: 'not allowed for this role',
        'not-found': 'nothing found',
        'unsupported-media-type': 'not sent as JSON',
        'payload-too-large': 'the request was too large',
        'headers-too-large': 'the request headers were too large',
        'request-timeout': 'the request arrived too slowly',
        'rate-limited': 'too many attempts; asked to wait',
        'not-ready': 'the server was not ready',
        conflict: 'it conflicts with how things are now',
        'internal-error': 'something broke on the server',
      } satisfies Record<ProblemCode | 'none', string>,
      quantity: (quantity: string) => `, quantity ${quantity}`,
      applied: (delta: string, quantity: string) => `${delta} applied${quantity}`,
      rejected: (reason: string | null) =>
        `rejected${reason === null ? '' : ` (${reason})`}; nothing applied`,
      review: (reason: string | null, quantity: string) =>
        `kept for review${reason === null ? '' : ` (${reason})`}${quantity}`,
      resent: (attempt: string) =>
        `The browser resent ${attempt} by itself (the same attempt, received again)`,
      received: (attempt: string) => `The server received ${attempt}`,
      dropped: 'The request was dropped on purpose before any processing; nothing applied',
      delayed: (duration: string) => `Held on purpose for ${duration} before processing`,
      accepted: 'Checks passed; applying it in one transaction',
      committed: 'Committed',
      committedResult: (result: string) => `Committed: ${result}`,
      replayed: 'Replayed the stored receipt; nothing applied again',
      replayedResult: (result: string) =>
        `Replayed the stored receipt (${result}); nothing applied again`,
      refusedOnPurpose: 'Refused on purpose: server unavailable; nothing applied',
      refused: (why: string) => `Refused: ${why}`,
      rolledBack: 'Rolled back on purpose before commit; nothing applied',
      replySent: 'Reply sent',
      replyDropped: 'The reply was dropped on purpose',
      deviceAsked: (name: string) => `This device asked about it (${name})`,
      deviceSent: (name: string) => `This device sent ${name}`,
      attemptEnded: (name: string, outcome: string) =>
        `${capitalise(name)}: ${outcome.charAt(0).toLowerCase()}${outcome.slice(1)}`,
      anAttempt: 'an attempt',
    },
    timeline: {
      title: 'Timeline',
      empty: 'No changes on this device yet: make one from an item to follow it here.',
      operation: 'Operation',
      recentOnly: (count: string) =>
        `The ${count} most recent changes; open any change's detail for its own attempts.`,
      refresh: 'Refresh timeline',
      operationId: 'Operation id:',
      readingServer: "Reading the server's side…",
      serverUnavailable: (detail: string) => `Server side not available: ${detail}`,
      caption: 'Both sides of this change, in time order',
      time: 'Time',
      side: 'Side',
      what: 'What happened',
      device: 'This device',
      server: 'Server',
    },
  },
  places: enPlaces,
  delivery: enDelivery,
  stockChart: enStockChart,
  labels: enLabels,
  reorder: {
    title: 'Reorder list',
    none: 'No item is at or below its low-stock threshold.',
    some: (count: number, shown: string) =>
      `${shown} ${plural(count, 'item is', 'items are')} at or below the low-stock threshold, counting changes not yet confirmed.`,
    item: 'Item',
    shelf: 'Shelf',
    quantity: 'Quantity',
    threshold: 'Threshold',
    download: 'Download reorder list (CSV)',
    back: 'Back to items',
  },
};

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Every catalogue has exactly these keys and message shapes (the type checker holds them to it). */
export type Messages = typeof en;

/** Kept here so the catalogue's users need one import for the record types they key by. */
export type { OperationState, ReasonCode };
