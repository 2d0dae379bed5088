import { expect } from 'chai';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { describeGenerated } from './generated-suite.js';
import { cents, dollars, escaped, folded, itemsOf, joinedLines, pageWords, recapLines, sectionSum, sum, wordLines } from './printed-pdf.js';

type AnswerSection = SorAnswer['extractedData']['constructionSections'][number];
type AnswerItem = ReturnType<typeof itemsOf>[number];

/** "1234,50": a decimal comma, no thousands separator. */
const commaOnly = (value: number) => `${value < 0 ? '-' : ''}${Math.floor(Math.abs(value) / 100)},${String(Math.abs(value) % 100).padStart(2, '0')}`;
/** "1'234.50": an apostrophe between thousands. */
const swiss = (value: number) => `${value < 0 ? '-' : ''}${String(Math.floor(Math.abs(value) / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, "'")}.${String(Math.abs(value) % 100).padStart(2, '0')}`;
const withDollar = (value: number) => `${value < 0 ? '-' : ''}$${dollars(Math.abs(value))}`;
/** Whether every word of a row's printed text stands in the description, in order. */
const within = (printed: string, description: string) => {
  let at = 0;
  return printed.split(' ').map(folded).filter(Boolean).every((word) => {
    at = folded(description).indexOf(word, at);
    return at++ > -1;
  });
};
const FRENCH_UNITS: Record<string, string> = { EA: 'u', LF: 'ft lin.', SF: 'ft²', SY: 'yd²', SQ: 'sq', LS: 'ens.', HR: 'h', CY: 'yd³' };
const SWISS_UNITS: Record<string, string> = { EA: 'Stk', LF: 'ft', SF: 'ft2', SY: 'yd2', SQ: 'Sq', LS: 'gl', HR: 'h', CY: 'yd3' };
const SPANISH_UNITS: Record<string, string> = { EA: 'pza', LF: 'ml pie', SF: 'pie2', SY: 'yd2', SQ: 'cuadro', LS: 'lote', HR: 'hr', CY: 'yd3' };

/** Finds each line item's row after its section heading, in order, and each section's total row after its items. */
function rowsInOrder(
  answer: SorAnswer,
  lines: string[],
  row: (section: AnswerSection, index: number, item: AnswerItem, position: number) => RegExp,
  total: (section: AnswerSection, index: number) => string,
): number {
  let from = 0;
  answer.extractedData.constructionSections.forEach((section, index) => {
    from = lines.findIndex((line, at) => at >= from && folded(line).endsWith(folded(section.sectionName)));
    expect(from, section.sectionName).to.be.above(-1);
    section.lineItems.forEach((item, position) => {
      const pattern = row(section, index, item, position);
      const at = lines.findIndex((text, line) => line > from && pattern.test(text));
      expect(at, `${answer.file}: ${item.description}`).to.be.above(-1);
      expect(within(pattern.exec(lines[at])![1], item.description), item.description).to.equal(true);
      from = at;
    });
    const totalAt = lines.findIndex((line, at) => at > from && line.endsWith(total(section, index)));
    expect(totalAt, `${answer.file}: ${total(section, index)}`).to.be.above(-1);
    from = totalAt;
  });
  return from;
}

/** The lines right of g99's sidebar (168 pt of the page's 612), each joined with spaces. */
const mainLines = async (bytes: Uint8Array): Promise<string[]> =>
  (await pageWords(bytes)).flatMap((words) => wordLines(words.filter((word) => word.bbox[0] > 170 / 612)).map((line) => line.map((word) => word.text).join(' ')));

const markups = (answer: SorAnswer) => sum([answer.extractedData.recapSummary.generalConditions, answer.extractedData.recapSummary.overheadAndProfit]);

/** Held out of tuning up to generator 1.25.0, tuning families since 1.26.0. */
describeGenerated('generated statements of repair, g98–g101', ['g98', 'g99', 'g100', 'g101'], false, ({ filesOf, bytesOf }) => {
  it('prints a French devis: Fourniture HT | Pose HT | Total HT as "1234,56", lots with "Sous-total lot" rows, Total HT before the tax and Total TTC (g98)', async () => {
    for (const answer of filesOf('g98')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Réf. Désignation des ouvrages U Qté HT HT HT');
      const end = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => commaOnly(cents(value))).join(' ');
          return new RegExp(`^${index + 1}\\.${position + 1} (.+) ${escaped(FRENCH_UNITS[item.unit!])} ${escaped(String(item.quantity).replace('.', ','))} ${escaped(amounts)}$`);
        },
        (section, index) => `Sous-total lot ${String(index + 1).padStart(2, '0')} ${commaOnly(sectionSum(section))}`,
      );
      const recap = lines.slice(end);
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(recap.some((line) => line.endsWith(`Total travaux HT ${commaOnly(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(recap.some((line) => line.endsWith(`Total HT ${commaOnly(cents(subtotal) + markups(answer))}`)), answer.file).to.equal(true);
      const [tax] = recapLines(answer, 'Before');
      expect(tax.label, answer.file).to.match(/^Taxe de vente [\d,]+ % sur fournitures$/);
      expect(recap.some((line) => line.endsWith(`Total TTC ${commaOnly(cents(grandTotal))}`)), answer.file).to.equal(true);
      const [deposit] = recapLines(answer, 'After');
      expect(recap.some((line) => line.endsWith(`${deposit.label} ${commaOnly(cents(deposit.amount))}`)), answer.file).to.equal(true);
    }
  });

  it('prints an estimate beside a sidebar: Scope | Qty | Unit | Materials | Labor | Line Total with dollar signs, room bars, "<Room> total" rows and a dark total bar (g99)', async () => {
    for (const answer of filesOf('g99')) {
      expect(await joinedLines(bytesOf(answer)), answer.file).to.include('AT A GLANCE');
      const lines = await mainLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Scope Qty Unit Materials Labor Line Total');
      const end = rowsInOrder(
        answer,
        lines,
        (section, index, item) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => withDollar(cents(value))).join(' ');
          return new RegExp(`^(.+) ${escaped(item.quantity!.toLocaleString('en-US'))} ${item.unit} ${escaped(amounts)}$`);
        },
        (section) => `${section.sectionName.charAt(0)}${section.sectionName.slice(1).toLowerCase()} total ${withDollar(sectionSum(section))}`,
      );
      const recap = lines.slice(end);
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(recap.some((line) => line.endsWith(`Subtotal ${withDollar(cents(subtotal))}`)), answer.file).to.equal(true);
      expect(recap.some((line) => /(PROJECT TOTAL|TOTAL INVESTMENT) /.test(line) && line.endsWith(withDollar(cents(grandTotal)))), answer.file).to.equal(true);
    }
  });

  it("prints a Swiss Offerte: BKP groups in the order of their codes, positions \"250.030\", amounts as \"1'234.50\", a Zwischentotal, a Rabatt and Skonto (g100)", async () => {
    for (const answer of filesOf('g100')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('Pos. Bezeichnung Menge Einh. Material Arbeit Betrag USD');
      const codes = answer.extractedData.constructionSections.map((section) => Number(section.sectionName.split(' ')[1]));
      expect(codes, answer.file).to.deep.equal([...codes].sort((a, b) => a - b));
      const end = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => swiss(cents(value))).join(' ');
          const code = section.sectionName.split(' ')[1];
          return new RegExp(`^${code}\\.${String((position + 1) * 10).padStart(3, '0')} (.+) ${escaped(swiss(Math.round(item.quantity! * 100)))} ${escaped(SWISS_UNITS[item.unit!])} ${escaped(amounts)}$`);
        },
        (section) => `Total ${section.sectionName.split(' ').slice(0, 2).join(' ')} ${swiss(sectionSum(section))}`,
      );
      const recap = lines.slice(end);
      const { subtotal, grandTotal } = answer.extractedData.recapSummary;
      expect(recap, answer.file).to.include(`Total Arbeiten ${swiss(cents(subtotal))}`);
      expect(recap, answer.file).to.include(`Zwischentotal ${swiss(cents(subtotal) + markups(answer))}`);
      for (const line of recapLines(answer, 'Before')) expect(recap, line.label).to.include(`${line.label} ${swiss(cents(line.amount))}`);
      expect(recap.some((line) => /^(Total Offerte|Offertsumme) USD /.test(line) && line.endsWith(` ${swiss(cents(grandTotal))}`)), answer.file).to.equal(true);
      const [skonto] = recapLines(answer, 'After');
      expect(skonto.amount, answer.file).to.be.below(0);
      expect(recap, answer.file).to.include(`${skonto.label} ${swiss(cents(skonto.amount))}`);
    }
  });

  it('prints a Spanish cotización: unit prices and extended amounts under grouped headers, "ÁREA n —" rooms, Indirectos and Utilidad added up and a payment schedule (g101)', async () => {
    for (const answer of filesOf('g101')) {
      const lines = await joinedLines(bytesOf(answer));
      expect(lines, answer.file).to.include('PRECIO UNITARIO IMPORTE');
      expect(lines, answer.file).to.include('Clave Concepto Unidad Cant. Material obra Material obra Total');
      const end = rowsInOrder(
        answer,
        lines,
        (section, index, item, position) => {
          const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => dollars(cents(value))).join(' ');
          return new RegExp(`^${index + 1}-${String(position + 1).padStart(2, '0')} (.+) ${escaped(SPANISH_UNITS[item.unit!])} ${escaped(item.quantity!.toLocaleString('en-US'))} (\\S+ \\S+) ${escaped(amounts)}$`);
        },
        (section) => {
          const room = section.sectionName.split(' — ')[1].toLowerCase();
          return `Subtotal ${room} ${(['materialCost', 'laborCost', 'totalCost'] as const).map((field) => dollars(sectionSum(section, field))).join(' ')}`;
        },
      );
      const recap = lines.slice(end);
      const { subtotal, overheadAndProfit, grandTotal } = answer.extractedData.recapSummary;
      expect(recap.some((line) => line.endsWith(`Subtotal ${dollars(cents(subtotal))}`)), answer.file).to.equal(true);
      const amountOf = (label: RegExp) => Math.round(Number(recap.find((line) => label.test(line))!.split(' ').at(-1)!.replace(/,/g, '')) * 100);
      expect(amountOf(/Indirectos \d+%/) + amountOf(/Utilidad \d+%/), answer.file).to.equal(cents(overheadAndProfit));
      expect(recap.some((line) => /(GRAN TOTAL|TOTAL COTIZADO) \$ /.test(line) && line.endsWith(dollars(cents(grandTotal)))), answer.file).to.equal(true);
      const payments = recapLines(answer, 'After');
      expect(payments.map((line) => line.label.split(' ')[0]), answer.file).to.deep.equal(['Anticipo', 'Avance', 'Finiquito']);
      expect(sum(payments.map((line) => line.amount)), answer.file).to.equal(cents(grandTotal));
    }
  });

  it('prints unit prices that extend to the material and labor amounts (g101)', async () => {
    for (const answer of filesOf('g101')) {
      const lines = await joinedLines(bytesOf(answer));
      for (const item of itemsOf(answer)) {
        const amounts = [item.materialCost, item.laborCost, item.totalCost].map((value) => dollars(cents(value))).join(' ');
        const row = new RegExp(` ${escaped(item.quantity!.toLocaleString('en-US'))} (\\S+) (\\S+) ${escaped(amounts)}$`);
        const match = lines.map((line) => row.exec(line)).find(Boolean);
        expect(match, item.description).to.not.equal(undefined);
        const [materialRate, laborRate] = [match![1], match![2]].map((text) => Math.round(Number(text.replace(/,/g, '')) * 100));
        expect(Math.round(item.quantity! * materialRate), item.description).to.equal(cents(item.materialCost));
        expect(Math.round(item.quantity! * laborRate), item.description).to.equal(cents(item.laborCost));
      }
    }
  });
});
