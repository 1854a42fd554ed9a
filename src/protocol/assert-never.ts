/**
 * The one exhaustiveness check: every `switch` over a union ends in `default: return
 * assertNever(value)`. It compiles only when every case is handled (the value left is `never`), and
 * if a value the types rule out arrives anyway (data from an older version, a cast), it fails loudly
 * instead of falling through.
 */
export function assertNever(value: never): never {
  throw new Error(`unhandled value ${JSON.stringify(value)}`);
}
