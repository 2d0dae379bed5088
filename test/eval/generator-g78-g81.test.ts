import { expect } from 'chai';
import type { Word } from '../../core/src/contracts/document.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, looseLines, pageWords, recapLines, sectionSum, wordLines, wordRows } from './printed-pdf.js';

type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1,234.50", a negative amount in parentheses: "(450.00)". */
const accounting = (value: number) => (value < 0 ? `(${dollars(-value)})` : dollars(value));
/** "$1,234.50", a negative amount with a minus sign first: "-$450.00". */
const signedDollars = (value: number) => `${value < 0 ? '-' : ''}$${dollars(Math.abs(value))}`;
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
/** The percentage printed in a label: "(12%)". */
const rate = (answer: SorAnswer, name: string) => `(${answer.otherValuesOnDocument[name]}%)`;
const endsWithLine = (lines: string[], text: string) => lines.some((line) => line === text || line.endsWith(` ${text}`));

/** The text lines of each of three card columns of a landscape page, each line with its column and height on the page. */
function cardColumns(words: Word[]): Array<{ column: number; top: number; text: string }> {
  const columnOf = (word: Word) => Math.max(0, Math.min(2, Math.floor((word.bbox[0] * 792 - 30) / ((732 - 20) / 3 + 10))));
  return [0, 1, 2].flatMap((column) =>
    wordLines(words.filter((word) => columnOf(word) === column)).map((line) => ({ column, top: line[0].bbox[1], text: line.map((word) => word.text).join(' ') })));
}

/** Held out of tuning up to generator 1.20.0, tuning families since 1.21.0. */
describeGenerated('generated statements of repair, g78–g81', ['g78', 'g79', 'g80', 'g81'], false, ({ filesOf, bytesOf }) => {
  it('prints each item in bold with unpriced bullet lines under it, its quantity, unit and amounts on its last line with "$" in a cell of its own, and "Total <trade>" rows (g78)', async () => {
    let bottomAligned = 0;
    for (const answer of filesOf('g78')) {
      const lines = await joinedLines(bytesOf(answer));
      let number = 0;
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        expect(lines.indexOf(section.sectionName, from), section.sectionName).to.be.above(from - 1);
        for (const item of section.lineItems) {
          number += 1;
          const amounts = [item.materialCost, item.laborCost].map((value) => accounting(cents(value))).join(' ');
          const values = new RegExp(`^(.*?) ?${escaped(quantityOf(item))} ${item.unit} ${escaped(amounts)} \\$ ${escaped(accounting(cents(item.totalCost)))}$`);
          const last = lines.findIndex((line, index) => index >= from && values.test(line));
          expect(last, item.description).to.be.above(-1);
          const first = lines.findLastIndex((line, index) => index <= last && line.startsWith(`${number} `));
          expect(first, item.description).to.be.above(from - 1);
          const block = [...lines.slice(first, last), values.exec(lines[last])![1]];
          block[0] = block[0].slice(`${number} `.length);
          const bullets = block.filter((line) => line.startsWith('\u2022 '));
          const title = block.filter((line) => !line.startsWith('\u2022 '));
          expect(folded(title.join(' ')), item.description).to.equal(folded(item.description));
          expect(block.slice(title.length), item.description).to.deep.equal(bullets);
          expect(bullets.length, item.description).to.be.at.most(3);
          if (bullets.length > 0) bottomAligned += 1;
          from = last + 1;
        }
        const total = `$ ${dollars(sectionSum(section))}`;
        expect(lines.includes(`Total ${section.sectionName} ${total}`) || lines.includes(`${section.sectionName} Total ${total}`), section.sectionName).to.equal(true);
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines, answer.file).to.include(`Subtotal $ ${dollars(cents(subtotal))}`);
      if (overheadAndProfit !== null) {
        const overhead = lines.find((line) => line.startsWith(`Overhead ${rate(answer, 'overheadRatePercent')} $ `));
        const profit = lines.find((line) => line.startsWith(`Profit ${rate(answer, 'profitRatePercent')} $ `));
        const amount = (line: string | undefined) => cents(Number(line!.split('$ ')[1].replace(/,/g, '')));
        expect(amount(overhead) + amount(profit), answer.file).to.equal(cents(overheadAndProfit));
      } else {
        expect(lines.some((line) => /^(Overhead|Profit) \(/.test(line)), answer.file).to.equal(false);
      }
      for (const line of recapLines(answer, 'Before')) expect(lines, line.label).to.include(`${line.label} $ ${dollars(cents(line.amount))}`);
      expect(lines.some((line) => /^(ESTIMATE TOTAL|TOTAL ESTIMATE|TOTAL PROJECT PRICE) \$ /.test(line) && line.endsWith(` $ ${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(bottomAligned).to.be.above(0);
  });

  it('prints each quantity in the column whose header names its unit, other units with the number in Other Qty, lettered rooms with their totals on the heading row and refs "B.1" (g79)', async () => {
    const headerUnits: Record<string, string> = { '(SF)': 'SF', '(LF)': 'LF', '(EA)': 'EA', Qty: 'other' };
    const placed: Record<string, number> = {};
    for (const answer of filesOf('g79')) {
      const pages = await pageWords(bytesOf(answer));
      const lines = pages.flatMap(looseLines);
      const rows = pages.flatMap((words) => {
        const headers = words.filter((word) => word.text in headerUnits);
        return wordRows(words, 6).filter((line) => /^[A-I]\.\d+$/.test(line[0].text)).map((line) => ({ line, headers }));
      });
      answer.extractedData.constructionSections.forEach((section, sectionIndex) => {
        const letter = 'ABCDEFGHI'[sectionIndex];
        expect(section.sectionName, answer.file).to.match(new RegExp(`^${letter}\\. [A-Z0-9 ]+$`));
        expect(lines, section.sectionName).to.include(`${section.sectionName} ${accounting(sectionSum(section))}`);
        section.lineItems.forEach((item, index) => {
          const row = rows.find(({ line }) => line[0].text === `${letter}.${index + 1}`);
          expect(row, item.description).to.not.equal(undefined);
          const texts = row!.line.map((word) => word.text);
          const other = !['SF', 'LF', 'EA'].includes(item.unit!);
          const tail = [quantityOf(item), ...(other ? [item.unit!] : []), ...[item.materialCost, item.laborCost, item.totalCost].map((value) => accounting(cents(value)))];
          expect(texts.slice(-tail.length), item.description).to.deep.equal(tail);
          expect(folded(item.description).startsWith(folded(texts.slice(1, -tail.length).join(' '))), item.description).to.equal(true);
          const quantity = row!.line.at(other ? 1 - tail.length : -tail.length)!;
          const header = row!.headers.reduce((best, word) => (Math.abs(word.bbox[2] - quantity.bbox[2]) < Math.abs(best.bbox[2] - quantity.bbox[2]) ? word : best));
          const unit = headerUnits[header.text];
          expect(unit, item.description).to.equal(other ? 'other' : item.unit);
          placed[unit] = (placed[unit] ?? 0) + 1;
        });
      });
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /(Total cost of repairs|Cost of repairs, all rooms|Repair subtotal) [\d,]+\.\d\d$/.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(endsWithLine(lines, `Contractor overhead & profit ${rate(answer, 'overheadRatePercent')} ${dollars(cents(overheadAndProfit))}`), answer.file).to.equal(true);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(endsWithLine(lines, `${line.label} ${dollars(cents(line.amount))}`), line.label).to.equal(true);
      expect(lines.some((line) => /(TOTAL REHABILITATION COST|TOTAL COST OF REHABILITATION|TOTAL REPAIR ESTIMATE) \$/.test(line) && line.endsWith(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(Object.keys(placed).sort()).to.deep.equal(['EA', 'LF', 'SF', 'other']);
  });

  it('prints labor before material in an unruled table with lines "3-02", no trade totals in the table, and the recap box beside the terms with a summary by trade (g80)', async () => {
    let credits = 0;
    for (const answer of filesOf('g80')) {
      const lines = await joinedLines(bytesOf(answer));
      const summary = lines.indexOf('TERMS AND CONDITIONS ESTIMATE SUMMARY');
      expect(summary, answer.file).to.be.above(-1);
      const box = wordLines((await pageWords(bytesOf(answer))).at(-1)!.filter((word) => word.bbox[0] * 612 > 325)).map((line) => line.map((word) => word.text).join(' '));
      answer.extractedData.constructionSections.forEach((section, sectionIndex) => {
        expect(lines.indexOf(section.sectionName), section.sectionName).to.be.within(0, summary);
        section.lineItems.forEach((item, index) => {
          const amounts = [item.laborCost, item.materialCost, item.totalCost].map((value) => accounting(cents(value))).join(' ');
          const quantity = item.quantity!.toLocaleString('en-US', { minimumFractionDigits: 2 });
          const row = new RegExp(`^${sectionIndex + 1}-${String(index + 1).padStart(2, '0')} (.+) ${escaped(quantity)} ${item.unit} ${escaped(amounts)}$`);
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          expect(folded(item.description).startsWith(folded(row.exec(line!)![1])), item.description).to.equal(true);
          if (item.totalCost < 0) credits += 1;
        });
        expect(box.filter((line) => line === `${section.sectionName} ${dollars(sectionSum(section))}`), section.sectionName).to.have.lengthOf(1);
        expect(lines.slice(0, summary).some((line) => line.endsWith(` ${dollars(sectionSum(section))}`) && line.includes(section.sectionName)), section.sectionName).to.equal(false);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(box.some((line) => /^(DIRECT COST|Direct cost subtotal|Subtotal, direct cost) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(box, answer.file).to.include(`General requirements ${rate(answer, 'generalConditionsRatePercent')} ${dollars(cents(generalConditions))}`);
      expect(box.some((line) => /(fee|profit) \(/.test(line) && line.endsWith(` ${rate(answer, 'overheadRatePercent')} ${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'Before')) expect(box, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
      expect(box.some((line) => /^(ESTIMATE TOTAL|TOTAL ESTIMATE|PROJECT TOTAL) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(credits).to.be.above(0);
  });

  it('prints every item as a card of its own, three across, read across then down, room banners with the count and total, and a summary card (g81)', async () => {
    let threeAcross = 0;
    for (const answer of filesOf('g81')) {
      const pages = (await pageWords(bytesOf(answer))).map(cardColumns);
      const cards = new Map<number, { page: number; column: number; top: number; lines: string[] }>();
      pages.forEach((lines, page) => {
        for (const column of [0, 1, 2]) {
          const own = lines.filter((line) => line.column === column);
          own.forEach((line, index) => {
            const match = /^#(\d+) /.exec(line.text);
            if (match) cards.set(Number(match[1]), { page, column, top: line.top, lines: own.slice(index, index + 12).map((entry) => entry.text) });
          });
        }
      });
      const items = itemsOf(answer);
      expect([...cards.keys()].sort((a, b) => a - b), answer.file).to.deep.equal(items.map((_, index) => index + 1));
      items.forEach((item, index) => {
        const card = cards.get(index + 1)!;
        const quantityLine = card.lines.findIndex((line) => line.startsWith('Quantity: '));
        const title = card.lines.slice(0, quantityLine).join(' ').replace(/^#\d+ /, '');
        expect(folded(title), item.description).to.equal(folded(item.description));
        expect(card.lines.slice(quantityLine, quantityLine + 4), item.description).to.deep.equal([
          `Quantity: ${quantityOf(item)} ${item.unit}`,
          `Material: ${signedDollars(cents(item.materialCost))}`,
          `Labor: ${signedDollars(cents(item.laborCost))}`,
          `Line total: ${signedDollars(cents(item.totalCost))}`,
        ]);
        const previous = cards.get(index);
        if (previous && previous.page === card.page && Math.abs(previous.top - card.top) < 0.002) {
          expect(card.column, item.description).to.equal(previous.column + 1);
          if (card.column === 2) threeAcross += 1;
        } else if (previous) {
          expect(card.column, item.description).to.equal(0);
          expect(card.page > previous.page || card.top > previous.top, item.description).to.equal(true);
        }
      });
      const all = pages.flat();
      for (const section of answer.extractedData.constructionSections) {
        expect(all.some((line) => line.column === 0 && line.text === section.sectionName), section.sectionName).to.equal(true);
        const count = section.lineItems.length;
        expect(all.some((line) => line.text === `${count} item${count === 1 ? '' : 's'} \u00b7 $${dollars(sectionSum(section))}`), section.sectionName).to.equal(true);
      }
      const summary = all.filter((line) => line.column === 2).map((line) => line.text);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(summary, answer.file).to.include(`Subtotal $${dollars(cents(subtotal))}`);
      if (overheadAndProfit !== null) expect(summary.some((line) => /^(Markup|Overhead & profit|Contractor markup) \(/.test(line) && line.endsWith(`${rate(answer, 'overheadRatePercent')} $${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(summary, line.label).to.include(`${line.label} $${dollars(cents(line.amount))}`);
      expect(summary.some((line) => /^(Total|Estimate total|Grand total) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(threeAcross).to.be.above(0);
  });
});
