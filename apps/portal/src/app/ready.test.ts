import { describe, expect, it } from 'vitest';
import { createReadySignal } from './ready.ts';

function scheduler() {
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  return {
    frames,
    tasks,
    env: { requestAnimationFrame: (cb: () => void) => frames.push(cb), setTimeout: (cb: () => void) => tasks.push(cb) },
    flush() {
      for (const cb of frames.splice(0)) cb();
      for (const cb of tasks.splice(0)) cb();
    },
  };
}

describe('the first route ready signal', () => {
  it('runs the waiting work only after the frame that shows the content, once', () => {
    const s = scheduler();
    const signal = createReadySignal(s.env);
    const ran: string[] = [];
    signal.whenReady(() => ran.push('prefetch'));
    signal.whenReady(() => ran.push('admin link'));
    expect(ran).toEqual([]);
    signal.mark();
    signal.mark();
    expect(ran).toEqual([]);
    expect(signal.isReady()).toBe(false);
    s.flush();
    expect(ran).toEqual(['prefetch', 'admin link']);
    expect(s.frames).toHaveLength(0);
    expect(signal.isReady()).toBe(true);
  });

  it('runs work at once when already ready', () => {
    const s = scheduler();
    const signal = createReadySignal(s.env);
    signal.mark();
    s.flush();
    const ran: number[] = [];
    signal.whenReady(() => ran.push(1));
    expect(ran).toEqual([1]);
  });

  it('without animation frames waits for a task', () => {
    const tasks: (() => void)[] = [];
    const signal = createReadySignal({ setTimeout: (cb) => tasks.push(cb) });
    signal.mark();
    expect(signal.isReady()).toBe(false);
    for (const cb of tasks) cb();
    expect(signal.isReady()).toBe(true);
  });
});
