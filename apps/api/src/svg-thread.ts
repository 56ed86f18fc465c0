// Logos are sanitised off the event loop (#28.2): a 2 MB logo of flat elements holds jsdom and
// DOMPurify for about 20 s, and the API would answer nothing else meanwhile. One worker thread,
// started on the first upload (it loads jsdom once, as the main thread did), takes the uploads one
// after another; it keeps no process alive. A worker that fails fails the uploads it held and is
// started anew on the next.
import { Worker } from 'node:worker_threads';
import { SvgError } from './svg.ts';
import type { SvgProblem } from './svg.ts';

export interface SvgRequest {
  readonly id: number;
  readonly bytes: Uint8Array;
}

export type SvgAnswer =
  | { readonly id: number; readonly svg: string }
  | { readonly id: number; readonly problem?: SvgProblem; readonly message: string };

interface Pending {
  readonly resolve: (svg: string) => void;
  readonly reject: (error: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let lastId = 0;

function started(): Worker {
  if (worker !== undefined) return worker;
  const thread = new Worker(new URL('./svg-worker.ts', import.meta.url));
  thread.unref();
  const fail = (error: Error) => {
    if (worker === thread) worker = undefined;
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  thread.on('message', (answer: SvgAnswer) => {
    const p = pending.get(answer.id);
    if (p === undefined) return;
    pending.delete(answer.id);
    if ('svg' in answer) p.resolve(answer.svg);
    else
      p.reject(answer.problem === undefined ? new Error(answer.message) : new SvgError(answer.problem, answer.message));
  });
  thread.on('error', fail);
  thread.on('exit', (code) => fail(new Error(`the logo sanitiser's thread ended (${code})`)));
  worker = thread;
  return thread;
}

/** `sanitizeSvg` in the worker thread: the sanitised SVG text, or an SvgError. */
export function sanitizeSvgOffThread(bytes: Uint8Array): Promise<string> {
  const thread = started();
  const id = ++lastId;
  return new Promise<string>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.postMessage({ id, bytes } satisfies SvgRequest);
  });
}
