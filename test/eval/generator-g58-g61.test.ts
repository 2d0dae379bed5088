import { expect } from 'chai';
import { describeGenerated } from './generated-suite.js';
import { cents, itemsOf, joinedLines, recapLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const number = (text: string) => Number(text.replace(/,/g, ''));
/** The amount at the end of the first line that holds `label`. */
const labelled = (lines: string[], label: string) => amount(/([\d,]+\.\d\d)$/.exec(lines.find((line) => line.includes(label) && /\d\.\d\d$/.test(line))!)![1]);

/** Held out of tuning up to generator 1.15.0, tuning families since 1.16.0. */
describeGenerated('generated statements of repair, g58–g61', ['g58', 'g59', 'g60', 'g61'], false, ({ filesOf, bytesOf }) => {
  it('prints each line as labor hours times an hourly rate, the materials and their sum, with no quantities (g58)', async () => {
    const row = /^\d+ .* (\d+\.\d) \$?([\d,]+\.\d\d)(?:\/hr)? ([\d,]+\.\d\d) ([\d,]+\.\d\d) ([\d,]+\.\d\d)$/;
    for (const answer of filesOf('g58')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ labor: number; material: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [hours, rate, labor, material, total] = [Number(match[1]), ...match.slice(2).map(amount)];
        expect((hours * 2) % 1, line).to.equal(0);
        expect(Math.round(hours * rate), line).to.equal(labor);
        expect(labor + material, line).to.equal(total);
        rows.push({ labor, material, total });
      }
      expect(rows, answer.file).to.deep.equal(itemsOf(answer).map((item) => ({ labor: cents(item.laborCost), material: cents(item.materialCost), total: cents(item.totalCost) })));
      expect(itemsOf(answer).every((item) => item.quantity === null && item.unit === null), answer.file).to.equal(true);
      expect(labelled(lines, 'Subtotal'), answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
      const { overheadAndProfit } = answer.extractedData.recapSummary;
      if (overheadAndProfit !== null) expect(labelled(lines, 'Overhead & profit'), answer.file).to.equal(cents(overheadAndProfit));
    }
  });

  it('prints the unit after the unit price, numbers items "1." and leaves "$" off the amounts of the table (g59)', async () => {
    const row = /^(\d+)\. .* ([\d,.]+) ([\d,]+\.\d\d) (EA|LF|SF|SY|SQ|LS|HR|CY) ([\d,]+\.\d\d)$/;
    let wrapped = 0;
    for (const answer of filesOf('g59')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: number; quantity: number; unit: string; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [quantity, price, total] = [number(match[2]), amount(match[3]), amount(match[5])];
        expect(Math.round(quantity * price), line).to.equal(total);
        expect(line, line).not.to.include('$');
        rows.push({ number: Number(match[1]), quantity, unit: match[4], total });
      }
      const items = itemsOf(answer);
      expect(rows, answer.file).to.deep.equal(items.map((item, index) => ({ number: index + 1, quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })));
      expect(items.every((item) => item.materialCost === null && item.laborCost === null), answer.file).to.equal(true);
      wrapped += items.filter((item) => !lines.some((line) => line.includes(item.description))).length;
    }
    expect(wrapped).to.be.above(0);
  });

  it('prints a trade code and a location in columns of their own, half-foot quantities and a numbered summary of costs (g60)', async () => {
    const row = /^(\d+) ([A-Z]{2}) (.+) ([\d,]+(?:\.5)?) (EA|LF|SF|SY|SQ|LS|HR|CY) ([\d,]+\.\d\d) ([\d,]+\.\d\d) ([\d,]+\.\d\d)$/;
    let halves = 0;
    for (const answer of filesOf('g60')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      const codes: string[] = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [material, labor, total] = match.slice(6).map(amount);
        expect(material + labor, line).to.equal(total);
        codes.push(match[2]);
        rows.push({ quantity: number(match[4]), unit: match[5], material, labor, total });
      }
      const items = itemsOf(answer);
      expect(rows, answer.file).to.deep.equal(items.map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) })));
      const sections = answer.extractedData.constructionSections;
      let index = 0;
      for (const section of sections) {
        expect(new Set(codes.slice(index, index + section.lineItems.length)).size, section.sectionName).to.equal(1);
        expect(section.sectionName, answer.file).to.equal(section.sectionName.toUpperCase());
        index += section.lineItems.length;
      }
      halves += items.filter((item) => item.quantity !== null && item.quantity % 1 === 0.5 && ['LF', 'SF'].includes(item.unit!)).length;
      const grandTotal = cents(answer.extractedData.recapSummary.grandTotal);
      expect(labelled(lines, 'TOTAL COST OF REPAIRS'), answer.file).to.equal(grandTotal);
      const [contingency, ...fees] = recapLines(answer, 'After');
      const rate = Number(/(\d+)% of cost of repairs/.exec(contingency.label)![1]);
      expect(labelled(lines, contingency.label), answer.file).to.equal(cents(contingency.amount)).and.to.equal(Math.round((grandTotal * rate) / 100));
      expect(labelled(lines, 'TOTAL REHABILITATION COST'), answer.file).to.equal(cents(fees.at(-1)!.amount));
    }
    expect(halves).to.be.above(0);
  });

  it("prints one line per trade with its division, subcontractor and bid date, under phase rows, and the builder's fee as a percentage (g61)", async () => {
    const row = /^(\d\d) (.+) (\d{1,2}\/\d{1,2}\/\d\d) ([\d,]+\.\d\d)$/;
    for (const answer of filesOf('g61')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ trade: string; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (match) rows.push({ trade: match[2], total: amount(match[4]) });
      }
      const items = itemsOf(answer);
      expect(rows.map((entry) => entry.total), answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
      rows.forEach((entry, index) => expect(entry.trade.startsWith(`${items[index].description} `), entry.trade).to.equal(true));
      expect(items.every((item) => item.quantity === null && item.unit === null && item.materialCost === null), answer.file).to.equal(true);
      expect(answer.extractedData.constructionSections.every((section) => lines.includes(section.sectionName)), answer.file).to.equal(true);
      const { subtotal, overheadAndProfit } = answer.extractedData.recapSummary;
      const fee = Number(/ (\d+)% [\d,]+\.\d\d$/.exec(lines.find((line) => line.endsWith(` ${(overheadAndProfit ?? 0).toLocaleString('en-US', { minimumFractionDigits: 2 })}`))!)![1]);
      expect(Math.round((cents(subtotal) * fee) / 100), answer.file).to.equal(cents(overheadAndProfit));
      for (const line of recapLines(answer, 'Before')) {
        const rate = /\(([\d.]+)% of trade bids\)/.exec(line.label);
        if (rate) expect(cents(line.amount), line.label).to.equal(Math.round((cents(subtotal) * Number(rate[1])) / 100));
      }
      expect(lines, answer.file).to.include('SCOPE INCLUDED');
    }
  });
});
