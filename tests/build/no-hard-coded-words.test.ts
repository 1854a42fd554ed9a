/**
 * Every word the app shows comes from the message catalogue (src/app/i18n): this walks each
 * component of src/app with the TypeScript compiler and fails on words written into JSX, as
 * text, as a rendered string expression ({ok ? 'Saved' : …}), or in an attribute people read
 * (aria-label, placeholder, title, alt, label, and a `label`/`title` handed to a component).
 * Only letters count: "×", "−", "—" and "·" are signs, not words.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const APP = 'src/app';

/**
 * Files not yet moved to the catalogue, each with the reason. Keep this short: a file leaves the
 * list when its words move to src/app/i18n.
 */
const NOT_YET: Record<string, string> = {};

const WORDY_ATTRIBUTES = new Set([
  'aria-label',
  'aria-valuetext',
  'aria-roledescription',
  'placeholder',
  'title',
  'alt',
  'label',
]);
/** Properties of an object handed to a component that it shows: `back={{ label: … }}`. */
const WORDY_PROPERTIES = new Set(['label', 'title', 'text', 'hint', 'message']);
const LETTER = /\p{L}/u;

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return componentFiles(path);
    return path.endsWith('.tsx') && !path.endsWith('.test.tsx') ? [path] : [];
  });
}

/** The literal strings an expression renders as it stands (not those it passes to functions). */
function renderedStrings(node: ts.Node): { text: string; node: ts.Node }[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
    return [{ text: node.text, node }];
  }
  if (ts.isTemplateExpression(node)) {
    return [node.head, ...node.templateSpans.map((s) => s.literal)].map((part) => ({
      text: part.text,
      node,
    }));
  }
  if (ts.isParenthesizedExpression(node) || ts.isJsxExpression(node)) {
    return node.expression ? renderedStrings(node.expression) : [];
  }
  if (ts.isConditionalExpression(node)) {
    return [...renderedStrings(node.whenTrue), ...renderedStrings(node.whenFalse)];
  }
  if (ts.isBinaryExpression(node)) {
    const op = node.operatorToken.kind;
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return renderedStrings(node.right);
    if (op === ts.SyntaxKind.BarBarToken || op === ts.SyntaxKind.QuestionQuestionToken) {
      return [...renderedStrings(node.left), ...renderedStrings(node.right)];
    }
    if (op === ts.SyntaxKind.PlusToken) {
      return [...renderedStrings(node.left), ...renderedStrings(node.right)];
    }
  }
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties.flatMap((p) =>
      ts.isPropertyAssignment(p) && WORDY_PROPERTIES.has(p.name.getText())
        ? renderedStrings(p.initializer)
        : [],
    );
  }
  return [];
}

/** "file:line: text" for each word written into the file's JSX. */
export function hardCodedWords(path: string, source: string): string[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, raw: string): void => {
    // JSX text keeps its entities ("&nbsp;"): they are signs too.
    const text = raw.replace(/&[a-z]+;/gi, ' ');
    if (!LETTER.test(text)) return;
    const { line } = file.getLineAndCharacterOfPosition(node.getStart(file));
    found.push(`${path}:${line + 1}: ${text.trim().replace(/\s+/g, ' ')}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) {
      report(node, node.text);
    } else if (ts.isJsxExpression(node) && !ts.isJsxAttribute(node.parent)) {
      for (const s of renderedStrings(node)) report(s.node, s.text);
    } else if (ts.isJsxAttribute(node) && node.initializer) {
      const name = node.name.getText(file);
      if (WORDY_ATTRIBUTES.has(name) || name === 'back') {
        for (const s of renderedStrings(node.initializer)) report(s.node, s.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('the app’s words live in the message catalogue', () => {
  it('finds words written into JSX (the check itself)', () => {
    const sample = [
      'const a = <p>Saved</p>;',
      'const b = <input placeholder="Name" aria-label={x ? "Close" : t.y} />;',
      'const c = <p>{ok ? t.a : `Sending ${n}`}</p>;',
      'const d = <Screen title={t.x} back={{ to: r, label: "Back" }} />;',
      'const e = <p className="form-message">{t.ok} · {count} × {"—"}</p>;',
      'const f = <a href={href({ name: "items" })}>{f("not shown")}</a>;',
    ].join('\n');
    expect(hardCodedWords('sample.tsx', sample).map((s) => s.split(': ')[1])).toEqual([
      'Saved',
      'Name',
      'Close',
      'Sending',
      'Back',
    ]);
  });

  it('src/app has none outside the catalogue', () => {
    const files = componentFiles(APP).filter((f) => !(relative('.', f) in NOT_YET));
    expect(files.length).toBeGreaterThan(30);
    const found = files.flatMap((f) => hardCodedWords(relative('.', f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});
