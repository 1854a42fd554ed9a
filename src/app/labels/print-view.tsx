/**
 * The label sheet (docs/client.md#labels), loaded with its encoders when **Print labels** or
 * **Print place labels** is pressed: a choice of paper (A4 or US Letter, from the browser's
 * language), **Print** (the browser's print) and **Close**, and the sheets of 3 × 8 labels as
 * they will print. While it is open it stands in for the app (label-sheet.css): the app keeps its
 * state behind it, and the printout holds the sheets alone.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Place } from '../../protocol/schemas';
import { useI18n } from '../i18n/i18n-context';
import { BarcodeSvg } from './barcode-svg';
import { itemLabelCode, placeLabelCode, type LabelCode } from './label-code';
import { PAPERS, defaultPaper, sheets, type Paper } from './paper';
import './label-sheet.css';

export interface LabelItem {
  id: string;
  name: string;
  sku: string;
  barcode?: string | null;
}

export type LabelSource =
  { kind: 'items'; items: readonly LabelItem[] } | { kind: 'places'; places: readonly Place[] };

export interface PrintViewProps {
  source: LabelSource;
  onClose: () => void;
}

interface SheetLabel {
  key: string;
  name: string;
  sku: string | null;
  code: LabelCode | null;
}

function labelsOf(source: LabelSource): SheetLabel[] {
  if (source.kind === 'places') {
    return source.places.map((p) => ({
      key: p.id,
      name: p.name,
      sku: null,
      code: placeLabelCode(p.id),
    }));
  }
  return source.items.map((i) => ({
    key: i.id,
    name: i.name,
    sku: i.sku,
    code: itemLabelCode(i),
  }));
}

function Label({ label }: { label: SheetLabel }): ReactNode {
  const { t } = useI18n();
  const { code } = label;
  return (
    <li className="label">
      <span className="label__name" dir="auto">
        {label.name}
      </span>
      {label.sku !== null && <span className="label__sku">{label.sku}</span>}
      {code === null ? (
        <span className="label__none">{t.labels.noBarcode}</span>
      ) : (
        <BarcodeSvg code={code} />
      )}
      {code !== null && label.sku !== null && code.text !== label.sku && (
        <span className="label__code">{code.text}</span>
      )}
    </li>
  );
}

export default function PrintView({ source, onClose }: PrintViewProps): ReactNode {
  const { t, format } = useI18n();
  const words = t.labels;
  const [paper, setPaper] = useState<Paper>(() => defaultPaper(navigator.language));
  const heading = useRef<HTMLHeadingElement>(null);
  const labels = labelsOf(source);
  const pages = sheets(labels);
  useEffect(() => heading.current?.focus(), []);

  return createPortal(
    <div className="print-view">
      <section className="print-view__bar card stack" aria-labelledby="print-view-heading">
        <h1 id="print-view-heading" ref={heading} tabIndex={-1}>
          {source.kind === 'items' ? words.itemsHeading : words.placesHeading}
        </h1>
        <p role="status">
          {labels.length === 0
            ? words.nothing
            : words.summary(
                labels.length,
                format.count(labels.length),
                pages.length,
                format.count(pages.length),
              )}
        </p>
        <label className="field">
          <span>{words.paper}</span>
          <select value={paper} onChange={(e) => setPaper(e.target.value as Paper)}>
            {PAPERS.map((p) => (
              <option key={p} value={p}>
                {words.papers[p]}
              </option>
            ))}
          </select>
        </label>
        <p className="hint">{words.scale}</p>
        <div className="fix-actions">
          <button
            type="button"
            className="button button--primary"
            disabled={labels.length === 0}
            onClick={() => window.print()}
          >
            {words.print}
          </button>
          <button type="button" className="button" onClick={onClose}>
            {words.close}
          </button>
        </div>
      </section>
      <div className="label-sheets">
        {pages.map((page, i) => (
          <ul
            key={i}
            className={`label-page label-page--${paper}`}
            aria-label={words.sheet(format.count(i + 1))}
          >
            {page.map((label) => (
              <Label key={label.key} label={label} />
            ))}
          </ul>
        ))}
      </div>
    </div>,
    document.body,
  );
}
