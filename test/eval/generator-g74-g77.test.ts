import { expect } from 'chai';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, looseLines, pageWords, recapLines, sectionSum } from './printed-pdf.js';

/** "1 234,50": a space between the thousands, a decimal comma. */
const spacedComma = (value: number) => {
  const [whole, decimals] = (Math.abs(value) / 100).toFixed(2).split('.');
  return `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+$)/g, ' ')},${decimals}`;
};
const fromSpacedComma = (text: string) => Math.round(Number(text.replace(/ /g, '').replace(',', '.')) * 100);
/** The amount as written by hand: with or without thousands commas, a credit in parentheses. */
const handAmount = (value: number) => {
  const plain = (Math.abs(value) / 100).toFixed(2);
  const options = [...new Set([dollars(Math.abs(value)), plain])].map(escaped);
  return value < 0 ? `\\((?:${options.join('|')})\\)` : `(?:${options.join('|')})`;
};
const SPACED = '-?\\d{1,3}(?: \\d{3})*,\\d\\d';

/** Held out of tuning up to generator 1.19.0, tuning families since 1.20.0. */
describeGenerated('generated statements of repair, g74–g77', ['g74', 'g75', 'g76', 'g77'], false, ({ filesOf, bytesOf }) => {
  it('prints every number with a space between the thousands and a decimal comma, positions "3.1" under "3. Plumbing", section totals and a summary by section (g74)', async () => {
    let spaced = 0;
    for (const answer of filesOf('g74')) {
      const lines = await joinedLines(bytesOf(answer));
      answer.extractedData.constructionSections.forEach((section, sectionIndex) => {
        expect(section.sectionName, answer.file).to.match(new RegExp(`^${sectionIndex + 1}\\. [A-Z]`));
        expect(lines, answer.file).to.include(section.sectionName);
        section.lineItems.forEach((item, index) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => spacedComma(cents(value))).join(' ');
          const row = new RegExp(`^${sectionIndex + 1}\\.${index + 1} (.+) ${escaped(spacedComma(Math.round(item.quantity! * 100)))} ${item.unit} (?:(${SPACED}) )?${escaped(amounts)}$`);
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          const [, description, price] = row.exec(line!)!;
          expect(folded(item.description).startsWith(folded(description)), item.description).to.equal(true);
          if (price) expect(Math.abs(Math.round(item.quantity! * fromSpacedComma(price)) - cents(item.totalCost)), line).to.be.at.most(1);
          if (cents(item.totalCost) >= 100000) spaced += 1;
        });
        const totals = [sectionSum(section, 'materialCost'), sectionSum(section, 'laborCost'), sectionSum(section)].map(spacedComma).join(' ');
        expect(lines, answer.file).to.include(`Total ${section.sectionName} ${totals}`);
        expect(lines, answer.file).to.include(`${section.sectionName} ${spacedComma(sectionSum(section))}`);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(Net total|Net amount|Total net) /.test(line) && line.endsWith(` ${spacedComma(cents(subtotal))}`)), answer.file).to.equal(true);
      const rate = (name: string) => `${answer.otherValuesOnDocument[name]}`.replace('.', ',');
      if (generalConditions !== null) expect(lines.some((line) => /^Site /.test(line) && line.endsWith(` ${rate('generalConditionsRatePercent')} % ${spacedComma(cents(generalConditions))}`)), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(lines.some((line) => /^Overheads? (and|&) profit /.test(line) && line.endsWith(` ${rate('overheadRatePercent')} % ${spacedComma(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'Before')) expect(lines, line.label).to.include(`${line.label} ${spacedComma(cents(line.amount))}`);
      expect(lines.some((line) => /^(TOTAL USD|ESTIMATE TOTAL USD|TOTAL AMOUNT \(USD\)) /.test(line) && line.endsWith(` ${spacedComma(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(spaced).to.be.above(0);
  });

  it('prints the drawing reference first and the description last, material and labor as unit and total, "-" for zero, subtotal labels right of their amounts and the recap in the grid (g75)', async () => {
    const accounting = (value: number) => (value === 0 ? '-' : value < 0 ? `(${dollars(-value)})` : dollars(value));
    let credits = 0;
    for (const answer of filesOf('g75')) {
      const lines = await joinedLines(bytesOf(answer));
      for (const section of answer.extractedData.constructionSections) {
        expect(lines, answer.file).to.include(section.sectionName);
        const sheets = new Set<string>();
        section.lineItems.forEach((item, index) => {
          const material = cents(item.materialCost);
          const labor = cents(item.laborCost);
          const rate = '(-|[\\d,]+\\.\\d\\d)';
          const row = new RegExp(
            `^([A-Z]-\\d)\\.${String(index + 1).padStart(2, '0')} ${escaped(item.quantity!.toLocaleString('en-US', { minimumFractionDigits: 2 }))} ${item.unit} ${rate} ${escaped(accounting(material))} ${rate} ${escaped(accounting(labor))} ${escaped(accounting(cents(item.totalCost)))} (.+)$`,
          );
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          const [, sheet, materialRate, laborRate, description] = row.exec(line!)!;
          sheets.add(sheet);
          expect(folded(item.description).startsWith(folded(description)), item.description).to.equal(true);
          if (material > 0) expect(Math.round(item.quantity! * cents(Number(materialRate.replace(/,/g, '')))), line).to.equal(material);
          if (labor > 0) expect(Math.round(item.quantity! * cents(Number(laborRate.replace(/,/g, '')))), line).to.equal(labor);
          if (item.totalCost < 0) credits += 1;
        });
        expect(sheets.size, section.sectionName).to.equal(1);
        const totals = [sectionSum(section, 'materialCost'), sectionSum(section, 'laborCost'), sectionSum(section)].map(accounting).join(' ');
        expect(lines.some((line) => line === `${totals} Subtotal ${section.sectionName}` || line === `${totals} Total ${section.sectionName}`), section.sectionName).to.equal(true);
      }
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^[\d,]+\.\d\d (Cost of work|Subtotal, cost of work|Direct cost subtotal)$/.test(line) && line.startsWith(`${dollars(cents(subtotal))} `)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(lines).to.include(`${dollars(cents(generalConditions))} General conditions ${answer.otherValuesOnDocument.generalConditionsRatePercent}%`);
      if (overheadAndProfit !== null) expect(lines.some((line) => line.startsWith(`${dollars(cents(overheadAndProfit))} `) && line.endsWith(` ${answer.otherValuesOnDocument.overheadRatePercent}%`)), answer.file).to.equal(true);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(lines, line.label).to.include(`${dollars(cents(line.amount))} ${line.label}`);
      expect(lines.some((line) => /^\$[\d,]+\.\d\d (TOTAL PROJECT COST|TOTAL COST, ALL WORK|PROJECT TOTAL)$/.test(line) && line.startsWith(`$${dollars(cents(grandTotal))} `)), answer.file).to.equal(true);
    }
    expect(credits).to.be.above(0);
  });

  it('prints the hand-written rows of the pad with lower-case units, blank zero amounts, underlined rooms and the totals box on the last sheet (g76)', async () => {
    let wrapped = 0;
    for (const answer of filesOf('g76')) {
      const lines = (await pageWords(bytesOf(answer))).flatMap(looseLines);
      expect(lines.filter((line) => line === 'QTY UNIT DESCRIPTION OF WORK MATERIAL LABOR AMOUNT').length, answer.file).to.equal(answer.pages);
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        const heading = lines.indexOf(section.sectionName, from);
        expect(heading, section.sectionName).to.be.above(-1);
        from = heading;
        for (const item of section.lineItems) {
          const amounts = [item.materialCost, item.laborCost].map(cents).filter((value) => value !== 0).map(handAmount);
          const quantity = `(?:${escaped(item.quantity!.toLocaleString('en-US'))}|${escaped(String(item.quantity))})`;
          const row = new RegExp(`^${quantity} ${item.unit!.toLowerCase()} (.+) ${[...amounts, handAmount(cents(item.totalCost))].join(' ')}$`);
          const index = lines.findIndex((text, position) => position > from && row.test(text));
          expect(index, item.description).to.be.above(from);
          const description = row.exec(lines[index])![1];
          expect(folded(item.description).startsWith(folded(description)), item.description).to.equal(true);
          if (folded(description) !== folded(item.description)) {
            expect(folded(item.description).startsWith(folded(`${description} ${lines[index + 1]}`)), item.description).to.equal(true);
            wrapped += 1;
          }
          from = index;
        }
        const total = lines.find((line) => line.startsWith(`${section.sectionName} total `));
        if (total) expect(total, section.sectionName).to.match(new RegExp(` ${handAmount(sectionSum(section))}$`));
      }
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      const items = itemsOf(answer);
      const boxed = (label: string, value: number) => lines.some((line) => new RegExp(`(^| )${label} ${handAmount(value)}$`).test(line));
      expect(boxed('TOTAL MATERIAL', items.reduce((sum, item) => sum + cents(item.materialCost), 0)), answer.file).to.equal(true);
      expect(boxed('TOTAL LABOR', items.reduce((sum, item) => sum + cents(item.laborCost), 0)), answer.file).to.equal(true);
      expect(boxed('SUBTOTAL', cents(subtotal)), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(boxed(`O & P ${answer.otherValuesOnDocument.overheadRatePercent} %`, cents(overheadAndProfit)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'Before')) expect(boxed(line.label.toUpperCase(), cents(line.amount)), line.label).to.equal(true);
      expect(boxed('TOTAL \\$', cents(grandTotal)), answer.file).to.equal(true);
    }
    expect(wrapped).to.be.above(0);
  });

  it('prints each line\'s base bid with an add alternate on some, a schedule of the alternates marked accepted or declined, and the accepted ones added in the recap (g77)', async () => {
    const schedule = /^Alt\. (\d) Line (\d+): (.+) add \$([\d,]+\.\d\d) (X Accepted Declined|Accepted X Declined)$/;
    let declined = 0;
    for (const answer of filesOf('g77')) {
      const lines = await joinedLines(bytesOf(answer));
      const alternates = lines.flatMap((line) => {
        const match = schedule.exec(line);
        return match ? [{ number: Number(match[1]), line: Number(match[2]), amount: cents(Number(match[4].replace(/,/g, ''))), accepted: match[5].startsWith('X') }] : [];
      });
      expect(alternates.map((alternate) => alternate.number), answer.file).to.deep.equal(alternates.map((_, index) => index + 1));
      let number = 0;
      for (const section of answer.extractedData.constructionSections) {
        expect(lines, answer.file).to.include(section.sectionName);
        for (const item of section.lineItems) {
          number += 1;
          const alternate = alternates.find((candidate) => candidate.line === number);
          const tail = [item.quantity!.toLocaleString('en-US'), item.unit, ...[item.materialCost, item.laborCost, item.totalCost].map((value) => dollars(cents(value)))];
          if (alternate) tail.push(String(alternate.number), dollars(alternate.amount));
          const row = new RegExp(`^${number} (.+) ${escaped(tail.join(' '))}$`);
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          expect(folded(item.description).startsWith(folded(row.exec(line!)![1])), item.description).to.equal(true);
        }
        expect(lines, answer.file).to.include(`${section.sectionName} subtotal ${dollars(sectionSum(section))}`);
      }
      const accepted = alternates.filter((alternate) => alternate.accepted);
      declined += alternates.length - accepted.length;
      const before = recapLines(answer, 'Before');
      const acceptedLine = before.find((line) => line.label.startsWith('Alternates accepted'));
      expect(acceptedLine ? cents(acceptedLine.amount) : 0, answer.file).to.equal(accepted.reduce((sum, alternate) => sum + alternate.amount, 0));
      if (acceptedLine) expect(acceptedLine.label.replace(/\D+/g, ' ').trim(), answer.file).to.equal(accepted.map((alternate) => alternate.number).join(' '));
      for (const line of before) expect(lines, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(Base bid|Total base bid|Base bid \(lines 1 through \d+\)) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(lines).to.include(`Overhead and profit (${answer.otherValuesOnDocument.overheadRatePercent}%) ${dollars(cents(overheadAndProfit))}`);
      expect(lines.some((line) => /^(CONTRACT SUM|TOTAL CONTRACT AMOUNT|ACCEPTED BID TOTAL) \$/.test(line) && line.endsWith(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(declined).to.be.above(0);
  });
});
