/** The estimated fee for people: a bare amount gets a dollar sign ('150' → '$150'), text stays as sent. */
export function formatFee(fee: string | number | null | undefined): string {
  if (fee === null || fee === undefined) return '';
  const text = String(fee).trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const amount = Number(text);
  const cents = text.includes('.') && !Number.isInteger(amount);
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: 2 })}`;
}
