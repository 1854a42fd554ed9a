import { assertNever } from '../protocol/assert-never';
/** The app's routes as a union, and their mapping to and from the URL hash. Pure. */

export type Route =
  | { name: 'items' }
  | { name: 'item'; id: string }
  | { name: 'activity' }
  /** `handle`: the operation's stable local handle (it survives re-keying; its id may not). */
  | { name: 'operation'; handle: string }
  | { name: 'review' }
  | { name: 'settings' }
  | { name: 'tester' }
  /** "Enter again as new": the operation's form, prefilled; nothing is sent until saved. */
  | { name: 'enter-again'; id: string }
  /** "New item", optionally with a scanned barcode filled in. */
  | { name: 'new-item'; barcode: string | null }
  | { name: 'edit-item'; id: string }
  | { name: 'reorder' }
  /** **Receive delivery**: the list scanning fills (docs/client.md#places). */
  | { name: 'delivery' }
  /** Item import from a spreadsheet (managers). */
  | { name: 'import' }
  /** Stock-takes: the list (and, managers, the form to start one), and one stock-take. */
  | { name: 'stocktakes' }
  | { name: 'stocktake'; id: string }
  | { name: 'not-found'; path: string };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** `#/items/<id>/edit` and `#/activity/<id>/again`: the one sub-page each section has. */
function subPage(section: string, id: string, sub: string): Route | null {
  if (section === 'items' && sub === 'edit') return { name: 'edit-item', id };
  if (section === 'activity' && sub === 'again') return { name: 'enter-again', id };
  return null;
}

/**
 * `text` without leading and trailing `/`, in linear time. (The regular expression `/^\/+|\/+$/g`
 * tries `\/+$` from every slash of a run that does not end the text: quadratic, and a hash of
 * 100,000 slashes froze the tab for seconds.)
 */
export function trimSlashes(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) === 0x2f) start++;
  while (end > start && text.charCodeAt(end - 1) === 0x2f) end--;
  return text.slice(start, end);
}

export function parseHash(hash: string): Route {
  const path = trimSlashes(hash.startsWith('#') ? hash.slice(1) : hash);
  const [section = '', rawId, sub, ...rest] = path.split('/');
  const id = rawId === undefined ? null : decode(rawId);
  if (rest.length > 0 || (rawId !== undefined && !id)) return { name: 'not-found', path };
  if (sub !== undefined) return (id && subPage(section, id, sub)) || { name: 'not-found', path };
  switch (section) {
    case '':
    case 'items':
      return id ? { name: 'item', id } : { name: 'items' };
    case 'activity':
      return id ? { name: 'operation', handle: id } : { name: 'activity' };
    case 'stocktakes':
      return id ? { name: 'stocktake', id } : { name: 'stocktakes' };
    // Not under items/: "new" is a valid item id.
    case 'new-item':
      return { name: 'new-item', barcode: id };
    case 'review':
    case 'settings':
    case 'tester':
    case 'reorder':
    case 'delivery':
    case 'import':
      return id ? { name: 'not-found', path } : { name: section };
    default:
      return { name: 'not-found', path };
  }
}

export function href(route: Route): string {
  switch (route.name) {
    case 'items':
    case 'activity':
    case 'review':
    case 'settings':
    case 'tester':
    case 'reorder':
    case 'delivery':
    case 'import':
    case 'stocktakes':
      return `#/${route.name}`;
    case 'stocktake':
      return `#/stocktakes/${encodeURIComponent(route.id)}`;
    case 'item':
      return `#/items/${encodeURIComponent(route.id)}`;
    case 'operation':
      return `#/activity/${encodeURIComponent(route.handle)}`;
    case 'enter-again':
      return `#/activity/${encodeURIComponent(route.id)}/again`;
    case 'edit-item':
      return `#/items/${encodeURIComponent(route.id)}/edit`;
    case 'new-item':
      return route.barcode === null
        ? '#/new-item'
        : `#/new-item/${encodeURIComponent(route.barcode)}`;
    case 'not-found':
      return `#/${route.path}`;
    default:
      return assertNever(route);
  }
}
