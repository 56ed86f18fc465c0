import { describe, expect, it } from 'vitest';
import { importReportCsv } from './import-report.ts';

describe('importReportCsv (#20.3)', () => {
  it('lists every line in file order with its result, roles and reason, quoted and defused', () => {
    const csv = importReportCsv(
      {
        applied: true,
        rows: [
          { line: 3, email: 'b@example.test', userId: 'u2', change: 'REMOVE', roles: [], accountAccesses: [] },
          {
            line: 2,
            email: 'a@example.test',
            userId: 'u1',
            change: 'GRANT',
            roles: [
              { id: 'r', key: 'planner', label: 'Planer' },
              { id: 's', key: 'viewer', label: 'Betrachter' },
            ],
            accountAccesses: [{ id: 'x', key: 'dealer.nord', label: 'Nord' }],
          },
        ],
        invalid: [
          {
            line: 4,
            email: '=cmd@example.test',
            message: 'Es gibt keinen Benutzer mit der E-Mail-Adresse „=cmd@example.test“.',
          },
        ],
      },
      { header: ['Zeile', 'E-Mail', 'Ergebnis', 'Rollen', 'Kontozugänge', 'Grund'], change: (c) => `<${c}>` },
    );
    expect(csv).toBe(
      '\ufeffZeile,E-Mail,Ergebnis,Rollen,Kontozugänge,Grund\r\n' +
        '2,a@example.test,<GRANT>,planner|viewer,dealer.nord,\r\n' +
        '3,b@example.test,<REMOVE>,,,\r\n' +
        "4,'=cmd@example.test,<INVALID>,,,Es gibt keinen Benutzer mit der E-Mail-Adresse „=cmd@example.test“.\r\n",
    );
  });
});
