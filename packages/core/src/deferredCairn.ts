import type { ResolvedOptions } from './options.ts';
import type { ThemeStore } from './stores/theme.ts';
import { whenIdle } from './whenIdle.ts';

/** What the connect button needs for its first paint, known before the instance is assembled. */
export interface FirstPaint {
  /** SPEC §4: a remembered connection shows as reconnecting from the first paint. */
  status: 'disconnected' | 'reconnecting';
  /** The instance's theme store (the same one `stores.theme` gives once assembled). */
  theme: ThemeStore;
}

const unassembled = new WeakMap<object, FirstPaint>();

/**
 * Issue 29: an instance whose stores, context and methods are made on its first use (any property
 * but `options`: a store read, a method, the button's hover or click) or when the browser is next
 * idle (at the latest 200 ms), whichever comes first; assembling then starts it up at once. Until
 * then `firstPaint` answers the button, so the page's first paint runs none of the core's set-up.
 */
export function deferUntilUsed<Cairn extends { options: ResolvedOptions }>(options: ResolvedOptions, paint: FirstPaint, assemble: (startUpAtOnce: boolean) => Cairn): Cairn {
  let assembled: Cairn | undefined;
  const cancelIdle = whenIdle(() => instance(true), 200);
  const instance = (startUpAtOnce = false): Cairn => {
    if (!assembled) {
      cancelIdle();
      unassembled.delete(facade);
      assembled = assemble(startUpAtOnce);
    }
    return assembled;
  };
  const facade = new Proxy({} as Cairn, {
    get: (_, key) => (key === 'options' ? options : Reflect.get(instance(), key)),
    has: (_, key) => Reflect.has(instance(), key),
    ownKeys: () => Reflect.ownKeys(instance()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(instance(), key),
    set: (_, key, value) => Reflect.set(instance(), key, value),
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(instance(), key, descriptor),
    deleteProperty: (_, key) => Reflect.deleteProperty(instance(), key),
  });
  unassembled.set(facade, paint);
  return facade;
}

/** The button's first paint while `cairn` is not assembled yet; undefined once it is (read its stores). */
export function firstPaint(cairn: object): FirstPaint | undefined {
  return unassembled.get(cairn);
}
