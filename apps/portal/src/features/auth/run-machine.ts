// Run one of core's auth machines to its final state and hand back its output.
import { createActor, type AnyStateMachine, type OutputFrom, type InputFrom, type EventFromLogic } from 'xstate';

export function runToOutput<M extends AnyStateMachine>(machine: M, input: InputFrom<M>, event: EventFromLogic<M>, clock?: Parameters<typeof createActor>[1] extends infer O ? O extends { clock?: infer C } ? C : never : never): Promise<OutputFrom<M>> {
  return new Promise((resolve, reject) => {
    const actor = createActor(machine, { input, ...(clock === undefined ? {} : { clock }) });
    actor.subscribe({
      complete: () => resolve((actor.getSnapshot() as { output?: unknown }).output as OutputFrom<M>),
      error: (error: unknown) => reject(error instanceof Error ? error : new Error(String(error))),
    });
    actor.start();
    actor.send(event);
  });
}
