import { expect } from 'chai';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, folded, itemsOf, joinedLines, looseLines, pageWords, recapLines, sectionSum } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,()]/g, '')) * 100) * (text.startsWith('(') ? -1 : 1);
const number = (text: string) => Number(text.replace(/,/g, ''));
/** The percentage in a label ("Sales tax on materials 6.25%", "(6.5%)"). */
const rateIn = (label: string) => Number(/([\d.]+)%/.exec(label)![1]);
const UNITS = 'EA|LF|SF|SY|SQ|LS|HR|CY';
const MONEY = '([\\d,]+\\.\\d\\d)';

/** Held out of tuning up to generator 1.18.0, tuning families since 1.19.0. */
describeGenerated('generated statements of repair, g70–g73', ['g70', 'g71', 'g72', 'g73'], false, ({ filesOf, bytesOf }) => {
  it('prints the item total before its material and labor (unit and extension each) and the quantity and unit last, items "12)", room totals and sales tax on materials (g70)', async () => {
    const row = new RegExp(`^(\\d+)\\) (.+?) ((?:[\\d,]+\\.\\d\\d )+)([\\d,]+(?:\\.5)?) (${UNITS})$`);
    for (const answer of filesOf('g70')) {
      const lines = await joinedLines(bytesOf(answer));
      const items = itemsOf(answer);
      const rows = lines.flatMap((line) => {
        const match = row.exec(line);
        return match ? [{ number: Number(match[1]), amounts: match[3].trim().split(' ').map(amount), quantity: number(match[4]), unit: match[5] }] : [];
      });
      expect(rows.map((entry) => entry.number), answer.file).to.deep.equal(items.map((_, index) => index + 1));
      rows.forEach(({ amounts, quantity, unit }, index) => {
        const item = items[index];
        const [total, ...pairs] = amounts;
        const extended = [item.materialCost, item.laborCost].map(cents).filter((value) => value !== 0);
        expect({ total, quantity, unit, pairs: pairs.length }, item.description).to.deep.equal({ total: cents(item.totalCost), quantity: item.quantity, unit: item.unit, pairs: 2 * extended.length });
        extended.forEach((value, pair) => {
          expect(pairs[2 * pair + 1], item.description).to.equal(value);
          expect(Math.round(quantity * pairs[2 * pair]), item.description).to.equal(value);
        });
        expect(extended.reduce((sum, value) => sum + value, 0), item.description).to.equal(total);
      });
      for (const section of answer.extractedData.constructionSections) {
        expect(lines, answer.file).to.include(section.sectionName);
        expect(lines.some((line) => /^(Room|Area) total /.test(line) && line.endsWith(` ${dollars(sectionSum(section))}`)), section.sectionName).to.equal(true);
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines, answer.file).to.include(`Subtotal ${dollars(cents(subtotal))}`);
      if (overheadAndProfit !== null) expect(lines.some((line) => line.startsWith('Overhead & profit ') && line.endsWith(` ${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      const [tax, ...others] = recapLines(answer, 'Before');
      const material = items.reduce((sum, item) => sum + cents(item.materialCost), 0);
      expect(cents(tax.amount), answer.file).to.equal(Math.round((material * rateIn(tax.label)) / 100));
      for (const line of [tax, ...others]) expect(lines, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
      expect(lines.some((line) => /^(TOTAL ESTIMATE PRICE|ESTIMATE AMOUNT|TOTAL OF ESTIMATE) \$/.test(line) && line.endsWith(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
  });

  it('prints phases, cost codes and items as an outline with totals at the cost-code and phase levels, labor before material each as price and amount (g71)', async () => {
    const row = new RegExp(`^(\\d{4})\\.(\\d+) (.+) ([\\d,]+\\.\\d\\d) (${UNITS}) ${MONEY} ${MONEY} ${MONEY} ${MONEY} ${MONEY}$`);
    const phaseTotal = new RegExp(`^Phase \\d .+ Total ${MONEY} ${MONEY} ${MONEY}$`);
    let wrapped = 0;
    for (const answer of filesOf('g71')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ code: string; quantity: number; unit: string; labor: number; material: number; total: number }> = [];
      lines.forEach((line, index) => {
        const match = row.exec(line);
        if (!match) return;
        const quantity = number(match[4]);
        const [laborPrice, labor, materialPrice, material, total] = match.slice(6).map(amount);
        expect(Math.round(quantity * laborPrice), line).to.equal(labor);
        expect(Math.round(quantity * materialPrice), line).to.equal(material);
        expect(labor + material, line).to.equal(total);
        if (!/^\d{4}[. ]|Total |^PHASE /.test(lines[index + 1] ?? '')) wrapped += 1;
        rows.push({ code: `${match[1]}.${match[2]}`, quantity, unit: match[5], labor, material, total });
      });
      const sections = answer.extractedData.constructionSections;
      const expected = sections.flatMap((section) =>
        section.lineItems.map((item, index) => ({
          code: `${section.sectionName.slice(0, 4)}.${(index + 1) * 10}`,
          quantity: item.quantity,
          unit: item.unit,
          labor: cents(item.laborCost),
          material: cents(item.materialCost),
          total: cents(item.totalCost),
        })),
      );
      expect(rows, answer.file).to.deep.equal(expected);
      for (const section of sections) {
        expect(section.sectionName, answer.file).to.match(/^\d{4} [A-Z]/);
        expect(lines, answer.file).to.include(section.sectionName);
        const totals = [sectionSum(section, 'laborCost'), sectionSum(section, 'materialCost'), sectionSum(section)].map(dollars).join(' ');
        expect(lines, answer.file).to.include(`${section.sectionName} Total ${totals}`);
      }
      const phases = lines.flatMap((line) => phaseTotal.exec(line)?.slice(1).map(amount) ?? []);
      expect(phases.length, answer.file).to.be.above(0);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(phases.filter((_, index) => index % 3 === 2).reduce((sum, value) => sum + value, 0), answer.file).to.equal(cents(subtotal));
      const single = (label: string) => amount(new RegExp(`^${label} ${MONEY}$`).exec(lines.find((line) => new RegExp(`^${label} ${MONEY}$`).test(line))!)![1]);
      expect(single('Labor') + single('Material'), answer.file).to.equal(cents(subtotal));
      expect(lines, answer.file).to.include(`Subtotal ${dollars(cents(subtotal))}`);
      const markups = lines.filter((line) => /^(Overhead|Profit) [\d.]+% /.test(line)).map((line) => amount(line.split(' ').at(-1)!));
      expect(markups.reduce((sum, value) => sum + value, 0), answer.file).to.equal(cents(overheadAndProfit));
      for (const line of recapLines(answer, 'Before')) expect(lines.some((text) => text.startsWith(line.label) && text.endsWith(` ${dollars(cents(line.amount))}`)), line.label).to.equal(true);
      expect(lines.some((line) => /^(Grand Total|Total Estimate|Estimate Grand Total) \$/.test(line) && line.endsWith(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(wrapped).to.be.above(0);
  });

  it('prints the draw each item is paid in after its line total, a draw schedule that adds up to the subtotal and the recap in a box (g72)', async () => {
    const row = new RegExp(`^(\\d+(?:-\\d+)?) (.+) ([\\d,]+(?:\\.5)?) (${UNITS}) ${MONEY} ${MONEY} ${MONEY} ([123])$`);
    for (const answer of filesOf('g72')) {
      const lines = await joinedLines(bytesOf(answer));
      const rows: Array<{ number: string; quantity: number; unit: string; labor: number; material: number; total: number; draw: number }> = [];
      for (const line of lines) {
        const match = row.exec(line);
        if (!match) continue;
        const [labor, material, total] = match.slice(5, 8).map(amount);
        expect(labor + material, line).to.equal(total);
        rows.push({ number: match[1], quantity: number(match[3]), unit: match[4], labor, material, total, draw: Number(match[8]) });
      }
      const sections = answer.extractedData.constructionSections;
      const running = rows.every((entry) => !entry.number.includes('-'));
      const expected = sections.flatMap((section, sectionIndex) => section.lineItems.map((item, index) => ({ section: sectionIndex + 1, index: index + 1, item })));
      expect(rows.length, answer.file).to.equal(expected.length);
      rows.forEach((entry, position) => {
        const { section, index, item } = expected[position];
        expect(entry.number, item.description).to.equal(running ? String(position + 1) : `${section}-${index}`);
        expect({ quantity: entry.quantity, unit: entry.unit, labor: entry.labor, material: entry.material, total: entry.total }, item.description).to.deep.equal({
          quantity: item.quantity,
          unit: item.unit,
          labor: cents(item.laborCost),
          material: cents(item.materialCost),
          total: cents(item.totalCost),
        });
      });
      for (const section of sections) {
        expect(lines.some((line) => line === section.sectionName || line === `${section.sectionName}, continued`), section.sectionName).to.equal(true);
        const totals = [sectionSum(section, 'laborCost'), sectionSum(section, 'materialCost'), sectionSum(section)].map(dollars).join(' ');
        expect(lines, answer.file).to.include(`Total ${section.sectionName} ${totals}`);
      }
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      const draws = lines.flatMap((line) => [...line.matchAll(/Draw (\d)(?: \(final\))? ([\d,]+\.\d\d)/g)].map((match) => ({ draw: Number(match[1]), amount: amount(match[2]) })));
      for (const { draw, amount: value } of draws) expect(value, `draw ${draw}`).to.equal(rows.filter((entry) => entry.draw === draw).reduce((sum, entry) => sum + entry.total, 0));
      expect(draws.reduce((sum, entry) => sum + entry.amount, 0), answer.file).to.equal(cents(subtotal));
      expect(lines.some((line) => line.includes(`Total of draws ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(lines.some((line) => line.includes(`Subtotal ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(lines.some((line) => /(CONTRACT SUM|BID TOTAL) \$/.test(line) && line.includes(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'After')) expect(lines.some((text) => text.includes(`${line.label} $${dollars(cents(line.amount))}`)), line.label).to.equal(true);
    }
  });

  it('prints each item as a numbered paragraph ending with its quantity in words and its price after a dot leader, and the recap on leaders (g73)', async () => {
    const words: Record<string, string> = { each: 'EA', 'lin. ft.': 'LF', 'sq. ft.': 'SF', 'sq. yd.': 'SY', square: 'SQ', squares: 'SQ', 'lump sum': 'LS', hour: 'HR', hours: 'HR', 'cu. yd.': 'CY' };
    const leader = /^(.*?)(?: ?(?:\. ?)+)? ?(\$?[\d,]+\.\d\d)$/;
    for (const answer of filesOf('g73')) {
      const lines = (await pageWords(bytesOf(answer))).flatMap(looseLines);
      const paragraphs: Array<{ number: number; text: string; total: number }> = [];
      let open: { number: number; text: string } | null = null;
      for (const line of lines) {
        const start = /^(\d+)\. (.*)$/.exec(line);
        if (!open && start) open = { number: Number(start[1]), text: '' };
        if (!open) continue;
        const text = open.text ? line : start![2];
        const end = leader.exec(text);
        open.text = `${open.text} ${end ? end[1] : text}`.trim();
        if (end) {
          paragraphs.push({ ...open, total: amount(end[2]) });
          open = null;
        }
      }
      const items = itemsOf(answer);
      expect(paragraphs.map((entry) => entry.number), answer.file).to.deep.equal(items.map((_, index) => index + 1));
      paragraphs.forEach((entry, index) => {
        const item = items[index];
        expect(folded(entry.text), item.description).to.equal(folded(item.description));
        expect(entry.total, item.description).to.equal(cents(item.totalCost));
        const [, quantity, unit] = /\(([\d,.]+) ([a-z. ]+)\)/.exec(item.description)!;
        expect({ quantity: number(quantity), unit: words[unit] }, item.description).to.deep.equal({ quantity: item.quantity, unit: item.unit });
        expect(item.materialCost, item.description).to.equal(null);
      });
      for (const section of answer.extractedData.constructionSections) {
        expect(lines, answer.file).to.include(section.sectionName);
        const total = lines.find((line) => line.startsWith(`Total ${section.sectionName} `));
        if (total) expect(amount(leader.exec(total)![2]), section.sectionName).to.equal(sectionSum(section));
      }
      const labelled = (pattern: RegExp) => amount(leader.exec(lines.find((line) => pattern.test(line) && leader.test(line))!)![2]);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(labelled(/^(Sub-total|Sub-total of work|Total of items) \./), answer.file).to.equal(cents(subtotal));
      if (overheadAndProfit !== null) expect(labelled(/^Overhead and profit /), answer.file).to.equal(cents(overheadAndProfit));
      const [tax, permit] = recapLines(answer, 'Before');
      expect(labelled(/^Sales tax on materials /), answer.file).to.equal(cents(tax.amount));
      expect(labelled(/^Permit allowance /), answer.file).to.equal(cents(permit.amount));
      const total = lines.findIndex((line) => /^(TOTAL AMOUNT OF BID|TOTAL BID AMOUNT|AMOUNT OF PROPOSAL) /.test(line));
      expect(amount(leader.exec(lines[total])![2]), answer.file).to.equal(cents(grandTotal));
      expect(lines[total + 1], answer.file).to.match(/^\(.+ and \d\d\/100 Dollars\)$/);
    }
  });
});
