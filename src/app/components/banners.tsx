import type { ReactNode } from 'react';
import type { StorageProblem } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { assertNever } from '../../protocol/assert-never';

/** Plain words for local storage trouble; each says that what is already saved stays saved. */
export function storageProblemText(problem: Exclude<StorageProblem, null>): string {
  switch (problem) {
    case 'quota-exceeded':
      return "This device's storage is full. Changes already saved here are kept; free some space before making new ones.";
    case 'upgrade-blocked':
      return 'Another Stockroom tab is holding the old local storage. Close the other Stockroom tabs to continue; nothing saved here is lost.';
    case 'local-write-failed':
      return 'Server result found; local storage needs attention. Nothing is lost, and resending is safe.';
    default:
      return assertNever(problem);
  }
}

/** Things the person should know wherever they are: storage trouble and deadlines close by. */
export function Banners(): ReactNode {
  const { storageProblem, warnings } = useSnapshot();
  if (!storageProblem && warnings.length === 0) return null;
  return (
    <div className="banners">
      {storageProblem && (
        <p className="banner banner--alert" role="alert">
          {storageProblemText(storageProblem)}
        </p>
      )}
      {warnings.map((w) => (
        <p key={w.deadline} className="banner banner--warning">
          {w.message}
        </p>
      ))}
    </div>
  );
}
