import { expect } from 'chai';
import { batchPerTurn } from '../../host/src/common/per-turn-batch.js';

describe('host: batchPerTurn answers the questions of one event-loop turn with one call', () => {
  function recorded(answer: (questions: string[]) => Promise<string[]>) {
    const calls: string[][] = [];
    const ask = batchPerTurn(
      (questions: string[]) => {
        calls.push(questions);
        return answer(questions);
      },
      (question) => question,
    );
    return { ask, calls };
  }

  it('makes one call for the questions asked in one turn, a repeated one once, each answered with its own answer', async () => {
    const { ask, calls } = recorded(async (questions) => questions.map((question) => question.toUpperCase()));
    const answers = await Promise.all([ask('a'), ask('b'), ask('a'), ask('c')]);
    expect(answers).to.deep.equal(['A', 'B', 'A', 'C']);
    expect(calls).to.deep.equal([['a', 'b', 'c']]);
  });

  it('asks nothing before the turn ends, and a question asked once the call has started goes to the next call', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { ask, calls } = recorded(async (questions) => {
      await held;
      return questions;
    });
    const first = ask('a');
    expect(calls, 'before the turn ends').to.deep.equal([]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).to.deep.equal([['a']]);
    const second = ask('a');
    release();
    expect(await Promise.all([first, second])).to.deep.equal(['a', 'a']);
    expect(calls).to.deep.equal([['a'], ['a']]);
  });

  it("fails every question of a failed call, and only that call's", async () => {
    let fail = true;
    const { ask } = recorded(async (questions) => {
      if (fail) throw new Error('database gone');
      return questions;
    });
    const failed = await Promise.allSettled([ask('a'), ask('b')]);
    expect(failed.map((outcome) => outcome.status)).to.deep.equal(['rejected', 'rejected']);
    expect((failed[0] as PromiseRejectedResult).reason).to.have.property('message', 'database gone');
    fail = false;
    expect(await ask('a')).to.equal('a');
  });
});
