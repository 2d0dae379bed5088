import type { Word } from '@docsift/core';
import { fieldTerms, foldText } from '@docsift/core/layout';

/**
 * Words of a caption that says what the document or a table is ("COST BREAKDOWN", "Contract Price
 * Summary", "Presupuesto de obra", "Kostenaufstellung"), in every lexicon language, with the little
 * words between them.
 */
export const CAPTION_WORDS: ReadonlySet<string> = new Set(
  [
    // en
    'price', 'prices', 'pricing', 'cost', 'costs', 'breakdown', 'contract', 'summary', 'estimate', 'bid', 'budget', 'quote', 'quotation', 'proposal', 'schedule', 'of', 'values',
    // de
    'preis', 'preise', 'kosten', 'aufstellung', 'aufschlusselung', 'kostenaufstellung', 'zusammenfassung', 'kostenvoranschlag', 'angebot', 'vertrag', 'der', 'die', 'des',
    // es
    'precio', 'precios', 'costo', 'costos', 'coste', 'costes', 'desglose', 'resumen', 'presupuesto', 'oferta', 'contrato', 'de', 'del', 'la', 'los',
    // fr
    'prix', 'cout', 'couts', 'detail', 'ventilation', 'recapitulatif', 'devis', 'estimation', 'offre', 'contrat', 'du', 'des',
    // nl
    'prijs', 'prijzen', 'specificatie', 'uitsplitsing', 'overzicht', 'begroting', 'offerte', 'contract', 'van', 'het',
    // it
    'prezzo', 'prezzi', 'costi', 'dettaglio', 'ripartizione', 'riepilogo', 'preventivo', 'offerta', 'contratto', 'di', 'della', 'dei',
    // pt
    'preco', 'precos', 'custo', 'custos', 'discriminacao', 'detalhamento', 'resumo', 'orcamento', 'proposta', 'do', 'da', 'dos',
  ].map((word) => foldText(word)),
);

let labelWords: ReadonlySet<string> | undefined;

const folded = (word: Word): string => foldText(word.text).replace(/[^\p{L}\d]/gu, '');

/**
 * Words that say what a document is and whom it concerns, not who someone is: a title such as
 * "CONTRACTOR COST BREAKDOWN" holds only caption words and the words of the lexicon's field labels
 * (`Contractor`, `Owner`, `Auftragnehmer`); any name holds a word of its own.
 */
export function isCaption(words: Word[]): boolean {
  labelWords ??= new Set(fieldTerms().flatMap((term) => term.words));
  const spelled = words.map(folded).filter((word) => word.length > 0);
  return spelled.length > 0 && spelled.every((word) => CAPTION_WORDS.has(word) || labelWords!.has(word));
}
