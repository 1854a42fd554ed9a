import type { Store } from '../../../src/server/store/store';

/** `store` with some methods replaced; every other one still runs on `store` itself. */
export function override(store: Store, overrides: Partial<Store>): Store {
  return new Proxy(store, {
    get(target, key) {
      if (Object.hasOwn(overrides, key)) return overrides[key as keyof Store];
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
}
