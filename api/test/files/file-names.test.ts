import { describe, expect, it } from 'vitest';
import { attachmentHeader, cleanContentType, cleanFileName, downloadContentType, extensionOf } from '../../src/modules/files/file-names.js';

describe('cleanFileName', () => {
  it.each([
    ['report.pdf', 'report.pdf'],
    ['../../etc/passwd', 'passwd'],
    ['C:\\Users\\ana\\cv.docx', 'cv.docx'],
    ['  spaced name .txt  ', 'spaced name .txt'],
    ['bell\u0007\u0000name.pdf', 'bellname.pdf'],
    ['Résumé.pdf', 'Résumé.pdf'],
  ])('keeps only the name of %j', (raw, cleaned) => {
    expect(cleanFileName(raw)).toBe(cleaned);
  });

  it.each(['', '.', '..', '...', '../..', 'dir/', '\u0000'])('refuses %j', (raw) => {
    expect(cleanFileName(raw)).toBeNull();
  });

  it('caps a long name at 200 characters and keeps its extension', () => {
    const cleaned = cleanFileName(`${'a'.repeat(300)}.pdf`) as string;
    expect(cleaned).toHaveLength(200);
    expect(cleaned.endsWith('.pdf')).toBe(true);
  });
});

describe('file metadata', () => {
  it.each([['A.PDF', 'pdf'], ['archive.tar.gz', 'gz'], ['noext', ''], ['weird.', ''], ['x.toolongextension', '']])('extension of %s is %j', (name, ext) => {
    expect(extensionOf(name)).toBe(ext);
  });

  it('keeps a declared content type only when it looks like one', () => {
    expect(cleanContentType('Application/PDF')).toBe('application/pdf');
    expect(cleanContentType('text/html; charset=utf-8\r\nX-Evil: 1')).toBe('application/octet-stream');
    expect(cleanContentType(undefined)).toBe('application/octet-stream');
  });

  it('downloads only inert types as themselves', () => {
    expect(downloadContentType('application/pdf')).toBe('application/pdf');
    expect(downloadContentType('image/svg+xml')).toBe('application/octet-stream');
    expect(downloadContentType('text/html')).toBe('application/octet-stream');
  });

  it('quotes the download name safely', () => {
    expect(attachmentHeader('a "quoted" name.pdf')).toBe(`attachment; filename="a _quoted_ name.pdf"; filename*=UTF-8''a%20%22quoted%22%20name.pdf`);
  });
});
