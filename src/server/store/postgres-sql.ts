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
