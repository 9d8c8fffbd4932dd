import { describe, expect, it } from 'vitest';
import { sanitizeFileName, sniff } from '../../server/storage/sniff.ts';

describe('upload content sniffing', () => {
  it('accepts bytes that match the declared type', () => {
    expect(sniff('image/png', Buffer.from('89504e470d0a1a0a0000', 'hex')).ok).toBe(true);
    expect(sniff('application/pdf', Buffer.from('%PDF-1.7\n')).ok).toBe(true);
    expect(sniff('image/jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe0])).ok).toBe(true);
    expect(sniff('text/markdown', Buffer.from('# Titre\n\nDu texte accentué : été.')).ok).toBe(true);
    expect(
      sniff('application/vnd.openxmlformats-officedocument.wordprocessingml.document', Buffer.from('PK\x03\x04rest'))
        .ok,
    ).toBe(true);
  });

  it('refuses bytes that contradict the declared type', () => {
    expect(sniff('image/png', Buffer.from('<html></html>'))).toMatchObject({ ok: false, status: 415 });
    expect(sniff('application/pdf', Buffer.from('89504e47', 'hex')).ok).toBe(false);
    expect(sniff('text/plain', Buffer.from([0x00, 0x01, 0x02])).ok).toBe(false);
    expect(sniff('text/plain', Buffer.from('<!DOCTYPE html><script>')).ok).toBe(false);
  });

  it('refuses types outside the allow-list', () => {
    expect(sniff('text/html', Buffer.from('<p>')).ok).toBe(false);
    expect(sniff('image/svg+xml', Buffer.from('<svg/>')).ok).toBe(false);
    expect(sniff('', Buffer.from('x')).ok).toBe(false);
  });
});

describe('file name sanitising', () => {
  it('keeps the base name, without control or reserved characters', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\moi\\rapport final.pdf')).toBe('rapport final.pdf');
    expect(sanitizeFileName('a\u0000b\u001fc<>:"|?*.txt')).toBe('abc.txt');
    expect(sanitizeFileName('...cache')).toBe('cache');
    expect(sanitizeFileName('')).toBe('fichier');
    expect(sanitizeFileName('é'.repeat(300) + '.png')).toHaveLength(200);
  });
});
