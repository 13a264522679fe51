/** Where the frame keeps its login token: the frame origin's storage, which the site's scripts cannot read. */
export interface LoginTokenStore {
  get(): string | undefined;
  set(token: string | undefined): void;
}

const KEY = '@cairn-frame/login';
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** The frame origin's localStorage (a corrupted value reads as none and is dropped). */
export function localLoginTokenStore(storage: Storage): LoginTokenStore {
  return {
    get() {
      const value = storage.getItem(KEY) ?? undefined;
      if (value !== undefined && !TOKEN.test(value)) {
        storage.removeItem(KEY);
        return undefined;
      }
      return value;
    },
    set(token) {
      if (token === undefined) storage.removeItem(KEY);
      else storage.setItem(KEY, token);
    },
  };
}

export function memoryLoginTokenStore(): LoginTokenStore {
  let token: string | undefined;
  return {
    get: () => token,
    set: (value) => {
      token = value;
    },
  };
}
