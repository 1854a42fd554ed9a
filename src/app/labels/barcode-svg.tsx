/** A label's barcode as SVG: its bars as one path, on white, with the symbology's quiet zones. */
import type { ReactNode } from 'react';
import type { LabelCode } from './label-code';

/** Quiet zones in modules, left and right: EAN/UPC's are 11 and 7, Code 128's 10 each side. */
const QUIET = { ean: [11, 7], code128: [10, 10] } as const;

/**
 * A module's width in `cqw` of the label page (label-sheet.css): 0.33 mm on A4, the retail
 * nominal; a code too long for that gets the label's width.
 */
const MODULE_CQW = (0.33 / 210) * 100;

function barsPath(modules: string, x0: number): string {
  let d = '';
  for (const run of modules.matchAll(/1+/g)) {
    d += `M${x0 + run.index} 0h${run[0].length}v1h-${run[0].length}z`;
  }
  return d;
}

export function BarcodeSvg({ code }: { code: LabelCode }): ReactNode {
  const [left, right] = QUIET[code.symbology];
  const width = left + code.modules.length + right;
  return (
    <svg
      className="barcode"
      viewBox={`0 0 ${width} 1`}
      preserveAspectRatio="none"
      role="img"
      aria-label={code.text}
      style={{ width: `min(100%, ${(width * MODULE_CQW).toFixed(2)}cqw)` }}
    >
      <path d={barsPath(code.modules, left)} />
    </svg>
  );
}
