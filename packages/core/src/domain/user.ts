// The signed-in user and the pure helpers the UI shows about people (spec §2, §3).

/** Custom data carried in the ID token (`hkData` claim), after fail-closed decoding. */
export interface HkData {
  readonly attributes: {
    readonly firstName: string;
    readonly lastName: string;
  };
  readonly permissions: readonly string[];
  /** Internal company account: cannot change e-mail or password (spec §6). */
  readonly internal: boolean;
}

export interface SignedInUser {
  /**
   * The directory's id of the ID token's `sub` at its `iss` (ADR 0029): the `sub` itself where it
   * is a UUID, else a name-based UUID of both; the API names the user so too.
   */
  readonly id: string;
  /** `iss` of the ID token. */
  readonly issuer: string;
  readonly email?: string;
  readonly fullName: string;
  readonly hkData: HkData;
}

/** Full name = first name plus last name, trimmed (spec §3). */
export function fullName(firstName: string | undefined, lastName: string | undefined): string {
  return `${(firstName ?? '').trim()} ${(lastName ?? '').trim()}`.trim();
}

/** Initials from the first and the last word of a name, upper-cased; '' for an empty name. */
export function avatarInitials(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((w) => w.length > 0);
  if (words.length === 0) return '';
  // Words are non-empty: their first code point exists.
  const initial = (word: string) => String.fromCodePoint(word.codePointAt(0) as number).toUpperCase();
  const first = words[0] as string;
  const last = words[words.length - 1] as string;
  return words.length === 1 ? initial(first) : initial(first) + initial(last);
}

/** Token names of the avatar palette; the UI maps each to a colour of its theme. */
export const avatarPalette = [
  'avatar-1',
  'avatar-2',
  'avatar-3',
  'avatar-4',
  'avatar-5',
  'avatar-6',
  'avatar-7',
  'avatar-8',
] as const;
export type AvatarColor = (typeof avatarPalette)[number];

/** Stable index in [0, size) derived from a name (FNV-1a over its code points, case-insensitive). */
export function avatarColorIndex(name: string, size: number = avatarPalette.length): number {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('size must be a positive integer');
  let hash = 0x811c9dc5;
  for (const ch of name.trim().toLowerCase()) {
    hash ^= ch.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % size;
}

/** The palette token for a name: the same name always gets the same token. */
export function avatarColor(name: string): AvatarColor {
  return avatarPalette[avatarColorIndex(name, avatarPalette.length)] as AvatarColor;
}

export type Greeting = 'morning' | 'day' | 'evening';

/** Greeting by local hour (0–23): morning before 12, day before 18, evening otherwise. */
export function greeting(hour: number): Greeting {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 18) return 'day';
  return 'evening';
}
