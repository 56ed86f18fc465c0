// The accounts the provider can sign in: e-mail, password hash, internal marker.
// Seeded from the demo identities on first start and kept as JSON in the data directory,
// so a changed password or e-mail address survives a restart.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import identities from '@portal/contract/demo-identities.json' with { type: 'json' };
import { hashPassword, verifyPassword } from './password.ts';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  internal: boolean;
}

export interface DemoAccount {
  email: string;
  kind: string;
  name: string;
}

export const demoPassword: string = identities.password;

export const demoAccounts: DemoAccount[] = identities.accounts.map((a) => ({
  email: a.email,
  kind: a.kind,
  name: `${a.firstName} ${a.lastName}`.trim(),
}));

const normalise = (email: string) => email.trim().toLowerCase();

export class AccountStore {
  readonly #file: string;
  #accounts: Account[] = [];
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string) {
    this.#file = file;
  }

  static async open(dataDir: string): Promise<AccountStore> {
    await mkdir(dataDir, { recursive: true });
    const store = new AccountStore(join(dataDir, 'accounts.json'));
    try {
      store.#accounts = JSON.parse(await readFile(store.#file, 'utf8')) as Account[];
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      store.#accounts = await Promise.all(
        identities.accounts.map(async (a) => ({
          id: a.id,
          email: normalise(a.email),
          passwordHash: await hashPassword(identities.password),
          internal: a.internal,
        })),
      );
      await store.#save();
    }
    return store;
  }

  byId(id: string): Account | undefined {
    return this.#accounts.find((a) => a.id === id);
  }

  byEmail(email: string): Account | undefined {
    const wanted = normalise(email);
    return this.#accounts.find((a) => a.email === wanted);
  }

  /** The account when e-mail and password match, else undefined (same work either way). */
  async authenticate(email: string, password: string): Promise<Account | undefined> {
    const account = this.byEmail(email);
    const ok = await verifyPassword(password, account?.passwordHash ?? DUMMY_HASH);
    return ok && account ? account : undefined;
  }

  async setPassword(id: string, password: string): Promise<void> {
    const account = this.byId(id);
    if (!account) throw new Error(`unknown account ${id}`);
    account.passwordHash = await hashPassword(password);
    await this.#save();
  }

  async setEmail(id: string, email: string): Promise<void> {
    const account = this.byId(id);
    if (!account) throw new Error(`unknown account ${id}`);
    account.email = normalise(email);
    await this.#save();
  }

  #save(): Promise<void> {
    const body = JSON.stringify(this.#accounts, null, 2);
    const tmp = `${this.#file}.tmp`;
    this.#writing = this.#writing.then(async () => {
      await writeFile(tmp, body, { mode: 0o600 });
      await rename(tmp, this.#file);
    });
    return this.#writing;
  }
}

// A valid hash of a random string, so an unknown e-mail costs as much as a wrong password.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
