import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { LanguageSetting } from '../i18n/language-setting';
import { useI18n } from '../i18n/i18n-context';
import { href } from '../routes';
import { refusalWords } from '../refusal-words';
import { navigate } from '../use-route';
import { useServerNow } from '../use-server-now';
import { BackupPanel } from './backup-panel';
import { PlacesPanel } from './places-panel';
import { PeoplePanel } from './people-panel';
import { FormProblem } from '../components/form-problem';
import { TechnicalDetails } from '../components/technical-details';

function Account(): ReactNode {
  const client = useClient();
  const { user, unconfirmedCount } = useSnapshot();
  const { t, format } = useI18n();
  const words = t.settings;
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!user) return null;

  // The next person to sign in starts on Items, not on this person's last screen.
  async function signOut(): Promise<void> {
    setBusy(true);
    try {
      await client.signOut();
      navigate(href({ name: 'items' }));
    } finally {
      setBusy(false);
    }
  }

  async function removeData(): Promise<void> {
    setBusy(true);
    setRefusal(null);
    const result = await client.signOutAndRemoveData();
    setBusy(false);
    if (result.ok) navigate(href({ name: 'items' }));
    else setRefusal(refusalWords(t, result.refusal, format.count));
  }

  return (
    <section className="card stack" aria-labelledby="account-heading">
      <h2 id="account-heading">{words.account}</h2>
      <p>{words.signedInAs(user.name, user.role)}</p>
      {unconfirmedCount > 0 && <p className="hint">{words.keptForNextSignIn}</p>}
      <button type="button" className="button" disabled={busy} onClick={() => void signOut()}>
        {words.signOut}
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-describedby="remove-data-hint"
        onClick={() => void removeData()}
      >
        {words.removeData}
      </button>
      <p id="remove-data-hint" className="hint">
        {words.removeDataHint}
      </p>
      <FormProblem>{refusal}</FormProblem>
    </section>
  );
}

function DeviceName(): ReactNode {
  const client = useClient();
  const { deviceName } = useSnapshot();
  const { t } = useI18n();
  const words = t.settings;
  const [saved, setSaved] = useState<string>('');
  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('deviceName') ?? '').trim();
    if (!name) return setSaved(words.deviceNameMissing);
    await client.setDeviceName(name);
    setSaved(words.deviceNameSaved);
  }
  return (
    <form
      className="card stack"
      aria-labelledby="device-heading"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id="device-heading">{words.device}</h2>
      <label className="field">
        <span>{words.deviceName}</span>
        <input
          name="deviceName"
          defaultValue={deviceName}
          key={deviceName}
          maxLength={128}
          required
          onChange={() => setSaved('')}
        />
      </label>
      <button type="submit" className="button">
        {words.saveDeviceName}
      </button>
      <p className="form-message" role="status">
        {saved}
      </p>
    </form>
  );
}

/** A tester clock moved: say which clock the deadline is on (a minute's drift is not worth it). */
function ServerClock({ serverNow, offsetMs }: { serverNow: number; offsetMs: number }): ReactNode {
  const { t, format } = useI18n();
  if (Math.abs(offsetMs) < 60_000) return null;
  const at = new Date(serverNow).toISOString();
  return (
    <p className="hint">
      {t.settings.serverClock(
        format.moment(at, serverNow),
        format.duration(Math.abs(offsetMs)),
        offsetMs > 0,
      )}
    </p>
  );
}

/** The device's deadline in plain words; its lease (ids used of how many) under Technical details. */
function LeaseStatus(): ReactNode {
  const { lease } = useSnapshot();
  const { serverNow, offsetMs } = useServerNow();
  const { t, format } = useI18n();
  const words = t.settings;
  const passed = lease !== null && Date.parse(lease.deadline) <= serverNow;
  return (
    <section className="card stack" aria-labelledby="lease-heading">
      <h2 id="lease-heading">{words.deadlineHeading}</h2>
      {/* Warnings about close deadlines are in the banner above every screen. */}
      <ServerClock serverNow={serverNow} offsetMs={offsetMs} />
      {lease && passed ? (
        <p>{words.deadlinePassed(format.moment(lease.deadline, serverNow))}</p>
      ) : lease ? (
        <>
          <p>{words.deadline(format.moment(lease.deadline, serverNow))}</p>
          <TechnicalDetails headingId="lease-technical-heading" level={3}>
            <p>{words.leaseUse(format.count(lease.used), format.count(lease.size))}</p>
          </TechnicalDetails>
        </>
      ) : (
        <p>{words.noDeadline}</p>
      )}
    </section>
  );
}

export function SettingsScreen(): ReactNode {
  const { t } = useI18n();
  const { user } = useSnapshot();
  return (
    <Screen title={t.settings.title}>
      <Account />
      <PeoplePanel />
      <LanguageSetting />
      <DeviceName />
      {user?.role === 'manager' && <PlacesPanel />}
      <LeaseStatus />
      <BackupPanel />
    </Screen>
  );
}
