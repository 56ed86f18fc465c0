import { avatarColor, avatarInitials, type AvatarColor } from '@portal/core';
import { cx } from '../lib/cx.ts';

/** Palette tokens of core's `avatarColor(name)`. */
export type AvatarColorToken = AvatarColor;

const backgrounds: Record<AvatarColorToken, string> = {
  'avatar-1': 'bg-avatar-1',
  'avatar-2': 'bg-avatar-2',
  'avatar-3': 'bg-avatar-3',
  'avatar-4': 'bg-avatar-4',
  'avatar-5': 'bg-avatar-5',
  'avatar-6': 'bg-avatar-6',
  'avatar-7': 'bg-avatar-7',
  'avatar-8': 'bg-avatar-8',
};

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl' } as const;

export interface AvatarProps {
  /** The person's full name: the accessible name of the avatar. */
  readonly name: string;
  /** Initials; core's `avatarInitials(name)` (first and last word) when left out or `undefined`. */
  readonly initials?: string | undefined;
  /** Colour token; core's `avatarColor(name)` when left out or `undefined`. */
  readonly color?: AvatarColorToken | undefined;
  readonly size?: keyof typeof sizes;
  /** Hide from assistive technology when the name is written next to it. */
  readonly decorative?: boolean;
}

/** A round badge with a person's initials on a colour derived from the name. */
export function Avatar({ name, initials, color, size = 'md', decorative = false }: AvatarProps) {
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cx(
        'inline-flex shrink-0 select-none items-center justify-center rounded-full font-semibold text-on-avatar',
        backgrounds[color ?? avatarColor(name)],
        sizes[size],
      )}
    >
      {initials ?? avatarInitials(name)}
    </span>
  );
}
