/**
 * Settings → People (managers; docs/client.md#people): the list with role and status, **Add
 * person**, and per person **Disable** or **Enable**, **Make manager** or **Make staff**, **Set
 * password**. Online calls, never the outbox: offline it says "Changing accounts needs a
 * connection." and nothing is queued. The server decides every rule; hiding a manager's own
 * Disable and Make staff is only a courtesy.
 */
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { PeopleResult } from '../../client/facade';
import type { Account, AccountChangeRequest } from '../../protocol/schemas';
import { useClient, useSnapshot } from '../client-context';
import { FormProblem } from '../components/form-problem';
import { useI18n } from '../i18n/i18n-context';
import { refusalWords } from '../refusal-words';

const MIN_PASSWORD = 8;

type Said = { kind: 'problem' | 'done'; text: string } | null;

function useSay(): [Said, (said: Said) => void, <T>(r: PeopleResult<T>, done: string) => boolean] {
  const { t, format } = useI18n();
  const [said, say] = useState<Said>(null);
  const answer = useCallback(
    <T,>(result: PeopleResult<T>, done: string): boolean => {
      say(
        result.ok
          ? { kind: 'done', text: done }
          : { kind: 'problem', text: refusalWords(t, result.refusal, format.count) },
      );
      return result.ok;
    },
    [t, format],
  );
  return [said, say, answer];
}

function Said({ said }: { said: Said }): ReactNode {
  return (
    <>
      <FormProblem>{said?.kind === 'problem' ? said.text : null}</FormProblem>
      <p className="form-message" role="status">
        {said?.kind === 'done' ? said.text : ''}
      </p>
    </>
  );
}

function PersonRow(props: { person: Account; self: boolean; changed: () => void }): ReactNode {
  const { person, self, changed } = props;
  const client = useClient();
  const { t, format } = useI18n();
  const words = t.people;
  const [busy, setBusy] = useState(false);
  const [settingPassword, setSettingPassword] = useState(false);
  const [said, , answer] = useSay();

  async function change(request: AccountChangeRequest, done: string): Promise<boolean> {
    setBusy(true);
    const ok = answer(await client.people.change(person.name, request), done);
    setBusy(false);
    if (ok) changed();
    return ok;
  }

  async function savePassword(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get('password') ?? '');
    if (password.length < MIN_PASSWORD)
      return void answer({ ok: true, value: null }, words.missing);
    if (await change({ password }, words.passwordSet(person.name))) setSettingPassword(false);
  }

  const nameId = `person-${person.id}`;
  return (
    <li className="card stack" aria-labelledby={nameId}>
      <p>
        <strong id={nameId}>{person.name}</strong> {self && words.you} · {words.role(person.role)} ·{' '}
        {person.disabled ? words.disabled : words.active}
      </p>
      <p className="hint">
        {words.lastSignIn(
          person.lastSignInAt === null ? null : format.moment(person.lastSignInAt, Date.now()),
        )}
      </p>
      <div className="people-list__actions">
        {!self && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void change({ disabled: !person.disabled }, words.changed(person.name))}
          >
            {person.disabled ? words.enable : words.disable}
          </button>
        )}
        {!(self && person.role === 'manager') && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              void change(
                { role: person.role === 'manager' ? 'staff' : 'manager' },
                words.changed(person.name),
              )
            }
          >
            {person.role === 'manager' ? words.makeStaff : words.makeManager}
          </button>
        )}
        <button
          type="button"
          className="button"
          disabled={busy}
          aria-expanded={settingPassword}
          onClick={() => setSettingPassword(!settingPassword)}
        >
          {words.setPassword}
        </button>
      </div>
      {settingPassword && (
        <form className="stack" onSubmit={(e) => void savePassword(e)} noValidate>
          <label className="field">
            <span>{words.newPassword(person.name)}</span>
            <input
              name="password"
              type="password"
              autoComplete="new-password"
              minLength={MIN_PASSWORD}
              maxLength={1024}
              required
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            {words.savePassword}
          </button>
        </form>
      )}
      <Said said={said} />
    </li>
  );
}

function AddPerson({ added }: { added: () => void }): ReactNode {
  const client = useClient();
  const { t } = useI18n();
  const words = t.people;
  const [busy, setBusy] = useState(false);
  const [said, say, answer] = useSay();

  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('username') ?? '').trim();
    const password = String(data.get('password') ?? '');
    const role = data.get('role') === 'manager' ? 'manager' : 'staff';
    if (!name || password.length < MIN_PASSWORD) {
      return say({ kind: 'problem', text: words.missing });
    }
    setBusy(true);
    const ok = answer(await client.people.add({ name, role, password }), words.added(name));
    setBusy(false);
    if (ok) {
      form.reset();
      added();
    }
  }

  return (
    <form
      className="stack"
      aria-labelledby="add-person-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h3 id="add-person-heading">{words.addHeading}</h3>
      <label className="field">
        <span>{words.username}</span>
        <input name="username" autoComplete="off" maxLength={128} required />
      </label>
      <label className="field">
        <span>{words.roleLabel}</span>
        <select name="role" defaultValue="staff">
          <option value="staff">{words.role('staff')}</option>
          <option value="manager">{words.role('manager')}</option>
        </select>
      </label>
      <label className="field">
        <span>{words.password}</span>
        <input
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={MIN_PASSWORD}
          maxLength={1024}
          required
          aria-describedby="add-person-password-hint"
        />
      </label>
      <p id="add-person-password-hint" className="hint">
        {words.passwordHint}
      </p>
      <button type="submit" className="button" disabled={busy}>
        {words.add}
      </button>
      <Said said={said} />
    </form>
  );
}

export function PeoplePanel(): ReactNode {
  const client = useClient();
  const { user, connectivity } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.people;
  const [people, setPeople] = useState<Account[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const offline = connectivity === 'offline';
  const manager = user?.role === 'manager';

  const load = useCallback(async (): Promise<void> => {
    const result = await client.people.list();
    if (result.ok) {
      setPeople(result.value);
      setProblem(null);
    } else {
      setProblem(refusalWords(t, result.refusal, format.count));
    }
  }, [client, t, format]);

  useEffect(() => {
    // Read when shown and each time the phone is back online; never queued while offline.
    if (manager && !offline) void load();
  }, [manager, offline, load]);

  if (!user || !manager) return null;
  return (
    <section className="card stack" aria-labelledby="people-heading">
      <h2 id="people-heading">{words.heading}</h2>
      <p className="hint">{words.intro}</p>
      {offline ? <p role="status">{words.offline}</p> : <FormProblem>{problem}</FormProblem>}
      {people === null ? (
        !offline && !problem && <p className="hint">{words.loading}</p>
      ) : (
        <ul className="stack people-list" aria-label={words.list}>
          {people.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              self={person.id === user.id}
              changed={() => void load()}
            />
          ))}
        </ul>
      )}
      <AddPerson added={() => void load()} />
    </section>
  );
}
