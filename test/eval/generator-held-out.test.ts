import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, recapLines, sectionSum, sum } from './printed-pdf.js';

type AnswerSection = SorAnswer['extractedData']['constructionSections'][number];
type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1.234,56": a dot between thousands and a decimal comma, `decimals` places. */
const dotComma = (value: number, decimals = 2) => {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.');
  const digits = `${value < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}`;
  return fraction === undefined ? digits : `${digits},${fraction}`;
};
const euroCents = (cents: number) => dotComma(cents / 100);
/** "1,234" for whole dollars. */
const wholeDollars = (value: number) => `${value < 0 ? '-' : ''}${Math.round(Math.abs(value) / 100).toLocaleString('en-US')}`;
const quantityOf = (item: AnswerItem) => item.quantity!.toLocaleString('en-US');
/** Cents of "1.234,56". */
const dotCommaCents = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100);
/** Whether every word of a row's printed text stands in the description, in order. */
const within = (printed: string, description: string) => {
  let at = 0;
  return printed.split(' ').map(folded).filter(Boolean).every((word) => {
    at = folded(description).indexOf(word, at);
    return at++ > -1;
  });
};
const SPANISH_UNITS: Record<string, string> = { EA: 'ud', LF: 'pie', SF: 'pie²', SY: 'yd²', SQ: 'sq', LS: 'PA', HR: 'h', CY: 'yd³' };
const DUTCH_UNITS: Record<string, string> = { EA: 'st', LF: 'lm ft', SF: 'ft²', SY: 'yd²', SQ: 'sq', LS: 'post', HR: 'uur', CY: 'yd³' };

/** Finds each line item's row after its section heading, in order, and each section's total row after its items; returns the matches of the rows. */
function rowsInOrder(
  answer: SorAnswer,
  lines: string[],
  row: (section: AnswerSection, index: number, item: AnswerItem, position: number) => RegExp,
  total: (section: AnswerSection, index: number) => string,
): { end: number; matches: RegExpExecArray[] } {
  let from = 0;
  const matches: RegExpExecArray[] = [];
  answer.extractedData.constructionSections.forEach((section, index) => {
    from = lines.findIndex((line, at) => at >= from && folded(line).endsWith(folded(section.sectionName)));
    expect(from, section.sectionName).to.be.above(-1);
    section.lineItems.forEach((item, position) => {
      const pattern = row(section, index, item, position);
      const at = lines.findIndex((text, line) => line > from && pattern.test(text));
      expect(at, `${answer.file}: ${item.description}`).to.be.above(-1);
      const match = pattern.exec(lines[at])!;
      expect(within(match[1], item.description), item.description).to.equal(true);
      matches.push(match);
      from = at;
    });
    const totalAt = lines.findIndex((line, at) => at > from && line.startsWith(total(section, index)));
    expect(totalAt, `${answer.file}: ${total(section, index)}`).to.be.above(-1);
    from = totalAt;
  });
  return { end: from, matches };
}

const letterOf = (index: number) => String.fromCharCode(65 + index);

describeGenerated('generated statements of repair, held-out families', ['g102', 'g103', 'g104', 'g105'], true, ({ filesOf, bytesOf }) => {
  it('prints a lender rehab budget: lettered categories, whole-dollar Material | Labor | Line Total with a share of the budget, a recap box and the contingency after the total (g102)', async () => {
    for (const answer of filesOf('g102')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Line Scope of Work Qty Unit Material Labor Line Total % of Budget');
      const { end } = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => wholeDollars(cents(value))).join(' ');
          return new RegExp(`^${letterOf(index)}${position + 1} (.+) ${escaped(quantityOf(item))} ${item.unit} ${escaped(amounts)} -?\\d+\\.\\d%$`);
        },
        (section, index) => `Category ${letterOf(index)} Total ${(['materialCost', 'laborCost', 'totalCost'] as const).map((field) => wholeDollars(sectionSum(section, field))).join(' ')}`,
      );
      const recap = lines.slice(end);
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(recap.some((line) => line.endsWith(`Total Hard Costs $${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(recap.some((line) => /(TOTAL REHAB BUDGET|TOTAL CONSTRUCTION BUDGET) \$/.test(line) && line.endsWith(`$${dollars(cents(grandTotal))}`)), answer.file).to.equal(true);
      const after = recapLines(answer, 'After');
      expect(after.map((line) => line.label), answer.file).to.deep.equal([after[0].label, 'Total Budget incl. Contingency']);
      expect(cents(after[1].amount), answer.file).to.equal(cents(grandTotal) + cents(after[0].amount));
      for (const line of after) expect(recap.some((text) => text.endsWith(`${line.label} $${dollars(cents(line.amount))}`)), line.label).to.equal(true);
    }
  });

  it('prints a room-by-room estimate: Unit Cost beside Material | Labor | Amount, "Room n total" rows and overhead and profit as two lines (g103)', async () => {
    for (const answer of filesOf('g103')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('No. Work Description Qty Unit Unit Cost Material Labor Amount');
      expect(lines, answer.file).to.include('SCOPE OF WORK JOB INFORMATION');
      const { end, matches } = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => (value! < 0 ? '-' : '') + dollars(Math.abs(cents(value)))).join(' ');
          return new RegExp(`^${index + 1}\\.${position + 1} (.+) ${escaped(quantityOf(item))} ${item.unit} (-?[\\d,]+\\.\\d\\d) ${escaped(amounts)}$`);
        },
        (section, index) => `Room ${index + 1} total ${dollars(sectionSum(section))}`,
      );
      itemsOf(answer).forEach((item, index) => {
        const rate = Math.round(Number(matches[index][2].replace(/,/g, '')) * 100);
        expect(Math.round(rate * item.quantity!), item.description).to.equal(cents(item.totalCost));
      });
      const recap = lines.slice(end);
      const { overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      const overhead = recap.find((line) => /(^| )Overhead \(\d+%\) [\d,]+\.\d\d$/.test(line))!;
      const profit = recap.find((line) => /(^| )Profit \(\d+%\) [\d,]+\.\d\d$/.test(line))!;
      const amountOf = (line: string) => Math.round(Number(line.split(' ').at(-1)!.replace(/,/g, '')) * 100);
      expect(amountOf(overhead) + amountOf(profit), answer.file).to.equal(cents(overheadAndProfit));
      expect(recap.some((line) => /(^| )TOTAL (REPAIR ESTIMATE|ESTIMATED COST OF REPAIRS) \$/.test(line) && line.endsWith(dollars(cents(grandTotal)))), answer.file).to.equal(true);
    }
  });

  it('prints a budget in chapters with unit prices only: Código | Ud | Descripción | Cantidad | Precio | Importe as "1.234,56" and a RESUMEN from PEM to the total (g104)', async () => {
    for (const answer of filesOf('g104')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Código Ud Descripción Cantidad Precio Importe');
      const pad = (value: number) => String(value).padStart(2, '0');
      const { matches } = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) =>
          new RegExp(`^${pad(index + 1)}\\.${pad(position + 1)} ${escaped(SPANISH_UNITS[item.unit!])} (.+) ${escaped(dotComma(item.quantity!))} (-?[\\d.]+,\\d\\d) ${escaped(euroCents(cents(item.totalCost)))}$`),
        (section) => `TOTAL ${section.sectionName} ${euroCents(sectionSum(section))}`,
      );
      itemsOf(answer).forEach((item, index) => {
        expect([item.materialCost, item.laborCost], item.description).to.deep.equal([null, null]);
        expect(Math.round(dotCommaCents(matches[index][2]) * item.quantity!), item.description).to.equal(cents(item.totalCost));
      });
      const summary = lines.indexOf('RESUMEN DE PRESUPUESTO');
      expect(summary, answer.file).to.be.above(-1);
      const recap = lines.slice(summary);
      const { subtotal, generalConditions, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(recap, answer.file).to.include(`PRESUPUESTO DE EJECUCIÓN MATERIAL ${euroCents(cents(subtotal))}`);
      expect(recap, answer.file).to.include(`13,00 % Gastos generales ${euroCents(cents(generalConditions))}`);
      expect(recap, answer.file).to.include(`6,00 % Beneficio industrial ${euroCents(cents(overheadAndProfit))}`);
      expect(recap, answer.file).to.include(`PRESUPUESTO DE EJECUCIÓN POR CONTRATA ${euroCents(sum([subtotal, generalConditions, overheadAndProfit]))}`);
      const [tax] = recapLines(answer, 'Before');
      expect(recap, answer.file).to.include(`${tax.label} ${euroCents(cents(tax.amount))}`);
      expect(recap.some((line) => /^(TOTAL PRESUPUESTO|PRESUPUESTO TOTAL) /.test(line) && line.endsWith(` ${euroCents(cents(grandTotal))}`)), answer.file).to.equal(true);
      expect(recapLines(answer, 'After'), answer.file).to.deep.equal([]);
    }
  });

  it('prints a quote on a full grid: posts numbered through, FH/VH in Aard, Dutch units, "Totaal ruimte n" rows and three instalments after the total (g105)', async () => {
    let presumed = 0;
    for (const answer of filesOf('g105')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Post Omschrijving Aard Eenh. Hoev. Materiaal Arbeid Totaal');
      let post = 0;
      const { end, matches } = rowsInOrder(
        answer,
        lines,
        (section, index, item) => {
          post += 1;
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => euroCents(cents(value))).join(' ');
          const quantity = dotComma(item.quantity!, Number.isInteger(item.quantity) ? 0 : 1);
          return new RegExp(`^${post} (.+) (FH|VH) ${escaped(DUTCH_UNITS[item.unit!])} ${escaped(quantity)} ${escaped(amounts)}$`);
        },
        (section, index) => `Totaal ruimte ${index + 1} ${(['materialCost', 'laborCost', 'totalCost'] as const).map((field) => euroCents(sectionSum(section, field))).join(' ')}`,
      );
      itemsOf(answer).forEach((item, index) => expect(matches[index][2], item.description).to.equal(['EA', 'LS'].includes(item.unit!) ? 'FH' : 'VH'));
      presumed += matches.filter((match) => match[2] === 'VH').length;
      const recap = lines.slice(end);
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(recap, answer.file).to.include(`Totaal der werken ${euroCents(cents(subtotal))}`);
      expect(recap.some((line) => /^(TOTAAL AANNEMINGSSOM|TOTAAL OFFERTEPRIJS) USD /.test(line) && line.endsWith(` ${euroCents(cents(grandTotal))}`)), answer.file).to.equal(true);
      const after = recapLines(answer, 'After');
      expect(after, answer.file).to.have.lengthOf(3);
      expect(sum(after.map((line) => line.amount)), answer.file).to.equal(cents(grandTotal));
      for (const line of after) expect(recap, line.label).to.include(`${line.label} ${euroCents(cents(line.amount))}`);
    }
    expect(presumed).to.be.above(0);
  });
});
