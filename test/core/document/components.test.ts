import { expect } from 'chai';
import { inkComponents } from '../../../core/src/document/ocr/components.js';

describe('inkComponents', () => {
  it('labels every blob of a page with more runs of ink than its first buffer holds', () => {
    const [width, height] = [200, 100];
    const data = new Uint8Array(width * height).fill(255);
    // 1250 dots of one pixel, each a run of its own, and a U whose two arms join at its foot.
    for (let y = 0; y < 50; y += 2) for (let x = 0; x < width; x += 2) if ((x + y) % 4 === 0) data.fill(0, y * width + x, y * width + x + 1);
    for (let y = 60; y < 90; y += 1) data[y * width + 10] = data[y * width + 40] = 0;
    data.fill(0, 90 * width + 10, 90 * width + 41);
    const components = inkComponents({ data, width, height }, 127);
    expect(components.count).to.equal(1251);
    const ring = components.count - 1;
    expect([components.x0[ring], components.y0[ring], components.x1[ring], components.y1[ring], components.area[ring]]).to.deep.equal([10, 60, 41, 91, 91]);
    expect(components.runs.length).to.equal(4 * (1250 + 2 * 30 + 1));
    expect(Array.from(components.runs.slice(-4))).to.deep.equal([90, 10, 41, ring]);
  });
});
