import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { describeGenerated } from './generated-suite.js';
import { cents, itemsOf, printedLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const number = (text: string) => Number(text.replace(/,/g, ''));
const isAmount = (text: string) => /^-?[\d,]+\.\d\d$/.test(text);
const UNITS = new Set(['EA', 'LF', 'SF', 'SY', 'SQ', 'LS', 'HR', 'CY']);

/** Held out of tuning up to generator 1.13.0, tuning families since 1.14.0. */
describeGenerated('generated statements of repair, g50–g53', ['g50', 'g51', 'g52', 'g53'], false, ({ filesOf, bytesOf }) => {
  it('prints landscape pages, outline-numbered sections and items, the unit before the quantity and labor before material (g50)', async () => {
    for (const answer of filesOf('g50')) {
      const pdf = await PDFDocument.load(bytesOf(answer));
      expect(pdf.getPages().every((page) => page.getWidth() > page.getHeight()), answer.file).to.equal(true);
      let section = '';
      const rows: Array<{ quantity: number; unit: string; labor: number; material: number; total: number }> = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (/^\d+\.0$/.test(line[0])) section = line[0].split('.')[0];
        const match = /^(\d+)\.[1-9]\d*$/.exec(line[0]);
        if (!match || line.length < 7 || !line.slice(-3).every(isAmount)) continue;
        expect(match[1], line.join(' ')).to.equal(section);
        const [labor, material, total] = line.slice(-3).map(amount);
        expect(labor + material, line.join(' ')).to.equal(total);
        expect(UNITS.has(line.at(-5)!), line.join(' ')).to.equal(true);
        rows.push({ quantity: number(line.at(-4)!), unit: line.at(-5)!, labor, material, total });
      }
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, labor: cents(item.laborCost), material: cents(item.materialCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
      expect(answer.extractedData.constructionSections.every((entry) => /^\d+\.0 \S/.test(entry.sectionName)), answer.file).to.equal(true);
    }
  });

  it('quotes the contract price in the letter above the table and prints quantities without units (g51)', async () => {
    for (const answer of filesOf('g51')) {
      const lines = (await printedLines(bytesOf(answer))).map((line) => line.join(' '));
      const header = lines.findIndex((line) => line.includes('Description of Work'));
      const price = `$${answer.extractedData.recapSummary.grandTotal.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(lines.slice(0, header).join(' '), answer.file).to.include(price);
      expect(lines.join(' '), answer.file).to.match(/ACCEPTED BY OWNER.*REVIEWED/);
      const rows: Array<[number, number, number, number]> = [];
      for (const line of lines.slice(header).map((text) => text.split(' '))) {
        if (!/^\d+$/.test(line[0]) || line.length < 6 || !line.slice(-3).every(isAmount) || isAmount(line.at(-4)!)) continue;
        const [material, labor, total] = line.slice(-3).map(amount);
        expect(material + labor, line.join(' ')).to.equal(total);
        rows.push([number(line.at(-4)!), material, labor, total]);
      }
      expect(rows, answer.file).to.deep.equal(itemsOf(answer).map((item) => [item.quantity, cents(item.materialCost), cents(item.laborCost), cents(item.totalCost)]));
      expect(itemsOf(answer).every((item) => item.unit === null), answer.file).to.equal(true);
    }
  });

  it('writes quantity and unit out in words, prints unit rates only, the extension their product to the cent (g52)', async () => {
    const WORDS: Record<string, string> = { each: 'EA', 'lin. ft.': 'LF', 'sq. ft.': 'SF', 'sq. yd.': 'SY', square: 'SQ', squares: 'SQ', 'lump sum': 'LS', hour: 'HR', hours: 'HR', 'cu. yd.': 'CY' };
    const measure = /(?:^| )([\d,.]+) (each|lin\. ft\.|sq\. ft\.|sq\. yd\.|squares?|lump sum|hours?|cu\. yd\.) ([\d,]+\.\d\d) ([\d,]+\.\d\d) ([\d,]+\.\d\d)$/;
    const words = new Set<string>();
    for (const answer of filesOf('g52')) {
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const match = /^[A-Z]\d+$/.test(line[0]) ? measure.exec(line.join(' ')) : null;
        if (!match) continue;
        const [, quantityText, unitWords, materialRate, laborRate, extension] = match;
        const quantity = number(quantityText);
        const [material, labor] = [materialRate, laborRate].map((rate) => Math.round(quantity * amount(rate)));
        expect(material + labor, line.join(' ')).to.equal(amount(extension));
        words.add(unitWords);
        rows.push({ quantity, unit: WORDS[unitWords], material, labor, total: amount(extension) });
      }
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
      expect(answer.extractedData.constructionSections.every((entry) => /^[A-Z]\. \S/.test(entry.sectionName)), answer.file).to.equal(true);
    }
    expect(words.size).to.be.above(3);
  });

  it('prints the sales tax on each line material beside it, the total material + tax + labor, and the column totals above the subtotal (g53)', async () => {
    for (const answer of filesOf('g53')) {
      const lines = await printedLines(bytesOf(answer));
      const rate = Number(/Sales tax ([\d.]+)% on materials/.exec(lines.map((line) => line.join(' ')).join('\n'))![1]);
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      let taxes = 0;
      for (const line of lines) {
        if (line.length < 7 || !UNITS.has(line[1]) || !line.slice(-4).every(isAmount)) continue;
        const [material, tax, labor, total] = line.slice(-4).map(amount);
        expect(tax, line.join(' ')).to.equal(Math.round((material * rate) / 100));
        expect(material + tax + labor, line.join(' ')).to.equal(total);
        taxes += tax;
        rows.push({ quantity: number(line[0]), unit: line[1], material, labor, total });
      }
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
      const labelled = (label: string) => amount(lines.find((line) => line.slice(0, -1).join(' ') === label && isAmount(line.at(-1)!))!.at(-1)!);
      expect(labelled('Sales tax'), answer.file).to.equal(taxes);
      expect(labelled('Material') + taxes + labelled('Labor'), answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
    }
  });
});
