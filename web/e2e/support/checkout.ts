import type { Page } from 'playwright-core';

/** Fills the billing details (name and e-mail come from the account) and the card. */
export async function fillCheckout(page: Page, card: string): Promise<void> {
  const form = page.getByRole('main');
  await form.getByLabel('Card number').waitFor();
  await form.getByLabel('Phone').fill('+1 919 555 0100');
  await form.getByLabel('Street address').fill('1 Fayetteville St');
  await form.getByLabel('City').fill('Raleigh');
  await form.getByLabel('State / Province').fill('NC');
  await form.getByLabel('ZIP / Postal code').fill('27601');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await form.getByLabel('CVC').fill('123');
}
