import type Stripe from 'stripe';

/** The hosted invoice page and PDF the fake links from `hosted_invoice_url` and `invoice_pdf`: small, plain. */
function lines(invoice: Stripe.Invoice): string[] {
  const amount = (cents: number) => `${(cents / 100).toFixed(2)} ${invoice.currency.toUpperCase()}`;
  const date = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);
  return [
    `Invoice ${invoice.number}`,
    `Status: ${invoice.status}`,
    `Date: ${date(invoice.created)}`,
    `Billed to: ${invoice.customer_name ?? invoice.customer_email ?? invoice.customer}`,
    ...invoice.lines.data.map(
      (line) => `${line.description} (${date(line.period.start)} to ${date(line.period.end)}): ${amount(line.amount)}`,
    ),
    `Amount due: ${amount(invoice.amount_due)}`,
    `Amount paid: ${amount(invoice.amount_paid)}`,
  ];
}

export function invoiceHtml(invoice: Stripe.Invoice): string {
  const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const [title, ...rest] = lines(invoice).map(escape);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${rest
    .map((line) => `<p>${line}</p>`)
    .join('')}<p><a href="${escape(invoice.invoice_pdf ?? '')}">Download invoice</a></p></body></html>`;
}

/** A one-page PDF (Helvetica text), with the byte offsets its cross-reference table needs. */
export function invoicePdf(invoice: Stripe.Invoice): Buffer {
  const text = lines(invoice)
    .map((line) => line.replace(/[^\x20-\x7e]/g, '?').replace(/([()\\])/g, '\\$1'))
    .map((line, index) => `BT /F1 ${index === 0 ? 18 : 11} Tf 56 ${760 - index * 22} Td (${line}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}
