import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { useShellI18n } from '../i18n/i18n-context';
import { SignInForm } from '../screens/sign-in-screen';

/** The server no longer accepts the stored sign-in: changes wait, with their ids, until it is renewed. */
export function SessionExpired(): ReactNode {
  const { sessionExpired } = useSnapshot();
  const { t } = useShellI18n();
  if (!sessionExpired) return null;
  return (
    <section className="card stack session-expired" aria-labelledby="session-expired-heading">
      <h2 id="session-expired-heading">{t.session.expiredHeading}</h2>
      <p>{t.session.expiredText}</p>
      <SignInForm />
    </section>
  );
}
