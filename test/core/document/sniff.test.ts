import { expect } from 'chai';
import { sniff } from '../../../core/src/document/index.js';
import { expectDocsiftError } from './helpers.js';

const bytes = (...values: number[]): Uint8Array => new Uint8Array(values);
const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('sniff', () => {
  it('recognises a PDF by its %PDF- header', () => {
    expect(sniff(ascii('%PDF-1.7\n%\u00e2\u00e3'))).to.equal('pdf');
  });

  it('recognises a PDF whose header follows a few junk bytes', () => {
    expect(sniff(ascii('\r\n\u0000junk%PDF-1.4\n'))).to.equal('pdf');
  });

  it('recognises JPEG and PNG signatures', () => {
    expect(sniff(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).to.equal('jpeg');
    expect(sniff(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).to.equal('png');
  });

  it('refuses an empty file with empty_file', async () => {
    await expectDocsiftError(() => sniff(new Uint8Array(0)), 'empty_file');
  });

  it('refuses other content with invalid_file_format and a message naming the accepted formats', async () => {
    const error = await expectDocsiftError(() => sniff(ascii('GIF89a....')), 'invalid_file_format');
    expect(error.message).to.match(/PDF, JPEG or PNG/);
  });

  it('does not take a PDF header far into the file for a PDF', async () => {
    const late = new Uint8Array(4096).fill(0x20);
    late.set(ascii('%PDF-1.4'), 2000);
    await expectDocsiftError(() => sniff(late), 'invalid_file_format');
  });

  it('refuses a truncated signature', async () => {
    await expectDocsiftError(() => sniff(bytes(0x89, 0x50, 0x4e)), 'invalid_file_format');
  });
});
