import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';
import { formatCount } from '../format';
import { Screen } from '../components/screen';

/** "3 changes by alex are waiting; sign in as alex to send them." */
export function waitingText(w: { userName: string; count: number }): string {
  const changes = w.count === 1 ? '1 change' : `${formatCount(w.count)} changes`;
  const verb = w.count === 1 ? 'is' : 'are';
  return `${changes} by ${w.userName} ${verb} waiting; sign in as ${w.userName} to send ${w.count === 1 ? 'it' : 'them'}.`;
}

export function OtherUsersWaiting(): ReactNode {
  const { otherUsersWaiting } = useSnapshot();
  if (otherUsersWaiting.length === 0) return null;
  return (
    <ul className="waiting-list">
      {otherUsersWaiting.map((w) => (
        <li key={w.userName}>{waitingText(w)}</li>
      ))}
    </ul>
  );
}

export function SignInForm(): ReactNode {
  const client = useClient();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(null);
    const result = await client.signIn(String(data.get('username')), String(data.get('password')));
    setBusy(false);
    if (!result.ok) setMessage(result.message);
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-label="Sign in">
      <label className="field">
        <span>Username</span>
        <input name="username" autoComplete="username" required autoCapitalize="none" />
      </label>
      <label className="field">
        <span>Password</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {message && (
        <p className="form-message" role="alert">
          {message}
        </p>
      )}
      <button type="submit" className="button button--primary" disabled={busy}>
        Sign in
      </button>
    </form>
  );
}

export function SignInScreen(): ReactNode {
  return (
    <Screen title="Sign in to Stockroom">
      <OtherUsersWaiting />
      <SignInForm />
    </Screen>
  );
}
