import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { foldText } from '../../eval/score.js';
import { describeGenerated } from './generated-suite.js';
import { cents, itemsOf, pageWords, printedLines, wordLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const isAmount = (text: string) => /^-?[\d,]+\.\d\d$/.test(text);
const itemTotals = (answer: SorAnswer) => itemsOf(answer).map((item) => cents(item.totalCost));
const UNITS = new Set(['EA', 'LF', 'SF', 'SY', 'SQ', 'LS', 'HR', 'CY']);

/** Held out of tuning up to generator 1.12.0, tuning families since 1.13.0. */
describeGenerated('generated statements of repair, g46–g49', ['g46', 'g47', 'g48', 'g49'], false, ({ filesOf, bytesOf }) => {
  it('writes the quantity, unit and unit price of each line in one cell, the amount their product to the cent (g46)', async () => {
    const cell = /(?:^| )([\d,.]+)(?: ([A-Z]{2}))? @ \$?([\d,]+\.\d\d)(?:\/([A-Z]{2})| per ([A-Z]{2}))? \$([\d,]+\.\d\d)$/;
    const forms = new Set<string>();
    for (const answer of filesOf('g46')) {
      const printed: Array<{ quantity: number; unit: string; total: number }> = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const match = cell.exec(line.join(' '));
        if (!match) continue;
        const [, quantity, unit, price, perSlash, perWord, total] = match;
        forms.add(unit ? (perSlash ? 'slash' : 'at') : 'per');
        expect(Math.round(Number(quantity.replace(/,/g, '')) * amount(price)), line.join(' ')).to.equal(amount(total));
        printed.push({ quantity: Number(quantity.replace(/,/g, '')), unit: unit ?? perWord, total: amount(total) });
      }
      expect(printed, answer.file).to.deep.equal(itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })));
      expect(itemsOf(answer).every((item) => item.materialCost === null && item.laborCost === null), answer.file).to.equal(true);
    }
    expect(forms.size).to.be.above(1);
  });

  it('tiles the rooms in boxes two across the page, read across each row of boxes, then down (g47)', async () => {
    let sideBySide = 0;
    for (const answer of filesOf('g47')) {
      const names = new Set(answer.extractedData.constructionSections.map((section) => foldText(section.sectionName)));
      const captions: string[] = [];
      const totals: number[] = [];
      for (const words of await pageWords(bytesOf(answer))) {
        for (const line of wordLines(words)) {
          const halves = [line.filter((word) => word.bbox[0] < 0.5), line.filter((word) => word.bbox[0] >= 0.5)].map((half) => half.map((word) => word.text));
          const named = halves.filter((half) => names.has(foldText(half.join(' '))));
          captions.push(...named.map((half) => foldText(half.join(' '))));
          if (named.length === 2) sideBySide += 1;
          for (const half of halves) {
            if (half.length < 4 || !half.slice(-3).every(isAmount) || half.some((word) => word.startsWith('$'))) continue;
            const [labor, material, total] = half.slice(-3).map(amount);
            expect(labor + material, half.join(' ')).to.equal(total);
            totals.push(total);
          }
        }
      }
      expect(captions, answer.file).to.deep.equal(answer.extractedData.constructionSections.map((section) => foldText(section.sectionName)));
      expect([...totals].sort((a, b) => a - b), answer.file).to.deep.equal(itemTotals(answer).sort((a, b) => a - b));
    }
    expect(sideBySide).to.be.above(0);
  });

  it("prints each item's quantity, unit and amounts on a row of their own under its description (g48)", async () => {
    for (const answer of filesOf('g48')) {
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      let previous: string[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const values = line.slice(-5);
        if (values.length === 5 && UNITS.has(values[1]) && values.slice(2).every(isAmount) && line.length <= 6) {
          expect(previous.slice(-3).every(isAmount), previous.join(' ')).to.equal(false);
          const [material, labor, total] = values.slice(2).map(amount);
          expect(material + labor, line.join(' ')).to.equal(total);
          rows.push({ quantity: Number(values[0].replace(/,/g, '')), unit: values[1], material, labor, total });
        }
        previous = line;
      }
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
    }
  });

  it('labels the estimate in Spanish and English, labor before materials, and names each room in both (g49)', async () => {
    let bilingualRooms = 0;
    for (const answer of filesOf('g49')) {
      const lines = await printedLines(bytesOf(answer));
      const words = new Set(lines.flat());
      for (const label of ['Descripción', 'Description', 'Mano', 'Labor', 'Materiales', 'Materials']) expect(words.has(label), `${answer.file}: ${label}`).to.equal(true);
      const printed: Array<[number, number, number]> = [];
      for (const line of lines) {
        if (!/^\d+$/.test(line[0]) || line.length < 5 || !line.slice(-3).every(isAmount)) continue;
        const [labor, material, total] = line.slice(-3).map(amount);
        expect(labor + material, line.join(' ')).to.equal(total);
        printed.push([labor, material, total]);
      }
      expect(printed, answer.file).to.deep.equal(itemsOf(answer).map((item) => [cents(item.laborCost), cents(item.materialCost), cents(item.totalCost)]));
      bilingualRooms += answer.extractedData.constructionSections.filter((section) => section.sectionName.includes(' / ')).length;
    }
    expect(bilingualRooms).to.be.above(0);
  });
});
