import { expect } from 'chai';
import { FairSlots } from '../../../core/src/mapping/fair-slots.js';

/** Records which tenant got a slot, in the order they got them. */
function recorder(slots: FairSlots<string>) {
  const handed: string[] = [];
  const acquire = (tenant: string) => slots.acquire(tenant).then((slot) => handed.push(`${tenant}:${slot}`));
  return { handed, acquire, settle: () => new Promise((resolve) => setImmediate(resolve)) };
}

describe('core/mapping: FairSlots (the sandbox isolates shared by organizations)', () => {
  it('with two slots, a tenant with a queue holds one and leaves the other to the next tenant', async () => {
    const slots = new FairSlots(['s1', 's2']);
    const { handed, acquire, settle } = recorder(slots);
    for (let run = 0; run < 4; run += 1) void acquire('A');
    await settle();
    expect(handed).to.deep.equal(['A:s2']);
    void acquire('B');
    await settle();
    expect(handed).to.deep.equal(['A:s2', 'B:s1']);
    slots.release('B', 's1');
    await settle();
    expect(handed).to.deep.equal(['A:s2', 'B:s1'], 'A stays at one slot');
    slots.release('A', 's2');
    await settle();
    expect(handed.at(-1)).to.equal('A:s2');
  });

  it('hands a freed slot to the waiting tenant served least recently, so queued tenants alternate', async () => {
    const slots = new FairSlots(['only']);
    const { handed, acquire, settle } = recorder(slots);
    for (let run = 0; run < 3; run += 1) void acquire('A');
    for (let run = 0; run < 3; run += 1) void acquire('B');
    await settle();
    for (let turn = 0; turn < 5; turn += 1) {
      slots.release(handed.at(-1)!.split(':')[0]!, 'only');
      await settle();
    }
    expect(handed.map((entry) => entry.split(':')[0])).to.deep.equal(['A', 'B', 'A', 'B', 'A', 'B']);
  });

  it('gives a tenant arriving at an idle pool a slot at once', async () => {
    const slots = new FairSlots(['s1', 's2', 's3']);
    const { handed, acquire, settle } = recorder(slots);
    void acquire('A');
    void acquire('A');
    void acquire('A');
    await settle();
    expect(handed).to.have.length(2);
    void acquire('B');
    await settle();
    expect(handed).to.have.length(3);
    expect(handed.at(-1)!.startsWith('B:')).to.equal(true);
  });
});
