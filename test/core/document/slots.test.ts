import { expect } from 'chai';
import { Slots } from '../../../core/src/document/ocr/slots.js';

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('OCR page slots', () => {
  it('runs at most `size` tasks at once and starts the others in order as slots free up', async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number) => async (): Promise<number> => {
      started.push(id);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
      return id;
    };
    const results = await Promise.all([1, 2, 3, 4, 5].map((id) => slots.run(task(id))));
    expect(results).to.deep.equal([1, 2, 3, 4, 5]);
    expect(started).to.deep.equal([1, 2, 3, 4, 5]);
    expect(most).to.equal(2);
  });

  it('frees the slot of a task that fails', async () => {
    const slots = new Slots(1);
    const failed = slots.run(() => Promise.reject(new Error('unreadable page')));
    const next = slots.run(() => Promise.resolve('read'));
    const error = await failed.then(
      () => null,
      (reason: unknown) => reason,
    );
    expect(error).to.be.instanceOf(Error).with.property('message', 'unreadable page');
    expect(await next).to.equal('read');
  });
});
