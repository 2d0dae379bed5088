import { expect } from 'chai';
import { parseDate } from '@docsift/plugin-template';

describe('plugin-template: date parsing', () => {
  const cases: Array<[string, string | null]> = [
    ['2024-03-15', '2024-03-15'],
    ['2024/3/5', '2024-03-05'],
    ['20240315', '2024-03-15'],
    ['03/15/2024', '2024-03-15'],
    ['15/03/2024', '2024-03-15'],
    ['15.03.2024', '2024-03-15'],
    ['3-15-24', '2024-03-15'],
    ['March 15, 2024', '2024-03-15'],
    ['15 Mar 2024', '2024-03-15'],
    ['15-Mar-2024', '2024-03-15'],
    ['Sept. 1st, 2023', '2023-09-01'],
    ['19 april 2014', '2014-04-19'],
    ['3 maart 2024', '2024-03-03'],
    ['1. März 2024', '2024-03-01'],
    ['12 décembre 2023', '2023-12-12'],
    ['02/30/2024', null],
    ['13/13/2024', null],
    ['Marching 15 2024', null],
    ['hello', null],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} → ${String(expected)}`, () => {
      expect(parseDate(text)).to.equal(expected);
    });
  }
});
