import { useId, useState, type ReactNode } from 'react';
import { useI18n } from '../i18n/i18n-context';

/**
 * The rest of a screen's actions behind one button **More**, so a phone's first screen shows what
 * the screen is for: a labelled group of actions that opens below the toolbar (more can be added).
 */
export function MoreActions({ children }: { children: ReactNode }): ReactNode {
  const [open, setOpen] = useState(false);
  const id = useId();
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        className="button button--small"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t.moreActions.more}
      </button>
      <div
        id={id}
        className="more-actions"
        role="group"
        aria-label={t.moreActions.label}
        hidden={!open}
      >
        {children}
      </div>
    </>
  );
}
