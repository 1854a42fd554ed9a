import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useClient } from '../client-context';
import { useI18n } from '../i18n/i18n-context';
import { refusalWords } from '../refusal-words';

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
  const { t, format } = useI18n();
  const words = t.backup;
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function exportBackup(): Promise<void> {
    setBusy(true);
    try {
      const text = await client.exportBackup();
      download(text, `stockroom-backup-${new Date().toISOString().slice(0, 10)}.json`);
      setMessage(words.saved);
    } catch {
      setMessage(words.unreadable);
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
    setMessage(result.ok ? words.imported : refusalWords(t, result.refusal, format.count));
  }

  return (
    <section className="card stack" aria-labelledby="backup-heading">
      <h2 id="backup-heading">{words.heading}</h2>
      <p>{words.intro}</p>
      <button type="button" className="button" disabled={busy} onClick={() => void exportBackup()}>
        {words.export}
      </button>
      <label className="field">
        <span>{words.import}</span>
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
