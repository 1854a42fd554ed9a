import { useSyncExternalStore, type ReactNode } from 'react';
import { updateStore } from '../pwa/update-store';

/** Shown when a new version of the app is installed and waiting; the person chooses when. */
export function UpdatePrompt(): ReactNode {
  const { ready } = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot);
  if (!ready) return null;
  return (
    <div className="update-prompt" role="status">
      <span>A new version of Stockroom is ready.</span>
      <button type="button" className="button button--small" onClick={updateStore.apply}>
        Reload to update
      </button>
    </div>
  );
}
