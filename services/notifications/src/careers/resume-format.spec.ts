import { RESUME_INVALID_TYPE } from '@portal/contracts';
import { checkResume, cleanFileName, looksLikeText } from './resume-format';

const pdf = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj', 'latin1');
const ole2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(56)]);
const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]);
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('checkResume', () => {
  it.each([
    ['resume.pdf', pdf, 'application/pdf'],
    ['CV.PDF', pdf, 'application/pdf'],
    ['resume.doc', ole2, 'application/msword'],
    ['resume.ppt', ole2, 'application/vnd.ms-powerpoint'],
    ['resume.docx', zip, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['deck.pptx', zip, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['resume.txt', Buffer.from('Jane Doe\r\nCPA, 10 years\tRaleigh\f\n'), 'text/plain'],
    ['résumé.txt', Buffer.from('Zoë Müller — comptable 会计\n'), 'text/plain'],
  ])('accepts %s by its name and its first bytes', (name, head, contentType) => {
    expect(checkResume(name, head, true)).toEqual({ ok: true, format: expect.objectContaining({ contentType }) });
  });

  it('refuses a program renamed to .pdf, .docx or .txt', () => {
    expect(checkResume('resume.pdf', exe, false)).toEqual({
      ok: false,
      detail: `The file's content is not a .pdf document. ${RESUME_INVALID_TYPE}`,
    });
    expect(checkResume('resume.docx', elf, false).ok).toBe(false);
    expect(checkResume('resume.txt', exe, false).ok).toBe(false);
  });

  it('refuses formats that disagree with the extension, and other extensions', () => {
    expect(checkResume('resume.pdf', zip, true).ok).toBe(false);
    expect(checkResume('resume.docx', ole2, true).ok).toBe(false);
    expect(checkResume('resume.doc', pdf, true).ok).toBe(false);
    expect(checkResume('photo.png', png, true)).toEqual({ ok: false, detail: RESUME_INVALID_TYPE });
    expect(checkResume('resume.exe', exe, true)).toEqual({ ok: false, detail: RESUME_INVALID_TYPE });
    expect(checkResume('resume', pdf, true)).toEqual({ ok: false, detail: RESUME_INVALID_TYPE });
    expect(checkResume('resume.pdf.exe', pdf, true)).toEqual({ ok: false, detail: RESUME_INVALID_TYPE });
  });

  it('refuses an empty file', () => {
    expect(checkResume('resume.pdf', Buffer.alloc(0), true)).toEqual({
      ok: false,
      detail: 'The resume file is empty. Please choose your resume again.',
    });
  });
});

describe('looksLikeText', () => {
  it('accepts UTF-8 cut in the middle of a character unless the file ends there', () => {
    const euro = Buffer.from('price: €', 'utf8');
    const cut = euro.subarray(0, euro.length - 1);
    expect(looksLikeText(cut, false)).toBe(true);
    expect(looksLikeText(cut, true)).toBe(false);
  });

  it('refuses NUL, control characters and invalid UTF-8', () => {
    expect(looksLikeText(Buffer.from('a\u0000b'), true)).toBe(false);
    expect(looksLikeText(Buffer.from('bell\u0007'), true)).toBe(false);
    expect(looksLikeText(Buffer.from([0x61, 0xff, 0x62]), true)).toBe(false);
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment and the checked extension', () => {
    expect(cleanFileName('C:\\Users\\jane\\Jane Doe CV.PDF', 'pdf')).toBe('Jane Doe CV.pdf');
    expect(cleanFileName('../../etc/passwd.txt', 'txt')).toBe('passwd.txt');
  });

  it('drops control and direction-override characters, and names a nameless file', () => {
    expect(cleanFileName('evil\u202egnp.pdf', 'pdf')).toBe('evilgnp.pdf');
    expect(cleanFileName('line\r\nbreak.doc', 'doc')).toBe('linebreak.doc');
    expect(cleanFileName('.pdf', 'pdf')).toBe('resume.pdf');
    expect(cleanFileName(`${'a'.repeat(300)}.pdf`, 'pdf')).toHaveLength(194);
  });
});
