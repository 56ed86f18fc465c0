import { csvLine } from '@portal/core';
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

  it("writes each line by core's CSV rule, the rule of the API's CSV downloads", () => {
    const message = 'say "hi",\ntwo lines; =SUM(A1)';
    const csv = importReportCsv(
      { applied: false, rows: [], invalid: [{ line: 7, email: '+49@example.test', message }] },
      { header: ['=Zeile', '@E-Mail', '-Ergebnis', 'Rollen', 'Kontozugänge', 'Grund'], change: () => '\tINVALID' },
    );
    expect(csv).toBe(
      `\ufeff${csvLine(['=Zeile', '@E-Mail', '-Ergebnis', 'Rollen', 'Kontozugänge', 'Grund'])}${csvLine([7, '+49@example.test', '\tINVALID', '', '', message])}`,
    );
    expect(csv).toBe(
      `\ufeff'=Zeile,'@E-Mail,'-Ergebnis,Rollen,Kontozugänge,Grund\r\n7,'+49@example.test,'\tINVALID,,,"say ""hi"",\ntwo lines; =SUM(A1)"\r\n`,
    );
  });
});
