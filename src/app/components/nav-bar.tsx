import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { useShellI18n } from '../i18n/i18n-context';
import { href, type Route } from '../routes';
import { VisuallyHidden } from './visually-hidden';
import { assertNever } from '../../protocol/assert-never';

type Section = 'items' | 'stocktakes' | 'activity' | 'settings' | 'tester';

function sectionOf(route: Route): Section | null {
  switch (route.name) {
    case 'items':
    case 'item':
    case 'new-item':
    case 'edit-item':
    case 'reorder':
    case 'delivery':
    case 'import':
      return 'items';
    case 'activity':
    case 'operation':
    case 'review':
    case 'enter-again':
      return 'activity';
    case 'stocktakes':
    case 'stocktake':
      return 'stocktakes';
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
  const { t, format } = useShellI18n();
  return (
    <nav className="nav-bar" aria-label={t.nav.label}>
      <ul>
        <NavLink to="items" current={current}>
          {t.nav.items}
        </NavLink>
        <NavLink to="stocktakes" current={current}>
          {t.nav.stocktakes}
        </NavLink>
        <NavLink to="activity" current={current}>
          {t.nav.activity}
          {unconfirmedCount > 0 && (
            <>
              <span className="badge" aria-hidden="true">
                {format.count(unconfirmedCount)}
              </span>
              <VisuallyHidden>{t.nav.notConfirmed(format.count(unconfirmedCount))}</VisuallyHidden>
            </>
          )}
        </NavLink>
        <NavLink to="settings" current={current}>
          {t.nav.settings}
        </NavLink>
        {testerMode && (
          <NavLink to="tester" current={current}>
            {t.nav.tester}
          </NavLink>
        )}
      </ul>
    </nav>
  );
}
