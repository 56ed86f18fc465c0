import { describe, expect, it } from 'vitest';
import { chunkReloadMarkerKey, isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';
import { createFakeClock, createFakeNavigator, createMemoryMarkerStore } from '../testing/index.ts';

const setup = (url = 'http://localhost:5173/admin') => {
  const ports = {
    clock: createFakeClock(),
    navigator: createFakeNavigator(url),
    markerStore: createMemoryMarkerStore(),
  };
  return ports;
};

describe('chunk-load guard', () => {
  it('reloads at most once per 60 seconds', () => {
    const ports = setup();
    expect(reloadAfterChunkError(ports)).toBe('reloaded');
    ports.clock.advance(59_999);
    expect(reloadAfterChunkError(ports)).toBe('tooSoon');
    ports.clock.advance(1);
    expect(reloadAfterChunkError(ports)).toBe('reloaded');
    expect(ports.navigator.log.filter((e) => e.kind === 'reload')).toHaveLength(2);
  });

  it('never reloads with an unused code in the address', () => {
    const ports = setup('http://localhost:5173/auth/login?code=abc&state=s');
    expect(reloadAfterChunkError(ports)).toBe('codeInAddress');
    expect(ports.navigator.log).toEqual([]);
  });

  it('ignores a broken or future marker', () => {
    const ports = setup();
    ports.markerStore.set(chunkReloadMarkerKey, 'garbage');
    expect(reloadAfterChunkError(ports)).toBe('reloaded');
    ports.markerStore.set(chunkReloadMarkerKey, String(ports.clock.now() + 3_600_000));
    expect(reloadAfterChunkError(ports)).toBe('reloaded');
  });

  it('recognises chunk load errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'))).toBe(true);
    expect(isChunkLoadError(Object.assign(new Error('Loading chunk 3 failed'), { name: 'ChunkLoadError' }))).toBe(true);
    expect(isChunkLoadError('Importing a module script failed.')).toBe(true);
    expect(isChunkLoadError(new Error('other'))).toBe(false);
    expect(isChunkLoadError(42)).toBe(false);
  });
});
