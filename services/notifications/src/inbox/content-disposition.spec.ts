import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('names a plain file as it is', () => {
    expect(attachmentDisposition('Jane Doe CV.pdf')).toBe(
      `attachment; filename="Jane Doe CV.pdf"; filename*=UTF-8''Jane%20Doe%20CV.pdf`,
    );
  });

  it('keeps non-ASCII names exact in filename* and safe in filename', () => {
    expect(attachmentDisposition('Résumé (final).docx')).toBe(
      `attachment; filename="R_sum_ (final).docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%28final%29.docx`,
    );
  });

  it('cannot be broken out of', () => {
    const header = attachmentDisposition('a";\r\nSet-Cookie: x=1.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header.startsWith('attachment; filename="a_;__Set-Cookie: x=1.pdf"; ')).toBe(true);
  });
});
