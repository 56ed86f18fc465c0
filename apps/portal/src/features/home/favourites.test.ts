import { describe, expect, it, vi } from 'vitest';
import type { MyApplication } from '@portal/adapters';
import { createFavouritesWriter, storedFavourites } from './favourites.ts';

const app = (id: string, favouritePosition?: number, accessStatus: MyApplication['accessStatus'] = 'granted') =>
  ({
    id,
    clientId: id,
    label: id,
    url: '',
    sortNumber: 0,
    internal: false,
    accessStatus,
    ...(favouritePosition === undefined ? {} : { favouritePosition }),
  }) satisfies MyApplication;

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('favourites of the home page', () => {
  it('reads the stored order from the list, granted tiles only', () => {
    expect(storedFavourites([app('a', 1), app('b'), app('c', 0), app('d', 2, 'requested')])).toEqual(['c', 'a']);
  });

  it('writes one change at a time, and only the newest of those that waited', async () => {
    const writes: { ids: readonly string[]; answer: ReturnType<typeof deferred<readonly string[]>> }[] = [];
    const stored = vi.fn();
    const write = createFavouritesWriter(
      (ids) => {
        const answer = deferred<readonly string[]>();
        writes.push({ ids, answer });
        return answer.promise;
      },
      { stored, failed: vi.fn() },
    );
    write(['a']);
    write(['a', 'b']);
    write(['b', 'a']);
    expect(writes.map((w) => w.ids)).toEqual([['a']]);
    writes[0]?.answer.resolve(['a']);
    await vi.waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]?.ids).toEqual(['b', 'a']);
    writes[1]?.answer.resolve(['b', 'a']);
    await vi.waitFor(() => expect(stored).toHaveBeenLastCalledWith(['b', 'a']));
    expect(stored).toHaveBeenCalledTimes(2);
  });

  it('reports a failed write unless a newer change is on its way', async () => {
    const failed = vi.fn();
    const answers = [deferred<readonly string[]>(), deferred<readonly string[]>()];
    let call = 0;
    const write = createFavouritesWriter(() => (answers[call++] ?? deferred<readonly string[]>()).promise, {
      stored: vi.fn(),
      failed,
    });
    write(['a']);
    write(['b']);
    answers[0]?.reject(new Error('offline'));
    await vi.waitFor(() => expect(call).toBe(2));
    expect(failed).not.toHaveBeenCalled();
    const error = new Error('still offline');
    answers[1]?.reject(error);
    await vi.waitFor(() => expect(failed).toHaveBeenCalledWith(error));
  });
});
