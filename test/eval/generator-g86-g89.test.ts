import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { TRADES } from '../../eval/generator/work-items.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, recapLines, sectionSum } from './printed-pdf.js';

type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1,234.50", a negative amount with a minus sign: "-450.00". */
const signed = (value: number) => `${value < 0 ? '-' : ''}${dollars(Math.abs(value))}`;
/** "1,234.50", a negative amount in parentheses: "(450.00)". */
const accounting = (value: number) => (value < 0 ? `(${dollars(-value)})` : dollars(value));
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
const amountsOf = (item: AnswerItem, print: (value: number) => string) => [item.materialCost, item.laborCost, item.totalCost].map((value) => print(cents(value))).join(' ');
/** The percentage printed in a label: "(12%)". */
const rate = (answer: SorAnswer, name: string) => `(${answer.otherValuesOnDocument[name]}%)`;
/** Cents of a printed amount ("1,234.50"). */
const centsOf = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);
/** A unit price printed to the cent: the amount over the quantity, so price × quantity is the amount within half a cent per unit. */
const priced = (price: string, item: AnswerItem) => Math.abs(Math.abs(centsOf(price)) * item.quantity! - Math.abs(cents(item.totalCost))) <= item.quantity! / 2 + 0.001;

/** Held out of tuning up to generator 1.22.0, tuning families since 1.23.0. */
describeGenerated('generated statements of repair, g86–g89', ['g86', 'g87', 'g88', 'g89'], false, ({ filesOf, bytesOf }) => {
  it('prints an accounting-software estimate: Item "Labor:Plumbing" | Description | Qty | Rate | Amount under group rows with "Total <group>", Bill To and Job Site, sales tax and Accepted By (g86)', async () => {
    let credits = 0;
    for (const answer of filesOf('g86')) {
      const lines = await joinedLines(bytesOf(answer));
      const { borrowerName, contractorInfo } = answer.extractedData.documentMetadata;
      expect(lines, answer.file).to.include('Bill To Job Site');
      expect(lines, answer.file).to.include(`${borrowerName} ${borrowerName}`);
      expect(lines.some((line) => line.startsWith(`${contractorInfo.name} `) && line.endsWith(' Estimate')), answer.file).to.equal(true);
      expect(lines.some((line) => line.startsWith(`License # ${contractorInfo.license}`)), answer.file).to.equal(true);
      expect(lines, answer.file).to.include('Item Description Qty Rate Amount');
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          expect([item.unit, item.materialCost, item.laborCost], item.description).to.deep.equal([null, null, null]);
          const row = new RegExp(`^((?:Labor|Materials|Services):\\S+|Credits:Owner Credit) (.+) ${escaped(quantityOf(item))} (-?[\\d,]+\\.\\d\\d) ${escaped(signed(cents(item.totalCost)))}$`);
          const at = lines.findIndex((text, index) => index > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, name, text, price] = row.exec(lines[at])!;
          expect(folded(item.description).startsWith(folded(text)), item.description).to.equal(true);
          expect(priced(price, item), `${item.description}: ${price}`).to.equal(true);
          expect(name === 'Credits:Owner Credit', item.description).to.equal(item.totalCost < 0);
          if (item.totalCost < 0) credits += 1;
          from = at;
        }
        expect(lines.slice(from), section.sectionName).to.include(`Total ${section.sectionName} ${signed(sectionSum(section))}`);
      }
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect([generalConditions, overheadAndProfit], answer.file).to.deep.equal([null, null]);
      const [tax] = recapLines(answer, 'Before');
      expect(tax.label, answer.file).to.match(/^Sales Tax \([\d.]+%\)$/);
      expect(cents(subtotal) + cents(tax.amount), answer.file).to.equal(cents(grandTotal));
      const at = lines.indexOf(`Subtotal ${dollars(cents(subtotal))}`);
      expect(at, answer.file).to.be.above(-1);
      expect(lines.slice(at + 1, at + 3), answer.file).to.deep.equal([`${tax.label} ${dollars(cents(tax.amount))}`, `Total $${dollars(cents(grandTotal))}`]);
      expect(lines.slice(at), answer.file).to.include('Accepted By Accepted Date');
    }
    expect(credits).to.be.above(0);
  });

  it('prints a photo-keyed estimate: Ref. "K1" | Photo | Description | Qty | Unit | Material | Labor | Total by room, a "Notes:" line under every line, room subtotals and the contingency after the total (g87)', async () => {
    let wrapped = 0;
    for (const answer of filesOf('g87')) {
      const lines = await joinedLines(bytesOf(answer));
      const { borrowerName, lenderName } = answer.extractedData.documentMetadata;
      expect(lines.some((line) => line.startsWith(`Borrower: ${borrowerName} Property: `)), answer.file).to.equal(true);
      expect(lines.some((line) => line.startsWith(`Lender: ${lenderName} FHA Case: `)), answer.file).to.equal(true);
      expect(lines.some((line) => line.startsWith(`Inspected: ${answer.otherValuesOnDocument.inspectionDatePrinted} Contractor: `)), answer.file).to.equal(true);
      let from = 0;
      let photo = 0;
      answer.extractedData.constructionSections.forEach((section, sectionIndex) => {
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        section.lineItems.forEach((item, index) => {
          const row = new RegExp(`^${'ABCDEFGHJKLMNP'[sectionIndex]}${index + 1} (?:IMG_|DSC0|P-)(\\d+) (.+) ${escaped(quantityOf(item))} ${item.unit} ${escaped(amountsOf(item, accounting))}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, number, text] = row.exec(lines[at])!;
          expect(Number(number), item.description).to.be.above(photo);
          photo = Number(number);
          expect(folded(item.description).startsWith(folded(text)), item.description).to.equal(true);
          const note = lines.findIndex((line, after) => after > at && line.startsWith('Notes: '));
          const continuation = lines.slice(at + 1, note).filter((line) => !/^(Ref\.|\d+-|.+ - page \d)/.test(line) && line !== `${section.sectionName} (continued)`);
          expect(folded(`${text}${continuation.join('')}`), item.description).to.equal(folded(item.description));
          if (continuation.length > 0) wrapped += 1;
          expect(folded(item.description), item.description).to.not.include('notes');
          from = note;
        });
        expect(lines.slice(from), section.sectionName).to.include(`Room subtotal ${accounting(sectionSum(section))}`);
      });
      expect(lines.filter((line) => line.startsWith('Notes: ')), answer.file).to.have.lengthOf(itemsOf(answer).length);
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(Subtotal of rooms|Total of all rooms) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(lines, answer.file).to.include(`General conditions ${rate(answer, 'generalConditionsRatePercent')} ${dollars(cents(generalConditions))}`);
      expect(lines, answer.file).to.include(`Overhead and profit ${rate(answer, 'overheadRatePercent')} ${dollars(cents(overheadAndProfit))}`);
      const total = lines.findIndex((line) => /^(TOTAL REPAIR ESTIMATE|ESTIMATED REPAIR COST) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`));
      expect(total, answer.file).to.be.above(-1);
      const [contingency] = recapLines(answer, 'After');
      expect(lines[total + 1], answer.file).to.equal(`${contingency.label} ${dollars(cents(contingency.amount))}`);
    }
    expect(wrapped).to.be.above(0);
  });

  it('prints a typed bid proposal: trades "06.00 …", items "06.01" with M and L marks, "12 @ 45.00" in one cell, section totals and overhead and profit on two lines (g88)', async () => {
    let singleMark = 0;
    for (const answer of filesOf('g88')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('ITEM DESCRIPTION M L UNIT QTY @ PRICE AMOUNT');
      expect(lines.some((line) => line.startsWith(`SUBMITTED TO: ${answer.extractedData.documentMetadata.borrowerName} BID NO. `)), answer.file).to.equal(true);
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        expect(section.sectionName, answer.file).to.match(/^\d\d\.00 [A-Z&, ]+$/);
        const code = section.sectionName.slice(0, 2);
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        section.lineItems.forEach((item, index) => {
          expect([item.materialCost, item.laborCost], item.description).to.deep.equal([null, null]);
          const row = new RegExp(`^${code}\\.${String(index + 1).padStart(2, '0')} (.+?) ((?:X ){1,2})${item.unit} ${escaped(quantityOf(item))} @ ([\\d,]+\\.\\d\\d) ${escaped(signed(cents(item.totalCost)))}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, text, marks, price] = row.exec(lines[at])!;
          expect(folded(item.description).startsWith(folded(text)), item.description).to.equal(true);
          expect(priced(price, item), `${item.description}: ${price}`).to.equal(true);
          if (marks === 'X ') singleMark += 1;
          from = at;
        });
        expect(lines.slice(from), section.sectionName).to.include(`SECTION ${code} TOTAL ${signed(sectionSum(section))}`);
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(TOTAL OF SECTIONS|SUBTOTAL - ALL WORK) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      const markup = (label: string) => lines.map((line) => new RegExp(`^${label} [\\d.]+% ([\\d,]+\\.\\d\\d)$`).exec(line)).find(Boolean)!;
      expect(centsOf(markup('OVERHEAD')[1]) + centsOf(markup('PROFIT')[1]), answer.file).to.equal(cents(overheadAndProfit));
      for (const line of recapLines(answer, 'Before')) expect(lines, line.label).to.include(`${line.label.toUpperCase()} ${dollars(cents(line.amount))}`);
      expect(lines.some((line) => /^(TOTAL BID|TOTAL BID PRICE) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(singleMark).to.be.above(0);
  });

  it('prints a lender\'s fill-in form: all thirteen categories in order with "N/A" where empty, typed lines "7a", category totals and the recap A-F with "N/A" (g89)', async () => {
    let empty = 0;
    for (const answer of filesOf('g89')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('REHABILITATION COST ESTIMATE');
      const sections = answer.extractedData.constructionSections;
      const numbers = sections.map((section) => Number(/^(\d+)\. /.exec(section.sectionName)![1]));
      expect(numbers, answer.file).to.deep.equal([...numbers].sort((a, b) => a - b));
      let from = 0;
      TRADES.forEach((trade, index) => {
        const heading = `${index + 1}. ${trade.name}`;
        const section = sections.find((candidate) => candidate.sectionName === heading);
        const at = lines.findIndex((line, after) => after >= from && line.startsWith(heading));
        expect(at, heading).to.be.above(-1);
        expect(lines[at], heading).to.equal(section ? heading : `${heading} N/A`);
        from = at;
        if (!section) {
          empty += 1;
          return;
        }
        section.lineItems.forEach((item, itemIndex) => {
          const row = new RegExp(`^${index + 1}${'abcdefghijklmnopqrstuvwxyz'[itemIndex]} (.+) ${escaped(quantityOf(item))} ${item.unit} ${escaped(amountsOf(item, signed))}$`);
          const line = lines.findIndex((text, after) => after > from && row.test(text));
          expect(line, item.description).to.be.above(-1);
          expect(folded(item.description).startsWith(folded(row.exec(lines[line])![1])), item.description).to.equal(true);
          from = line;
        });
        expect(lines.slice(from), heading).to.include(`Category ${index + 1} total ${signed(sectionSum(section))}`);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      const recap = (letter: string) => lines.find((line) => line.startsWith(`${letter}. `) && lines.indexOf(line) > from)!;
      expect(recap('A'), answer.file).to.equal(`A. Total of categories 1 through 13 ${dollars(cents(subtotal))}`);
      expect(recap('B'), answer.file).to.equal(generalConditions === null ? 'B. General conditions ____ % N/A' : `B. General conditions ${answer.otherValuesOnDocument.generalConditionsRatePercent}% ${dollars(cents(generalConditions))}`);
      expect(recap('C'), answer.file).to.equal(overheadAndProfit === null ? 'C. Overhead and profit ____ % N/A' : `C. Overhead and profit ${answer.otherValuesOnDocument.overheadRatePercent}% ${dollars(cents(overheadAndProfit))}`);
      const [permits] = recapLines(answer, 'Before');
      expect(recap('D'), answer.file).to.equal(`D. Permits and fees ${permits ? dollars(cents(permits.amount)) : 'N/A'}`);
      expect(recap('E'), answer.file).to.equal(`E. TOTAL REHABILITATION COST (A through D) $${dollars(cents(grandTotal))}`);
      const [contingency] = recapLines(answer, 'After');
      expect(recap('F'), answer.file).to.equal(`F. ${contingency.label} ${dollars(cents(contingency.amount))}`);
    }
    expect(empty).to.be.above(0);
  });
});
