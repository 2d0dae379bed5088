import { expect } from 'chai';
import { PDFDocument } from 'pdf-lib';
import { describeGenerated } from './generated-suite.js';
import { cents, itemsOf, pageWords, printedLines, recapLines, wordLines } from './printed-pdf.js';

const amount = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
const number = (text: string) => Number(text.replace(/,/g, ''));
const isAmount = (text: string) => /^-?\$?[\d,]+\.\d\d$/.test(text);
/** The amount at the end of the first line that starts with `label`. */
const labelled = (lines: string[][], label: string) => amount(lines.find((line) => line.join(' ').startsWith(label) && isAmount(line.at(-1)!))!.at(-1)!);

/** Held out of tuning up to generator 1.14.0, tuning families since 1.15.0. */
describeGenerated('generated statements of repair, g54–g57', ['g54', 'g55', 'g56', 'g57'], false, ({ filesOf, bytesOf }) => {
  it('prints the builder cost, the markup at the rate in its header and the owner price, their sum, on each line, grouped by cost code (g54)', async () => {
    for (const answer of filesOf('g54')) {
      const pdf = await PDFDocument.load(bytesOf(answer));
      expect(pdf.getPages().every((page) => page.getWidth() > page.getHeight()), answer.file).to.equal(true);
      const lines = await printedLines(bytesOf(answer));
      const rate = Number(/\((\d+)%\)/.exec(lines.map((line) => line.join(' ')).find((line) => line.startsWith('Code Description'))!)![1]);
      const rows: Array<{ quantity: number; unit: string; total: number }> = [];
      for (const line of lines) {
        if (!/^\d\d-\d{3}$/.test(line[0]) || !line.slice(-3).every(isAmount)) continue;
        const [builder, markup, owner] = line.slice(-3).map(amount);
        expect(builder + markup, line.join(' ')).to.equal(owner);
        expect(Math.abs((builder * rate) / 100 - markup), line.join(' ')).to.be.at.most(1);
        expect(line.at(-4), line.join(' ')).to.match(/^[a-z]{2}$/);
        rows.push({ quantity: number(line.at(-5)!), unit: line.at(-4)!.toUpperCase(), total: owner });
      }
      expect(rows, answer.file).to.deep.equal(itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })));
      expect(itemsOf(answer).every((item) => item.materialCost === null && item.laborCost === null), answer.file).to.equal(true);
      expect(answer.extractedData.constructionSections.every((section) => /^\d\d - \S/.test(section.sectionName)), answer.file).to.equal(true);
      const subtotal = cents(answer.extractedData.recapSummary.subtotal);
      expect(labelled(lines, 'Total builder cost') + labelled(lines, `Total markup (${rate}%)`), answer.file).to.equal(subtotal);
    }
  });

  it('prints each section total on its heading after a dot leader, note rows without amounts, units in lower case with periods and the escrow fees after the cost of repairs (g55)', async () => {
    const UNITS: Record<string, string> = { 'ea.': 'EA', 'l.f.': 'LF', 's.f.': 'SF', 's.y.': 'SY', 'sq.': 'SQ', 'l.s.': 'LS', 'hr.': 'HR', 'c.y.': 'CY' };
    let notes = 0;
    for (const answer of filesOf('g55')) {
      const lines = await printedLines(bytesOf(answer));
      const headings: Array<[string, number]> = [];
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        const leader = /^(.+?)(?: \.)+ ([\d,]+\.\d\d)$/.exec(line.join(' '));
        if (leader) headings.push([leader[1], amount(leader[2])]);
        if (line[0] === 'NOTE:') notes += 1;
        if (!/^\d+\.$/.test(line[0]) || !line.slice(-3).every(isAmount)) continue;
        const [material, labor, total] = line.slice(-3).map(amount);
        expect(material + labor, line.join(' ')).to.equal(total);
        // The text layer may split "s.f." into "s." and "f.": the unit is every lower-case word between the quantity and the amounts.
        const quantityAt = line.slice(0, -3).findLastIndex((word) => /^[\d,.]+$/.test(word));
        rows.push({ quantity: number(line[quantityAt]), unit: UNITS[line.slice(quantityAt + 1, -3).join('')], material, labor, total });
      }
      const sections = answer.extractedData.constructionSections;
      expect(headings, answer.file).to.deep.equal(sections.map((section) => [section.sectionName, section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0)]));
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
      expect(itemsOf(answer).some((item) => item.description.includes('NOTE')), answer.file).to.equal(false);
      const grandTotal = cents(answer.extractedData.recapSummary.grandTotal);
      expect(labelled(lines, 'TOTAL COST OF REPAIRS'), answer.file).to.equal(grandTotal);
      const escrow = recapLines(answer, 'After').map((line) => cents(line.amount));
      expect(labelled(lines, 'TOTAL REHABILITATION COST'), answer.file).to.equal(escrow.at(-1)).and.to.equal(grandTotal + escrow.slice(0, -1).reduce((sum, value) => sum + value, 0));
    }
    expect(notes).to.be.above(0);
  });

  it('ends every page with the total of its items, adds the page totals up in the recapitulation and writes credits with CR (g56)', async () => {
    const row = /^\d+\. .* ([\d,.]+) ([A-Z]{2}) ([\d,]+\.\d\d)( CR)? ([\d,]+\.\d\d)( CR)?$/;
    const signed = (text: string, credit: string | undefined) => (credit ? -amount(text) : amount(text));
    let credits = 0;
    for (const answer of filesOf('g56')) {
      const pages = (await pageWords(bytesOf(answer))).map((words) => wordLines(words).map((line) => line.map((word) => word.text).join(' ')));
      const rows: Array<{ quantity: number; unit: string; total: number }> = [];
      const pageTotals: number[] = [];
      for (const lines of pages) {
        let onPage = 0;
        for (const line of lines) {
          const match = row.exec(line);
          if (!match) continue;
          const [, quantity, unit, price, priceCredit, total, totalCredit] = match;
          expect(Math.round(number(quantity) * signed(price, priceCredit)), line).to.equal(signed(total, totalCredit));
          rows.push({ quantity: number(quantity), unit, total: signed(total, totalCredit) });
          if (totalCredit) credits += 1;
          onPage += signed(total, totalCredit);
        }
        const printed = lines.map((line) => /^PAGE (\d+) TOTAL ([\d,]+\.\d\d)( CR)?$/.exec(line)).filter((match) => match !== null);
        if (onPage === 0 && printed.length === 0) continue;
        expect(printed.map((match) => [Number(match[1]), signed(match[2], match[3])]), answer.file).to.deep.equal([[pageTotals.length + 1, onPage]]);
        pageTotals.push(onPage);
      }
      expect(rows, answer.file).to.deep.equal(itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, total: cents(item.totalCost) })));
      const recap = pages.flat().slice(pages.flat().indexOf('RECAPITULATION'));
      const listed = recap.flatMap((line) => {
        const match = /^Page (\d+) [. ]+ ([\d,]+\.\d\d)( CR)?$/.exec(line);
        return match ? [signed(match[2], match[3])] : [];
      });
      expect(listed, answer.file).to.deep.equal(pageTotals);
      const subtotal = /^TOTAL ALL PAGES [. ]+ ([\d,]+\.\d\d)$/.exec(recap.find((line) => line.startsWith('TOTAL ALL PAGES'))!)!;
      expect(amount(subtotal[1]), answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
    }
    expect(credits).to.be.above(0);
  });

  it('numbers sections with Roman numerals and their items after them, prints each line share of the budget and lists the section totals again above the recap (g57)', async () => {
    for (const answer of filesOf('g57')) {
      const lines = await printedLines(bytesOf(answer));
      const subtotal = cents(answer.extractedData.recapSummary.subtotal);
      const share = (value: number) => `${((100 * value) / subtotal).toFixed(1)}%`;
      let numeral = '';
      const rows: Array<{ quantity: number; unit: string; material: number; labor: number; total: number }> = [];
      for (const line of lines) {
        if (/^[IVX]+\.$/.test(line[0])) numeral = line[0].slice(0, -1);
        const match = /^([IVX]+)-\d+$/.exec(line[0]);
        if (!match || !line.slice(-4, -1).every(isAmount)) continue;
        expect(match[1], line.join(' ')).to.equal(numeral);
        const [material, labor, total] = line.slice(-4, -1).map(amount);
        expect(material + labor, line.join(' ')).to.equal(total);
        expect(line.at(-1), line.join(' ')).to.equal(share(total));
        rows.push({ quantity: number(line.at(-6)!), unit: line.at(-5)!, material, labor, total });
      }
      const expected = itemsOf(answer).map((item) => ({ quantity: item.quantity, unit: item.unit, material: cents(item.materialCost), labor: cents(item.laborCost), total: cents(item.totalCost) }));
      expect(rows, answer.file).to.deep.equal(expected);
      const summary = lines.slice(lines.findIndex((line) => line.join(' ') === 'BUDGET SUMMARY')).map((line) => line.join(' '));
      for (const section of answer.extractedData.constructionSections) {
        const total = section.lineItems.reduce((sum, item) => sum + cents(item.totalCost), 0);
        expect(/^[IVX]+\. \S/.test(section.sectionName), section.sectionName).to.equal(true);
        expect(summary, answer.file).to.include(`${section.sectionName} ${share(total)} $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
      }
      const contingency = recapLines(answer, 'Before');
      expect(contingency.map((line) => line.label), answer.file).to.have.lengthOf(1);
      expect(labelled(lines, contingency[0].label), answer.file).to.equal(cents(contingency[0].amount));
      expect(labelled(lines, 'TOTAL REHABILITATION BUDGET'), answer.file).to.equal(cents(answer.extractedData.recapSummary.grandTotal));
    }
  });
});
