import type { Locator, Page } from 'playwright-core';

// The careers and perks forms filled in and sent as a visitor would: for the tests of what they send
// (intake) and of how the pages look once sent (accessibility).

/** A resume small enough to send quickly, of a type the careers form takes. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

/**
 * How a helper waits for the form's success status: by default as it comes; a test that holds the page's
 * clock (support/clock.ts) runs the clock until it shows instead.
 */
type WaitForStatus = (status: Locator) => Promise<void>;

const waitForIt: WaitForStatus = (status) => status.waitFor();

/**
 * On /careers, the app running: applies for the Raleigh accountant position with a PDF resume and waits
 * for the success text.
 */
export async function applyWithResume(
  page: Page,
  applicant: { name: string; email: string; file: string },
  waitForStatus: WaitForStatus = waitForIt,
): Promise<void> {
  const main = page.getByRole('main');
  const form = main.getByRole('form', { name: 'Job application' });
  await main.getByRole('link', { name: 'Apply for Accountant (Raleigh, NC)' }).click();
  // The chosen position is in the form, which takes the focus on its first field.
  expect(await form.getByLabel('Position').inputValue()).toBe('Accountant (Raleigh, NC)');
  await form.getByLabel('Name', { exact: true }).fill(applicant.name);
  await form.getByLabel('Email', { exact: true }).fill(applicant.email);
  await form.getByLabel('Phone').fill('+1 (919) 555-0142');
  await form.getByLabel('LinkedIn (optional)').fill('https://www.linkedin.com/in/e2e-applicant');
  await form.getByLabel('Message').fill('Ten years in public accounting.');
  await form.getByLabel('Resume').setInputFiles({ name: applicant.file, mimeType: 'application/pdf', buffer: PDF });
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await waitForStatus(
    form.getByRole('status').filter({ hasText: 'Your application has been submitted successfully!' }),
  );
}

/** On /perks, the app running: offers a perk from `email` and waits for the success text. */
export async function offerPerk(page: Page, email: string, waitForStatus: WaitForStatus = waitForIt): Promise<void> {
  const form = page.getByRole('main').getByRole('form', { name: 'Perk provider' });
  await form.getByLabel('Company name').fill('Ledgerly');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Website').fill('https://ledgerly.example');
  await form.getByLabel('Offer details').fill('20% off the first year');
  await form.getByLabel('Company description').fill('Expense software for startups');
  await form.getByRole('radio', { name: 'Promo code' }).check();
  await form.getByLabel('Redemption instructions').fill('Use code HARBOR20 at checkout');
  await form.getByRole('button', { name: 'Submit Perk' }).click();
  await waitForStatus(
    form.getByRole('status').filter({ hasText: 'Thank you! Your perk provider submission has been received.' }),
  );
}
