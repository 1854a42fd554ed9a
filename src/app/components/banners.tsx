import type { ReactNode } from 'react';
import type { StorageProblem } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { assertNever } from '../../protocol/assert-never';
import type { ShellMessages } from '../i18n/en-shell';
import { useShellI18n } from '../i18n/i18n-context';

/** Plain words for local storage trouble; each says that what is already saved stays saved. */
export function storageProblemText(
  problem: Exclude<StorageProblem, null>,
  t: ShellMessages,
): string {
  switch (problem) {
    case 'quota-exceeded':
      return t.banners.quotaExceeded;
    case 'upgrade-blocked':
      return t.banners.upgradeBlocked;
    case 'local-write-failed':
      return t.banners.localWriteFailed;
    default:
      return assertNever(problem);
  }
}

/** Things the person should know wherever they are: storage trouble and deadlines close by. */
export function Banners(): ReactNode {
  const { storageProblem, warnings } = useSnapshot();
  const { t, format } = useShellI18n();
  if (!storageProblem && warnings.length === 0) return null;
  return (
    <div className="banners">
      {storageProblem && (
        <p className="banner banner--alert" role="alert">
          {storageProblemText(storageProblem, t)}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w.deadline} className="banner banner--warning">
          {t.banners.deadline(w.count, format.weekdayTime(Date.parse(w.deadline)))}
        </p>
      ))}
    </div>
  );
}
