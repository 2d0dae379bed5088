import { expect } from 'chai';
import { amountInWords } from '../../eval/generator/families/parts.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, recapLines, sectionSum } from './printed-pdf.js';

type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1,234.50", a negative amount with a minus sign: "-450.00". */
const signed = (value: number) => `${value < 0 ? '-' : ''}${dollars(Math.abs(value))}`;
/** "1 234,50": a space between thousands and a decimal comma, a minus sign before a credit. */
const french = (value: number) => `${value < 0 ? '-' : ''}${String(Math.floor(Math.abs(value) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(Math.abs(value) % 100).padStart(2, '0')}`;
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
/** Cents of a printed amount ("1,234.50"). */
const centsOf = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
/** Whether every word of a row's printed text stands in the description, in order: PDFium may leave a short word of a long line out of it ("; per"). */
const within = (printed: string, description: string) => {
  let at = 0;
  return printed.split(' ').map(folded).filter(Boolean).every((word) => {
    at = folded(description).indexOf(word, at);
    return at++ > -1;
  });
};
/** The French unit words g90 prints for the answer's unit codes. */
const FRENCH_UNITS: Record<string, string> = { EA: 'unité', LF: 'pi lin.', SF: 'pi²', SY: 'vg²', SQ: 'carré', LS: 'forfait', HR: 'h', CY: 'vg³' };

/** Held out of tuning up to generator 1.23.0, tuning families since 1.24.0. */
describeGenerated('generated statements of repair, g90–g93', ['g90', 'g91', 'g92', 'g93'], false, ({ filesOf, bytesOf }) => {
  it('prints a Québec quote in French: French units, amounts as "1 234,56", "Total section 3 … $" rows, Sous-total, TPS, TVQ and TOTAL with the dollar sign after (g90)', async () => {
    const units = new Set<string>();
    let thousands = 0;
    for (const answer of filesOf('g90')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines.some((line) => /SOUMISSION|DEVIS DE RÉNOVATION/.test(line)), answer.file).to.equal(true);
      expect(lines.some((line) => line.includes('Qté Unité Matériaux')), answer.file).to.equal(true);
      expect(lines.some((line) => line.startsWith(`Licence RBQ : ${answer.extractedData.documentMetadata.contractorInfo.license}`)), answer.file).to.equal(true);
      let number = 0;
      let from = 0;
      answer.extractedData.constructionSections.forEach((section, index) => {
        expect(section.sectionName, answer.file).to.match(new RegExp(`^(Section ${index + 1} – \\S|${index + 1}\\. \\S)`));
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          number += 1;
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => french(cents(value))).join(' ');
          const row = new RegExp(`^${number} (.+) ${escaped(String(item.quantity).replace('.', ','))} ${escaped(FRENCH_UNITS[item.unit!])} ${escaped(amounts)}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          expect(within(row.exec(lines[at])![1], item.description), item.description).to.equal(true);
          units.add(item.unit!);
          if (Math.abs(cents(item.totalCost)) >= 100000) thousands += 1;
          from = at;
        }
        expect(lines.slice(from), section.sectionName).to.include(`Total section ${index + 1} ${french(sectionSum(section))} $`);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect([generalConditions, overheadAndProfit], answer.file).to.deep.equal([null, null]);
      const [tps, tvq] = recapLines(answer, 'Before');
      expect([tps.label, tvq.label], answer.file).to.deep.equal(['TPS (5 %)', 'TVQ (9,975 %)']);
      expect(cents(tps.amount), answer.file).to.equal(Math.round(cents(subtotal) * 0.05));
      const at = lines.findIndex((line) => /^Sous-total( des travaux)? /.test(line) && line.endsWith(` ${french(cents(subtotal))} $`));
      expect(at, answer.file).to.be.above(-1);
      expect(lines.slice(at + 1, at + 3), answer.file).to.deep.equal([`TPS (5 %) ${french(cents(tps.amount))} $`, `TVQ (9,975 %) ${french(cents(tvq.amount))} $`]);
      expect(lines[at + 3], answer.file).to.match(new RegExp(`^(TOTAL|TOTAL DE LA SOUMISSION|GRAND TOTAL) ${escaped(french(cents(grandTotal)))} \\$$`));
      const [deposit] = recapLines(answer, 'After');
      expect(lines[at + 4], answer.file).to.equal(`${deposit.label} ${french(cents(deposit.amount))} $`);
    }
    expect(units.size).to.be.above(4);
    expect(thousands).to.be.above(0);
  });

  it('prints a unit-price bid schedule: each unit price in words and in figures, the extension their product, category rows and the total in words (g91)', async () => {
    let wrappedWords = 0;
    for (const answer of filesOf('g91')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines.some((line) => line.includes('Description of Work')), answer.file).to.equal(true);
      expect(lines.some((line) => line.includes('in Words')), answer.file).to.equal(true);
      let number = 0;
      let from = 0;
      answer.extractedData.constructionSections.forEach((section, index) => {
        expect(section.sectionName, answer.file).to.match(new RegExp(`^CATEGORY ${index + 1} — [A-Z&, ]+$`));
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          number += 1;
          expect([item.materialCost, item.laborCost], item.description).to.deep.equal([null, null]);
          const row = new RegExp(`^${number} (.+?) ${escaped(quantityOf(item))} ${item.unit} (.+) \\$([\\d,]+\\.\\d\\d) \\$${escaped(dollars(cents(item.totalCost)))}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, text, words, figures] = row.exec(lines[at])!;
          expect(within(text, item.description), item.description).to.equal(true);
          expect(centsOf(figures) * item.quantity!, item.description).to.equal(cents(item.totalCost));
          expect(amountInWords(centsOf(figures)).startsWith(words), item.description).to.equal(true);
          if (!words.endsWith('Dollars')) wrappedWords += 1;
          from = at;
        }
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect([generalConditions, overheadAndProfit], answer.file).to.deep.equal([null, null]);
      expect(lines.slice(from), answer.file).to.include(`Total of Bid Items 1 through ${number} $${dollars(cents(subtotal))}`);
      for (const line of recapLines(answer, 'Before')) expect(lines, line.label).to.include(`${line.label} $${dollars(cents(line.amount))}`);
      expect(lines.some((line) => /^(TOTAL BID PRICE|TOTAL BASE BID) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
      const words = lines.findIndex((line) => / in words: /.test(line));
      expect(lines.slice(words, words + 2).join(' '), answer.file).to.include(amountInWords(cents(grandTotal)));
    }
    expect(wrappedWords).to.be.above(0);
  });

  it('prints a plain-text e-mail estimate in Courier: a table drawn with "|" and "+---+" or "|---|", room rows, "Subtotal <room>" rows and the recap in a box of its own (g92)', async () => {
    const styles = new Set<string>();
    for (const answer of filesOf('g92')) {
      const lines = await joinedLines(bytesOf(answer));
      const { contractorInfo } = answer.extractedData.documentMetadata;
      expect(lines.some((line) => line.startsWith(`From: ${contractorInfo.name} <`)), answer.file).to.equal(true);
      expect(lines.some((line) => line.startsWith('Subject: ')), answer.file).to.equal(true);
      expect(lines, answer.file).to.include('| # | DESCRIPTION | QTY | UNIT | MATERIAL | LABOR | TOTAL |');
      if (lines.some((line) => /^\+-+\+-+\+/.test(line))) styles.add('boxed');
      if (lines.some((line) => /^\|-+\|-+\|/.test(line))) styles.add('pipes');
      let number = 0;
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        from = lines.findIndex((line, at) => at >= from && new RegExp(`^\\|(?: \\|)? ${escaped(section.sectionName)} \\|`).test(line));
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          number += 1;
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => signed(cents(value))).join(' | ');
          const row = new RegExp(`^\\| ${number} \\| (.+?) \\| ${escaped(quantityOf(item))} \\| ${item.unit} \\| ${escaped(amounts)} \\|$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          expect(within(row.exec(lines[at])![1], item.description), item.description).to.equal(true);
          from = at;
        }
        const sums = (['materialCost', 'laborCost', 'totalCost'] as const).map((field) => signed(sectionSum(section, field))).join(' | ');
        expect(lines.slice(from), section.sectionName).to.include(`| | Subtotal ${section.sectionName} | | | ${sums} |`);
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines, answer.file).to.include(`| SUBTOTAL | ${dollars(cents(subtotal))} |`);
      expect(lines, answer.file).to.include(`| OVERHEAD & PROFIT ${answer.otherValuesOnDocument.overheadRatePercent}% | ${dollars(cents(overheadAndProfit))} |`);
      expect(lines.some((line) => /^\| (TOTAL ESTIMATE|ESTIMATED TOTAL|TOTAL COST OF REPAIRS) \| \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))} |`)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'After')) expect(lines, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
    }
    expect([...styles].sort()).to.deep.equal(['boxed', 'pipes']);
  });

  it('prints a cost breakdown by cost type: Material | Labor | Equipment | Subcontract | Total, let-out trades with only a Subcontract amount, trade totals and COST TYPE TOTALS (g93)', async () => {
    let letOut = 0;
    let ownForces = 0;
    let equipment = 0;
    for (const answer of filesOf('g93')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Code Description Qty Unit Material Labor Equipment Subcontract Total');
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        const sub = section.lineItems[0].materialCost === null;
        expect(section.lineItems.every((item) => (item.materialCost === null) === sub), section.sectionName).to.equal(true);
        const note = lines.findIndex((line, at) => at > from && line.startsWith('Subcontractor: '));
        if (sub) letOut += 1;
        else ownForces += 1;
        for (const item of section.lineItems) {
          const total = signed(cents(item.totalCost));
          const amounts = sub ? escaped(`${total} ${total}`) : `${escaped(`${signed(cents(item.materialCost))} ${signed(cents(item.laborCost))}`)} ([\\d,]+\\.\\d\\d )?${escaped(total)}`;
          const row = new RegExp(`^\\d+-\\d{3} (.+) ${escaped(quantityOf(item))} ${item.unit} ${amounts}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          if (item === section.lineItems[0]) expect(note > -1 && note < at, section.sectionName).to.equal(sub);
          const [, text, printedEquipment] = row.exec(lines[at])!;
          expect(within(text, item.description), item.description).to.equal(true);
          if (!sub) {
            const rest = cents(item.totalCost) - cents(item.materialCost) - cents(item.laborCost);
            expect(printedEquipment ? centsOf(printedEquipment) : 0, item.description).to.equal(rest);
            if (printedEquipment) equipment += 1;
          }
          from = at;
        }
        const total = lines.findIndex((line, at) => at > from && line.startsWith(`Total ${section.sectionName} `));
        expect(lines[total], section.sectionName).to.match(new RegExp(`${escaped(signed(sectionSum(section)))}$`));
        if (sub) expect(lines[total], section.sectionName).to.equal(`Total ${section.sectionName} ${signed(sectionSum(section))} ${signed(sectionSum(section))}`);
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => line.startsWith('COST TYPE TOTALS ') && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(lines, answer.file).to.include(`Direct cost ${dollars(cents(subtotal))}`);
      expect(lines, answer.file).to.include(`Overhead & profit ${answer.otherValuesOnDocument.overheadRatePercent}% ${dollars(cents(overheadAndProfit))}`);
      expect(lines.some((line) => /^(TOTAL CONTRACT PRICE|TOTAL ESTIMATE) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect([letOut, ownForces, equipment].every((count) => count > 0)).to.equal(true);
  });
});
