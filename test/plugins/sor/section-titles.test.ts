import { expect } from 'chai';
import { withoutContinuedMark } from '../../../plugins/sor/src/section-titles.js';

describe('sor: continued marks on section headings', () => {
  it('reads the mark in parentheses as OCR garbles its last letters ("(continucd)") and takes it off the name', () => {
    expect(withoutContinuedMark('Master Bedroom (continucd)')).to.deep.equal({ cleaned: 'Master Bedroom', continued: true });
    expect(withoutContinuedMark('Kitchen (Continued)')).to.deep.equal({ cleaned: 'Kitchen', continued: true });
    expect(withoutContinuedMark('Master Suite')).to.deep.equal({ cleaned: 'Master Suite', continued: false });
    expect(withoutContinuedMark('Bath (Contingency)').continued).to.equal(false);
    expect(withoutContinuedMark('Basement (Contiguous)').continued).to.equal(false);
  });

  it('keeps a heading\'s own word in parentheses that starts like the mark ("(Continuous)") in its name', () => {
    expect(withoutContinuedMark('Seamless Gutters (Continuous)')).to.deep.equal({ cleaned: 'Seamless Gutters (Continuous)', continued: false });
    expect(withoutContinuedMark('Kitchen (continuod)')).to.deep.equal({ cleaned: 'Kitchen', continued: true });
  });

  it('reads the mark in each of the lexicon\'s languages, after the heading or before it with a colon or a dash', () => {
    for (const heading of ['Küche (Fortsetzung)', 'Fortsetzung: Küche', 'Vervolg – Keuken', 'Suite : Cuisine', 'Cucina (segue)', 'Cozinha (continuação)', 'Cocina – continuación']) {
      expect(withoutContinuedMark(heading).continued, heading).to.equal(true);
    }
    expect(withoutContinuedMark('Fortsetzung: Küche').cleaned).to.equal('Küche');
    expect(withoutContinuedMark('Cozinha (continuação)').cleaned).to.equal('Cozinha');
    expect(withoutContinuedMark('Suite – Bath')).to.deep.equal({ cleaned: 'Suite – Bath', continued: false });
  });
});
