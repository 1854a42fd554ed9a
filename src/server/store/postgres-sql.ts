/**
 * A tagged template for parameterised SQL: values become `$n` placeholders, never text, and
 * fragments nest, so a statement can be assembled from parts without string concatenation.
 *
 *   render(sql`UPDATE items SET quantity = ${q} WHERE id = ${id}`)
 *     → { text: 'UPDATE items SET quantity = $1 WHERE id = $2', values: [q, id] }
 */
export class Fragment {
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
  ) {}
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Fragment {
  return new Fragment(strings, values);
}

export function render(fragment: Fragment): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const walk = (f: Fragment): string =>
    f.strings.reduce((text, part, i) => {
      if (i === 0) return part;
      const value = f.values[i - 1];
      if (value instanceof Fragment) return text + walk(value) + part;
      values.push(value);
      return `${text}$${values.length}${part}`;
    }, '');
  return { text: walk(fragment), values };
}

/** Statement names by text, shared by every connection: each connection parses a name once. */
const names = new Map<string, string>();

/**
 * A named statement: each connection parses and plans it once and then only binds values (pg
 * prepares a named query on first use per connection). For the statements on the hot path; the
 * text has a bounded number of shapes, so the map stays small. Prepared statements list their
 * columns (never `*`), so a later migration cannot change a cached plan's result type.
 */
export function prepared(fragment: Fragment): { name: string; text: string; values: unknown[] } {
  const { text, values } = render(fragment);
  let name = names.get(text);
  if (name === undefined) {
    name = `stockroom_${names.size + 1}`;
    names.set(text, name);
  }
  return { name, text, values };
}
