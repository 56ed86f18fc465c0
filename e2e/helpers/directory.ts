// The local provider's directory of the e2e stack (#29.3, apps/idp/CONTEXT.md): which groups each
// account is in, `STACK_DATA_DIR/idp/directory-groups.json` (account id → group names). A spec
// changes it while the stack runs; the provider puts the change into the next token, and the
// portal server applies it at the next sign-in.
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export type Directory = Record<string, string[]>;

function directoryFile(): string {
  const dataDir = process.env.STACK_DATA_DIR;
  if (dataDir === undefined || dataDir === '') throw new Error('STACK_DATA_DIR is not set (e2e/playwright.config.ts)');
  return join(dataDir, 'idp', 'directory-groups.json');
}

export async function readDirectory(): Promise<Directory> {
  return JSON.parse(await readFile(directoryFile(), 'utf8')) as Directory;
}

/** Replaces the whole file at once (a new file renamed over it: the provider never reads half of it). */
export async function writeDirectory(directory: Directory): Promise<void> {
  const file = directoryFile();
  await writeFile(`${file}.tmp`, `${JSON.stringify(directory, null, 2)}\n`);
  await rename(`${file}.tmp`, file);
}

/** The directory's groups of one account, from now on. */
export async function setGroups(accountId: string, groups: readonly string[]): Promise<void> {
  await writeDirectory({ ...(await readDirectory()), [accountId]: [...groups] });
}
