import { runPluginConformance } from '@docsift/core/testing';
import { sorPlugin } from '../../../plugins/sor/src/index.js';
import { pricedList, scopeBid, twoPageStatement } from './support/documents.js';

runPluginConformance(sorPlugin(), {
  samples: [
    { name: 'two-page statement of repair', document: twoPageStatement() },
    { name: 'bid with one amount per scope', document: scopeBid() },
    { name: 'priced list without a header', document: pricedList() },
  ],
});
