// The user's own sessions as the portal server lists them (settings → security, issue #20.5):
// each signed-in browser with its device and last use. Decoded fail-closed: an answer that is
// not this shape is refused whole (the page shows the generic error, never half a list).
import { array, boolean, decodeOrUndefined, literals, string, struct, type DecodedOf } from './decode.ts';

const timestamp = string({ maxLength: 40 });
const mySession = struct({
  /** A public handle of the session (opens nothing). */
  id: string({ minLength: 1, maxLength: 64 }),
  device: struct({
    browser: string({ maxLength: 100 }),
    os: string({ maxLength: 100 }),
    type: literals(['desktop', 'mobile', 'tablet', 'unknown'] as const),
  }),
  createdAt: timestamp,
  lastSeenAt: timestamp,
  current: boolean,
});
const mySessionsAnswer = struct({ sessions: array(mySession, 1000) });

export type MySession = DecodedOf<typeof mySession>;

/** The list of `GET /auth/sessions`, or undefined when the answer is not that shape. */
export function decodeMySessions(value: unknown): readonly MySession[] | undefined {
  const decoded = decodeOrUndefined(mySessionsAnswer, value);
  if (
    decoded === undefined ||
    decoded.sessions.some((s) => Number.isNaN(Date.parse(s.createdAt)) || Number.isNaN(Date.parse(s.lastSeenAt)))
  )
    return undefined;
  return decoded.sessions;
}

/** The count of `POST /auth/sessions/end-others`. */
export function decodeEndedCount(value: unknown): number | undefined {
  const ended = (value as { ended?: unknown } | null)?.ended;
  return typeof ended === 'number' && Number.isInteger(ended) && ended >= 0 ? ended : undefined;
}
