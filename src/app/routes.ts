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
  | { name: 'not-found'; path: string };

function decode(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

export function parseHash(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+|\/+$/g, '');
  const [section = '', rawId, ...rest] = path.split('/');
  const id = rawId === undefined ? null : decode(rawId);
  if (rest.length > 0 || (rawId !== undefined && !id)) return { name: 'not-found', path };
  switch (section) {
    case '':
    case 'items':
      return id ? { name: 'item', id } : { name: 'items' };
    case 'activity':
      return id ? { name: 'operation', handle: id } : { name: 'activity' };
    case 'review':
    case 'settings':
    case 'tester':
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
      return `#/${route.name}`;
    case 'item':
      return `#/items/${encodeURIComponent(route.id)}`;
    case 'operation':
      return `#/activity/${encodeURIComponent(route.handle)}`;
    case 'not-found':
      return `#/${route.path}`;
    default: {
      const never: never = route;
      throw new Error(`unhandled route ${JSON.stringify(never)}`);
    }
  }
}
