import { expect } from 'chai';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, looseLines, pageWords, recapLines, sectionSum } from './printed-pdf.js';

type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1.234,50": a dot between thousands and a decimal comma, a minus sign before a credit. */
const german = (value: number) => `${value < 0 ? '-' : ''}${String(Math.floor(Math.abs(value) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(Math.abs(value) % 100).padStart(2, '0')}`;
/** "1,234.50", a negative amount in angle brackets: "<450.00>". */
const bracketed = (value: number) => (value < 0 ? `<${dollars(-value)}>` : dollars(value));
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
/** Cents of an amount printed as "1.234,50". */
const germanCents = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
/** Whether every word of a row's printed text stands in the description, in order: PDFium may leave a short word of a long line out of it ("; per"). */
const within = (printed: string, description: string) => {
  let at = 0;
  return printed.split(' ').map(folded).filter(Boolean).every((word) => {
    at = folded(description).indexOf(word, at);
    return at++ > -1;
  });
};
const GERMAN_UNITS: Record<string, string> = { EA: 'Stk.', LF: 'lfd. ft', SF: 'ft²', SY: 'yd²', SQ: 'Square', LS: 'psch.', HR: 'Std.', CY: 'yd³' };
const DUTCH_UNITS: Record<string, string> = { EA: 'st.', LF: 'str. ft', SF: 'ft²', SY: 'yd²', SQ: 'square', LS: 'post', HR: 'uur', CY: 'yd³' };

/** Held out of tuning up to generator 1.24.0, tuning families since 1.25.0. */
describeGenerated('generated statements of repair, g94–g97', ['g94', 'g95', 'g96', 'g97'], false, ({ filesOf, bytesOf }) => {
  it('prints a German estimate: Pos. | Menge | Einh. before the description, amounts as "1.234,56", "Summe Titel" rows, a Titelzusammenstellung and two markups added up (g94)', async () => {
    let thousands = 0;
    for (const answer of filesOf('g94')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Pos. Menge Einh. Leistungsbeschreibung Material Lohn Gesamtpreis');
      expect(lines.some((line) => line.includes(`Lizenz-Nr.: ${answer.extractedData.documentMetadata.contractorInfo.license}`)), answer.file).to.equal(true);
      let from = 0;
      answer.extractedData.constructionSections.forEach((section, index) => {
        const title = String(index + 1).padStart(2, '0');
        expect(section.sectionName, answer.file).to.match(new RegExp(`^(Titel ${title} \\S|${title} [A-ZÄÖÜ])`));
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        section.lineItems.forEach((item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => german(cents(value))).join(' ');
          const row = new RegExp(`^${title}\\.${String((position + 1) * 10).padStart(3, '0')} ${escaped(german(Math.round(item.quantity! * 100)))} ${escaped(GERMAN_UNITS[item.unit!])} (.+) ${escaped(amounts)}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          expect(within(row.exec(lines[at])![1], item.description), item.description).to.equal(true);
          if (Math.abs(cents(item.totalCost)) >= 100000) thousands += 1;
          from = at;
        });
        const sums = (['materialCost', 'laborCost', 'totalCost'] as const).map((field) => german(sectionSum(section, field))).join(' ');
        expect(lines.slice(from), section.sectionName).to.include(`Summe Titel ${title} ${sums}`);
      });
      const summary = lines.indexOf('Titelzusammenstellung');
      expect(summary, answer.file).to.be.above(from);
      for (const section of answer.extractedData.constructionSections) expect(lines.slice(summary), section.sectionName).to.include(`${section.sectionName} ${german(sectionSum(section))}`);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(lines.slice(summary).some((line) => /^(Nettosumme|Summe der Titel) /.test(line) && line.endsWith(` ${german(cents(subtotal))}`)), answer.file).to.equal(true);
      const overhead = lines.find((line) => line.startsWith('Allgemeine Geschäftskosten '))!;
      const profit = lines.find((line) => line.startsWith('Wagnis und Gewinn '))!;
      expect(germanCents(overhead.split(' ').at(-1)!) + germanCents(profit.split(' ').at(-1)!), answer.file).to.equal(cents(overheadAndProfit));
      for (const line of recapLines(answer, 'Before')) expect(lines, line.label).to.include(`${line.label} ${german(cents(line.amount))}`);
      const total = lines.findIndex((line) => /^(Angebotssumme|Gesamtbetrag|Endbetrag) USD /.test(line));
      expect(lines[total], answer.file).to.match(new RegExp(` ${escaped(german(cents(grandTotal)))}$`));
      const [deposit] = recapLines(answer, 'After');
      expect(lines[total + 1], answer.file).to.equal(`${deposit.label} ${german(cents(deposit.amount))}`);
    }
    expect(thousands).to.be.above(0);
  });

  it('prints a supply-and-install proposal: List Price | Disc. | Discount | Net Price per line, "<ROOM> NET" rows, list total and discounts above the net subtotal (g95)', async () => {
    let discounted = 0;
    for (const answer of filesOf('g95')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Line Description Qty Unit List Price Disc. Discount Net Price');
      expect(lines, answer.file).to.include('CUSTOMER & JOB PROJECT NOTES');
      let number = 0;
      let from = 0;
      let list = 0;
      for (const section of answer.extractedData.constructionSections) {
        expect(section.sectionName, answer.file).to.equal(section.sectionName.toUpperCase());
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          number += 1;
          expect([item.materialCost, item.laborCost], item.description).to.deep.equal([null, null]);
          const row = new RegExp(`^${String(number).padStart(3, '0')} (.+) ${escaped(quantityOf(item))} ${item.unit} ([\\d,]+\\.\\d\\d)(?: (\\d+)% -([\\d,]+\\.\\d\\d))? ${escaped(dollars(cents(item.totalCost)))}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, text, listPrice, rate, discount] = row.exec(lines[at])!;
          expect(within(text, item.description), item.description).to.equal(true);
          const [listCents, discountCents] = [listPrice, discount ?? '0'].map((amount) => Math.round(Number(amount.replace(/,/g, '')) * 100));
          expect(listCents - discountCents, item.description).to.equal(cents(item.totalCost));
          if (rate) expect(Math.abs(listCents * Number(rate) - discountCents * 100), item.description).to.be.at.most(100);
          if (rate) discounted += 1;
          list += listCents;
          from = at;
        }
        expect(lines.slice(from), section.sectionName).to.include(`${section.sectionName} NET ${dollars(sectionSum(section))}`);
      }
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect([generalConditions, overheadAndProfit], answer.file).to.deep.equal([null, null]);
      const at = lines.indexOf(`List price total ${dollars(list)}`);
      expect(at, answer.file).to.be.above(-1);
      expect(lines[at + 1], answer.file).to.equal(`Less line discounts -${dollars(list - cents(subtotal))}`);
      expect(lines[at + 2], answer.file).to.match(new RegExp(`^(Net subtotal|Subtotal \\(net\\)) ${escaped(dollars(cents(subtotal)))}$`));
      const before = recapLines(answer, 'Before');
      expect(lines.slice(at + 3, at + 3 + before.length), answer.file).to.deep.equal(before.map((line) => `${line.label} ${dollars(cents(line.amount))}`));
      expect(lines[at + 3 + before.length], answer.file).to.match(new RegExp(`^(PROPOSAL TOTAL|TOTAL INVESTMENT|TOTAL INSTALLED PRICE) \\$${escaped(dollars(cents(grandTotal)))}$`));
    }
    expect(discounted).to.be.above(0);
  });

  it('prints a write-up whose column header stands on its first page only: unit before quantity, labor before material, credits in angle brackets and a recap strip (g96)', async () => {
    let credits = 0;
    let pagesWithoutHeader = 0;
    for (const answer of filesOf('g96')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines.filter((line) => line === 'Item Work Description U/M Quan. Labor Matl. Extended'), answer.file).to.have.lengthOf(1);
      pagesWithoutHeader += answer.pages - 1;
      let number = 0;
      let from = 0;
      for (const section of answer.extractedData.constructionSections) {
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        for (const item of section.lineItems) {
          number += 1;
          const amounts = [item.laborCost, item.materialCost, item.totalCost].map((value) => bracketed(cents(value))).join(' ');
          const row = new RegExp(`^${number}\\. (.+) ${item.unit} ${escaped(quantityOf(item))} ${escaped(amounts)}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          expect(within(row.exec(lines[at])![1], item.description), item.description).to.equal(true);
          if (item.totalCost < 0) credits += 1;
          from = at;
        }
        expect(lines.slice(from), section.sectionName).to.include(`${section.sectionName} subtotal ${bracketed(sectionSum(section))}`);
      }
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      const strip = [subtotal, generalConditions, overheadAndProfit, ...recapLines(answer, 'Before').map((line) => line.amount)].filter((value) => value !== null).map((value) => dollars(cents(value)));
      expect(lines, answer.file).to.include([...strip, `$${dollars(cents(grandTotal))}`].join(' '));
      const [reserve] = recapLines(answer, 'After');
      expect(lines, answer.file).to.include(`${reserve.label} to be held by the lender: ${dollars(cents(reserve.amount))}`);
    }
    expect([credits, pagesWithoutHeader].every((count) => count > 0)).to.equal(true);
  });

  it('prints a Dutch quote with a two-line header: ARBEID (Uren | Tarief | Bedrag) and MATERIAAL (Prijs/eenh. | Bedrag), chapters, "Totaal hoofdstuk" rows and AK/W&R (g97)', async () => {
    let hourly = 0;
    for (const answer of filesOf('g97')) {
      // Loose lines: a line's words without ascenders ("per square") sit lower than the 4 pt `joinedLines` allows; a minus sign read apart is joined to its amount.
      const lines = (await pageWords(bytesOf(answer))).flatMap(looseLines).map((line) => line.replace(/(^| )- (?=\d)/g, '$1-'));
      const header = lines.indexOf('Nr. Omschrijving Aantal Eenh. Uren Tarief Bedrag Prijs/eenh. Bedrag Totaal');
      expect(lines[header - 1], answer.file).to.equal('ARBEID MATERIAAL');
      let from = 0;
      answer.extractedData.constructionSections.forEach((section, index) => {
        expect(section.sectionName, answer.file).to.match(new RegExp(`^(Hoofdstuk ${index + 1} – \\S|H${index + 1} [A-Z])`));
        from = lines.indexOf(section.sectionName, from);
        expect(from, section.sectionName).to.be.above(-1);
        section.lineItems.forEach((item, position) => {
          const quantity = item.quantity!.toLocaleString('nl-NL', { maximumFractionDigits: 1 });
          const amount = '(-?[\\d.]+,\\d\\d)';
          const row = new RegExp(`^${index + 1}\\.${String(position + 1).padStart(2, '0')} (.+) ${escaped(quantity)} ${escaped(DUTCH_UNITS[item.unit!])} (?:([\\d.]+,\\d) ${amount} )?${escaped(german(cents(item.laborCost)))} (?:${amount} )?${escaped(german(cents(item.materialCost)))} ${escaped(german(cents(item.totalCost)))}$`);
          const at = lines.findIndex((text, line) => line > from && row.test(text));
          expect(at, item.description).to.be.above(-1);
          const [, text, hours, rate] = row.exec(lines[at])!;
          expect(within(text, item.description), item.description).to.equal(true);
          expect(cents(item.materialCost) + cents(item.laborCost), item.description).to.equal(cents(item.totalCost));
          if (hours) {
            expect(Math.round(germanCents(hours) * germanCents(rate)) / 100, item.description).to.equal(cents(item.laborCost));
            hourly += 1;
          }
          from = at;
        });
        const sums = (['laborCost', 'materialCost', 'totalCost'] as const).map((field) => german(sectionSum(section, field))).join(' ');
        expect(lines.slice(from), section.sectionName).to.include(`Totaal hoofdstuk ${index + 1} ${sums}`);
      });
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      if (generalConditions !== null) expect(lines.some((line) => line.startsWith('Bouwplaatskosten ') && line.endsWith(` ${german(cents(generalConditions))}`)), answer.file).to.equal(true);
      expect(lines, answer.file).to.include(`Totaal hoofdstukken ${german(cents(subtotal))}`);
      expect(lines.some((line) => line.startsWith('AK/W&R (algemene kosten, winst en risico) ') && line.endsWith(` ${german(cents(overheadAndProfit))}`)), answer.file).to.equal(true);
      expect(lines.some((line) => /^(TOTAAL|TOTAAL OFFERTE|AANNEEMSOM) \$ /.test(line) && line.endsWith(` ${german(cents(grandTotal))}`)), answer.file).to.equal(true);
      for (const line of [...recapLines(answer, 'Before'), ...recapLines(answer, 'After')]) expect(lines, line.label).to.include(`${line.label} ${german(cents(line.amount))}`);
    }
    expect(hourly).to.be.above(0);
  });
});
