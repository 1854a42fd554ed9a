/**
 * A cold visit to the sign-in screen downloads the main chunk: the modules main.tsx imports
 * statically (type-only imports and `import()` aside). The words of the screens behind sign-in
 * (src/app/i18n/en.ts) and every other language's catalogue are chunks of their own, loaded when
 * in use (src/app/i18n/catalogues.ts): one static import of them would put them back into every
 * first visit (bench figure `first_load_kb`).
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { resolveImport } from './import-graph';

const root = resolve(import.meta.dirname, '../..');

/** The modules `file` imports for their values: no type-only imports, no `import()`. */
function valueImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      const bindings = clause?.namedBindings;
      const onlyTypes =
        clause?.isTypeOnly === true ||
        (clause?.name === undefined &&
          bindings !== undefined &&
          ts.isNamedImports(bindings) &&
          bindings.elements.every((element) => element.isTypeOnly));
      if (!onlyTypes) specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    } else if (
      ts.isExportDeclaration(statement) &&
      statement.moduleSpecifier &&
      !statement.isTypeOnly
    ) {
      specifiers.push((statement.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specifiers.flatMap((specifier) => resolveImport(file, specifier) ?? []);
}

function staticClosure(entry: string): Set<string> {
  const found = new Set<string>();
  const visit = (file: string): void => {
    if (found.has(file)) return;
    found.add(file);
    for (const imported of valueImports(file)) visit(imported);
  };
  visit(entry);
  return new Set([...found].map((file) => relative(root, file)));
}

describe('the main chunk', () => {
  const main = staticClosure(resolve(root, 'src/app/main.tsx'));

  it('holds the sign-in screen and English’s shell words', () => {
    expect(main).toContain('src/app/screens/sign-in-screen.tsx');
    expect(main).toContain('src/app/i18n/en-shell.ts');
  });

  it('leaves out the screens’ words and the other languages', () => {
    expect(main).not.toContain('src/app/i18n/en.ts');
    expect(main).not.toContain('src/app/i18n/de.ts');
  });
});
