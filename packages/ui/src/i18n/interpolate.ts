/** Messages of the ui namespace: nested objects of strings (i18next's JSON v4 layout). */
export interface UiMessages {
  readonly [key: string]: string | UiMessages;
}

/** Replaces `{name}` placeholders with their values; unknown placeholders stay as they are. */
export function interpolate(text: string, vars?: Readonly<Record<string, string | number>>): string {
  if (vars === undefined) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = vars[name];
    return value === undefined ? whole : String(value);
  });
}

/** Looks up a dotted key (`pagination.range`) in nested messages. */
export function lookup(messages: UiMessages, key: string): string | undefined {
  let node: string | UiMessages | undefined = messages;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A translate function over plain messages with `{var}` interpolation, falling back to
 * the second set of messages (German) and then to the key. For stories and tests; the
 * portal uses i18next.
 */
export function createUiT(messages: UiMessages, fallback?: UiMessages) {
  return (key: string, vars?: Readonly<Record<string, string | number>>): string => {
    const text = lookup(messages, key) ?? (fallback === undefined ? undefined : lookup(fallback, key));
    return text === undefined ? key : interpolate(text, vars);
  };
}

/** Every dotted key of a message tree, sorted. */
export function flattenKeys(messages: UiMessages, prefix = ''): string[] {
  const keys: string[] = [];
  for (const [name, value] of Object.entries(messages)) {
    const key = prefix === '' ? name : `${prefix}.${name}`;
    if (typeof value === 'string') keys.push(key);
    else keys.push(...flattenKeys(value, key));
  }
  return keys.sort();
}

/** The `{placeholders}` of a message, sorted and unique. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? ''))].sort();
}
