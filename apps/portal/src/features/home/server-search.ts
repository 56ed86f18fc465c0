// The quick launcher's search on the server (#20.1): asked 200 ms after the last change of
// the search text, only the answer to the text still typed is shown; a failed search counts
// as a failure with nothing found (the dialog says so and keeps its other results).
import { useEffect, useState } from 'react';

export interface ServerSearchResult<T> {
  readonly hits: readonly T[];
  /** A part (or all) of the search failed. */
  readonly failed: boolean;
}

export type ServerSearch<T> = (query: string) => Promise<ServerSearchResult<T>>;

export interface ServerSearchState<T> extends ServerSearchResult<T> {
  /** Asked or about to be asked, not answered yet. */
  readonly searching: boolean;
}

const searchDelayMs = 200;

const idle = { hits: [], failed: false, searching: false } as const;

export function useServerSearch<T>(
  search: ServerSearch<T> | undefined,
  query: string,
  delayMs = searchDelayMs,
): ServerSearchState<T> {
  const text = query.trim();
  const [answer, setAnswer] = useState<(ServerSearchResult<T> & { readonly text: string }) | undefined>();
  useEffect(() => {
    if (search === undefined || text === '') return undefined;
    let live = true;
    const timer = setTimeout(() => {
      search(text).then(
        (result) => {
          if (live) setAnswer({ text, hits: result.hits, failed: result.failed });
        },
        () => {
          if (live) setAnswer({ text, hits: [], failed: true });
        },
      );
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [search, text, delayMs]);
  if (search === undefined || text === '') return idle;
  return answer?.text === text
    ? { hits: answer.hits, failed: answer.failed, searching: false }
    : { hits: [], failed: false, searching: true };
}
