import { GENERATORS } from './generators.js';
import type { Random } from './rng.js';

/**
 * Training texts are templates so a few files describe many documents:
 * - `{a|b|c}` picks one alternative (innermost braces first, so they nest);
 * - `[[name]]` is a generated value (see GENERATORS: money, date, company, person, …);
 * - a line starting with `*2-6 ` is repeated 2 to 6 times, each copy expanded on its own;
 * - a line starting with `?50 ` is kept with 50 % probability;
 * - a line `@name = a|b|c` defines a pool (and prints nothing); `[[@name]]` picks from it.
 * A plain text file is a template with nothing to expand.
 */
export function expandTemplate(template: string, random: Random): string {
  const lines: string[] = [];
  const pools = new Map<string, string[]>();
  for (const line of template.split(/\r?\n/)) {
    const pool = /^@(\w+) = (.*)$/.exec(line);
    const repeat = /^\*(\d+)-(\d+) /.exec(line);
    const optional = /^\?(\d+) /.exec(line);
    if (pool) {
      pools.set(pool[1], splitTopLevel(pool[2]));
    } else if (repeat) {
      const count = random.int(Number(repeat[1]), Number(repeat[2]));
      for (let i = 0; i < count; i++) lines.push(expandLine(line.slice(repeat[0].length), random, pools));
    } else if (optional) {
      if (random.chance(Number(optional[1]) / 100)) lines.push(expandLine(line.slice(optional[0].length), random, pools));
    } else {
      lines.push(expandLine(line, random, pools));
    }
  }
  return lines.join('\n');
}

/** Splits on `|` outside braces, so a pool item may hold its own `{a|b}` alternatives. */
function splitTopLevel(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}') depth = Math.max(0, depth - 1);
    else if (text[i] === '|' && depth === 0) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

function expandLine(line: string, random: Random, pools: Map<string, string[]>): string {
  let text = line.replace(/\[\[(@?\w+)\]\]/g, (match, name: string) => {
    if (name.startsWith('@')) {
      const pool = pools.get(name.slice(1));
      return pool ? random.pick(pool) : match;
    }
    return GENERATORS[name]?.(random) ?? match;
  });
  const innermost = /\{([^{}]*)\}/;
  for (let guard = 0; guard < 200 && innermost.test(text); guard++) {
    text = text.replace(innermost, (_match, body: string) => random.pick(body.split('|')));
  }
  return text;
}

const OCR_CONFUSIONS: Record<string, string[]> = {
  o: ['0', 'c'],
  '0': ['o', 'O'],
  l: ['1', 'i', 'I'],
  i: ['l', '1'],
  '1': ['l', 'I'],
  e: ['c', 'o'],
  s: ['5', 'a'],
  '5': ['s', 'S'],
  a: ['o', 'e'],
  m: ['rn', 'nn'],
  n: ['ri', 'h'],
  u: ['v', 'ii'],
  c: ['e', '('],
  '8': ['B', '3'],
  B: ['8'],
  S: ['5', '$'],
  $: ['S', '5'],
};

/** Character confusions, merged and split words, as OCR of a poor scan produces them. */
export function ocrNoise(text: string, random: Random, rate: number): string {
  let out = '';
  for (const char of text) {
    const confusions = OCR_CONFUSIONS[char];
    if (confusions && random.chance(rate)) out += random.pick(confusions);
    else if (char === ' ' && random.chance(rate / 2)) continue;
    else if (/[a-z]/i.test(char) && random.chance(rate / 8)) out += `${char} `;
    else out += char;
  }
  return out;
}

/** Lines split at a space or joined with their neighbour, and some lines lost, as other layouts and readers produce. */
export function relayout(text: string, random: Random): string {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (random.chance(0.08)) continue;
    const spaces = [...line.matchAll(/ /g)].map((match) => match.index!);
    if (spaces.length > 2 && random.chance(0.2)) {
      const at = random.pick(spaces);
      out.push(line.slice(0, at), line.slice(at + 1));
    } else if (out.length > 0 && random.chance(0.1)) {
      out[out.length - 1] += ` ${line}`;
    } else {
      out.push(line);
    }
  }
  return out.join('\n');
}

const GARBAGE_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789|[]_-—.,:;\'"()/';

/**
 * Lines of nonsense, as OCR makes of table rules, checkboxes, stamps and handwriting. They
 * dilute the document's vector the way a real scan does, so the model learns to expect it.
 */
export function garbageLines(text: string, random: Random, share: number): string {
  const lines = text.split('\n');
  const count = Math.round(lines.length * share);
  for (let i = 0; i < count; i++) {
    const words = Array.from({ length: random.int(1, 6) }, () =>
      Array.from({ length: random.int(1, 8) }, () => GARBAGE_CHARS[random.int(0, GARBAGE_CHARS.length - 1)]).join(''),
    );
    lines.splice(random.int(0, lines.length), 0, words.join(' '));
  }
  return lines.join('\n');
}

/** A line cut into the cell-sized pieces OCR returns from a table row. */
function cells(line: string, random: Random): string[] {
  const words = line.split(' ');
  const pieces: string[] = [];
  for (let at = 0; at < words.length; ) {
    const size = random.int(1, 4);
    pieces.push(words.slice(at, at + size).join(' '));
    at += size;
  }
  return pieces;
}

/**
 * OCR reads running text well and table cells badly: rows of a form break into cells, short
 * pieces get heavy confusions, long lines light ones.
 */
export function scanNoise(text: string, random: Random): string {
  const heavy = random.pick([0.08, 0.15, 0.25]);
  const light = random.pick([0.005, 0.01, 0.03]);
  return text
    .split('\n')
    .flatMap((line) => (line.split(' ').length <= 14 && random.chance(0.5) ? cells(line, random) : [line]))
    .map((line) => ocrNoise(line, random, line.split(' ').length < 8 && random.chance(0.5) ? heavy : light))
    .join('\n');
}

/** Keeps a random share of the lines: a cropped photo, a page OCR read only in part. */
export function keepLines(text: string, random: Random, share: number): string {
  return text
    .split('\n')
    .filter(() => random.chance(share))
    .join('\n');
}

/** One training variant of a template: expanded, then (sometimes) cut, re-laid out and OCR-noised. */
export function makeVariant(template: string, random: Random): string {
  let text = expandTemplate(template, random);
  if (random.chance(0.25)) text = keepLines(text, random, random.pick([0.3, 0.5, 0.7]));
  if (random.chance(0.5)) text = relayout(text, random);
  if (random.chance(0.4)) {
    text = scanNoise(text, random);
    if (random.chance(0.75)) text = garbageLines(text, random, random.pick([0.1, 0.3, 0.6, 1]));
  }
  return text;
}
