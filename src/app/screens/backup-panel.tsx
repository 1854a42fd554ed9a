import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useClient } from '../client-context';

function download(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Export and import of this device's outbox. Imported work always lands in Review first. */
export function BackupPanel(): ReactNode {
  const client = useClient();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function exportBackup(): Promise<void> {
    setBusy(true);
    try {
      const text = await client.exportBackup();
      download(text, `stockroom-backup-${new Date().toISOString().slice(0, 10)}.json`);
      setMessage('Backup saved to your downloads.');
    } catch {
      setMessage('The backup could not be read from this device. Nothing was changed.');
    } finally {
      setBusy(false);
    }
  }

  async function importBackup(event: ChangeEvent<HTMLInputElement>): Promise<void> {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    const result = await client.importBackup(await file.text());
    input.value = '';
    setBusy(false);
    setMessage(
      result.ok
        ? 'Backup imported. Its changes are in Review: nothing from it is sent until you decide.'
        : result.message,
    );
  }

  return (
    <section className="card stack" aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backup</h2>
      <p>
        A backup holds this device&apos;s unsent and recent changes. Changes imported from a backup
        are never sent automatically: each goes to Review with its age.
      </p>
      <button type="button" className="button" disabled={busy} onClick={() => void exportBackup()}>
        Export backup
      </button>
      <label className="field">
        <span>Import backup</span>
        <input
          type="file"
          accept="application/json,.json"
          disabled={busy}
          onChange={(e) => void importBackup(e)}
        />
      </label>
      <p className="form-message" role="status">
        {message}
      </p>
    </section>
  );
}
