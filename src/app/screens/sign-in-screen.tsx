import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';
import type { ShellMessages } from '../i18n/en-shell';
import { useShellI18n } from '../i18n/i18n-context';
import { Screen } from '../components/screen';
import { refusalWords } from '../refusal-words';
import { FormProblem } from '../components/form-problem';

/** "3 changes by alex are waiting; sign in as alex to send them." */
export function waitingText(
  w: { userName: string; count: number },
  t: ShellMessages,
  count: (n: number) => string,
): string {
  return t.signIn.othersWaiting(w.count, count(w.count), w.userName);
}

export function OtherUsersWaiting(): ReactNode {
  const { otherUsersWaiting } = useSnapshot();
  const { t, format } = useShellI18n();
  if (otherUsersWaiting.length === 0) return null;
  return (
    <ul className="waiting-list">
      {otherUsersWaiting.map((w) => (
        <li key={w.userName}>{waitingText(w, t, format.count)}</li>
      ))}
    </ul>
  );
}

export function SignInForm(): ReactNode {
  const client = useClient();
  const { t, format } = useShellI18n();
  const words = t.signIn;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get('username') ?? '');
    const password = String(data.get('password') ?? '');
    // The app's words, in the person's language, never the browser's bubble (noValidate).
    if (!username.trim() || !password) return setMessage(words.missing);
    setBusy(true);
    setMessage(null);
    const result = await client.signIn(username, password);
    setBusy(false);
    if (!result.ok) setMessage(refusalWords(t, result.refusal, format.count));
  }

  return (
    <form className="stack" onSubmit={(e) => void submit(e)} aria-label={words.form} noValidate>
      <label className="field">
        <span>{words.username}</span>
        <input name="username" autoComplete="username" required autoCapitalize="none" />
      </label>
      <label className="field">
        <span>{words.password}</span>
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <FormProblem>{message}</FormProblem>
      <button type="submit" className="button button--primary" disabled={busy}>
        {words.submit}
      </button>
    </form>
  );
}

export function SignInScreen(): ReactNode {
  const { t } = useShellI18n();
  return (
    <Screen title={t.signIn.title}>
      <OtherUsersWaiting />
      <SignInForm />
    </Screen>
  );
}
