import { expect } from 'chai';
import { extractSor } from '../../../plugins/sor/src/extractor.js';
import { sorPlugin } from '../../../plugins/sor/src/index.js';
import { toLegacySor } from '../../../plugins/sor/src/legacy.js';
import { twoPageStatement } from './support/documents.js';

describe('plugin-sor legacy mapper', () => {
  const { data } = extractSor(twoPageStatement());

  it('maps the primary layout to consultantInfo, propertyInfo, sections with numbers and subtotals, grandTotal', () => {
    const legacy = toLegacySor(data);
    expect(legacy.consultantInfo).to.deep.equal({ name: 'John Smith', company: 'Acme Renovation Consultants, LLC', fileNumber: 'F-100' });
    expect(legacy.propertyInfo).to.deep.equal({ address: '12 Elm St, Springfield, IL 62701', buildingSize: null, numberOfUnits: 2 });
    expect(legacy.grandTotal).to.equal(5238.25);
    expect(legacy.constructionSections.map(({ sectionNumber, sectionName, subTotal }) => ({ sectionNumber, sectionName, subTotal }))).to.deep.equal([
      { sectionNumber: '1.0', sectionName: 'General Requirements', subTotal: 680 },
      { sectionNumber: '2.0', sectionName: 'Roofing', subTotal: 3875 },
    ]);
    expect(legacy.constructionSections[0].lineItems[0]).to.deep.equal({ itemName: 'Dumpster, delivery and haul', materials: 500, labor: 100, itemTotal: 600 });
  });

  it('sums the items when no section total is printed, and keeps unnumbered scope names whole', () => {
    const legacy = toLegacySor({
      ...data,
      constructionSections: [{ sectionName: 'BRICK', lineItems: [{ description: 'Brick walls', quantity: null, unit: null, materialCost: null, laborCost: null, totalCost: 60397 }] }],
    });
    expect(legacy.constructionSections[0]).to.deep.include({ sectionNumber: null, sectionName: 'BRICK', subTotal: 60397 });
  });

  it('is the plugin legacy mapping under the type code sor', () => {
    const plugin = sorPlugin();
    expect(plugin.legacy?.typeCode).to.equal('sor');
    expect(plugin.legacy?.toLegacy(data)).to.deep.equal(toLegacySor(data));
  });
});
