import { expect } from 'chai';
import { analyzeStatement, MAX_REVIEW_PARTS, statementReviewRequest } from '../../../plugins/sor/src/index.js';
import { consistentStatement, item } from './support/analysis-statement.js';

describe('sor analysis: what the model review is sent (statementReviewRequest)', () => {
  it('sends the whole statement in one part, with the local findings and the summary as context', () => {
    const data = consistentStatement();
    data.recapSummary.grandTotal = 1;
    const analysis = analyzeStatement(data);
    const request = statementReviewRequest(data, analysis, { useChunking: false });
    expect(request.parts).to.deep.equal([{ label: 'the whole statement', content: data }]);
    const context = request.context as { localFindings: Array<{ code: string }>; summary: unknown; recapSummary: unknown };
    expect(context.localFindings.map((finding) => finding.code)).to.deep.equal(analysis.findings.map((finding) => finding.code));
    expect(context.localFindings.map((finding) => finding.code)).to.include('sor_grand_total_mismatch');
    expect(context.summary).to.deep.equal(analysis.summary);
    expect(context.recapSummary).to.deep.equal(data.recapSummary);
  });

  it('with useChunking, one part per section, labelled with its path', () => {
    const data = consistentStatement();
    const request = statementReviewRequest(data, analyzeStatement(data), { useChunking: true });
    expect(request.parts).to.have.length(data.constructionSections.length);
    request.parts.forEach((part, index) => {
      expect(part.label).to.equal(`constructionSections[${index}] (${data.constructionSections[index]!.sectionName})`);
      expect(part.content).to.deep.equal({ [`constructionSections[${index}]`]: data.constructionSections[index] });
    });
  });

  it(`never sends more than ${MAX_REVIEW_PARTS} parts: past it, neighbouring sections share one, and every section is sent once`, () => {
    const data = consistentStatement();
    data.constructionSections = Array.from({ length: 45 }, (_, index) => ({ sectionName: `Section ${index}`, lineItems: [item(`Work ${index}`, 1, 'LS', 10, 10, 20)] }));
    const { parts } = statementReviewRequest(data, analyzeStatement(data), { useChunking: true });
    expect(parts.length).to.be.at.most(MAX_REVIEW_PARTS);
    expect(parts[0]!.label).to.equal('constructionSections[0] to [2] (Section 0, Section 1, Section 2)');
    const sent = parts.flatMap((part) => Object.keys(part.content as object));
    expect(sent).to.deep.equal(data.constructionSections.map((_, index) => `constructionSections[${index}]`));
  });
});
