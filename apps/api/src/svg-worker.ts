// The worker thread that sanitises logos (src/svg-thread.ts starts it): jsdom and DOMPurify cost
// about 0.1 ms per element, seconds for a 2 MB logo, which the API's event loop must not wait for.
import { parentPort } from 'node:worker_threads';
import { SvgError, sanitizeSvg } from './svg.ts';
import type { SvgAnswer, SvgRequest } from './svg-thread.ts';

const port = parentPort;
if (port === null) throw new Error('svg-worker.ts runs as a worker thread only');

port.on('message', ({ id, bytes }: SvgRequest) => {
  sanitizeSvg(bytes).then(
    (svg) => port.postMessage({ id, svg } satisfies SvgAnswer),
    (error: unknown) =>
      port.postMessage({
        id,
        ...(error instanceof SvgError ? { problem: error.problem } : {}),
        message: error instanceof Error ? error.message : String(error),
      } satisfies SvgAnswer),
  );
});
