import { FILE_TOO_LARGE } from '@portal/contracts';
import {
  libraryUploadPath,
  accessDescription,
  DASHBOARD_MESSAGES,
  emailInitials,
  fileNameOf,
  folderOf,
  formatFileSize,
  fromLibrary,
  fromVault,
  isSearching,
  libraryFilePath,
  searchFiles,
  progressText,
  uploaderBadge,
  uploadSizeProblem,
  uploadTypeProblem,
  type DashboardFile,
} from './files';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_576, '1 MB'],
    [3 * 1_048_576 + 17, '3 MB'],
    [5_500_000, '5.25 MB'],
    [209_715_200, '200 MB'],
    [1024 ** 3, '1 GB'],
    [1.5 * 1024 ** 4, '1.5 TB'],
    [3 * 1024 ** 5, '3072 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('says 0 Bytes for nothing and for nonsense', () => {
    expect(formatFileSize(-5)).toBe('0 Bytes');
    expect(formatFileSize(Number.NaN)).toBe('0 Bytes');
  });
});

describe('the 200 MB check', () => {
  it('lets exactly 200 MB through and stops one byte more with the spec’s text', () => {
    expect(uploadSizeProblem(209_715_200)).toBeNull();
    expect(uploadSizeProblem(209_715_201)).toBe('File size exceeds the 200MB limit. Please upload a smaller file.');
    expect(DASHBOARD_MESSAGES.tooLarge).toBe(FILE_TOO_LARGE);
  });
});

describe('the programs check', () => {
  it('refuses a program or script by its name with the server’s words, and takes documents', () => {
    expect(uploadTypeProblem('2024 W-2 corrected.pdf.exe')).toBe(
      'Programs and scripts (.exe) cannot be uploaded. Please send documents, images or spreadsheets.',
    );
    expect(uploadTypeProblem('Receipt.LNK. ')).toBe(
      'Programs and scripts (.lnk) cannot be uploaded. Please send documents, images or spreadsheets.',
    );
    for (const name of ['W-2 2024.pdf', 'IMG_0042.HEIC', 'books.qbb', 'scans.zip', 'page.html']) {
      expect(uploadTypeProblem(name)).toBeNull();
    }
  });
});

describe('names and uploaders', () => {
  it('splits library paths', () => {
    expect(fileNameOf('Tax forms/2024/W-9.pdf')).toBe('W-9.pdf');
    expect(fileNameOf('W-9.pdf')).toBe('W-9.pdf');
    expect(folderOf('Tax forms/2024/W-9.pdf')).toBe('Tax forms/2024');
    expect(folderOf('W-9.pdf')).toBe('');
  });

  it("shows the firm's logo for 'rk-' files and the initials otherwise", () => {
    expect(uploaderBadge('rk-engagement-letter.pdf', 'AL')).toEqual({ kind: 'logo' });
    expect(uploaderBadge('Letters/rk-engagement.pdf', 'AL')).toEqual({ kind: 'logo' });
    expect(uploaderBadge('RK-upper.pdf', 'AL')).toEqual({ kind: 'initials', initials: 'AL' });
    expect(uploaderBadge('rk-dir/w2.pdf', 'AL')).toEqual({ kind: 'initials', initials: 'AL' });
    expect(uploaderBadge('my-rk-file.pdf', 'AL')).toEqual({ kind: 'initials', initials: 'AL' });
  });

  it('makes initials of an address', () => {
    expect(emailInitials('jane.doe@example.com')).toBe('JD');
    expect(emailInitials('ann@example.com')).toBe('A');
    expect(emailInitials('@example.com')).toBe('U');
  });

  it('encodes each name of a library path', () => {
    expect(libraryFilePath('forms', 'Tax forms/W-9 #2?.pdf')).toBe('/files/forms/Tax%20forms/W-9%20%232%3F.pdf');
    expect(libraryFilePath('public', 'Résumé.pdf')).toBe('/files/public/R%C3%A9sum%C3%A9.pdf');
  });
});

describe('searchFiles', () => {
  const files: DashboardFile[] = [
    { source: 'vault', ref: '1', path: 'W-2 2024.pdf', size: 1, date: '2026-01-01T00:00:00Z' },
    { source: 'forms', ref: 'Tax forms/W-9.pdf', path: 'Tax forms/W-9.pdf', size: 1, date: '2026-01-01T00:00:00Z' },
    { source: 'public', ref: 'Brochure.pdf', path: 'Brochure.pdf', size: 1, date: '2026-01-01T00:00:00Z' },
    { source: 'vault', ref: '2', path: 'Cafe\u0301 receipts.xlsx', size: 1, date: '2026-01-01T00:00:00Z' },
  ];

  it('finds across all three lists, case-insensitively, every word anywhere in the name or its folders', () => {
    expect(searchFiles('w-', files).map((file) => file.ref)).toEqual(['1', 'Tax forms/W-9.pdf']);
    expect(searchFiles('PDF', files).map((file) => file.source)).toEqual(['vault', 'forms', 'public']);
    expect(searchFiles('tax  w-9', files).map((file) => file.ref)).toEqual(['Tax forms/W-9.pdf']);
    expect(searchFiles('café', files).map((file) => file.ref)).toEqual(['2']);
    expect(searchFiles('nothing-like-it', files)).toEqual([]);
  });

  it('is off while the query is blank', () => {
    expect(searchFiles('   ', files)).toEqual([]);
    expect(isSearching('  ')).toBe(false);
    expect(isSearching(' w2 ')).toBe(true);
  });
});

describe('progressText', () => {
  it('says the bytes sent of the total, with a whole percentage', () => {
    expect(progressText(0, 10_485_760)).toBe('Sent 0 Bytes of 10 MB (0%)');
    expect(progressText(5_242_880, 10_485_760)).toBe('Sent 5 MB of 10 MB (50%)');
    expect(progressText(10_485_760, 10_485_760)).toBe('Sent 10 MB of 10 MB (100%)');
    expect(progressText(1, 0)).toBe('Sent 1 Bytes of 0 Bytes (0%)');
  });
});

describe('the lists as the dashboard shows them', () => {
  it('names vault files by id and library files by path', () => {
    expect(
      fromVault([
        {
          id: 'f1',
          file_path: 'W-2.pdf',
          size: 10,
          uploaded_at: '2026-01-02T00:00:00Z',
          content_type: 'application/pdf',
          sha256: 'a',
        },
      ]),
    ).toEqual([{ source: 'vault', ref: 'f1', path: 'W-2.pdf', size: 10, date: '2026-01-02T00:00:00Z' }]);
    expect(
      fromLibrary('forms', {
        files: [
          { name: 'Tax/W-9.pdf', size: 5, last_modified: '2026-01-03T00:00:00Z', content_type: 'application/pdf' },
        ],
        folders: [],
      }),
    ).toEqual([{ source: 'forms', ref: 'Tax/W-9.pdf', path: 'Tax/W-9.pdf', size: 5, date: '2026-01-03T00:00:00Z' }]);
  });
});

describe('accessDescription', () => {
  it('says what the admin did', () => {
    expect(accessDescription({ action: 'list', file_name: null })).toBe('Viewed the list of files');
    expect(accessDescription({ action: 'download', file_name: 'W-2.pdf' })).toBe('Downloaded “W-2.pdf”');
  });
});

describe('libraryUploadPath', () => {
  it('is the path the server gives an upload: folder names trimmed, empty ones dropped, NFC', () => {
    expect(libraryUploadPath(' Payroll / 2025 ', 'W-4.pdf')).toBe('Payroll/2025/W-4.pdf');
    expect(libraryUploadPath('/Payroll//2025/', 'W-4.pdf')).toBe('Payroll/2025/W-4.pdf');
    expect(libraryUploadPath('', 'W-4.pdf')).toBe('W-4.pdf');
    expect(libraryUploadPath('Caf\u0065\u0301', 'Re\u0301sume\u0301.pdf')).toBe('Caf\u00e9/R\u00e9sum\u00e9.pdf');
  });
});
