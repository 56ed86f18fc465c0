// Coverage of a real machine by model-based tests: which state nodes were entered and
// which transitions (including eventless, delayed and invoke done/error ones) were taken.
// Attach `recorder.inspect` to every actor a test creates; compare with `allStates` and
// `allTransitions` of the machine at the end.

import type { AnyStateMachine, InspectionEvent } from 'xstate';

interface NodeLike {
  readonly id: string;
  readonly states: Readonly<Record<string, NodeLike>>;
  readonly transitions: ReadonlyMap<string, readonly TransitionLike[]>;
  readonly always?: readonly TransitionLike[];
}

interface TransitionLike {
  readonly source: NodeLike;
  readonly eventType: string;
  readonly target?: readonly { readonly id: string }[];
}

const normaliseEvent = (eventType: string) =>
  // Delayed transitions carry a generated id: keep the kind, not the id.
  eventType.startsWith('xstate.after.') ? `after:${eventType.split('.').slice(2, 3).join('')}` : eventType;

function keyOf(definition: TransitionLike): string {
  const source = definition.source;
  const list =
    definition.eventType === '' ? (source.always ?? []) : (source.transitions.get(definition.eventType) ?? []);
  const index = list.indexOf(definition);
  const targets = (definition.target ?? []).map((t) => t.id).join(',');
  return `${source.id} —${normaliseEvent(definition.eventType) || 'always'}[${index}]→ ${targets || '(self)'}`;
}

function walk(node: NodeLike, visit: (node: NodeLike) => void): void {
  visit(node);
  for (const child of Object.values(node.states)) walk(child, visit);
}

const rootOf = (machine: AnyStateMachine) => machine.root as unknown as NodeLike;

/** Ids of every state node below the root. */
function allStates(machine: AnyStateMachine): string[] {
  const ids: string[] = [];
  walk(rootOf(machine), (node) => {
    if (node !== rootOf(machine)) ids.push(node.id);
  });
  return ids.sort();
}

/** A key for every transition of the machine. */
function allTransitions(machine: AnyStateMachine): string[] {
  const keys: string[] = [];
  walk(rootOf(machine), (node) => {
    for (const definitions of node.transitions.values())
      for (const definition of definitions) keys.push(keyOf(definition));
    for (const definition of node.always ?? []) keys.push(keyOf(definition));
  });
  return keys.sort();
}

export interface CoverageRecorder {
  readonly inspect: (event: InspectionEvent) => void;
  readonly visitedStates: Set<string>;
  readonly takenTransitions: Set<string>;
  /** States and transitions of `machine` not yet covered. */
  missing(machine: AnyStateMachine): { readonly states: string[]; readonly transitions: string[] };
}

export function createCoverageRecorder(): CoverageRecorder {
  const visitedStates = new Set<string>();
  const takenTransitions = new Set<string>();
  const record = (snapshot: unknown) => {
    const nodes = (snapshot as { _nodes?: readonly { id: string }[] })._nodes ?? [];
    for (const node of nodes) visitedStates.add(node.id);
  };
  return {
    visitedStates,
    takenTransitions,
    inspect(event) {
      if (event.type === '@xstate.microstep') {
        record(event.snapshot);
        for (const definition of event._transitions as unknown as TransitionLike[]) {
          takenTransitions.add(keyOf(definition));
          // A transient state (left by an eventless transition in the same macrostep) never
          // shows in a snapshot: taking a transition out of it proves it was entered.
          visitedStates.add(definition.source.id);
        }
      }
      if (event.type === '@xstate.snapshot') record(event.snapshot);
    },
    missing(machine) {
      const root = rootOf(machine).id;
      return {
        states: allStates(machine).filter((id) => id !== root && !visitedStates.has(id)),
        transitions: allTransitions(machine).filter((key) => !takenTransitions.has(key)),
      };
    },
  };
}

/**
 * Options for `createTestModel(model, everyTransition)`: every (state, event) pair becomes
 * its own node, so shortest paths take every transition of the model, self-loops included
 * (the default serialisation merges transitions that keep the state value).
 */
export const everyTransition = {
  serializeTransition: (
    snapshot: { readonly value: unknown },
    event: { readonly type: string } | undefined,
    previous?: { readonly value: unknown },
  ): string =>
    event === undefined
      ? ''
      : ` via ${event.type} from ${JSON.stringify(previous?.value)} to ${JSON.stringify(snapshot.value)}`,
};
