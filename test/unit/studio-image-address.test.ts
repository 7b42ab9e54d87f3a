import { describe, expect, it } from 'vitest';
import { imageAddress } from '../../studio/sources/image-address.js';

describe('imageAddress: a pasted or dropped web address', () => {
  it('takes one http(s) address, trimmed, as the URL parser writes it', () => {
    expect(imageAddress('  https://images.example/a.png')).toBe('https://images.example/a.png');
    expect(imageAddress('HTTPS://Images.Example/x.png\n')).toBe('https://images.example/x.png');
    expect(imageAddress('http://images.example/x.png')).toBe('http://images.example/x.png');
  });

  it('reads the first address of a text/uri-list, skipping comments and blank lines', () => {
    expect(imageAddress('# from a page\r\n\r\nhttps://a.example/1.png\r\nhttps://b.example/2.png')).toBe(
      'https://a.example/1.png',
    );
  });

  it('ignores text that is not one web address', () => {
    for (const text of [
      '',
      'just words',
      'see https://a.example/1.png',
      'ftp://a.example/1.png',
      'https://',
      'https://a .example',
    ]) {
      expect(imageAddress(text), text).toBeNull();
    }
  });
});
