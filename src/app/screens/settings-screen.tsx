import { useState, type FormEvent, type ReactNode } from 'react';
import { useClient, useSnapshot } from '../client-context';
import { Screen } from '../components/screen';
import { formatCount, formatDuration, formatMoment } from '../format';
import { href } from '../routes';
import { navigate } from '../use-route';
import { useServerNow } from '../use-server-now';
import { BackupPanel } from './backup-panel';

function Account(): ReactNode {
  const client = useClient();
  const { user, unconfirmedCount } = useSnapshot();
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
    else setRefusal(result.message);
  }

  return (
    <section className="card stack" aria-labelledby="account-heading">
      <h2 id="account-heading">Account</h2>
      <p>
        Signed in as {user.name} ({user.role}).
      </p>
      {unconfirmedCount > 0 && (
        <p className="hint">
          Changes not yet confirmed stay on this device and are sent when you sign in again.
        </p>
      )}
      <button type="button" className="button" disabled={busy} onClick={() => void signOut()}>
        Sign out
      </button>
      <button
        type="button"
        className="button"
        disabled={busy}
        aria-describedby="remove-data-hint"
        onClick={() => void removeData()}
      >
        Sign out and remove data from this device
      </button>
      <p id="remove-data-hint" className="hint">
        For a shared device: removes your changes, their notes and this device&apos;s copy of the
        items. Changes not yet confirmed must reach the server first.
      </p>
      {refusal && (
        <p className="form-message" role="alert">
          {refusal}
        </p>
      )}
    </section>
  );
}

function DeviceName(): ReactNode {
  const client = useClient();
  const { deviceName } = useSnapshot();
  const [saved, setSaved] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('deviceName') ?? '').trim();
    if (!name) return;
    await client.setDeviceName(name);
    setSaved(true);
  }
  return (
    <form className="card stack" aria-labelledby="device-heading" onSubmit={(e) => void submit(e)}>
      <h2 id="device-heading">This device</h2>
      <label className="field">
        <span>Device name</span>
        <input
          name="deviceName"
          defaultValue={deviceName}
          key={deviceName}
          maxLength={128}
          required
          onChange={() => setSaved(false)}
        />
      </label>
      <button type="submit" className="button">
        Save device name
      </button>
      <p className="form-message" role="status">
        {saved ? 'Device name saved.' : ''}
      </p>
    </form>
  );
}

/** A tester clock moved: say which clock the deadline is on (a minute's drift is not worth it). */
function ServerClock({ serverNow, offsetMs }: { serverNow: number; offsetMs: number }): ReactNode {
  if (Math.abs(offsetMs) < 60_000) return null;
  const at = new Date(serverNow).toISOString();
  return (
    <p className="hint">
      Deadlines follow the server&apos;s clock, which reads {formatMoment(at, serverNow)} (
      {formatDuration(Math.abs(offsetMs))} {offsetMs > 0 ? 'ahead of' : 'behind'} this device).
    </p>
  );
}

function LeaseStatus(): ReactNode {
  const { lease } = useSnapshot();
  const { serverNow, offsetMs } = useServerNow();
  const passed = lease !== null && Date.parse(lease.deadline) <= serverNow;
  return (
    <section className="card stack" aria-labelledby="lease-heading">
      <h2 id="lease-heading">Deadline for changes</h2>
      {/* Warnings about close deadlines are in the banner above every screen. */}
      <ServerClock serverNow={serverNow} offsetMs={offsetMs} />
      {lease && passed ? (
        <p>
          The server&apos;s clock has passed this device&apos;s deadline (
          {formatMoment(lease.deadline, serverNow)}
          ). It gets a new one the next time it reaches the server.
        </p>
      ) : lease ? (
        <>
          <p>
            Changes made now must reach the server by {formatMoment(lease.deadline, serverNow)}.
          </p>
          <p className="hint">
            {formatCount(lease.used)} of {formatCount(lease.size)} operation ids of this lease used.
          </p>
        </>
      ) : (
        <p>No deadline yet: this device gets one from the server the next time it is online.</p>
      )}
    </section>
  );
}

export function SettingsScreen(): ReactNode {
  return (
    <Screen title="Settings">
      <Account />
      <DeviceName />
      <LeaseStatus />
      <BackupPanel />
    </Screen>
  );
}
