import { expect } from 'chai';
import { ANALYSIS_CODES, analyzeStatement, CostTableError, parseCostTable, TRADE_LEXICON, type AnalysisOptions } from '../../../plugins/sor/src/index.js';
import { modifiedZScores } from '../../../plugins/sor/src/analysis/unit-costs.js';
import type { SorLineItem } from '../../../plugins/sor/src/schema.js';
import { item, statementOf } from './support/analysis-statement.js';

/** Painting priced per square foot at $0.90–$1.25, plus `extra`. */
const paintingItems = (extra: SorLineItem[] = []): SorLineItem[] => [
  item('Paint walls, bedroom 1', 400, 'SF', 100, 260, 360),
  item('Paint walls, bedroom 2', 380, 'SF', 100, 280, 380),
  item('Paint walls, living room', 600, 'SF', 150, 510, 660),
  item('Paint ceilings, hall', 200, 'SF', 50, 200, 250),
  item('Paint walls, kitchen', 300, 'SF', 80, 250, 330),
  ...extra,
];

const findings = (items: SorLineItem[], code: string, options: AnalysisOptions = {}) => analyzeStatement(statementOf(items), options).findings.filter((entry) => entry.code === code);

describe('plugin-sor analysis: unit costs against the statement', () => {
  it('warns of a unit cost far above the median of the same trade and unit, with the numbers', () => {
    const found = findings(paintingItems([item('Paint walls, dining room', 250, 'SF', 500, 1750, 2250)]), ANALYSIS_CODES.unitCostOutlier);
    expect(found).to.have.length(1);
    expect(found[0]).to.include({ severity: 'warning', path: 'constructionSections[0].lineItems[5].totalCost' });
    expect(found[0].details).to.include({ unitCost: 9, unit: 'SF', trade: 'painting', groupSize: 6 });
    expect(found[0].details.ratio as number).to.be.greaterThan(3);
    expect(found[0].message).to.contain('$9.00/SF');
  });

  it('is silent on ordinary spread, on groups below the minimum size, and on units priced by the piece', () => {
    expect(findings(paintingItems([item('Paint walls, den', 200, 'SF', 60, 240, 300)]), ANALYSIS_CODES.unitCostOutlier)).to.deep.equal([]);
    const four = paintingItems().slice(0, 3).concat(item('Paint walls, dining room', 250, 'SF', 500, 1750, 2250));
    expect(findings(four, ANALYSIS_CODES.unitCostOutlier)).to.deep.equal([]);
    const pieces = [150, 160, 170, 180, 2500].map((price, index) => item(`GFCI receptacle ${index + 1}`, 1, 'EA', price / 2, price / 2, price));
    expect(findings(pieces, ANALYSIS_CODES.unitCostOutlier)).to.deep.equal([]);
  });

  it('takes the rule from the options', () => {
    const items = paintingItems([item('Paint walls, dining room', 250, 'SF', 500, 1750, 2250)]);
    expect(findings(items, ANALYSIS_CODES.unitCostOutlier, { unitCosts: { minimumRatio: 10 } })).to.deep.equal([]);
    expect(findings(items, ANALYSIS_CODES.unitCostOutlier, { unitCosts: { minimumGroupSize: 7 } })).to.deep.equal([]);
  });

  it('scores on the log scale with the median absolute deviation', () => {
    const scores = modifiedZScores([1, 1, 2, 4, 4]);
    expect(scores[2]).to.equal(0);
    expect(scores[4]).to.be.closeTo(0.6745, 1e-9);
    expect(scores[0]).to.be.closeTo(-0.6745, 1e-9);
    expect(modifiedZScores([2, 2, 2, 8])[3]).to.equal(Number.POSITIVE_INFINITY);
  });
});

const TABLE = ['trade,keyword,unit,low,high,note', 'painting,,SF,0.75,2.50,interior repaint', ',water heater,EA,900,2500,', 'painting,"ceilings, smooth",SF,1.00,1.10,'].join('\n');

describe('plugin-sor analysis: the organization cost table', () => {
  it('parses the documented CSV format', () => {
    expect(parseCostTable(`\uFEFF${TABLE.replace(/\n/g, '\r\n')}\r\n\r\n`)).to.deep.equal([
      { trade: 'painting', keyword: null, unit: 'SF', low: 0.75, high: 2.5, line: 2 },
      { trade: null, keyword: 'water heater', unit: 'EA', low: 900, high: 2500, line: 3 },
      { trade: 'painting', keyword: 'ceilings, smooth', unit: 'SF', low: 1, high: 1.1, line: 4 },
    ]);
    expect(parseCostTable('unit,low,high,trade,keyword\nsq ft,$1,$3,painting,')).to.deep.equal([{ trade: 'painting', keyword: null, unit: 'SF', low: 1, high: 3, line: 2 }]);
  });

  it('refuses a malformed table, listing every bad line', () => {
    const refused = (csv: string, knownTrades?: string[]): CostTableError => {
      try {
        parseCostTable(csv, knownTrades ? { knownTrades } : {});
      } catch (error) {
        expect(error).to.be.instanceOf(CostTableError);
        return error as CostTableError;
      }
      throw new Error('the table was accepted');
    };
    expect(refused('').problems).to.deep.equal([{ line: 1, message: 'the file is empty; expected a header trade,keyword,unit,low,high' }]);
    expect(refused('trade,unit,low,high,price\n').message).to.contain('line 1: the header lacks column(s) keyword').and.contain('unknown column(s) "price"');
    const bad = refused(
      ['trade,keyword,unit,low,high', 'painting,,SF,1,2', ',,SF,1,2', 'painting,,SF,abc,2', 'painting,,SF,5,2', 'painting,,,1,2', 'painting,,SF,1', 'roofng,,SQ,200,400'].join('\n'),
      TRADE_LEXICON.map(([trade]) => trade),
    );
    expect(bad.problems.map((problem) => problem.line)).to.deep.equal([3, 4, 5, 6, 7, 8]);
    expect(bad.problems[0].message).to.equal('a row needs a trade, a keyword or both');
    expect(bad.problems[1].message).to.contain('low "abc" is not an amount');
    expect(bad.problems[2].message).to.equal('low 5 exceeds high 2');
    expect(bad.problems[3].message).to.equal('unit is empty');
    expect(bad.problems[4].message).to.equal('4 field(s), the header has 5');
    expect(bad.problems[5].message).to.contain('unknown trade "roofng"');
    expect(refused('trade,keyword,unit,low,high\npainting,"walls,SF,1,2').problems).to.deep.equal([{ line: 2, message: 'a quoted field is not closed' }]);
  });

  it('warns of unit costs outside the range of the most specific matching row', () => {
    const costTable = parseCostTable(TABLE);
    const items = [
      item('Paint walls, bedroom', 400, 'SF', 100, 300, 400),
      item('Paint walls, garage', 100, 'SF', 100, 200, 300),
      item('Paint ceilings, smooth finish', 100, 'SF', 40, 90, 130),
      item('50 gal gas water heater', 1, 'EA', 500, 300, 800),
      item('Vinyl siding', 10, 'SQ', 2000, 2000, 4000),
    ];
    const found = analyzeStatement(statementOf(items), { costTable }).findings.filter((entry) => entry.code.startsWith('sor_unit_cost_') && entry.code !== ANALYSIS_CODES.unitCostOutlier);
    expect(found.map((entry) => [entry.code, entry.path, entry.details.low, entry.details.high])).to.deep.equal([
      [ANALYSIS_CODES.unitCostAboveTable, 'constructionSections[0].lineItems[1].totalCost', 0.75, 2.5],
      [ANALYSIS_CODES.unitCostAboveTable, 'constructionSections[0].lineItems[2].totalCost', 1, 1.1],
      [ANALYSIS_CODES.unitCostBelowTable, 'constructionSections[0].lineItems[3].totalCost', 900, 2500],
    ]);
    expect(found[0].message).to.contain('$3.00/SF').and.contain('$0.75/SF–$2.50/SF').and.contain('(line 2)');
  });

  it('is silent without a cost table', () => {
    const items = [item('Paint walls, garage', 100, 'SF', 100, 200, 300)];
    expect(analyzeStatement(statementOf(items)).findings.filter((entry) => entry.code === ANALYSIS_CODES.unitCostAboveTable)).to.deep.equal([]);
  });
});
