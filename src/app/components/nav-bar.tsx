import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { formatCount } from '../format';
import { href, type Route } from '../routes';
import { VisuallyHidden } from './visually-hidden';
import { assertNever } from '../../protocol/assert-never';

type Section = 'items' | 'activity' | 'settings' | 'tester';

function sectionOf(route: Route): Section | null {
  switch (route.name) {
    case 'items':
    case 'item':
    case 'new-item':
    case 'edit-item':
    case 'reorder':
    case 'import':
      return 'items';
    case 'activity':
    case 'operation':
    case 'review':
    case 'enter-again':
      return 'activity';
    case 'settings':
      return 'settings';
    case 'tester':
      return 'tester';
    case 'not-found':
      return null;
    default:
      return assertNever(route);
  }
}

function NavLink(props: { to: Section; current: Section | null; children: ReactNode }): ReactNode {
  const { to, current, children } = props;
  return (
    <li>
      <a
        className="nav-bar__link"
        href={href({ name: to })}
        aria-current={to === current ? 'page' : undefined}
      >
        {children}
      </a>
    </li>
  );
}

export function NavBar({ route }: { route: Route }): ReactNode {
  const { unconfirmedCount, testerMode } = useSnapshot();
  const current = sectionOf(route);
  return (
    <nav className="nav-bar" aria-label="Main">
      <ul>
        <NavLink to="items" current={current}>
          Items
        </NavLink>
        <NavLink to="activity" current={current}>
          Activity
          {unconfirmedCount > 0 && (
            <>
              <span className="badge" aria-hidden="true">
                {formatCount(unconfirmedCount)}
              </span>
              <VisuallyHidden>, {formatCount(unconfirmedCount)} not yet confirmed</VisuallyHidden>
            </>
          )}
        </NavLink>
        <NavLink to="settings" current={current}>
          Settings
        </NavLink>
        {testerMode && (
          <NavLink to="tester" current={current}>
            Tester
          </NavLink>
        )}
      </ul>
    </nav>
  );
}
