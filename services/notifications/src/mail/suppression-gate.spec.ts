import { recipientAddress, unsuppressedRecipients } from './suppression-gate';

/** The notifications database as far as the gate reads it: these suppressions. */
function database(rows: Record<string, 'bounce' | 'complaint'>) {
  const query = jest.fn(async (_sql: string, [addresses]: [string[]]) =>
    addresses.filter((address) => rows[address]).map((address) => ({ address, reason: rows[address] })),
  );
  return { query } as unknown as { query: jest.Mock };
}

describe('unsuppressedRecipients', () => {
  const db = database({ 'bounced@example.com': 'bounce', 'complained@example.com': 'complaint' });

  it('stops every mail to a bounced address, list mail or not, whatever case the mail writes it in', async () => {
    for (const listMail of [true, false]) {
      expect(await unsuppressedRecipients(db, 'Bounced@Example.com', listMail)).toEqual({
        to: [],
        skipped: 'the address bounced for good (SES feedback)',
      });
    }
  });

  it('stops list mail to an address that complained, not the mails it asks for', async () => {
    expect(await unsuppressedRecipients(db, 'complained@example.com', true)).toEqual({
      to: [],
      skipped: 'the address complained about list mail (SES feedback)',
    });
    expect(await unsuppressedRecipients(db, 'complained@example.com', false)).toEqual({
      to: ['complained@example.com'],
      skipped: null,
    });
  });

  it('leaves out only the stopped recipients of a mail to several, and skips it when none is left', async () => {
    const to = ['Jane <bounced@example.com>', 'ok@example.com', 'complained@example.com'];
    expect(await unsuppressedRecipients(db, to, false)).toEqual({
      to: ['ok@example.com', 'complained@example.com'],
      skipped: null,
    });
    expect(await unsuppressedRecipients(db, [to[0], to[2]], true)).toEqual({
      to: [],
      skipped: 'every recipient bounced or complained (SES feedback)',
    });
  });
});

describe('recipientAddress', () => {
  it('reads the address of a named recipient, in lower case', () => {
    expect(recipientAddress('"Doe, Jane" <Jane@Example.com>')).toBe('jane@example.com');
    expect(recipientAddress(' Jane@Example.com ')).toBe('jane@example.com');
  });
});
