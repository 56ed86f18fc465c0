// The directory's groups (#29.3): which groups each account is in, as Entra ID or Keycloak hold
// them for the members of a workforce tenant. Kept as JSON in the data directory
// (`IDP_DATA_DIR/directory-groups.json`: account id → group names), created from the demo
// identities on the first start, and read again whenever the file changed: a developer or a test
// edits it while the provider runs, and the next token carries the change.
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };

export const DIRECTORY_FILE = 'directory-groups.json';

/** Account id → the names of the groups the account is in. */
export type GroupMembership = ReadonlyMap<string, readonly string[]>;

/** The demo directory: every internal demo account with the groups identities.json gives it. */
export function defaultDirectory(): Record<string, string[]> {
  return Object.fromEntries(
    identities.accounts.filter((a) => a.internal).map((a) => [a.id, 'groups' in a ? [...a.groups] : []]),
  );
}

/** The file's text as a membership; throws an Error saying what is wrong with it. */
export function parseDirectory(text: string): GroupMembership {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new Error(`not JSON (${(error as Error).message})`, { cause: error });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('must be a JSON object of account id → list of group names');
  const membership = new Map<string, readonly string[]>();
  for (const [accountId, groups] of Object.entries(parsed)) {
    if (!Array.isArray(groups) || !groups.every((g): g is string => typeof g === 'string' && g.trim() !== ''))
      throw new Error(`the groups of "${accountId}" must be a list of group names`);
    membership.set(accountId, [...new Set(groups)]);
  }
  return membership;
}

export class DirectoryGroups {
  readonly file: string;
  readonly #log: (line: string) => void;
  /** The file's identity and change time when it was last read (undefined: never; 'missing': no file). */
  #version: string | undefined;
  #membership: GroupMembership = new Map();

  private constructor(file: string, log: (line: string) => void) {
    this.file = file;
    this.#log = log;
  }

  /** Opens the directory of `dataDir`, writing the demo directory when there is no file yet. */
  static async open(dataDir: string, options: { log?: (line: string) => void } = {}): Promise<DirectoryGroups> {
    await mkdir(dataDir, { recursive: true });
    const file = join(dataDir, DIRECTORY_FILE);
    try {
      await writeFile(file, `${JSON.stringify(defaultDirectory(), null, 2)}\n`, { flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    return new DirectoryGroups(file, options.log ?? ((line) => console.error(line)));
  }

  /**
   * The groups of an account as the file says now. The file is read again only when it changed
   * (inode, size or modification time); a file that cannot be read as a directory is reported
   * once and the groups read before stay in use; no file: no account is in any group.
   */
  async groupsOf(accountId: string): Promise<readonly string[]> {
    await this.#refresh();
    return this.#membership.get(accountId) ?? [];
  }

  async #refresh(): Promise<void> {
    let version: string;
    try {
      const s = await stat(this.file, { bigint: true });
      version = `${s.ino}:${s.size}:${s.mtimeNs}`;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      this.#version = 'missing';
      this.#membership = new Map();
      return;
    }
    if (version === this.#version) return;
    this.#version = version;
    try {
      this.#membership = parseDirectory(await readFile(this.file, 'utf8'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.#membership = new Map();
        return;
      }
      this.#log(`[idp] ${this.file}: ${(error as Error).message}; the groups read before stay in use`);
    }
  }
}
