import { expect } from 'chai';
import { loadPdfium, openDocument, withPage } from '../../core/src/document/pdfium.js';
import { extractPageWords } from '../../core/src/document/pdf-text.js';
import type { Word } from '../../core/src/contracts/document.js';
import type { SorAnswer } from '../../eval/generator/answers.js';
import { foldText } from '../../eval/score.js';
import { FAMILIES as FAMILY_LIST, GENERATOR_VERSION, PLANS } from '../../eval/generator/generate.js';
import { describeGenerated } from './generated-suite.js';
import { cents, pageWords, printedLines, sum, wordLines } from './printed-pdf.js';

const FAMILIES = ['g1', 'g4', 'g10', 'g13', 'g14', 'g15', 'g16', 'g22', 'g23', 'g27', 'g29', 'g30', 'g31', 'g32', 'g33', 'g34', 'g35', 'g36', 'g37', 'g38', 'g39', 'g40', 'g41', 'g42', 'g43', 'g44', 'g45'];

describeGenerated('generated statements of repair', FAMILIES, false, ({ filesOf, bytesOf }) => {
  const amount = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);
  const isAmount = (text: string) => /^-?[\d,]+\.\d\d$/.test(text);
  const itemTotals = (answer: SorAnswer) => answer.extractedData.constructionSections.flatMap((section) => section.lineItems).map((item) => cents(item.totalCost));

  it('continues the table at the top of a second column of the page, the items reading down the left column, then the right (g42)', async () => {
    let twoUp = 0;
    for (const answer of filesOf('g42')) {
      const totals: number[] = [];
      for (const words of await pageWords(bytesOf(answer))) {
        const halves = [words.filter((word) => word.bbox[0] < 0.5), words.filter((word) => word.bbox[0] >= 0.5)];
        if (halves.every((half) => half.some((word) => word.text === 'Description'))) twoUp += 1;
        for (const line of halves.flatMap(wordLines).map((words) => words.map((word) => word.text))) {
          if (line.length > 3 && line.slice(-3).every(isAmount)) totals.push(amount(line.at(-1)!));
        }
      }
      expect(totals, answer.file).to.deep.equal(itemTotals(answer));
    }
    expect(twoUp).to.be.above(0);
  });

  it('codes every item with a HUD category and sums the items by category after the rooms, adding up to the subtotal (g43)', async () => {
    for (const answer of filesOf('g43')) {
      const totals: number[] = [];
      const byCategory: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (!/^\d+$/.test(line[0]) || !isAmount(line.at(-1)!)) continue;
        if (/^\d+$/.test(line[1]) && line.slice(-3).every(isAmount)) {
          expect(Number(line[1]), line.join(' ')).to.be.within(1, 35);
          totals.push(amount(line.at(-1)!));
        } else if (Number(line[0]) <= 35 && !isAmount(line.at(-2)!)) {
          byCategory.push(amount(line.at(-1)!));
        }
      }
      expect(totals, answer.file).to.deep.equal(itemTotals(answer));
      expect(byCategory.length, answer.file).to.be.above(0);
      expect(byCategory.reduce((total, value) => total + value, 0), answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
    }
  });

  it('prints each line total, material + labor, in one of two columns, required repairs or borrower improvements (g44)', async () => {
    const columns = new Set<string>();
    for (const answer of filesOf('g44')) {
      const totals: number[] = [];
      for (const line of (await pageWords(bytesOf(answer))).flatMap(wordLines)) {
        const texts = line.map((word) => word.text);
        if (!/^\d+\.\d+$/.test(texts[0]) || !texts.slice(-3).every(isAmount)) continue;
        const [material, labor, total] = texts.slice(-3).map(amount);
        expect(material + labor, texts.join(' ')).to.equal(total);
        columns.add(line.at(-1)!.bbox[0] > 686 / 792 ? 'elective' : 'required');
        totals.push(total);
      }
      expect(totals, answer.file).to.deep.equal(itemTotals(answer));
    }
    expect([...columns].sort()).to.deep.equal(['elective', 'required']);
  });

  it('names each room in a merged cell left of its rows, in their middle rather than above the first, "(cont.)" after a split (g45)', async () => {
    let middle = 0;
    let continued = 0;
    for (const answer of filesOf('g45')) {
      const fragments: Array<{ words: string[]; bottom: number }> = [];
      let firstName: number | null = null;
      let firstItem: number | null = null;
      (await pageWords(bytesOf(answer))).forEach((words, page) => {
        const lines = wordLines(words);
        const start = lines.findIndex((line) => line.some((word) => word.text === 'Description'));
        lines.slice(start + 1).forEach((line, index) => {
          const inRoomCell = (word: Word) => word.bbox[2] < 112 / 612;
          const room = line.filter(inRoomCell);
          if (room.length > 0) {
            const last = fragments.at(-1);
            // The lines of one name are 10 pt apart; another room's name is further down or on another page.
            if (last && index > 0 && room[0].bbox[1] - last.bottom < 8 / 792 && room[0].bbox[1] > last.bottom) last.words.push(...room.map((word) => word.text));
            else fragments.push({ words: room.map((word) => word.text), bottom: 0 });
            fragments.at(-1)!.bottom = room[0].bbox[3];
          }
          if (page === 0 && room.length > 0) firstName ??= index;
          if (page === 0 && line.some((word) => word.text === '1' && !inRoomCell(word))) firstItem ??= index;
        });
      });
      const names = fragments.filter((fragment) => !fragment.words.some((word) => foldText(word) === 'cont'));
      continued += fragments.length - names.length;
      const sections = answer.extractedData.constructionSections;
      expect(names.map((fragment) => foldText(fragment.words.join(''))), answer.file).to.deep.equal(sections.map((section) => foldText(section.sectionName)));
      if (firstItem === null || sections[0].lineItems.length < 3) continue;
      expect(firstName!, answer.file).to.be.above(firstItem);
      middle += 1;
    }
    expect(middle).to.be.above(0);
    expect(continued).to.be.above(0);
  });

  it("puts the contractor's bid beside the consultant's estimate, the variance the bid less the estimate, in either column order (g38)", async () => {
    const amount = (word: string) => (/^\(|^-/.test(word) ? -1 : 1) * Math.round(Number(word.replace(/[()+,-]/g, '')) * 100);
    for (const answer of filesOf('g38')) {
      const rows: number[][] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (!/^\d+\.(\d\d)?$/.test(line[0])) continue;
        rows.push((line.at(-1)!.endsWith('%') ? line.slice(-4, -1) : line.slice(-3)).map(amount));
      }
      const bidFirst = rows.every(([first, second, variance]) => first - second === variance);
      expect(bidFirst || rows.every(([first, second, variance]) => second - first === variance), answer.file).to.equal(true);
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(rows.map(([first, second]) => (bidFirst ? first : second)), answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
  });

  it('prints labor + materials = total on each task of a schedule, and milestones without amounts (g39)', async () => {
    let milestones = 0;
    for (const answer of filesOf('g39')) {
      const totals: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (!/^\d+\.\d+$/.test(line[0])) continue;
        if (/^0(d| days)$/.test(line.slice(-2).join(' ')) || line.at(-1) === '0d') milestones += 1;
        if (!line.slice(-3).every((word) => /^-?[\d,]+\.\d\d$/.test(word))) continue;
        const [labor, material, total] = line.slice(-3).map(amount);
        expect(labor + material, line.join(' ')).to.equal(total);
        totals.push(total);
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(totals, answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
    expect(milestones).to.be.above(0);
  });

  it('prints the line totals of a too-wide spreadsheet on pages of their own, joined to the items by row number (g40)', async () => {
    let split = 0;
    for (const answer of filesOf('g40')) {
      const itemRows: string[] = [];
      const totals = new Map<string, number>();
      let letters: string[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (line.length > 1 && line.every((word) => /^[A-I]$/.test(word))) letters = line;
        else if (letters.includes('B') && /^\d+$/.test(line[0]) && /^\d+$/.test(line[1] ?? '')) itemRows.push(line[0]);
        else if (!letters.includes('B') && /^\d+$/.test(line[0]) && /^[\d,.-]+$/.test(line.at(-1)!)) totals.set(line[0], Math.round(Number(line.at(-1)!.replace(/,/g, '')) * 100));
      }
      if (totals.size === 0) continue;
      split += 1;
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(itemRows.map((row) => totals.get(row)), answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
    expect(split).to.be.above(0);
  });

  it('prints the cost summary before the items and stacks the material, labor and total of each item (g41)', async () => {
    for (const answer of filesOf('g41')) {
      const lines = (await printedLines(bytesOf(answer))).map((line) => line.join(' '));
      const stacked = (label: RegExp) => lines.flatMap((line) => { const match = label.exec(line); return match ? [amount(match[1])] : []; });
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(stacked(/(?:Materials|Material|Mat\.) (-?[\d,]+\.\d\d)$/), answer.file).to.deep.equal(items.map((item) => cents(item.materialCost)));
      expect(stacked(/(?:Labor|Lab\.) (-?[\d,]+\.\d\d)$/), answer.file).to.deep.equal(items.map((item) => cents(item.laborCost)));
      expect(stacked(/(?:Item total|Total|Cost) (-?[\d,]+\.\d\d)$/), answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
      const grand = `$${answer.extractedData.recapSummary.grandTotal.toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
      expect(lines.findIndex((line) => line.endsWith(grand)), answer.file).to.be.below(lines.findIndex((line) => /^[A-Z]{2}-01 /.test(line)));
    }
  });

  it('puts the total of each cost group on its card and again in the proposal summary (g34)', async () => {
    for (const answer of filesOf('g34')) {
      const lines = (await printedLines(bytesOf(answer))).map((line) => line.join(' '));
      for (const section of answer.extractedData.constructionSections) {
        const total = sum(section.lineItems.map((item) => item.totalCost));
        const printed = `${section.sectionName} $${(total / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
        expect(lines.filter((line) => line === printed), `${answer.file}: ${printed}`).to.have.lengthOf(2);
      }
    }
  });

  it('prints a running total beside each line of a line-printer report and credits with the minus sign after them (g35)', async () => {
    const amount = (word: string) => (word.endsWith('-') ? -1 : 1) * Math.round(Number(word.replace(/[-,]/g, '')) * 100);
    let credits = 0;
    for (const answer of filesOf('g35')) {
      let running = 0;
      const totals: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        if (!/^\d{4}$/.test(line[0]) || line.length < 6) continue;
        const [material, labor, total, cumulative] = line.slice(-4).map(amount);
        running += total;
        expect(material + labor, line.join(' ')).to.equal(total);
        expect(cumulative, line.join(' ')).to.equal(running);
        totals.push(total);
        if (total < 0) credits += 1;
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(totals, answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
      expect(running, answer.file).to.equal(cents(answer.extractedData.recapSummary.subtotal));
    }
    expect(credits).to.be.above(0);
  });

  it('writes the unit price and the amount of each line of a proposal form in dollars and cents cells, quantity × unit price to the cent (g36)', async () => {
    const dollars = /^[\d,]+$/;
    const centsCell = /^\d\d$/;
    for (const answer of filesOf('g36')) {
      const amounts: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const cells = line.slice(-4);
        if (line.length < 7 || !dollars.test(cells[0]) || !centsCell.test(cells[1]) || !dollars.test(cells[2]) || !centsCell.test(cells[3])) continue;
        const [rate, total] = [Number(`${cells[0].replace(/,/g, '')}${cells[1]}`), Number(`${cells[2].replace(/,/g, '')}${cells[3]}`)];
        expect(Math.round(Number(line[0].replace(/,/g, '')) * rate), line.join(' ')).to.equal(total);
        amounts.push(total);
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(amounts, answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
  });

  it('marks lead-based paint work only in a house built before 1978 (g37)', async () => {
    let older = 0;
    for (const answer of filesOf('g37')) {
      const document = openDocument(await loadPdfium(), bytesOf(answer));
      try {
        const words = Array.from({ length: document.pageCount }, (_, index) => withPage(document, index, (page) => extractPageWords(document.pdfium, page))).flat();
        const built = Number(words[words.findIndex((word) => word.text === 'built:') + 1].text);
        const header = words.findLast((word) => word.text === 'LBP')!;
        const marks = words.filter((word) => word.text === 'X' && word.bbox[0] >= header.bbox[0] - 0.01 && word.bbox[2] <= header.bbox[2] + 0.01);
        if (built >= 1978) expect(marks, answer.file).to.have.lengthOf(0);
        else older += marks.length;
      } finally {
        document.close();
      }
    }
    expect(older).to.be.above(0);
  });

  it('allocates each line of a multi-unit write-up to the dwelling units and the common areas, to the cent (g30)', async () => {
    const units = new Set(['EA', 'LF', 'SF', 'SY', 'SQ', 'LS', 'HR', 'CY']);
    for (const answer of filesOf('g30')) {
      const totals: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const unit = line.findLastIndex((word) => units.has(word));
        const amounts = line.slice(unit + 1);
        if (unit < 0 || amounts.length < 2 || !amounts.every((word) => /^[\d,]+\.\d\d$/.test(word))) continue;
        const shares = amounts.slice(0, -1).reduce((sum, word) => sum + amount(word), 0);
        expect(shares, `${answer.file}: ${line.join(' ')}`).to.equal(amount(amounts.at(-1)!));
        totals.push(amount(amounts.at(-1)!));
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(totals, answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
  });

  it('prints the material and the labor of each item on rows of their own, unit cost then extended cost (g31)', async () => {
    for (const answer of filesOf('g31')) {
      const printed = { material: [] as Array<[number, number]>, labor: [] as Array<[number, number]> };
      for (const line of await printedLines(bytesOf(answer))) {
        const kind = /^Material/.test(line[0]) ? 'material' : /^Labor/.test(line[0]) ? 'labor' : null;
        if (kind && line.slice(-2).every((word) => /^[\d,]+\.\d\d$/.test(word))) printed[kind].push([amount(line.at(-2)!), amount(line.at(-1)!)]);
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(printed.material.map(([, cost]) => cost), answer.file).to.deep.equal(items.map((item) => cents(item.materialCost)));
      expect(printed.labor.map(([, cost]) => cost), answer.file).to.deep.equal(items.map((item) => cents(item.laborCost)));
      items.forEach((item, index) => {
        for (const [rate, cost] of [printed.material[index], printed.labor[index]]) expect(Math.round(item.quantity! * rate), item.description).to.equal(cost);
      });
    }
  });

  it('prints quantity × unit price under each item of a phone-app estimate, equal to its amount (g33)', async () => {
    for (const answer of filesOf('g33')) {
      const products: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const match = /^([\d,.]+) ([A-Z]{2}) × \$([\d,.]+)$/.exec(line.join(' '));
        if (match) products.push(Math.round(Number(match[1].replace(/,/g, '')) * Number(match[3].replace(/,/g, '')) * 100));
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(products, answer.file).to.deep.equal(items.map((item) => cents(item.totalCost)));
    }
  });

  it('carries the running total of the line totals forward at every page break of a cost-code report (g22)', async () => {
    const amount = (words: string[]) => Math.round(Number(words.at(-1)!.replace(/,/g, '')) * 100);
    let breaks = 0;
    for (const answer of filesOf('g22')) {
      let running = 0;
      const carried: number[] = [];
      const brought: number[] = [];
      for (const line of await printedLines(bytesOf(answer))) {
        const text = line.join(' ');
        if (/^\d\d-\d{3}$/.test(line[0]) && /\.\d\d$/.test(line.at(-1)!)) running += amount(line);
        if (/brought forward|^B\/F from/.test(text)) brought.push(amount(line));
        if (/carried forward|^C\/F to/.test(text)) {
          carried.push(amount(line));
          expect(carried.at(-1), `${answer.file}: ${text}`).to.equal(running);
        }
      }
      const items = answer.extractedData.constructionSections.flatMap((section) => section.lineItems);
      expect(running, answer.file).to.equal(sum(items.map((item) => item.totalCost)));
      // The recap may start a page of its own, after the last break of the table.
      expect(carried.length, answer.file).to.be.at.least(answer.pages - 2);
      expect(brought, answer.file).to.deep.equal(carried);
      breaks += carried.length;
    }
    expect(breaks).to.be.above(0);
  });

  it('ends a bid form with its allowances, one LS line each, and puts its alternates after the grand total (g23)', () => {
    for (const answer of filesOf('g23')) {
      const allowances = answer.extractedData.constructionSections.at(-1)!;
      expect(allowances.sectionName, answer.file).to.match(/allowances/i);
      expect(allowances.lineItems.every((item) => item.quantity === 1 && item.unit === 'LS'), answer.file).to.equal(true);
      const after = answer.otherValuesOnDocument.recapLinesAfterGrandTotal as Array<{ label: string }>;
      expect(after.length, answer.file).to.be.at.least(2);
      expect(after.every((line) => /^(Add|Deduct) Alternate No\. \d+: /.test(line.label)), answer.file).to.equal(true);
    }
  });
});

describe('generator version and families', () => {
  it('makes 735 documents in 105 families, g102–g105 held out, as version 1.26.0', () => {
    expect(GENERATOR_VERSION).to.equal('1.26.0');
    expect(FAMILY_LIST.map((family) => family.id)).to.deep.equal(Array.from({ length: 105 }, (_, index) => `g${index + 1}`));
    expect(FAMILY_LIST.filter((family) => family.heldOut).map((family) => family.id)).to.deep.equal(['g102', 'g103', 'g104', 'g105']);
    expect(FAMILY_LIST.length * PLANS.length).to.equal(735);
  });
});
