// The CSV import of users' access (/admin/{application}/users/import, #20.3) applied as a job
// (#28.6): while it runs, the lines done of all; once finished, the import's result as before.
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Schema } from '@portal/contract';
import { expect, userEvent, within } from 'storybook/test';
import { administrable } from '../../../../.storybook/console-data.ts';
import { administrator, shown, type ScreenProps } from '../../../../.storybook/screen.tsx';
import AppUsersImportPage from './app-users-import.tsx';

const meta = {
  title: 'Screens/Admin/Import',
  component: AppUsersImportPage,
} satisfies Meta<typeof AppUsersImportPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const lines = 10_000;
const csv = 'email,roles\nanna.bauer@example.test,planner\nben.koch@example.test,planner|viewer';
const rows: Schema<'ApplicationUsersImportRow'>[] = [
  {
    line: 2,
    email: 'anna.bauer@example.test',
    userId: '70000000-0000-4000-8000-000000000001',
    change: 'GRANT',
    roles: [{ id: '30000000-0000-4000-8000-000000000004', key: 'planner', label: 'Planer' }],
    accountAccesses: [],
  },
  {
    line: 3,
    email: 'ben.koch@example.test',
    userId: '70000000-0000-4000-8000-000000000002',
    change: 'UPDATE',
    roles: [
      { id: '30000000-0000-4000-8000-000000000004', key: 'planner', label: 'Planer' },
      { id: '30000000-0000-4000-8000-000000000009', key: 'viewer', label: 'Planbetrachter' },
    ],
    accountAccesses: [],
  },
];
const dryRun: Schema<'ApplicationUsersImportResult'> = { applied: false, rows, invalid: [] };
const job = (over: Partial<Schema<'Job'>>): Schema<'Job'> => ({
  id: '8b000000-0000-4000-8000-000000000001',
  kind: 'USERS_IMPORT',
  applicationId: 'kitchen-planner',
  status: 'QUEUED',
  progress: { done: 0, total: null },
  createdAt: '2026-11-27T08:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  statusUrl:
    'https://portal.example.test/api/Admin/Applications/kitchen-planner/Jobs/8b000000-0000-4000-8000-000000000001',
  result: null,
  error: null,
  ...over,
});
const running = (done: number) =>
  job({ status: 'RUNNING', startedAt: '2026-11-27T08:00:01.000Z', progress: { done, total: lines } });

/** Pastes the file, runs the dry run and applies it. */
async function apply(canvasElement: HTMLElement) {
  const canvas = within(canvasElement);
  await userEvent.type(await canvas.findByLabelText('Inhalt der CSV-Datei', {}, shown), csv);
  await userEvent.click(canvas.getByRole('button', { name: 'Probelauf' }));
  await expect(await canvas.findByText('Probelauf: Es wurde noch nichts geändert.', {}, shown)).toBeVisible();
  await userEvent.click(canvas.getByRole('button', { name: 'Übernehmen' }));
  return canvas;
}

/** A large import under way: it stays at 4,200 of 10,000 lines. */
export const Running: Story = {
  parameters: {
    screen: {
      path: '/admin/kitchen-planner/users/import',
      user: administrator('admin-import-running'),
      data: { administrable, importDryRun: dryRun, importJob: [job({}), running(1_800), running(4_200)] },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    const canvas = await apply(canvasElement);
    await expect(await canvas.findByText('Erledigt: 4200 von 10000', {}, shown)).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Fortschritt' })).toHaveAttribute('value', '0.42');
  },
};

/** Finished: the result as the synchronous import showed it. */
export const Applied: Story = {
  parameters: {
    screen: {
      path: '/admin/kitchen-planner/users/import',
      user: administrator('admin-import-applied'),
      data: {
        administrable,
        importDryRun: dryRun,
        importJob: [
          job({}),
          running(6_000),
          job({
            status: 'SUCCEEDED',
            startedAt: '2026-11-27T08:00:01.000Z',
            finishedAt: '2026-11-27T08:00:31.000Z',
            progress: { done: 2, total: 2 },
            result: { ...dryRun, applied: true },
          }),
        ],
      },
    } satisfies ScreenProps,
  },
  play: async ({ canvasElement }) => {
    const canvas = await apply(canvasElement);
    await expect((await canvas.findAllByText('Import übernommen. Änderungen: 2', {}, shown))[0]).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Was sich ändert' })).toBeVisible();
  },
};
