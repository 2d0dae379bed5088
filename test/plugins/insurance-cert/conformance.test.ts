import { runPluginConformance } from '@docsift/core/testing';
import { insuranceCertPlugin } from '../../../plugins/insurance-cert/src/index.js';
import { acordDocument, BLANK_ACORD25, FILLED_ACORD25 } from './support/acord-text.js';

runPluginConformance(insuranceCertPlugin(), {
  samples: [
    { name: 'a filled ACORD 25', document: acordDocument(FILLED_ACORD25) },
    { name: 'a blank ACORD 25', document: acordDocument(BLANK_ACORD25) },
    { name: 'an OCR-read ACORD 25', document: acordDocument(FILLED_ACORD25, 'ocr') },
  ],
});
