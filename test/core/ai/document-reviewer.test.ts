import { expect } from 'chai';
import { DocsiftError } from '@docsift/core';
import { createAiProvider, MAX_FINDINGS_PER_PART, type ReviewRequest } from '../../../core/src/ai/index.js';
import { fakeModel, silentLogger } from './fixtures.js';

const request = (parts: number): ReviewRequest => ({
  subject: 'a test document',
  guidance: 'Flag anything odd.',
  context: { localFindings: [{ code: 'local_check' }] },
  parts: Array.from({ length: parts }, (_, index) => ({ label: `part ${index}`, content: { value: `content ${index}` } })),
});

function reviewerWith(responses: string[], maxTextChars?: number) {
  const fake = fakeModel(responses);
  const { reviewer } = createAiProvider({ model: 'm', chatModel: fake.model, maxTextChars }, { logger: silentLogger });
  return { reviewer, ...fake };
}

describe('core/ai: the narrative review (DocumentReviewer)', () => {
  it('sends one request per part with the context, and marks every finding source "model"', async () => {
    const { reviewer, prompts } = reviewerWith([
      '{"findings":[{"severity":"warning","code":"Odd Value!","message":"Part 0 looks odd.","path":"value"}]}',
      '```json\n{"findings":[{"severity":"info","code":"note","message":"Fine.","path":null}]}\n```',
    ]);
    const findings = await reviewer.review(request(2));
    expect(findings).to.deep.equal([
      { severity: 'warning', code: 'odd_value', message: 'Part 0 looks odd.', path: 'value', source: 'model' },
      { severity: 'info', code: 'note', message: 'Fine.', source: 'model' },
    ]);
    expect(prompts()).to.have.length(2);
    const [system, human] = prompts()[1]!;
    expect(system).to.include('The document: a test document.').and.include('Flag anything odd.');
    expect(human).to.include('local_check').and.include('Part 2 of 2: part 1').and.include('content 1').and.not.include('content 0');
  });

  it(`keeps at most ${MAX_FINDINGS_PER_PART} findings of an answer`, async () => {
    const many = Array.from({ length: 30 }, (_, index) => ({ severity: 'info', code: `c${index}`, message: `m${index}` }));
    const { reviewer } = reviewerWith([JSON.stringify({ findings: many })]);
    expect(await reviewer.review(request(1))).to.have.length(MAX_FINDINGS_PER_PART);
  });

  it('cuts a long part at maxTextChars with a visible mark', async () => {
    const { reviewer, prompts } = reviewerWith(['{"findings":[]}'], 200);
    await reviewer.review({ ...request(0), parts: [{ label: 'long', content: { text: 'x'.repeat(5000) } }] });
    const human = prompts()[0]![1]!;
    expect(human).to.include('[… data truncated …]');
    expect(human.length).to.be.below(800);
  });

  it('drops a part whose answer is invalid twice with a warning, and goes on with the next part', async () => {
    const { reviewer, prompts } = reviewerWith(['no JSON here', '{"findings":[{"severity":"fatal","code":"x","message":"y"}]}', '{"findings":[{"severity":"error","code":"real","message":"Real."}]}']);
    const findings = await reviewer.review(request(2));
    expect(prompts()).to.have.length(3);
    expect(findings).to.have.length(2);
    expect(findings[0]).to.include({ severity: 'warning', code: 'model_review_invalid_answer', source: 'model' });
    expect(findings[0]!.details).to.include({ part: 'part 0', reason: 'ai_invalid_output' });
    expect(findings[0]!.message).to.not.include('fatal');
    expect(findings[1]).to.include({ code: 'real', source: 'model' });
  });

  it('stops at a request failure with a model_review_failed warning, sending no further part', async () => {
    const { reviewer, model, invoke } = reviewerWith(['{"findings":[]}']);
    invoke.restore();
    let calls = 0;
    model.invoke = async () => {
      calls += 1;
      throw new Error('connect ECONNREFUSED');
    };
    const findings = await reviewer.review(request(3));
    expect(calls).to.equal(1);
    expect(findings).to.have.length(1);
    expect(findings[0]).to.include({ severity: 'warning', code: 'model_review_failed', source: 'model' });
    expect(findings[0]!.details).to.include({ reason: 'ai_request_failed', partsNotReviewed: 3 });
    expect(findings[0]!.message).to.not.include('ECONNREFUSED');
  });

  it('rejects with aborted when the caller cancels', async () => {
    const { reviewer, prompts } = reviewerWith(['{"findings":[]}']);
    const controller = new AbortController();
    controller.abort();
    const error = await reviewer.review(request(1), { signal: controller.signal }).catch((caught: unknown) => caught);
    expect(error).to.be.instanceOf(DocsiftError).and.include({ code: 'aborted' });
    expect(prompts()).to.have.length(0);
  });
});
