import { useEffect, useRef, type ReactNode } from 'react';
import { href, type Route } from '../routes';

let firstScreen = true;

/**
 * One screen: its heading takes focus when the person navigates to it, so screen readers announce
 * the new place (not on the very first load, where focus belongs to the document).
 */
export function Screen(props: {
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  /** A way back, above the heading: e.g. "Back to Items". */
  back?: { to: Route; label: string };
}): ReactNode {
  const { title, children, actions, back } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (firstScreen) firstScreen = false;
    else heading.current?.focus();
  }, [title]);
  return (
    <>
      {back && (
        <a className="back-link" href={href(back.to)}>
          <span aria-hidden="true">←&nbsp;</span>
          {back.label}
        </a>
      )}
      <div className="screen__head">
        {/* dir="auto": a heading may be a person's text (an item's name, in Arabic say). */}
        <h1 ref={heading} tabIndex={-1} dir="auto">
          {title}
        </h1>
        {actions}
      </div>
      {children}
    </>
  );
}
