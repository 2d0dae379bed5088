import { expect } from 'chai';
import sharp from 'sharp';
import { imageSize } from '../../../core/src/document/image-header.js';
import { makeTextImage, paragraph } from '../../support/fixtures.js';
import { expectDocsiftError } from './helpers.js';

describe('imageSize', () => {
  it('reads the size of real PNGs and JPEGs (JPEG frame after other segments) as sharp does', async () => {
    for (const format of ['png', 'jpeg'] as const) {
      const bytes = await makeTextImage(paragraph(['size check']), { format, pageSize: [300, 200] });
      const metadata = await sharp(bytes).metadata();
      expect(imageSize(bytes, format)).to.deep.equal({ width: metadata.width, height: metadata.height });
    }
  });

  it('refuses headers cut short', async () => {
    await expectDocsiftError(() => imageSize(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]), 'png'), 'corrupt_file');
    await expectDocsiftError(() => imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'jpeg'), 'corrupt_file');
  });
});
