import type { ReactNode } from 'react';
import { useSnapshot } from '../client-context';
import { useI18n } from '../i18n/i18n-context';

/** Managers and testers look at technical details often: open for them, one tap away for staff. */
export function useTechnicalOpen(): boolean {
  const { user, testerMode } = useSnapshot();
  return user?.role === 'manager' || testerMode;
}

/**
 * What a person checking the system reads (ids, revisions, the device's lease, attempts), under
 * **Technical details**; the shop's words stay outside it.
 */
export function TechnicalDetails(props: {
  headingId: string;
  /** 2 for a card of its own, 3 inside another card. */
  level: 2 | 3;
  className?: string;
  onToggle?: (open: boolean) => void;
  children: ReactNode;
}): ReactNode {
  const { headingId, level, className, onToggle, children } = props;
  const open = useTechnicalOpen();
  const { t } = useI18n();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <details
      className={`technical stack${className ? ` ${className}` : ''}`}
      open={open}
      onToggle={onToggle && ((e) => onToggle(e.currentTarget.open))}
    >
      <summary>
        <Heading id={headingId}>{t.operations.detail.technical}</Heading>
      </summary>
      {children}
    </details>
  );
}
