// The small platform ports of core (architecture §3) on Web APIs: time, CSPRNG bytes,
// SHA-256, the address bar and the chunk-reload marker (sessionStorage, never localStorage).

import type { Clock, Digest, MarkerStore, Navigator, Random } from '@portal/core';

export function createSystemClock(): Clock {
  return {
    now: () => Date.now(),
    setTimeout: (callback, delayMs) => setTimeout(callback, delayMs),
    clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  };
}

/** Bytes from `crypto.getRandomValues` (core draws its 62-character strings from these with rejection sampling). */
export function createCryptoRandom(source: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): Random {
  return {
    bytes(length) {
      const out = new Uint8Array(length);
      // getRandomValues fills at most 65,536 bytes per call.
      for (let at = 0; at < length; at += 65_536)
        source.getRandomValues(out.subarray(at, Math.min(length, at + 65_536)));
      return out;
    },
  };
}

export function createSubtleDigest(subtle: SubtleCrypto = globalThis.crypto.subtle): Digest {
  return {
    sha256: async (data) => new Uint8Array(await subtle.digest('SHA-256', new Uint8Array(data))),
  };
}

/** The address bar of a window. */
export function createWindowNavigator(win: Pick<Window, 'location' | 'history'> = window): Navigator {
  return {
    currentUrl: () => win.location.href,
    redirect: (url) => win.location.assign(url),
    replace: (url) => win.history.replaceState(win.history.state, '', url),
    reload: () => win.location.reload(),
  };
}

/** The chunk-reload marker in sessionStorage (per tab); failures (storage blocked) read as absent. */
export function createSessionMarkerStore(
  storage: Pick<Storage, 'getItem' | 'setItem'> | undefined = globalThis.sessionStorage,
): MarkerStore {
  return {
    get(key) {
      try {
        return storage?.getItem(key) ?? undefined;
      } catch {
        return undefined;
      }
    },
    set(key, value) {
      try {
        storage?.setItem(key, value);
      } catch {
        // Storage blocked or full: the marker is best effort.
      }
    },
  };
}
