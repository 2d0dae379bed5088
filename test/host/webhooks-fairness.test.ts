import { expect } from 'chai';
import { MapperRegistry } from '@docsift/core';
import { silentLogger } from '@docsift/core/testing';
import { buildDeliveryRequest, type DeliveryTarget } from '../../host/src/webhooks/webhook-request.js';

/** A transform that keeps its isolate busy for a while (a loop, not a clock: nothing here is timed). */
const SLOW = 'let sum = 0; for (let i = 0; i < 3e6; i += 1) sum += i % 7; return { org: data.org, sum };';
const target = (transform: string): DeliveryTarget => ({ url: 'http://receiver.test/hook', auth: { authType: 'none' }, mapping: { format: 'custom', transform } });

/**
 * Issue 12, item 7: the transform sandbox is shared by every organization of a process. One
 * organization's queue of slow transforms must not hold up another's delivery: organizations take
 * turns for the isolates.
 */
describe('host: custom transforms of different organizations take turns', () => {
  let mappers: MapperRegistry;
  afterEach(() => mappers.close());

  async function finishingOrder(isolates: number, runs: Array<{ org: string; transform: string }>): Promise<string[]> {
    mappers = new MapperRegistry({ transformLimits: { isolates, timeoutMs: 30_000 }, logger: silentLogger });
    const order: string[] = [];
    await Promise.all(
      runs.map(async ({ org, transform }, index) => {
        await buildDeliveryRequest(mappers, { target: target(transform), payload: { org }, webhookId: `d${index}`, timestampMs: 0, organizationId: org });
        order.push(org);
      }),
    );
    return order;
  }

  it('with one isolate, a delivery of organization B runs right after the transform in progress, not after A’s whole queue', async () => {
    const runs = [...Array.from({ length: 6 }, () => ({ org: 'A', transform: SLOW })), { org: 'B', transform: 'return { org: data.org };' }];
    expect(await finishingOrder(1, runs)).to.deep.equal(['A', 'B', 'A', 'A', 'A', 'A', 'A']);
  });

  it('alternates between organizations that both have queues', async () => {
    const runs = [...Array.from({ length: 3 }, () => ({ org: 'A', transform: SLOW })), ...Array.from({ length: 3 }, () => ({ org: 'B', transform: SLOW }))];
    expect(await finishingOrder(1, runs)).to.deep.equal(['A', 'B', 'A', 'B', 'A', 'B']);
  });
});
