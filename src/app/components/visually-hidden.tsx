import type { ReactNode } from 'react';

/** Words for screen readers and voice control that sighted people get from the layout. */
export function VisuallyHidden({ children }: { children: ReactNode }): ReactNode {
  return <span className="visually-hidden">{children}</span>;
}
