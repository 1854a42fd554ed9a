import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { SignInForm } from '../screens/sign-in-screen';

/** The server no longer accepts the stored sign-in: changes wait, with their ids, until it is renewed. */
export function SessionExpired(): ReactNode {
  const { sessionExpired } = useSnapshot();
  if (!sessionExpired) return null;
  return (
    <section className="card stack session-expired" aria-labelledby="session-expired-heading">
      <h2 id="session-expired-heading">Sign in again</h2>
      <p>
        The server asks you to sign in again before it takes more changes. Everything saved on this
        device stays here and is sent, with its same identity, once you have signed in.
      </p>
      <SignInForm />
    </section>
  );
}
