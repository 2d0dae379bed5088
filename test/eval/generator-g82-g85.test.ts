import { expect } from 'chai';
import type { Word } from '../../core/src/contracts/document.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, looseLines, pageWords, recapLines, sectionSum, wordLines } from './printed-pdf.js';

type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1,234.50", a negative amount with a minus sign: "-450.00". */
const signed = (value: number) => `${value < 0 ? '-' : ''}${dollars(Math.abs(value))}`;
/** "1,234.50", a negative amount in parentheses: "(450.00)". */
const accounting = (value: number) => (value < 0 ? `(${dollars(-value)})` : dollars(value));
/** A pattern of signed amounts, the minus sign apart or joined: the loose lines keep it a word of its own. */
const signedPattern = (item: AnswerItem) => [item.materialCost, item.laborCost, item.totalCost].map((value) => escaped(signed(cents(value))).replace(/^-/, '- ?')).join(' ');
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
const amountsOf = (item: AnswerItem, print: (value: number) => string) => [item.materialCost, item.laborCost, item.totalCost].map((value) => print(cents(value))).join(' ');
/** The percentage printed in a label: "(12%)". */
const rate = (answer: SorAnswer, name: string) => `(${answer.otherValuesOnDocument[name]}%)`;
const linesOf = (words: Word[]) => wordLines(words).map((line) => line.map((word) => word.text).join(' '));

/** The Spanish unit words g82 prints for the answer's unit codes. */
const SPANISH_UNITS: Record<string, string> = { EA: 'pza', LF: 'pie lin.', SF: 'pie²', SY: 'yd²', SQ: 'cuadro', LS: 'global', HR: 'hora', CY: 'yd³' };
const G85_TRADES = ['General', 'Demolition', 'Concrete', 'Masonry', 'Carpentry', 'Roofing & Siding', 'Doors & Windows', 'Finishes', 'Cabinets', 'Plumbing', 'HVAC', 'Electrical', 'Site Work', 'Credit'];

/** Held out of tuning up to generator 1.21.0, tuning families since 1.22.0. */
describeGenerated('generated statements of repair, g82–g85', ['g82', 'g83', 'g84', 'g85'], false, ({ filesOf, bytesOf }) => {
  it('prints a Spanish estimate: "Partida 3: …" headings, units in Spanish words, Materiales | Mano de obra | Importe, a "Total partida" per trade and the deposit after the total (g82)', async () => {
    const units = new Set<string>();
    let credits = 0;
    for (const answer of filesOf('g82')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines.some((line) => line.includes('PRESUPUESTO')), answer.file).to.equal(true);
      let number = 0;
      answer.extractedData.constructionSections.forEach((section, sectionIndex) => {
        expect(section.sectionName, answer.file).to.match(new RegExp(`^Partida ${sectionIndex + 1}: [A-ZÁÉÍÓÚ]`));
        expect(lines, section.sectionName).to.include(section.sectionName);
        for (const item of section.lineItems) {
          number += 1;
          const row = new RegExp(`^${number} (.+) ${escaped(quantityOf(item))} ${escaped(SPANISH_UNITS[item.unit!])} ${escaped(amountsOf(item, signed))}$`);
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          expect(folded(item.description).startsWith(folded(row.exec(line!)![1])), item.description).to.equal(true);
          units.add(item.unit!);
          if (item.totalCost < 0) credits += 1;
        }
        expect(lines, section.sectionName).to.include(`Total partida ${sectionIndex + 1} $${dollars(sectionSum(section))}`);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.some((line) => /^(Suma de partidas|Subtotal de la obra|Costo directo) \$/.test(line) && line.endsWith(`$${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(lines, answer.file).to.include(`Gastos generales ${rate(answer, 'generalConditionsRatePercent')} $${dollars(cents(generalConditions))}`);
      expect(lines.some((line) => /^(Gastos indirectos y utilidad|Administración y utilidad) \(/.test(line) && line.endsWith(`${rate(answer, 'overheadRatePercent')} $${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(lines, line.label).to.include(`${line.label} $${dollars(cents(line.amount))}`);
      expect(recapLines(answer, 'After').map((line) => line.label.split(' (')[0]), answer.file).to.deep.equal(['Anticipo a la firma']);
      const total = lines.findIndex((line) => /^(TOTAL DEL PRESUPUESTO|TOTAL PRESUPUESTADO|GRAN TOTAL) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`));
      expect(total, answer.file).to.be.above(-1);
      expect(lines[total + 1], answer.file).to.match(/^Anticipo a la firma/);
    }
    expect([...units].length).to.be.at.least(5);
    expect(credits).to.be.above(0);
  });

  it('binds a cover with the summary of schedules and the page each starts on, then each trade on pages of its own with items "C-1" and a subtotal (g83)', async () => {
    let ownPages = 0;
    for (const answer of filesOf('g83')) {
      const pages = (await pageWords(bytesOf(answer))).map(linesOf);
      const cover = pages[0];
      const sections = answer.extractedData.constructionSections;
      const spread = itemsOf(answer).length > 8;
      let lastPage = 0;
      sections.forEach((section, sectionIndex) => {
        const letter = 'ABCDEFGHIJKLMN'[sectionIndex];
        expect(section.sectionName, answer.file).to.match(new RegExp(`^SCHEDULE ${letter} - [A-Z]`));
        const page = pages.findIndex((lines) => lines.includes(section.sectionName));
        expect(page, section.sectionName).to.be.at.least(spread ? lastPage + 1 : lastPage);
        if (spread) {
          expect(pages[page].filter((line) => /^SCHEDULE [A-Z] - /.test(line)), section.sectionName).to.deep.equal([section.sectionName]);
          ownPages += 1;
        }
        lastPage = page;
        const trade = section.sectionName.slice(`SCHEDULE ${letter} - `.length);
        expect(cover, section.sectionName).to.include(`${letter} ${trade} ${page + 1} ${dollars(sectionSum(section))}`);
        const schedule = pages.slice(page).flat();
        section.lineItems.forEach((item, index) => {
          const row = new RegExp(`^${letter}-${index + 1} (.+) ${escaped(quantityOf(item))} ${item.unit} ${escaped(amountsOf(item, accounting))}$`);
          const line = schedule.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          expect(folded(item.description).startsWith(folded(row.exec(line!)![1])), item.description).to.equal(true);
        });
        expect(schedule, section.sectionName).to.include(`Schedule ${letter} subtotal $${dollars(sectionSum(section))}`);
      });
      for (const lines of pages.slice(1)) expect(lines.some((line) => line.startsWith('Property: ') && line.includes('FHA Case No. ')), answer.file).to.equal(true);
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(cover.some((line) => /^(Total of schedules|Subtotal, all schedules) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      if (generalConditions !== null) expect(cover.some((line) => /^General (conditions|requirements) \(/.test(line) && line.endsWith(`${rate(answer, 'generalConditionsRatePercent')} ${dollars(cents(generalConditions))}`)), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(cover.some((line) => /(Contractor overhead & profit|Overhead and profit) \(/.test(line) && line.endsWith(`${rate(answer, 'overheadRatePercent')} ${dollars(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'Before')) expect(cover, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
      expect(cover.some((line) => /^(TOTAL COST OF REPAIRS|TOTAL REPAIR COST) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
    expect(ownPages).to.be.above(0);
  });

  it('prints a three-level outline: divisions, rooms "A.2 Kitchen", items "A.2.3" with a dot leader to the quantity, unit and amount, room and division totals (g84)', async () => {
    let wrapped = 0;
    for (const answer of filesOf('g84')) {
      const lines = (await pageWords(bytesOf(answer))).flatMap(looseLines);
      const divisions = new Map<string, number>();
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        const number = section.sectionName.split(' ')[0];
        expect(number, answer.file).to.match(/^[ABC]\.\d+$/);
        expect(lines.indexOf(section.sectionName, from), section.sectionName).to.be.above(from - 1);
        section.lineItems.forEach((item, index) => {
          expect(item.materialCost, item.description).to.equal(null);
          const label = `${number}.${index + 1} `;
          const first = lines.findIndex((line, at) => at >= from && line.startsWith(label));
          expect(first, item.description).to.be.above(-1);
          const tail = new RegExp(`^(.*?)(?: ?\\.)+ ${escaped(quantityOf(item))} ${item.unit} ${escaped(accounting(cents(item.totalCost)))}$`);
          const block = lines.slice(first, first + 6);
          block[0] = block[0].slice(label.length);
          const last = block.findIndex((line) => tail.test(line));
          expect(last, item.description).to.be.above(-1);
          const text = [...block.slice(0, last), tail.exec(block[last])![1]].join(' ');
          expect(folded(text), item.description).to.equal(folded(item.description));
          if (last > 0) wrapped += 1;
          from = first + last + 1;
        });
        expect(lines.slice(from), section.sectionName).to.include(`Total ${section.sectionName} ${accounting(sectionSum(section))}`);
        divisions.set(number[0], (divisions.get(number[0]) ?? 0) + sectionSum(section));
      }
      expect([...divisions.keys()], answer.file).to.deep.equal('ABC'.slice(0, divisions.size).split(''));
      for (const [letter, total] of divisions) expect(lines, letter).to.include(`TOTAL DIVISION ${letter} $${dollars(total)}`);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      const leader = (label: string | RegExp, amount: string) => lines.some((line) => (typeof label === 'string' ? line.startsWith(`${label} .`) : label.test(line)) && line.endsWith(` ${amount}`));
      expect(leader(/^(Total of divisions|Total direct cost) \./, `$${dollars(cents(subtotal))}`), answer.file).to.equal(true);
      if (overheadAndProfit !== null) expect(leader(`Overhead and profit at ${answer.otherValuesOnDocument.overheadRatePercent}%`, dollars(cents(overheadAndProfit))), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'Before')) expect(leader(line.label, dollars(cents(line.amount))), line.label).to.equal(true);
      expect(leader(/^(ESTIMATED COST OF REPAIRS|TOTAL ESTIMATED COST) \./, `$${dollars(cents(grandTotal))}`), answer.file).to.equal(true);
      for (const line of recapLines(answer, 'After')) expect(leader(line.label, `$${dollars(cents(line.amount))}`), line.label).to.equal(true);
    }
    expect(wrapped).to.be.above(0);
  });

  it('prints locations in alphabetical order as bands, lines sorted by trade with IDs "KIT-03", trade and priority columns, location totals, a cost by trade and the recap (g85)', async () => {
    const trades = G85_TRADES.map(escaped).join('|');
    for (const answer of filesOf('g85')) {
      const pages = await pageWords(bytesOf(answer));
      const lines = pages.flatMap(looseLines);
      const sections = answer.extractedData.constructionSections;
      const names = sections.map((section) => section.sectionName);
      expect(names, answer.file).to.deep.equal([...names].sort((a, b) => a.localeCompare(b)));
      for (const section of sections) {
        expect(section.sectionName, answer.file).to.equal(section.sectionName.toUpperCase());
        expect(lines, section.sectionName).to.include(section.sectionName);
        const code = section.sectionName.replace(/[^A-Z]/g, '').slice(0, 3);
        const printedTrades = section.lineItems.map((item, index) => {
          const row = new RegExp(`^${code}-${String(index + 1).padStart(2, '0')} (${trades}) (.+?) (?:(?:Safety|Required|Recommended) )?${escaped(quantityOf(item))} ${item.unit} ${signedPattern(item)}$`);
          const line = lines.find((text) => row.test(text));
          expect(line, item.description).to.not.equal(undefined);
          const [, trade, text] = row.exec(line!)!;
          expect(folded(item.description).startsWith(folded(text)), item.description).to.equal(true);
          expect(trade === 'Credit', item.description).to.equal(item.totalCost < 0);
          return trade;
        });
        const credits = printedTrades.filter((trade) => trade === 'Credit');
        const work = printedTrades.filter((trade) => trade !== 'Credit');
        expect(printedTrades, section.sectionName).to.deep.equal([...[...work].sort((a, b) => a.localeCompare(b)), ...credits]);
        expect(lines.some((line) => line.replace('- ', '-') === `Location total ${signed(sectionSum(section))}`), section.sectionName).to.equal(true);
      }
      const last = pages.at(-1)!;
      const recap = linesOf(last.filter((word) => word.bbox[0] * 792 > 500));
      const byTrade = linesOf(last.filter((word) => word.bbox[0] * 792 < 300)).map((line) => new RegExp(`^(${trades}) (-?[\\d,]+\\.\\d\\d)$`).exec(line)).filter((match) => match !== null);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(byTrade.reduce((total, match) => total + Math.round(Number(match[2].replace(/,/g, '')) * 100), 0), answer.file).to.equal(cents(subtotal));
      expect(recap.some((line) => /^(Total, all locations|Locations subtotal) /.test(line) && line.endsWith(` ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(recap, answer.file).to.include(`Overhead & profit ${rate(answer, 'overheadRatePercent')} ${dollars(cents(overheadAndProfit))}`);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(recap, line.label).to.include(`${line.label} ${dollars(cents(line.amount))}`);
      expect(recap.some((line) => /^(TOTAL ESTIMATED COST|ESTIMATED PROJECT COST) \$/.test(line) && line.endsWith(` $${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
    }
  });
});
