export { lienWaiverPlugin, lienWaiverSchema, type LienWaiver } from './lien-waiver.plugin.js';
export { makeWaiverPdf, type WaiverFacts } from './make-waiver.js';
