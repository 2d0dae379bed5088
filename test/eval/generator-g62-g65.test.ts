import { expect } from 'chai';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, itemsOf, joinedLines, recapLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
/** The amount at the end of the first line that starts with `label`. */
const labelled = (lines: string[], label: string) => amount(/([\d,]+\.\d\d)$/.exec(lines.find((line) => line.startsWith(label) && /\d\.\d\d$/.test(line))!)![1]);
const UNITS = 'EA|LF|SF|SY|SQ|LS|HR|CY';

/** Held out of tuning up to generator 1.16.0, tuning families since 1.17.0. */
describeGenerated('generated statements of repair, g62–g65', ['g62', 'g63', 'g64', 'g65'], false, ({ filesOf, bytesOf }) => {
  it('numbers the items again in each room ("2.1"), prints half units as mixed numbers and ALLOW marks apart, and a summary by room (g62)', async () => {
    const row = new RegExp(`^(\\d+)\\.(\\d+) (.+) (\\d[\\d,]*(?: 1/2)?) (${UNITS}) (ALLOW )?([\\d,]+\\.\\d\\d) ([\\d,]+\\.\\d\\d) ([\\d,]+\\.\\d\\d)$`);
    let mixed = 0;
    let allowances = 0;
    for (const answer of filesOf('g62')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: string; quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [material, labor, total] = match.slice(7).map(amount);
        expect(material + labor, line).to.equal(total);
        const quantity = Number(match[4].replace(/ 1\/2$/, '').replace(/,/g, '')) + (match[4].endsWith(' 1/2') ? 0.5 : 0);
        if (match[4].endsWith(' 1/2')) mixed += 1;
        if (match[6]) allowances += 1;
        rows.push({ number: `${match[1]}.${match[2]}`, quantity, unit: match[5], material, labor, total });
      }
      const sections = answer.extractedData.constructionSections;
      const expected = sections.flatMap((section, sectionIndex) =>
        section.lineItems.map((item, index) => ({ number: `${sectionIndex + 1}.${index + 1}`, quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) })),
      );
      expect(rows, answer.file).to.deep.equal(expected);
      expect(lines.some((line) => /^\d+\.\d+ .*\d\.5 /.test(line)), answer.file).to.equal(false);
      for (const section of sections) {
        expect(lines, answer.file).to.include(section.sectionName);
        // PDFium may join or split words at a hyphen in Times ("1 -KITCHEN"), so the summary rows are compared without spaces.
        const summaryRow = `${section.sectionName}${dollars(section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0))}`.replace(/ /g, '');
        expect(lines.map((line) => line.replace(/ /g, '')), answer.file).to.include(summaryRow);
      }
      const summary = lines.findIndex((line) => /^(SUMMARY BY ROOM|ROOM SUMMARY|SUMMARY OF ROOMS)$/.test(line));
      const grandTotal = lines.findIndex((line) => line.endsWith(`$${dollars(cents(answer.extractedData.recapSummary.grandTotal))}`) && /^(ESTIMATE TOTAL|TOTAL ESTIMATE|TOTAL PRICE) /.test(line));
      expect(summary, answer.file).to.be.within(0, grandTotal - 1);
    }
    expect(mixed).to.be.above(0);
    expect(allowances).to.be.above(0);
  });

  it('prints material, labor, quantity and unit cost in General format, the total formatted, and the unit cost last (g63)', async () => {
    const general = '(-?\\d+(?:\\.\\d*[1-9])?)';
    const row = new RegExp(`^(\\d+) (.+) (${UNITS}) ${general} ${general} ${general} ([\\d,]+\\.\\d\\d) ${general}$`);
    let trimmed = 0;
    for (const answer of filesOf('g63')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: number; quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [quantity, material, labor, total, unitCost] = [Number(match[4]), amount(match[5]), amount(match[6]), amount(match[7]), amount(match[8])];
        expect(material + labor, line).to.equal(total);
        expect(Math.round(quantity * unitCost), line).to.equal(total);
        if ([match[5], match[6], match[8]].some((cell) => /\.\d$/.test(cell) || /^\d+$/.test(cell))) trimmed += 1;
        rows.push({ number: Number(match[1]), quantity, unit: match[3], material, labor, total });
      }
      const items = itemsOf(answer);
      expect(rows, answer.file).to.deep.equal(items.map((item, index) => ({ number: index + 1, quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) })));
      expect(lines.some((line) => line.includes('($) ($) ($) ($/unit)')), answer.file).to.equal(true);
      for (const section of answer.extractedData.constructionSections) {
        expect(section.sectionName, answer.file).to.equal(section.sectionName.toUpperCase());
        expect(lines.some((line) => line.startsWith(`Subtotal ${section.sectionName} `) && line.endsWith(` ${dollars(section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0))}`)), section.sectionName).to.equal(true);
      }
      expect(labelled(lines, 'SUBTOTAL'), answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
    }
    expect(trimmed).to.be.above(0);
  });

  it('prints each description on a row of its own above QUANTITY | REMOVE | REPLACE | TAX | TOTAL, and a recap by room after the total (g64)', async () => {
    const row = new RegExp(`^([\\d,]+\\.\\d\\d) (${UNITS}) ([\\d,]+\\.\\d\\d) ([\\d,]+\\.\\d\\d) ([\\d,]+\\.\\d\\d) ([\\d,]+\\.\\d\\d)$`);
    let removals = 0;
    for (const answer of filesOf('g64')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ quantity: number; unit: string; total: number }> = [];
      lines.forEach((line, index) => {
        const match = row.exec(line);
        if (!match) return;
        const quantity = Number(match[1].replace(/,/g, ''));
        const [remove, replace, tax, total] = match.slice(3).map(amount);
        expect(Math.round(quantity * (remove + replace)) + tax, line).to.equal(total);
        if (remove > 0) removals += 1;
        expect(lines[index - 1], line).not.to.match(/\d\.\d\d$/);
        rows.push({ quantity, unit: match[2], total });
      });
      const items = itemsOf(answer);
      expect(rows, answer.file).to.deep.equal(items.map((item) => ({ quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })));
      expect(items.every((item) => item.materialCost === null && item.laborCost === null), answer.file).to.equal(true);
      items.forEach((item, index) => expect(lines.some((line) => line.startsWith(`${index + 1}. ${item.description.split(' ')[0]}`)), item.description).to.equal(true));
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(labelled(lines, 'Line Item Total') + labelled(lines, 'Material Sales Tax'), answer.file).to.equal(cents(subtotal));
      expect(labelled(lines, 'Subtotal'), answer.file).to.equal(cents(subtotal));
      expect(labelled(lines, 'Overhead (') + labelled(lines, 'Profit ('), answer.file).to.equal(cents(overheadAndProfit));
      const total = lines.findIndex((line) => line.endsWith(` $${dollars(cents(grandTotal))}`));
      expect(total, answer.file).to.be.within(0, lines.indexOf('Recap by Room') - 1);
      for (const section of answer.extractedData.constructionSections) {
        expect(lines.some((line) => line.startsWith(`Totals: ${section.sectionName} `) && line.endsWith(` ${dollars(section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0))}`)), section.sectionName).to.equal(true);
      }
    }
    expect(removals).to.be.above(0);
  });

  it('prints the scope by room unpriced, then one lump sum per room and the permit and dumpster, and the payment schedule after the total (g65)', async () => {
    for (const answer of filesOf('g65')) {
      const lines = await joinedLines(bytesOf(answer));
      const items = itemsOf(answer);
      expect(answer.extractedData.constructionSections.map((section) => section.sectionName), answer.file).to.deep.equal(['']);
      expect(items.every((item) => item.quantity === null && item.unit === null && item.materialCost === null), answer.file).to.equal(true);
      const priced = items.map((item) => lines.indexOf(`${item.description} $${dollars(cents(item.totalCost))}`));
      expect(priced.every((index, position) => index > 0 && (position === 0 || index === priced[position - 1] + 1)), answer.file).to.equal(true);
      const rooms = items.slice(0, -2);
      for (const room of rooms) expect(lines.indexOf(room.description), room.description).to.be.within(0, priced[0] - 1);
      expect(items.slice(-2).map((item) => item.description).join(' '), answer.file).to.match(/[Pp]ermit.* .*[Dd]umpster/);
      const grandTotal = cents(answer.extractedData.recapSummary.grandTotal);
      expect(items.reduce((sum, item) => sum + cents(item.totalCost), 0), answer.file).to.equal(grandTotal);
      const total = lines.findIndex((line) => /^(TOTAL CONTRACT PRICE|TOTAL PRICE|CONTRACT TOTAL) /.test(line));
      expect(lines[total], answer.file).to.equal(`${lines[total].split(' $')[0]} $${dollars(grandTotal)}`);
      const schedule = recapLines(answer, 'After');
      expect(schedule.reduce((sum, line) => sum + cents(line.amount), 0), answer.file).to.equal(grandTotal);
      schedule.slice(0, -1).forEach((line) => expect(cents(line.amount), line.label).to.equal(Math.round((grandTotal * Number(/\((\d+)%\)$/.exec(line.label)![1])) / 100)));
      for (const line of schedule) expect(lines.indexOf(`${line.label} $${dollars(cents(line.amount))}`), line.label).to.be.above(total);
    }
  });
});
