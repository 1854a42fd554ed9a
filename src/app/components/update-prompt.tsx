import { useSyncExternalStore, type ReactNode } from 'react';
import { useShellI18n } from '../i18n/i18n-context';
import { updateStore } from '../pwa/update-store';

/** Shown when a new version of the app is installed and waiting; the person chooses when. */
export function UpdatePrompt(): ReactNode {
  const { t } = useShellI18n();
  const { ready } = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>{t.app.updateReady}</span>
      <button type="button" className="button button--small" onClick={updateStore.apply}>
        {t.app.reloadToUpdate}
      </button>
    </div>
  );
}
