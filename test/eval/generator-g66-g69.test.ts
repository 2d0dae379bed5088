import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, itemsOf, joinedLines, recapLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100) * (text.startsWith('(') ? -1 : 1);
const number = (text: string) => Number(text.replace(/,/g, ''));
/** The amount at the end of the first line that starts with `label`. */
const labelled = (lines: string[], label: string) => amount(/([\d,]+\.\d\d)$/.exec(lines.find((line) => line.startsWith(label) && /\d\.\d\d$/.test(line))!)![1]);
const sectionSum = (section: SorAnswer['extractedData']['constructionSections'][number]) => section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0);
/** The index of the line that ends with the grand total printed with "$". */
const grandTotalLine = (lines: string[], answer: SorAnswer) => lines.findIndex((line) => line.endsWith(` $${dollars(cents(answer.extractedData.recapSummary.grandTotal))}`));
const UNITS = 'EA|LF|SF|SY|SQ|LS|HR|CY';
const MONEY = '([\\d,]+\\.\\d\\d)';

/** Held out of tuning up to generator 1.17.0, tuning families since 1.18.0. */
describeGenerated('generated statements of repair, g66–g69', ['g66', 'g67', 'g68', 'g69'], false, ({ filesOf, bytesOf }) => {
  it('prints material and labor each as a unit cost and an extension, an equipment column, items "3.010" and an estimate recap (g66)', async () => {
    const row = new RegExp(`^(\\d+)\\.(\\d{3}) (.+) ${MONEY} (${UNITS}) ${MONEY} ${MONEY} ${MONEY} ${MONEY}(?: ${MONEY})? ${MONEY}$`);
    let equipped = 0;
    for (const answer of filesOf('g66')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: string; quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const quantity = number(match[4]);
        const [materialRate, material, laborRate, labor] = match.slice(6, 10).map(amount);
        const equipment = match[10] ? amount(match[10]) : 0;
        const total = amount(match[11]);
        expect(Math.round(quantity * materialRate), line).to.equal(material);
        expect(Math.round(quantity * laborRate), line).to.equal(labor);
        expect(material + labor + equipment, line).to.equal(total);
        if (equipment > 0) equipped += 1;
        rows.push({ number: `${match[1]}.${match[2]}`, quantity, unit: match[5], material, labor, total });
      }
      const sections = answer.extractedData.constructionSections;
      const expected = sections.flatMap((section) =>
        section.lineItems.map((item, index) => ({
          number: `${Number(/^\d+/.exec(section.sectionName)![0])}.${String((index + 1) * 10).padStart(3, '0')}`,
          quantity: item.quantity,
          unit: item.unit,
          material: cents(item.materialCost),
          labor: cents(item.laborCost),
          total: cents(item.totalCost),
        })),
      );
      expect(rows, answer.file).to.deep.equal(expected);
      for (const section of sections) {
        expect(section.sectionName, answer.file).to.match(/^\d\d [A-Z,& ]+$/);
        expect(lines, answer.file).to.include(section.sectionName);
        expect(lines.some((line) => line.startsWith(`Total ${section.sectionName.slice(3)} `) && line.endsWith(` ${dollars(sectionSum(section))}`)), section.sectionName).to.equal(true);
      }
      const { subtotal, generalConditions, overheadAndProfit } = answer.extractedData.recapSummary;
      expect(labelled(lines, 'Material') + labelled(lines, 'Labor') + labelled(lines, 'Equipment'), answer.file).to.equal(cents(subtotal));
      expect(lines.some((line) => line.endsWith(` ${dollars(cents(subtotal))}`) && /^(Direct Cost Subtotal|Total Direct Cost|Subtotal Direct Costs) /.test(line)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(labelled(lines, 'General Conditions'), answer.file).to.equal(cents(generalConditions));
      expect(labelled(lines, 'Overhead') + labelled(lines, 'Profit'), answer.file).to.equal(cents(overheadAndProfit));
      const [insurance] = recapLines(answer, 'Before');
      const rate = Number(/\(([\d.]+)%\)$/.exec(insurance.label)![1]);
      expect(labelled(lines, insurance.label), answer.file).to.equal(cents(insurance.amount)).and.to.equal(Math.round((cents(subtotal) * rate) / 100));
      const total = grandTotalLine(lines, answer);
      const [perFoot] = recapLines(answer, 'After');
      expect(lines.indexOf(`${perFoot.label} $${dollars(cents(perFoot.amount))}`), answer.file).to.be.above(total).and.above(0);
    }
    expect(equipped).to.be.above(0);
  });

  it('prints whole dollars, the quantity and unit in one lower-case cell ("12 sf"), credits in parentheses, room totals and alternates after the base bid (g67)', async () => {
    const whole = '(\\(?[\\d,]+\\)?)';
    const row = new RegExp(`^(\\d+) (.+) ([\\d,]+) (ea|lf|sf|sy|sq|ls|hr|cy)(?: ${whole})?(?: ${whole})? ${whole}$`);
    let credits = 0;
    for (const answer of filesOf('g67')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: number; quantity: number; unit: string; parts: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const parts = [match[5], match[6]].filter(Boolean).map(amount);
        const total = amount(match[7]);
        if (total < 0) credits += 1;
        expect(parts.reduce((sum, part) => sum + part, 0), line).to.equal(total);
        rows.push({ number: Number(match[1]), quantity: number(match[3]), unit: match[4].toUpperCase(), parts: parts.length, total });
      }
      const items = itemsOf(answer);
      expect(rows.map(({ number: index, quantity, unit, total }) => ({ index, quantity, unit, total })), answer.file).to.deep.equal(
        items.map((item, index) => ({ index: index + 1, quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })),
      );
      rows.forEach((entry, index) => expect(entry.parts, items[index].description).to.equal([items[index].materialCost, items[index].laborCost].filter((value) => value !== 0).length));
      expect(items.every((item) => cents(item.totalCost) % 100 === 0), answer.file).to.equal(true);
      for (const section of answer.extractedData.constructionSections) {
        expect(lines, answer.file).to.include(`Total ${section.sectionName} $${(sectionSum(section) / 100).toLocaleString('en-US')}`);
      }
      const { subtotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(Total of All Rooms|Total Work|Sum of Rooms) \$/.test(line) && line.endsWith(`$${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      const total = grandTotalLine(lines, answer);
      expect(lines[total], answer.file).to.match(/^(TOTAL BASE BID|BASE BID TOTAL|TOTAL BID) \$/);
      const alternates = recapLines(answer, 'After');
      expect(alternates.length, answer.file).to.be.above(0);
      for (const alternate of alternates) {
        const value = cents(alternate.amount);
        const printed = value < 0 ? `($${(-value / 100).toLocaleString('en-US')})` : `$${(value / 100).toLocaleString('en-US')}`;
        expect(lines.indexOf(`${alternate.label} ${printed}`), alternate.label).to.be.above(total);
        expect(value < 0, alternate.label).to.equal(alternate.label.includes('DEDUCT'));
      }
    }
    expect(credits).to.be.above(0);
  });

  it('prints each trade as a table of its own with its header, lettered items and a total row, a cost summary by trade and the worksheet items after the cost of repairs (g68)', async () => {
    const row = new RegExp(`^([a-z]{1,2})\\. (.+) ([\\d,]+(?:\\.5)?) (${UNITS}) ${MONEY} ${MONEY} ${MONEY}$`);
    for (const answer of filesOf('g68')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ letter: string; quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [material, labor, total] = match.slice(5).map(amount);
        expect(material + labor, line).to.equal(total);
        rows.push({ letter: match[1], quantity: number(match[3]), unit: match[4], material, labor, total });
      }
      const sections = answer.extractedData.constructionSections;
      const expected = sections.flatMap((section) =>
        section.lineItems.map((item, index) => ({ letter: String.fromCharCode(97 + index), quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) })),
      );
      expect(rows, answer.file).to.deep.equal(expected);
      expect(lines.filter((line) => line === 'Ref. Description Qty U/M Material Labor Total').length, answer.file).to.be.at.least(sections.length);
      for (const section of sections) {
        expect(lines, answer.file).to.include(section.sectionName);
        const totals = lines.filter((line) => line.startsWith('Total for ') && line.endsWith(` ${dollars(sectionSum(section))}`));
        expect(totals.length, section.sectionName).to.be.at.least(1);
        const summaryRow = lines.filter((line) => line.startsWith(`${section.sectionName} `) && line.endsWith(` ${dollars(sectionSum(section))}`));
        expect(summaryRow.length, section.sectionName).to.equal(1);
      }
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(labelled(lines, 'Subtotal'), answer.file).to.equal(cents(subtotal));
      const total = grandTotalLine(lines, answer);
      expect(lines[total], answer.file).to.match(/^TOTAL (COST OF REPAIRS|REPAIR COST) \$/);
      const after = recapLines(answer, 'After');
      after.forEach((line, index) => expect(lines.indexOf(`${line.label} $${dollars(cents(line.amount))}`), line.label).to.equal(total + 1 + index));
      expect(cents(after.at(-1)!.amount), answer.file).to.equal(cents(grandTotal) + after.slice(0, -1).reduce((sum, line) => sum + cents(line.amount), 0));
      const reserve = /^Mortgage payment reserve \((\d) mo\. x \$([\d,]+\.\d\d)\)$/;
      for (const line of after.filter((entry) => reserve.test(entry.label))) {
        const [, months, payment] = reserve.exec(line.label)!;
        expect(cents(line.amount), line.label).to.equal(Number(months) * amount(payment));
      }
    }
  });

  it("prints one unit cost per line, each trade's total in the Section Total column on its last line, and the deposit and balance after the total (g69)", async () => {
    const row = new RegExp(`^(\\d{3,}) (.+) ([\\d,]+(?:\\.5)?) (${UNITS}) ${MONEY} ${MONEY}(?: \\$${MONEY})?$`);
    for (const answer of filesOf('g69')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: string; quantity: number; unit: string; total: number; section: number | null }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [quantity, unitCost, total] = [number(match[3]), amount(match[5]), amount(match[6])];
        expect(Math.round(quantity * unitCost), line).to.equal(total);
        rows.push({ number: match[1], quantity, unit: match[4], total, section: match[7] ? amount(match[7]) : null });
      }
      const sections = answer.extractedData.constructionSections;
      const expected = sections.flatMap((section, sectionIndex) =>
        section.lineItems.map((item, index) => ({
          number: `${sectionIndex + 1}${String(index + 1).padStart(2, '0')}`,
          quantity: item.quantity,
          unit: item.unit,
          total: cents(item.totalCost),
          section: index === section.lineItems.length - 1 ? sectionSum(section) : null,
        })),
      );
      expect(rows, answer.file).to.deep.equal(expected);
      expect(itemsOf(answer).every((item) => item.materialCost === null && item.laborCost === null), answer.file).to.equal(true);
      for (const section of sections) expect(lines, answer.file).to.include(section.sectionName);
      expect(lines.filter((line) => line === 'Continued on next page').length, answer.file).to.equal(answer.pages - 1);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines, answer.file).to.include(`Subtotal $${dollars(cents(subtotal))}`);
      if (overheadAndProfit !== null) expect(lines.some((line) => / \([\d.]+%\) /.test(line) && line.endsWith(` ${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      const total = grandTotalLine(lines, answer);
      expect(lines[total], answer.file).to.match(/^(GRAND TOTAL|ESTIMATE TOTAL|TOTAL PROJECT COST) \$/);
      const [deposit, balance] = recapLines(answer, 'After');
      expect(cents(deposit.amount) + cents(balance.amount), answer.file).to.equal(cents(grandTotal));
      expect(lines.indexOf(`${deposit.label} $${dollars(cents(deposit.amount))}`), answer.file).to.equal(total + 1);
      expect(lines.indexOf(`${balance.label} $${dollars(cents(balance.amount))}`), answer.file).to.equal(total + 2);
    }
  });
});
