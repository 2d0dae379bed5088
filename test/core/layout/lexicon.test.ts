import { expect } from 'chai';
import {
  COLUMN_ROLES,
  FIELD_CONCEPTS,
  columnTerms,
  fieldTerms,
  findFieldTerms,
  lookupColumnLabel,
  lookupFieldLabel,
  type ColumnRole,
  type FieldConcept,
  type Language,
} from '../../../core/src/layout/lexicon/index.js';
import { TERMS } from '../../../core/src/layout/lexicon/terms/index.js';
import { foldText } from '../../../core/src/layout/text.js';

/** The distinct meanings a label has in one language. */
function fieldsOf(label: string, language: Language): FieldConcept[] {
  return [...new Set(lookupFieldLabel(label).filter((term) => term.language === language).map((term) => term.id))];
}

function rolesOf(label: string, language: Language): ColumnRole[] {
  return [...new Set(lookupColumnLabel(label).filter((term) => term.language === language).map((term) => term.id))];
}

interface LanguageCases {
  fields: Array<[string, FieldConcept[]]>;
  columns: Array<[string, ColumnRole[]]>;
  /** Labels that must not give a concept: running text, titles, near misses. */
  notFields: Array<[string, FieldConcept?]>;
}

/** Checks each label gives exactly the meanings listed (every meaning of an ambiguous one), in its language. */
function checkLanguage(language: Language, cases: LanguageCases): void {
  it('reads printed field labels, ambiguous ones with every meaning', () => {
    for (const [label, concepts] of cases.fields) expect(fieldsOf(label, language), label).to.have.members(concepts);
  });

  it('reads printed column headers, ambiguous ones with every role', () => {
    for (const [label, roles] of cases.columns) expect(rolesOf(label, language), label).to.have.members(roles);
  });

  it('finds no concept in running text, titles or near misses', () => {
    for (const [label, concept] of cases.notFields) {
      if (concept) expect(fieldsOf(label, language), label).to.not.include(concept);
      else expect(fieldsOf(label, language), label).to.deep.equal([]);
    }
  });
}

describe('layout: lexicon', () => {
  describe('English', () => {
    checkLanguage('en', {
      fields: [
        ['Invoice No.:', ['invoiceNumber']], ['INVOICE #', ['invoiceNumber']], ['Invoice#:', ['invoiceNumber']],
        ['Receipt #', ['receiptNumber']], ['P.O. Number', ['orderNumber']], ['PO#', ['orderNumber']],
        ['Account Number:', ['customerNumber', 'bankAccount']], ['Quote No.', ['quoteNumber']],
        ['Packing Slip No.', ['deliveryNoteNumber']], ['Date:', ['issueDate']], ['Invoice Date', ['issueDate']], ['Due Date:', ['dueDate']],
        ['Due', ['dueDate', 'amountDue']], ['Ship Date', ['deliveryDate']], ['Billing Period', ['servicePeriod']],
        ['Total:', ['total', 'grandTotal', 'sectionTotal']], ['Grand Total', ['total', 'grandTotal']],
        ['Total Due', ['total', 'amountDue', 'grandTotal']], ['Balance Due', ['amountDue']], ['Subtotal', ['subtotal', 'sectionTotal']],
        ['Total excl. VAT', ['netTotal']], ['Sales Tax', ['taxAmount']], ['VAT %', ['taxRate']], ['Less Deposit', ['amountPaid']],
        ['Cash', ['cashTendered']], ['Change Due', ['change']], ['VAT Reg. No.', ['vatId']], ['GST/HST No.', ['vatId']], ['EIN', ['vatId']],
        ['ABN', ['vatId', 'companyRegistration']], ['Company No.', ['companyRegistration']], ['Sort Code', ['bankCode']],
        ['Bill To:', ['buyer']], ['From:', ['seller', 'servicePeriod']], ['Ship To', ['shipTo']], ['Terms', ['paymentTerms']],
        ['Payment', ['amountPaid', 'paymentMethod']], ['Tel', ['phone']], ['E-mail', ['email']], ['Attn', ['contactPerson']],
        ['Page', ['page']], ['Borrower(s):', ['borrower']], ['Property Address', ['propertyAddress']],
        ['Owner(s):', ['borrower']], ['HUD 203k Consultant', ['consultant']], ['Rehab Specialist:', ['consultant']], ['Prepared By', ['contactPerson', 'consultant']], ['Contractor', ['seller', 'contractor']],
        ['License #', ['license']], ['Builder License', ['license']], ['FHA Case No.', ['caseNumber']], ['Overhead & Profit', ['overheadAndProfit']],
        ['O&P', ['overheadAndProfit']], ["Contractor's Profit", ['profit']], ['Contingency', ['contingency']],
        ['Permits & Fees', ['permitsAndFees']], ['Units', ['numberOfUnits']], ['TOTAL CONSTRUCTION BUDGET', ['grandTotal']],
        // A European or British estimate's surveyor and overheads, a field estimate pad's captions.
        ['Surveyor', ['consultant']], ['Survey date', ['inspectionDate']], ['Write-up Date', ['inspectionDate']], ['Total of Bid Items', ['subtotal']], ['INSP. DATE', ['inspectionDate']], ['INSPECTED BY', ['consultant']],
        ['LENDER / BANK', ['lender']], ['Site overheads', ['generalConditions']], ['Site costs and supervision', ['generalConditions']], ['Preliminaries', ['generalConditions']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Bank', ['bankName', 'lender']], ['Advisor', ['consultant']], ['Visit Date', ['inspectionDate']], ['Site Supervision', ['generalConditions']], ["Contractor's Markup", ['overheadAndProfit']], ['Total Quote', ['grandTotal']], ['Total Quoted', ['grandTotal']], ['City', ['town']], ['Total Work', ['subtotal']],
      ],
      columns: [
        ['Qty', ['quantity']], ['Item', ['itemNumber', 'description']], ['#', ['itemNumber']], ['Description', ['description']],
        ['UOM', ['unit']], ['Units', ['quantity', 'unit']], ['Unit Price', ['unitPrice']], ['Unit Cost', ['unitPrice']],
        ['Rate', ['unitPrice']], ['Price', ['unitPrice', 'amount']], ['Amount', ['amount']], ['Total', ['amount']],
        ['Subtotal', ['amount']], ['Line Total', ['amount']], ['VAT', ['taxRate', 'taxAmount']], ['VAT %', ['taxRate']],
        ['Disc.', ['discount']], ['Date', ['date']], ["Mat'l", ['material']], ['Labour', ['labor']], ['Equipment', ['equipment']],
        ['Trade', ['scope']], ['Cost Code', ['itemNumber']], ['Seq', ['itemNumber']], ['Scheduled Value', ['amount']], ['Materials Presently Stored', ['storedMaterials']],
        ['Total Completed and Stored to Date', ['completedToDate']], ['%', ['percentComplete']], ['Retainage', ['retainage']],
        ['Dur.', ['duration']], ['Duration', ['duration']], ['Builder Cost', ['baseCost']], ['Markup', ['markup']],
        ['Owner Price', ['amount']], ['Div.', ['itemNumber']], ["Bid Rec'd", ['date']], ['Subcontractor', ['performedBy']],
        ['Unit Price in Words', ['amountInWords']], ['Unit Price in Figures', ['unitPrice']], ['Amount in Words', ['amountInWords']],
      ],
      notFields: [
        ['Invoice'], ['Please pay the total within 30 days'], ['Total amount of the invoice'], ['Due Date', 'issueDate'],
        ['Subtotal', 'total'], ['Total', 'amountDue'],
      ],
    });
  });

  describe('Spanish', () => {
    checkLanguage('es', {
      fields: [
        ['Nº Factura:', ['invoiceNumber']], ['N° de factura', ['invoiceNumber']], ['Nro. Factura', ['invoiceNumber']],
        ['FACTURA Nº', ['invoiceNumber']], ['Nº Comprobante:', ['invoiceNumber', 'receiptNumber']], ['Nº de pedido', ['orderNumber']],
        ['Cód. Cliente', ['customerNumber']], ['Presupuesto Nº', ['quoteNumber']], ['Albarán Nº', ['deliveryNoteNumber']],
        ['Fecha:', ['issueDate']], ['Fecha Emisión', ['issueDate']], ['Fecha de emision', ['issueDate']], ['Fecha de Vto.:', ['dueDate']],
        ['Vencimiento', ['dueDate']], ['Fecha de entrega', ['deliveryDate']], ['Total:', ['total', 'grandTotal', 'sectionTotal']],
        ['Imp. Total', ['total']], ['Importe Total', ['total', 'grandTotal']], ['Total a pagar', ['total', 'amountDue']], ['Saldo', ['amountDue']],
        ['Subtotal', ['subtotal', 'sectionTotal']], ['Base Imponible', ['netTotal']], ['Neto Gravado', ['netTotal']],
        ['IVA', ['taxAmount']], ['Cuota IVA', ['taxAmount']], ['Tipo IVA', ['taxRate']], ['Descuento', ['discount']],
        ['Anticipo', ['amountPaid']], ['Efectivo', ['cashTendered']], ['Vuelto', ['change']], ['CIF/NIF:', ['vatId']],
        ['C.U.I.T.', ['vatId']], ['Ingresos Brutos', ['companyRegistration']], ['Entidad', ['bankCode', 'bankName']],
        ['Emisor', ['seller']], ['Razón Social', ['seller', 'buyer']], ['Señor(es):', ['buyer']], ['Cliente', ['buyer']],
        ['Forma de pago', ['paymentMethod', 'paymentTerms']], ['Tel.', ['phone']], ['Tel/Fax', ['phone', 'fax']],
        ['Vendedor', ['seller', 'contactPerson']], ['Página', ['page']], ['Gastos generales', ['generalConditions', 'overhead']], ['Presupuesto de ejecución material', ['subtotal']], ['Fecha de la visita', ['inspectionDate']],
        // A contractor's estimate (presupuesto, estimado) and the parties of its loan.
        ['Licencia', ['license']], ['Nº de licencia', ['license']], ['Dirección de la obra:', ['propertyAddress']], ['Propietario', ['borrower']],
        ['Prestamista:', ['lender']], ['Nº de préstamo', ['loanNumber']], ['Gran Total', ['total', 'grandTotal']], ['TOTAL DEL PROYECTO', ['grandTotal']],
        ['Gastos generales y ganancia', ['overheadAndProfit']], ['Ganancia', ['profit']], ['Permiso de construcción', ['permitsAndFees']],
        ['Permisos', ['permitsAndFees']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Banco:', ['bankName', 'lender']], ['Asesor 203(k):', ['consultant']], ['Visita de obra:', ['inspectionDate']], ['Supervisión de obra', ['generalConditions']], ['TOTAL COTIZADO', ['grandTotal']], ['Ciudad:', ['town']], ['Total de trabajos', ['subtotal']],
      ],
      columns: [
        ['Código', ['itemNumber']], ['Artículo', ['itemNumber', 'description']], ['Descripción', ['description']],
        ['Concepto', ['description']], ['Cantidad', ['quantity']], ['Cant.', ['quantity']], ['Uds.', ['quantity', 'unit']],
        ['Unidad', ['unit']], ['Precio unitario', ['unitPrice']], ['P. Unit.', ['unitPrice']], ['Precio', ['unitPrice']],
        ['Importe', ['amount']], ['Subtotal', ['amount']], ['IVA %', ['taxRate']], ['IVA', ['taxRate', 'taxAmount']],
        ['Dto.', ['discount']], ['Desc.', ['description', 'discount']], ['Bonif.', ['discount']], ['Mano de obra', ['labor']],
        ['Rubro', ['scope']], ['Materiales', ['material']], ['Mano de obra', ['labor']],
      ],
      notFields: [['Factura'], ['El total incluye IVA'], ['Fecha de vencimiento', 'issueDate'], ['Fecha', 'dueDate'], ['Licencia de conducir vigente', 'license'], ['Anticipo', 'grandTotal']],
    });
  });

  describe('French', () => {
    checkLanguage('fr', {
      fields: [
        ['N° de facture :', ['invoiceNumber']], ['Facture N°', ['invoiceNumber']], ['FACTURE Nº', ['invoiceNumber']],
        ['Fact. N°', ['invoiceNumber']], ['N° commande', ['orderNumber']], ['N° client', ['customerNumber']], ['Devis N°', ['quoteNumber']],
        ['N° BL', ['deliveryNoteNumber']], ['Date :', ['issueDate']], ["Date d'émission", ['issueDate']],
        ['Date d’emission', ['issueDate']], ["Date d'échéance :", ['dueDate']], ['Echéance', ['dueDate']],
        ['Date de livraison', ['deliveryDate']], ['Total TTC', ['total', 'grandTotal']], ['Tot. TTC', ['total']], ['TTC', ['total']],
        ['Net à payer', ['total', 'amountDue']], ['Net a payer', ['total', 'amountDue']], ['Total HT', ['netTotal']], ['HT', ['netTotal']],
        ['Sous-total', ['subtotal', 'sectionTotal']], ['TVA', ['taxAmount']], ['Taux TVA', ['taxRate']], ['Remise', ['discount']],
        ['Acompte versé', ['amountPaid']], ['Rendu', ['change']], ['Monnaie', ['change', 'currency']],
        ['N° TVA intracommunautaire', ['vatId']], ['SIRET', ['companyRegistration']], ["N° d'entreprise", ['vatId', 'companyRegistration']],
        ['Fournisseur', ['seller']], ['Vendeur', ['seller', 'contactPerson']], ['Facturé à', ['buyer']],
        ['Destinataire', ['buyer', 'shipTo']], ['Adresse de livraison', ['shipTo']], ['Mode de règlement', ['paymentMethod']],
        ['Tél.', ['phone']], ['Courriel', ['email']], ['Imprévus', ['contingency']],
        ["Date d'inspection :", ['inspectionDate']], ['Licence', ['license']], ['Numéro de licence', ['license']], ['Total des articles', ['subtotal']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Financement', ['lender']], ['Visite du', ['inspectionDate']], ['Licence n° :', ['license']], ['Installation de chantier', ['generalConditions']], ['Total travaux HT', ['subtotal']], ['Ville', ['town']], ['Conseiller', ['consultant']],
      ],
      columns: [
        ['Prix unitaire en lettres', ['amountInWords']], ['Prix unitaire en chiffres', ['unitPrice']],
        ['Réf.', ['itemNumber']], ['Désignation', ['description']], ['Libellé', ['description']], ['Quantité', ['quantity']],
        ['Qté', ['quantity']], ['Unité', ['unit']], ['P.U. HT', ['unitPrice']], ['Prix unitaire', ['unitPrice']],
        ['Prix HT', ['unitPrice', 'amount']], ['Montant HT', ['amount']], ['Total', ['amount']], ['Montant TTC', ['grossAmount']],
        ['TVA', ['taxRate', 'taxAmount']], ['Taux', ['unitPrice', 'taxRate']], ['Remise', ['discount']], ["Main d'œuvre", ['labor']],
        ["Main d'oeuvre", ['labor']], ['Matériel', ['material', 'equipment']], ['Lot', ['scope']],
      ],
      notFields: [['Facture'], ['Merci de régler le total'], ["Date d'échéance", 'issueDate'], ['N°']],
    });
  });

  describe('German', () => {
    checkLanguage('de', {
      fields: [
        ['Rechnungs-Nr.:', ['invoiceNumber']], ['Rechnungsnummer', ['invoiceNumber']], ['Rech.-Nr.', ['invoiceNumber']],
        ['Re-Nr', ['invoiceNumber']], ['RE-NR.', ['invoiceNumber']], ['Bon-Nr.', ['receiptNumber']], ['Ihre Bestellung', ['orderNumber']],
        ['Kd.-Nr.', ['customerNumber']], ['Angebots-Nr.', ['quoteNumber']], ['Lieferschein-Nr.', ['deliveryNoteNumber']],
        ['Datum:', ['issueDate']], ['Rechnungsdatum', ['issueDate']], ['Begehungsdatum', ['inspectionDate']], ['Lizenznummer', ['license']], ['Fällig am', ['dueDate']], ['Faellig am', ['dueDate']],
        ['Zahlungsziel', ['dueDate', 'paymentTerms']], ['Leistungsdatum', ['deliveryDate']], ['Leistungszeitraum', ['servicePeriod']],
        ['Gesamtbetrag', ['total', 'grandTotal']], ['Rechnungsbetrag', ['total']], ['Summe', ['total', 'subtotal', 'sectionTotal']],
        ['Brutto', ['total']], ['Netto', ['netTotal']], ['Zwischensumme', ['subtotal', 'sectionTotal']], ['zzgl. MwSt.', ['taxAmount']],
        ['inkl. MwSt.', ['total', 'taxAmount']], ['MwSt.-Satz', ['taxRate']], ['Skonto', ['discount']], ['Anzahlung', ['amountPaid']],
        ['Gegeben', ['cashTendered']], ['Rückgeld', ['change']], ['USt-IdNr.:', ['vatId']], ['USt.-IdNr.', ['vatId']],
        ['Steuernummer', ['vatId']], ['HRB', ['companyRegistration']], ['BLZ', ['bankCode']], ['Kontoinhaber', ['accountHolder']],
        ['Verkäufer', ['seller', 'contactPerson']], ['Lieferant', ['seller']], ['Rechnungsempfänger', ['buyer']], ['Kunde', ['buyer']],
        ['Empfänger', ['buyer', 'accountHolder']], ['Lieferanschrift', ['shipTo']], ['Zahlungsart', ['paymentMethod']], ['Tel.', ['phone']],
        ['Ansprechpartner', ['contactPerson']], ['Seite', ['page']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Bank', ['bankName', 'lender']], ['Bauherrenberater', ['consultant']], ['Bewilligung', ['license']], ['Bauleitung und Koordination', ['generalConditions']], ['Unternehmerzuschlag', ['overheadAndProfit']], ['Offertsumme', ['grandTotal']], ['Total Offerte', ['grandTotal']], ['Total Arbeiten', ['subtotal']], ['Ort', ['town']],
      ],
      columns: [
        ['Pos.', ['itemNumber']], ['Art.-Nr.', ['itemNumber']], ['Artikel', ['itemNumber', 'description']],
        ['Bezeichnung', ['description']], ['Menge', ['quantity']], ['Anz.', ['quantity']], ['Einheit', ['unit']], ['ME', ['unit']],
        ['Dauer', ['duration']],
        ['Einzelpreis', ['unitPrice']], ['E-Preis', ['unitPrice']], ['Preis/Einh.', ['unitPrice']], ['Gesamtpreis', ['amount']], ['Betrag', ['amount']],
        ['Netto', ['amount']], ['Brutto', ['grossAmount']], ['MwSt %', ['taxRate']], ['MwSt.', ['taxRate', 'taxAmount']],
        ['Rabatt', ['discount']], ['Lohn', ['labor']], ['Material', ['description', 'material']], ['Gewerk', ['scope']],
      ],
      notFields: [['Rechnung'], ['Der Gesamtbetrag ist sofort fällig'], ['Fälligkeitsdatum', 'issueDate'], ['Netto', 'total']],
    });
  });

  describe('Dutch', () => {
    checkLanguage('nl', {
      fields: [
        ['Factuurnummer:', ['invoiceNumber']], ['Factuurnr.', ['invoiceNumber']], ['Factuur nr.', ['invoiceNumber']],
        ['Bonnummer', ['receiptNumber']], ['Ordernummer', ['orderNumber']], ['Klantnummer', ['customerNumber']],
        ['Offertenummer', ['quoteNumber']], ['Pakbon nr.', ['deliveryNoteNumber']], ['Datum', ['issueDate']],
        ['Factuurdatum', ['issueDate']], ['Datum bezoek', ['inspectionDate']], ['Licentienummer', ['license']], ['Vervaldatum', ['dueDate']], ['Leverdatum', ['deliveryDate']], ['Periode', ['servicePeriod']],
        ['Totaal', ['total', 'grandTotal', 'sectionTotal']], ['Totaal incl. BTW', ['total']], ['Te betalen', ['total', 'amountDue']],
        ['Subtotaal', ['subtotal', 'sectionTotal']], ['Totaal excl. BTW', ['netTotal']], ['BTW', ['taxAmount']],
        ['Incl. BTW', ['total', 'taxAmount']], ['BTW %', ['taxRate']], ['Korting', ['discount']], ['Reeds betaald', ['amountPaid']],
        ['PIN', ['amountPaid', 'paymentMethod']], ['Wisselgeld', ['change']], ['BTW-nummer', ['vatId']], ['Btw nr.', ['vatId']],
        ['KvK', ['companyRegistration']], ['Ondernemingsnummer', ['vatId', 'companyRegistration']], ['t.n.v.', ['accountHolder']],
        ['Leverancier', ['seller']], ['Klant', ['buyer']], ['Factuuradres', ['buyer']], ['Afleveradres', ['shipTo']],
        ['Betalingstermijn', ['paymentTerms']], ['T.a.v.', ['contactPerson']], ['Onvoorzien', ['contingency']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Bank', ['bankName', 'lender']], ['Bouwadviseur', ['consultant']], ['Bouwplaatsinrichting', ['generalConditions']], ['Aannemersmarge', ['overheadAndProfit']], ['Offertebedrag', ['grandTotal']], ['Plaats', ['town']], ['Totaal werkzaamheden', ['subtotal']],
      ],
      columns: [
        ['Artikelnummer', ['itemNumber']], ['Omschrijving', ['description']], ['Aantal', ['quantity']], ['Eenheid', ['unit']],
        ['Stukprijs', ['unitPrice']], ['Prijs', ['unitPrice', 'amount']], ['Bedrag', ['amount']], ['Totaal', ['amount']],
        ['Incl. BTW', ['grossAmount']], ['BTW %', ['taxRate']], ['BTW', ['taxRate', 'taxAmount']], ['Tarief', ['unitPrice', 'taxRate']],
        ['Korting', ['discount']], ['Arbeid', ['labor']], ['Materieel', ['equipment']], ['Materiaal', ['material']], ['Prijs/eenh.', ['unitPrice']],
      ],
      notFields: [['Factuur'], ['Het totaal is inclusief BTW'], ['Vervaldatum', 'issueDate']],
    });
  });

  describe('Italian', () => {
    checkLanguage('it', {
      fields: [
        ['Fattura n.', ['invoiceNumber']], ['N. fattura:', ['invoiceNumber']], ['N. DDT', ['deliveryNoteNumber']],
        ['Data documento', ['issueDate']], ['Scadenza', ['dueDate']], ['Totale documento', ['total']],
        ['Totale', ['total', 'grandTotal', 'sectionTotal']], ['Netto a pagare', ['amountDue']], ['Imponibile', ['netTotal']],
        ['IVA', ['taxAmount']], ['Aliquota', ['taxRate']], ['Sconto', ['discount']], ['Resto', ['change']], ['P.IVA', ['vatId']],
        ['Partita IVA', ['vatId']], ['REA', ['companyRegistration']], ['Cedente/Prestatore', ['seller']], ['Spett.le', ['buyer']],
        ['Pagamento', ['paymentTerms', 'paymentMethod']], ['PEC', ['email']],
        ['Data sopralluogo', ['inspectionDate']], ['Numero licenza', ['license']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Banca', ['bankName', 'lender']], ['Consulente', ['consultant']], ['Visita', ['inspectionDate']], ['Direzione lavori', ['generalConditions']], ['Totale offerta', ['grandTotal']], ['Città', ['town']], ['Totale lavori', ['subtotal']],
      ],
      columns: [
        ['Codice', ['itemNumber']], ['Descrizione', ['description']], ['Q.tà', ['quantity']], ['Quantità', ['quantity']],
        ['U.M.', ['unit']], ['Prezzo unitario', ['unitPrice']], ['Importo', ['amount']], ['IVA', ['taxRate', 'taxAmount']],
        ['Sconto %', ['discount']], ['Manodopera', ['labor']],
      ],
      notFields: [['Fattura'], ['Il totale comprende IVA'], ['Data scadenza', 'issueDate']],
    });
  });

  describe('Portuguese', () => {
    checkLanguage('pt', {
      fields: [
        ['Fatura nº', ['invoiceNumber']], ['Fatura n.º', ['invoiceNumber']], ['Fatura-Recibo nº', ['invoiceNumber', 'receiptNumber']],
        ['Nº do pedido', ['orderNumber']], ['Data de emissão', ['issueDate']], ['Vencimento', ['dueDate']],
        ['Competência', ['servicePeriod']], ['Referência', ['reference', 'servicePeriod']], ['Valor total', ['total', 'grandTotal']],
        ['Total a pagar', ['total', 'amountDue']], ['Total ilíquido', ['subtotal']], ['Base tributável', ['netTotal']],
        ['ICMS', ['taxAmount']], ['Taxa IVA', ['taxRate']], ['Desconto', ['discount']], ['Troco', ['change']], ['NIF', ['vatId']],
        ['CNPJ', ['vatId', 'companyRegistration']], ['Emitente', ['seller']], ['Destinatário/Remetente', ['buyer']],
        ['Forma de pagamento', ['paymentMethod']], ['BDI', ['overheadAndProfit']],
        ['Data da vistoria', ['inspectionDate']], ['Alvará', ['license']],
        // A renovation estimate's bank, adviser, visit, recap lines and the town line of its address.
        ['Banco', ['bankName', 'lender']], ['Consultor', ['consultant']], ['Visita à obra', ['inspectionDate']], ['Instalação do canteiro', ['generalConditions']], ['Total do orçamento', ['grandTotal']], ['Cidade', ['town']], ['Total dos trabalhos', ['subtotal']],
      ],
      columns: [
        ['Código', ['itemNumber']], ['Descrição', ['description']], ['Qtd.', ['quantity']], ['Un.', ['unit']],
        ['Valor unitário', ['unitPrice']], ['Vl. total', ['amount']], ['IVA', ['taxRate', 'taxAmount']], ['Mão de obra', ['labor']],
      ],
      notFields: [['Fatura'], ['O total inclui IVA'], ['Data de vencimento', 'issueDate']],
    });
  });

  describe('findFieldTerms', () => {
    const spans = (text: string) => findFieldTerms(text).map((term) => [term.id, term.language, term.start, term.end]);

    it('finds a term inside running text, numbers between words ignored ("zzgl. 19 % MwSt.")', () => {
      expect(spans('zzgl. 19 % MwSt.')).to.deep.equal([['taxAmount', 'de', 3, 4]]);
    });

    it('prefers the longest run: "Total amount due" is amountDue, not total', () => {
      expect(spans('Total amount due: 1,250.00')).to.deep.equal([['amountDue', 'en', 0, 3]]);
    });

    it('finds several labels in one line, in place order, with word indexes of the folded text', () => {
      const found = findFieldTerms('Invoice No.: 4711   Due Date: 2024-03-01');
      expect(found.map((term) => [term.id, term.start, term.end])).to.deep.equal([['invoiceNumber', 0, 2], ['dueDate', 3, 5]]);
      expect(foldText('Invoice No.: 4711   Due Date: 2024-03-01').split(' ').slice(3, 5)).to.deep.equal(['due', 'date']);
    });

    it('keeps every meaning of one run and every language printing it', () => {
      const found = findFieldTerms('TOTAL 12,00');
      expect(found.every((term) => term.start === 0 && term.end === 1)).to.equal(true);
      expect(new Set(found.map((term) => term.id))).to.deep.equal(new Set(['total', 'grandTotal', 'sectionTotal']));
      expect(new Set(found.map((term) => term.language))).to.include.keys('en', 'es', 'fr');
    });

    it('matches whole words only', () => {
      expect(findFieldTerms('Totality of the netting')).to.deep.equal([]);
      expect(findFieldTerms('')).to.deep.equal([]);
    });
  });

  describe('lookups', () => {
    it('ignore a trailing colon and surrounding punctuation, but not extra words', () => {
      expect(lookupFieldLabel('(Invoice No.):').map((term) => term.id)).to.deep.equal(['invoiceNumber']);
      expect(lookupFieldLabel('Invoice No. and date')).to.deep.equal([]);
      expect(lookupColumnLabel('Qty.')).to.have.length.greaterThan(0);
      expect(lookupColumnLabel('Qty of boxes')).to.deep.equal([]);
    });

    it('return copies: changing a result leaves the lexicon as it was', () => {
      lookupFieldLabel('Total').length = 0;
      expect(lookupFieldLabel('Total')).to.have.length.greaterThan(0);
    });

    it('filter terms by concept, role and language', () => {
      const german = fieldTerms({ concepts: ['vatId'], languages: ['de'] });
      expect(german.map((term) => term.phrase)).to.include('USt-IdNr.');
      expect(german.every((term) => term.id === 'vatId' && term.language === 'de')).to.equal(true);
      const quantities = columnTerms({ roles: ['quantity'] });
      expect(new Set(quantities.map((term) => term.language))).to.deep.equal(new Set(Object.keys(TERMS)));
      expect(fieldTerms()).to.have.length(Object.values(TERMS).flatMap((terms) => Object.values(terms.fields).flat()).length);
    });

    it('give the folded words of each phrase', () => {
      for (const term of [...fieldTerms(), ...columnTerms()]) expect(term.words).to.deep.equal(foldText(term.phrase).split(' '));
    });
  });

  describe('data hygiene', () => {
    const languages = Object.entries(TERMS) as Array<[Language, (typeof TERMS)[Language]]>;

    it('every term folds to something', () => {
      for (const [language, terms] of languages) {
        for (const phrase of [...Object.values(terms.fields), ...Object.values(terms.columns)].flat()) {
          expect(foldText(phrase), `${language}: ${phrase}`).to.not.equal('');
        }
      }
    });

    it('every concept and role in the term files is in the catalogues', () => {
      for (const [, terms] of languages) {
        expect(Object.keys(FIELD_CONCEPTS)).to.include.members(Object.keys(terms.fields));
        expect(Object.keys(COLUMN_ROLES)).to.include.members(Object.keys(terms.columns));
      }
    });

    it('no term is listed twice (after folding) within a concept and language', () => {
      for (const [language, terms] of languages) {
        for (const [id, phrases] of [...Object.entries(terms.fields), ...Object.entries(terms.columns)]) {
          const folded = phrases.map(foldText);
          const repeated = folded.filter((phrase, index) => folded.indexOf(phrase) !== index);
          expect(repeated, `${language} ${id}`).to.deep.equal([]);
        }
      }
    });

    it('every column role, and every field concept outside statements of repair, has terms in en, es, fr, de and nl', () => {
      // Dutch and Flemish invoices print the IBAN alone: no national bank code is in use.
      const absent: Partial<Record<Language, FieldConcept[]>> = { nl: ['bankCode'] };
      const invoiceConcepts = (Object.keys(FIELD_CONCEPTS) as FieldConcept[]).filter(
        (id) => !FIELD_CONCEPTS[id].description.startsWith('Statement of repair'),
      );
      for (const language of ['en', 'es', 'fr', 'de', 'nl'] as const) {
        const fields = invoiceConcepts.filter((id) => !absent[language]?.includes(id));
        expect(Object.keys(TERMS[language].fields), language).to.include.members(fields);
        expect(Object.keys(TERMS[language].columns), language).to.include.members(Object.keys(COLUMN_ROLES));
      }
      expect(Object.keys(TERMS.en.fields)).to.have.members(Object.keys(FIELD_CONCEPTS));
    });
  });
});
