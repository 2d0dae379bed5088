import type { LanguageTerms } from '../concepts.js';

/**
 * French: France, Belgium, Switzerland and Québec. "N°" (degree sign) folds to "n" and "Nº"
 * (ordinal) to "no", so both spellings are listed.
 */
export const french: LanguageTerms = {
  fields: {
    invoiceNumber: [
      'Numéro de facture', 'Numéro facture', 'N° de facture', 'N° facture', 'Nº facture', 'No de facture', 'Facture N°', 'Facture Nº',
      'Facture numéro', 'Fact. N°', 'Fact. No', 'Réf. facture', 'Référence facture',
    ],
    receiptNumber: [
      'N° de ticket', 'N° ticket', 'Ticket N°', 'Ticket No', 'Numéro de ticket', 'N° de reçu', 'Reçu N°', 'Numéro de reçu',
      'N° de transaction', 'N° transaction',
    ],
    orderNumber: [
      'N° de commande', 'N° commande', 'Nº commande', 'Numéro de commande', 'Commande N°', 'Commande', 'Votre commande',
      'Votre commande N°', 'Réf. commande', 'Référence commande', 'Bon de commande', 'N° bon de commande', 'N° BC', 'Cde N°', 'N° cde',
    ],
    customerNumber: [
      'N° client', 'N° de client', 'No client', 'Numéro client', 'Numéro de client', 'Client N°', 'Code client', 'Réf. client',
      'Référence client', 'Compte client', 'N° de compte client', 'ID client',
    ],
    quoteNumber: ['N° de devis', 'N° devis', 'No devis', 'Devis N°', 'Numéro de devis', 'Réf. devis', 'Référence devis', 'Proposition N°'],
    deliveryNoteNumber: [
      'N° de bon de livraison', 'N° bon de livraison', 'Bon de livraison N°', 'Bon de livraison', 'N° BL', 'BL N°', 'Numéro de BL',
      'Réf. BL', 'N° livraison', "N° d'expédition",
    ],
    reference: ['Référence', 'Réf.', 'Votre référence', 'Notre référence', 'V/Réf.', 'N/Réf.', 'Vos réf.'],
    issueDate: [
      'Date', 'Date de facture', 'Date facture', 'Date de la facture', 'Date de facturation', "Date d'émission", 'Émis le',
      'Facturé le', "Date d'édition", 'Fait le', 'Date du ticket', 'Date du devis',
    ],
    dueDate: [
      "Date d'échéance", 'Échéance', 'Échéance de paiement', 'Date limite de paiement', 'À payer avant le', 'Payable avant le',
      'A régler avant le', 'Payable le', 'Exigible le', "Date d'exigibilité", 'Date de paiement', 'Date de règlement',
    ],
    deliveryDate: [
      'Date de livraison', 'Livré le', 'Livraison le', "Date d'expédition", 'Date de prestation', 'Date de la prestation',
      'Date de la vente',
    ],
    servicePeriod: ['Période', 'Période de facturation', 'Période de prestation', 'Période de service', 'Période du'],
    total: [
      'Total', 'Total TTC', 'Tot. TTC', 'Total T.T.C.', 'TTC', 'T.T.C.', 'Montant TTC', 'Montant total TTC', 'Montant total',
      'Total général', 'Total facture', 'Total de la facture', 'Montant', 'Somme', 'Net à payer', 'Total à payer',
      'Montant à payer', 'Total à régler', 'Total TVAC', 'TVAC', 'Montant TVAC',
    ],
    amountDue: [
      'Net à payer', 'Total à payer', 'Montant à payer', 'À payer', 'Reste à payer', 'Solde', 'Solde dû', 'Solde à payer', 'Reste dû',
      'Montant dû', 'Montant restant dû', 'Total dû', 'Total à régler', 'Montant à régler', 'Net à régler',
    ],
    subtotal: ['Sous-total', 'S/total', 'Sous-total HT', 'Total partiel'],
    netTotal: [
      'Total HT', 'Tot. HT', 'Total H.T.', 'HT', 'H.T.', 'Montant HT', 'Montant net HT', 'Net HT', 'Total net HT', 'Total net',
      'Total hors taxes', 'Montant hors taxes', 'Hors taxes', 'Base HT', 'Base imposable', 'Sous-total HT', 'Total HTVA', 'HTVA',
    ],
    taxAmount: [
      'TVA', 'T.V.A.', 'Montant TVA', 'Montant de la TVA', 'Total TVA', 'Dont TVA', 'Taxe', 'Taxes', 'Total taxes', 'Montant des taxes',
      'TPS', 'TVQ', 'TVH',
    ],
    taxRate: ['Taux TVA', 'Taux de TVA', 'Taux T.V.A.', 'TVA %', 'TVA%', 'Taux', 'Taux de taxe'],
    discount: ['Remise', 'Remise %', 'Rem.', 'Remise globale', 'Remise commerciale', 'Rabais', 'Ristourne', 'Escompte', 'Réduction'],
    previousBalance: ['Solde précédent', 'Ancien solde', 'Solde antérieur', 'Report', 'Report du solde', 'Report à nouveau'],
    amountPaid: [
      'Acompte', 'Acomptes', 'Acompte versé', 'Acompte reçu', 'Déjà payé', 'Déjà réglé', 'Montant payé', 'Montant réglé', 'Payé',
      'Réglé', 'Total payé', 'Paiement reçu', 'Versement', 'Avance', 'Règlement',
    ],
    cashTendered: ['Espèces', 'Espèces reçues', 'Montant reçu', 'Reçu'],
    change: ['Rendu', 'Rendu monnaie', 'Monnaie rendue', 'Monnaie', 'À rendre'],
    vatId: [
      'N° TVA', 'N° de TVA', 'No TVA', 'Numéro de TVA', 'N° TVA intracommunautaire', 'N° de TVA intracommunautaire',
      'Numéro TVA intracommunautaire', 'N° TVA intracom.', 'N° TVA Intra', 'TVA intracommunautaire', 'TVA intracom', 'TVA Intra.',
      "N° d'identification TVA", 'Identifiant TVA', 'Id. TVA', "N° d'entreprise", "Numéro d'entreprise", 'N° IDE', 'IDE', 'N° TPS',
      'TPS N°', 'N° TVQ',
    ],
    companyRegistration: [
      'SIRET', 'N° SIRET', 'SIREN', 'N° SIREN', 'RCS', 'R.C.S.', 'N° RCS', 'Registre du commerce', 'RM', 'N° RM', "N° d'entreprise",
      "Numéro d'entreprise", 'BCE',
    ],
    iban: ['IBAN'],
    bic: ['BIC', 'Code BIC', 'SWIFT', 'BIC/SWIFT'],
    bankCode: ['Code banque', 'Code guichet'],
    bankAccount: ['N° de compte', 'Numéro de compte', 'Compte', 'Compte bancaire', 'RIB'],
    bankName: ['Banque', 'Domiciliation', 'Établissement'],
    accountHolder: ['Titulaire', 'Titulaire du compte', 'Bénéficiaire'],
    seller: ['Vendeur', 'Fournisseur', 'Émetteur', 'Émis par', 'Vendu par', 'Prestataire', 'Expéditeur', 'Commerçant', 'De'],
    buyer: [
      'Client', 'Nom du client', 'Facturé à', 'Facturer à', 'Adresse de facturation', 'Destinataire', 'Acheteur', 'Acquéreur',
      "Maître d'ouvrage", "Donneur d'ordre",
    ],
    shipTo: ['Livrer à', 'Livré à', 'Expédier à', 'Adresse de livraison', 'Lieu de livraison', 'Destinataire'],
    currency: ['Devise', 'Monnaie'],
    paymentTerms: [
      'Conditions de paiement', 'Conditions de règlement', 'Modalités de paiement', 'Modalités de règlement', 'Conditions',
      'Délai de paiement',
    ],
    paymentMethod: [
      'Mode de paiement', 'Mode de règlement', 'Moyen de paiement', 'Type de paiement', 'Modalités de règlement', 'Réglé par',
      'Payé par', 'Paiement', 'Règlement',
    ],
    phone: ['Téléphone', 'Tél.', 'N° de téléphone', 'Portable', 'Mobile', 'T'],
    fax: ['Fax', 'Télécopie', 'Téléc.', 'F'],
    email: ['E-mail', 'Email', 'Courriel', 'Mail', 'Adresse e-mail', 'Mél', 'E'],
    website: ['Site web', 'Site internet', 'Site', 'Web', 'Internet'],
    contactPerson: [
      'Contact', 'Votre contact', 'Interlocuteur', 'Votre interlocuteur', 'Suivi par', 'Affaire suivie par', "À l'attention de",
      'Attn', 'Commercial', 'Caissier', 'Caissière', 'Vendeur',
    ],
    page: ['Page', 'Feuillet'],
    borrower: ['Emprunteur'],
    propertyAddress: ['Adresse du chantier', 'Chantier', 'Lieu des travaux', 'Adresse des travaux'],
    lender: ['Prêteur', 'Organisme prêteur'],
    consultant: ['Expert', "Maître d'œuvre"],
    inspectionDate: ['Date de visite', "Date de l'inspection"],
    contractor: ['Entrepreneur', 'Entreprise'],
    fileNumber: ['N° de dossier', 'Dossier', 'Réf. dossier'],
    buildingSize: ['Surface', 'Surface habitable', 'Superficie'],
    numberOfUnits: ['Nombre de logements'],
    overheadAndProfit: ['Frais généraux et bénéfice'],
    overhead: ['Frais généraux'],
    profit: ['Bénéfice', 'Marge'],
    contingency: ['Imprévus', 'Aléas', 'Provision pour imprévus'],
    grandTotal: ['Total général', 'Montant total', 'Total'],
    sectionTotal: ['Total lot', 'Total du lot', 'Sous-total lot', 'Sous-total', 'Total'],
    permitsAndFees: ['Permis', 'Frais de permis'],
  },
  columns: {
    itemNumber: ['Réf.', 'Référence', 'Réf. article', 'Code', 'Code article', 'Code produit', 'N°', 'Nº', 'Article', 'Pos.', 'Ligne'],
    description: [
      'Désignation', 'Désignation des travaux', 'Description', 'Libellé', 'Article', 'Produit', 'Prestation', 'Détail', 'Nature',
      'Intitulé',
    ],
    quantity: ['Quantité', 'Qté', 'Nombre', 'Nb', 'Nbre', 'Q.', 'Heures'],
    unit: ['Unité', 'U.', 'Un.', 'Unité de mesure'],
    unitPrice: [
      'Prix unitaire', 'Prix unitaire HT', 'Prix unitaire TTC', 'Prix unit.', 'Prix U. HT', 'P.U.', 'PU', 'P.U. HT', 'PU HT',
      'P.U.H.T.', 'PU TTC', 'Prix', 'Prix HT', 'Tarif', 'Taux', 'Taux horaire',
    ],
    amount: [
      'Montant', 'Montant HT', 'Montant H.T.', 'Mt HT', 'Total', 'Total HT', 'Total ligne', 'Prix HT', 'Prix total', 'Prix total HT',
      'Sous-total', 'Net', 'Valeur',
    ],
    grossAmount: ['Montant TTC', 'Total TTC', 'TTC', 'Prix TTC', 'Prix total TTC', 'Montant TVAC'],
    taxRate: ['TVA', 'TVA %', 'TVA%', 'Taux TVA', 'Tx TVA', 'Code TVA', 'Taux'],
    taxAmount: ['TVA', 'Montant TVA', 'Mt TVA', 'Taxes'],
    discount: ['Remise', 'Remise %', 'Rem.', 'Rem. %', 'Rabais', 'Réduc.'],
    date: ['Date', 'Date de livraison', 'Date de prestation'],
    material: ['Matériaux', 'Fournitures', 'Fourniture', 'Matériel'],
    labor: ["Main d'œuvre", 'M.O.', 'MO', 'Pose', 'Installation'],
    equipment: ['Équipement', 'Matériel', 'Engins'],
    scope: ['Lot', "Corps d'état", 'Catégorie', 'Section', 'Poste', 'Pièce'],
    previouslyBilled: ['Déjà Facturé', 'Cumul Précédent', 'Situation Précédente', 'Précédent'],
    thisPeriod: ['Cette Période', 'Situation du Mois', 'Période en Cours'],
    percentComplete: ['% Avancement', 'Avancement', '% Réalisé'],
    balance: ['Reste à Facturer', 'Reste à Réaliser', 'Solde', 'Reste'],
    storedMaterials: ['Matériaux Approvisionnés', 'Approvisionnements', 'Matériaux Stockés'],
    completedToDate: ['Cumul à Date', 'Cumul Réalisé', 'Réalisé Cumulé'],
    retainage: ['Retenue de Garantie', 'Retenue'],
    depreciation: ['Vétusté', 'Dépréciation', 'Amortissement'],
    actualCashValue: ['Valeur Vétusté Déduite', 'Valeur Réelle'],
  },
};
