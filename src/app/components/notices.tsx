import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { OperationView } from '../../client/facade';
import { useSnapshot } from '../client-context';
import { useShellI18n } from '../i18n/i18n-context';
import {
  aroundName,
  markSeen,
  needingYou,
  nextFade,
  noticeLine,
  noticeText,
  observe,
  openNotices,
  type NoticeMemory,
} from '../notices';
import { href, type Route } from '../routes';
import { useOperationWords } from '../use-operation-words';
import { opItemId } from '../../protocol/op-item';
import { useSnugEllipsis } from './use-snug-ellipsis';

/** What the person sees on this screen: Activity and Review show every change, a detail its own. */
function seenHere(route: Route, needs: OperationView[]): OperationView[] {
  if (route.name === 'activity' || route.name === 'review') return needs;
  if (route.name === 'operation') return needs.filter((op) => op.handle === route.handle);
  return [];
}

/** One calm line of outcomes that arrived while the app was open (see ../notices.ts). */
export function Notices({ route }: { route: Route }): ReactNode {
  const { ready, operations, items } = useSnapshot();
  const { t, format } = useShellI18n();
  const words = useOperationWords();
  const [memory, setMemory] = useState<NoticeMemory | null>(null);
  const [now, setNow] = useState(() => Date.now());
  // Outcomes already stored when the app opened are history, not news.
  if (ready && memory === null) setMemory(openNotices(operations));

  useEffect(() => {
    const at = Date.now();
    setNow(at);
    setMemory((m) => {
      if (m === null) return m;
      const observed = observe(m, operations, at);
      return markSeen(observed, seenHere(route, needingYou(operations, observed)));
    });
  }, [operations, route]);

  const fadeAt = memory ? nextFade(operations, memory, now) : null;
  useEffect(() => {
    if (fadeAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, fadeAt - Date.now()));
    return () => clearTimeout(timer);
  }, [fadeAt]);

  const line = memory ? noticeLine(operations, memory, now) : null;
  const one = line?.operations.length === 1 ? line.operations[0] : undefined;
  const target: Route = one ? { name: 'operation', handle: one.handle } : { name: 'activity' };
  const text = line ? noticeText(line, format.count, t.notices, words) : '';
  const itemName =
    one === undefined
      ? null
      : one.op.type === 'createItem'
        ? one.op.name
        : (items.find((i) => i.id === opItemId(one.op))?.name ?? null);
  const parts = aroundName(text, itemName);
  const nameRef = useRef<HTMLSpanElement>(null);
  const lineRef = useRef<HTMLAnchorElement>(null);
  useSnugEllipsis(nameRef, lineRef, text);
  return (
    <section className="notices" aria-label={t.notices.label} aria-live="polite">
      {line && (
        <div className={`notice notice--${line.kind}${one ? ` notice--${one.state}` : ''}`}>
          <a className="notice__text" href={href(target)} title={text} ref={lineRef}>
            {parts ? (
              <>
                <span className="notice__fixed">{parts[0]}</span>
                <span className="notice__named">
                  <span className="notice__name" dir="auto" ref={nameRef}>
                    {parts[1]}
                  </span>
                  <span className="notice__joiner">{parts[2]}</span>
                </span>
                <span className="notice__state">{parts[3]}</span>
              </>
            ) : (
              <span className="notice__state">{text}</span>
            )}
          </a>
          <button
            type="button"
            className="notice__close"
            aria-label={t.notices.dismiss}
            onClick={() => setMemory((m) => (m ? markSeen(m, line.operations) : m))}
          >
            ×
          </button>
        </div>
      )}
    </section>
  );
}
