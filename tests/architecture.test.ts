// Proves that the dependency table of the architecture document is enforced: a forbidden
// import makes the lint fail, an allowed one does not. Runs ESLint with the workspace's
// own configuration on code placed (virtually) inside each package.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
// The probes are virtual files the type checker cannot see: the rules that need types are off
// here (typescript-eslint's disableTypeChecked; the workspace's lint run proves them on the real
// files); so is the cycle check, proven on real files below.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked, { rules: { 'import-x/no-cycle': 'off' } }],
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const forbidden: [string, string, string][] = [
  ['packages/core/src/probe.ts', "import { useState } from 'react';", 'layers/imports'],
  ['packages/core/src/probe.ts', "import createClient from 'openapi-fetch';", 'layers/imports'],
  // Core derives its domain types from the contract's wire types, but imports no value from it (ADR 0015)
  // but its generated limits (ADR 0024): no validator, no decoder.
  ['packages/core/src/probe.ts', "import { paths } from '@portal/contract';", 'layers/imports'],
  ['packages/core/src/probe.ts', "import { Application } from '@portal/contract/validators';", 'layers/imports'],
  ['packages/core/src/probe.ts', "import { decodeWire } from '@portal/contract/decode';", 'layers/imports'],
  ['packages/core/src/probe.ts', "import { readFileSync } from 'node:fs';", 'layers/imports'],
  ['packages/core/src/probe.ts', "import { x } from '../../adapters/src/index.ts';", 'layers/imports'],
  ['packages/core/src/probe.ts', 'export const t = window.location.href;', 'no-restricted-globals'],
  ['packages/core/src/probe.ts', "export const r = fetch('/x');", 'no-restricted-globals'],
  ['packages/core/src/probe.ts', 'export const n = Math.random();', 'no-restricted-syntax'],
  ['packages/core/src/probe.ts', 'export const n = Date.now();', 'no-restricted-syntax'],
  ['packages/contract/src/probe.ts', "import { z } from 'effect';", 'layers/imports'],
  // Core has no Effect: it runs on the first route (ADR 0007); Effect is for the servers' long-running work.
  ['packages/core/src/probe.ts', "import { Schema } from 'effect';\nexport const s = Schema;", 'layers/imports'],
  ['packages/server/src/probe.ts', "import { createOidcIdentityProvider } from '@portal/adapters';", 'layers/imports'],
  ['packages/server/src/probe.ts', "import { useState } from 'react';", 'layers/imports'],
  ['packages/adapters/src/probe.ts', "import { useState } from 'react';", 'layers/imports'],
  ['packages/adapters/src/probe.ts', "import { Button } from '@portal/ui';", 'layers/imports'],
  ['packages/ui/src/probe.ts', "import { createHttp } from '@portal/adapters';", 'layers/imports'],
  ['packages/ui/src/probe.ts', "import type { paths } from '@portal/contract';", 'layers/imports'],
  ['apps/portal/src/probe.ts', "import { app } from '@portal/api';", 'layers/imports'],
  ['apps/api/src/probe.ts', "import { Button } from '@portal/ui';", 'layers/imports'],
  ['apps/api/src/probe.ts', "import { createHttp } from '@portal/adapters';", 'layers/imports'],
  ['apps/idp/src/probe.ts', "import { x } from '@portal/core';", 'layers/imports'],
  ['apps/idp/src/probe.ts', "import { x } from '../../api/src/main.ts';", 'layers/imports'],
  ['packages/ui/src/probe.tsx', 'export const A = () => <p>Hallo Welt</p>;', 'no-restricted-syntax'],
  ['apps/portal/src/features/settings/probe.ts', "import { x } from '../home/home-page.tsx';", 'layers/imports'],
  ['apps/portal/src/features/shared/probe.ts', "import { x } from '../settings/settings-page.tsx';", 'layers/imports'],
  ['packages/core/src/probe.ts', "export * from './other.ts';", 'no-restricted-syntax'],
];

const allowed: [string, string][] = [
  ['packages/core/src/probe.ts', "import { setup } from 'xstate';\nexport const s = setup;"],
  ['packages/core/src/probe.test.ts', "import { it } from 'vitest';\nit('x', () => {});"],
  [
    'packages/core/src/probe.ts',
    "import type { components } from '@portal/contract';\nexport type A = components['schemas']['Application'];",
  ],
  [
    'packages/core/src/probe.ts',
    "import { type components } from '@portal/contract';\nexport type A = components['schemas']['Application'];",
  ],
  // The limits the contract states, as values (ADR 0024).
  [
    'packages/core/src/probe.ts',
    "import { maxLength } from '@portal/contract/limits';\nexport const m = maxLength.parameters.Search;",
  ],
  ['packages/adapters/src/probe.ts', "import { setup } from '@portal/core';\nexport const s = setup;"],
  [
    'packages/ui/src/probe.tsx',
    "import { avatarInitials } from '@portal/core';\nexport const A = () => <p>{avatarInitials('A B')}</p>;",
  ],
  ['apps/portal/src/probe.ts', "import { Button } from '@portal/ui';\nexport const b = Button;"],
  ['apps/portal/src/features/settings/probe.ts', "import { Busy } from '../shared/busy.tsx';\nexport const b = Busy;"],
  ['apps/api/src/probe.ts', "import type { paths } from '@portal/contract';\nexport type P = paths;"],
  ['apps/api/src/probe.ts', "import { loadProvider } from '@portal/server';\nexport const l = loadProvider;"],
];

describe('the dependency table of architecture §2 is enforced by lint', () => {
  it.each(forbidden)('%s: `%s` fails with %s', async (file, code, rule) => {
    expect(await lint(file, code)).toContain(rule);
  });

  it.each(allowed)('%s: `%s` passes', async (file, code) => {
    const messages = await lint(file, code);
    expect(
      messages.filter((m) => m === 'layers/imports' || m === 'no-restricted-globals' || m === 'no-restricted-syntax'),
    ).toEqual([]);
  });
});

// Import cycles (ADR 0016): real files in a package of their own under the OS's temp folder,
// linted with the workspace's configuration file.
describe('an import cycle inside a package fails the lint', () => {
  const dir = mkdtempSync(join(tmpdir(), 'cycle-probe-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cycles = new ESLint({
    cwd: dir,
    overrideConfigFile: join(root, 'eslint.config.js'),
    overrideConfig: tseslint.configs.disableTypeChecked,
  });
  writeFileSync(join(dir, 'package.json'), '{ "name": "cycle-probe", "type": "module" }');
  const files: Record<string, string> = {
    'a.ts': "import { b } from './b.ts';\nexport const a = (): number => b() + 1;",
    'b.ts': "import { c } from './c.ts';\nexport const b = (): number => c();",
    'c.ts': "import { a } from './a.ts';\nexport const c = (): number => (a.length > 0 ? 1 : 0);",
    'table.ts':
      "export const link = (id: string): string => `/x/${id}`;\nexport const page = () => import('./page.ts');",
    'page.ts': "import { link } from './table.ts';\nexport const href = link('1');",
    'kinds.ts':
      "import type { Shape } from './shape.ts';\nexport const kinds = ['round'] as const;\nexport type Kind = Shape['kind'];",
    'shape.ts': "import { kinds } from './kinds.ts';\nexport interface Shape { kind: (typeof kinds)[number] }",
  };
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, name), code);
  const cycleMessages = async (file: string) =>
    (await cycles.lintFiles([join(dir, file)]))
      .flatMap((r) => r.messages)
      .filter((m) => m.ruleId === 'import-x/no-cycle');

  it('a → b → c → a fails with import-x/no-cycle', async () => {
    expect(await cycleMessages('a.ts')).toHaveLength(1);
  });
  it('a cycle through a lazy import() (a route table and its page) passes', async () => {
    expect(await cycleMessages('page.ts')).toEqual([]);
    expect(await cycleMessages('table.ts')).toEqual([]);
  });
  it('a cycle through a type-only import passes', async () => {
    expect(await cycleMessages('shape.ts')).toEqual([]);
    expect(await cycleMessages('kinds.ts')).toEqual([]);
  });
});
