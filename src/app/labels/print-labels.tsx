/**
 * The label sheet behind **Print labels** and **Print place labels** (docs/client.md#labels): its
 * code and its encoders load only when pressed, so Items and Settings stay small. Should its file
 * be missing (an old tab after an update), it says so.
 */
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { FormProblem } from '../components/form-problem';
import { useI18n } from '../i18n/i18n-context';
import type { PrintViewProps } from './print-view';

const PrintView = lazy(() => import('./print-view').catch(() => ({ default: LabelsMissing })));

function LabelsMissing(): ReactNode {
  return <FormProblem>{useI18n().t.labels.missing}</FormProblem>;
}

export function PrintLabels(props: PrintViewProps): ReactNode {
  const { t } = useI18n();
  return (
    <Suspense fallback={<p role="status">{t.labels.opening}</p>}>
      <PrintView {...props} />
    </Suspense>
  );
}

/**
 * Whether the sheet is open, and the button that opens it: closing puts the focus back on that
 * button once the app shows again.
 */
export function usePrintView(): {
  open: boolean;
  button: RefObject<HTMLButtonElement | null>;
  show: () => void;
  close: () => void;
} {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  return { open, button, show: () => setOpen(true), close: () => setOpen(false) };
}
