import { RESUME_FORMATS, RESUME_INVALID_TYPE, resumeExtension, type ResumeExtension } from '@portal/contracts';

/** Bytes read from the front of an upload to decide its format (the whole file when it is smaller). */
export const RESUME_SNIFF_BYTES = 4096;

export interface ResumeFormat {
  extension: ResumeExtension;
  contentType: string;
}

export type ResumeCheck = { ok: true; format: ResumeFormat } | { ok: false; detail: string };

const PDF = Buffer.from('%PDF-', 'latin1');
/** OLE2 compound file: .doc and .ppt. */
const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** A ZIP local file header: .docx and .pptx (Office Open XML packages). */
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

type Family = 'pdf' | 'ole2' | 'zip' | 'text';

/** Tab, line feed, form feed, carriage return. */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0c, 0x0d]);

const FAMILY: Record<ResumeExtension, Family> = {
  pdf: 'pdf',
  doc: 'ole2',
  ppt: 'ole2',
  docx: 'zip',
  pptx: 'zip',
  txt: 'text',
};

/**
 * Plain text: valid UTF-8 (a sequence cut off by the end of `head` is fine), no NUL and no control
 * characters other than tab, line feed, form feed and carriage return. An executable, an image or an
 * archive fails at its first bytes.
 */
export function looksLikeText(head: Uint8Array, complete: boolean): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(complete ? head : trimPartialUtf8(head));
  } catch {
    return false;
  }
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return false;
  }
  return true;
}

/** `head` without a UTF-8 sequence the cut at its end left unfinished. */
function trimPartialUtf8(head: Uint8Array): Uint8Array {
  for (let back = 1; back <= Math.min(3, head.length); back += 1) {
    const byte = head[head.length - back];
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: look further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? head.subarray(0, head.length - back) : head;
  }
  return head;
}

function familyOf(head: Buffer, complete: boolean): Family | undefined {
  if (head.subarray(0, PDF.length).equals(PDF)) return 'pdf';
  if (head.subarray(0, OLE2.length).equals(OLE2)) return 'ole2';
  if (head.subarray(0, ZIP.length).equals(ZIP)) return 'zip';
  if (looksLikeText(head, complete)) return 'text';
  return undefined;
}

/**
 * Whether an upload is a resume we accept: its name ends in one of RESUME_FORMATS' extensions AND its
 * first bytes are that format's (a PDF starts with %PDF-, Word and PowerPoint files are OLE2 or ZIP
 * packages, text is UTF-8 without control characters). So a program renamed to cv.pdf is refused.
 * `complete` says `head` is the whole file.
 */
export function checkResume(fileName: string, head: Buffer, complete: boolean): ResumeCheck {
  const extension = resumeExtension(fileName);
  if (!extension) return { ok: false, detail: RESUME_INVALID_TYPE };
  if (head.length === 0) return { ok: false, detail: 'The resume file is empty. Please choose your resume again.' };
  if (familyOf(head, complete) !== FAMILY[extension]) {
    return { ok: false, detail: `The file's content is not a .${extension} document. ${RESUME_INVALID_TYPE}` };
  }
  const format = RESUME_FORMATS.find((candidate) => candidate.extension === extension)!;
  return { ok: true, format: { extension, contentType: format.contentType } };
}

/**
 * The applicant's file name as the staff will see it and download it: the last path segment, without
 * control or bidirectional-override characters, at most 200 characters (the extension kept).
 */
export function cleanFileName(raw: string, extension: ResumeExtension): string {
  const base = (raw.split(/[\\/]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base
    .replace(/\.[^.]*$/, '')
    .slice(0, 190)
    .trim();
  return `${stem || 'resume'}.${extension}`;
}
