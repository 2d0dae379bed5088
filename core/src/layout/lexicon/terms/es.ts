import type { LanguageTerms } from '../concepts.js';

/**
 * Spanish: Spain and Latin America (Argentina, Chile, Mexico, Colombia, Peru). "N°" (degree sign)
 * folds to "n", "Nº" (ordinal) to "no"; "Nro." and "Núm." are common too.
 */
export const spanish: LanguageTerms = {
  fields: {
    invoiceNumber: [
      'Número de factura', 'Nº de factura', 'N° de factura', 'Nº factura', 'N° factura', 'Núm. factura', 'Nro. factura',
      'Nro. de factura', 'Factura Nº', 'Factura N°', 'Factura Nro.', 'Factura núm.', 'Factura número', 'Fact. Nº', 'Nº Comprobante',
      'N° Comprobante', 'Nro. Comprobante', 'Comprobante Nº', 'Número de comprobante', 'Comp. Nro', 'Comp. Nº', 'Comprobante Nro', 'Folio', 'Folio fiscal',
    ],
    receiptNumber: [
      'Nº de ticket', 'Nº ticket', 'Ticket Nº', 'Número de ticket', 'Nº de recibo', 'Recibo Nº', 'Número de recibo', 'Nº Comprobante',
      'N° Comprobante', 'Nro. Comprobante', 'Nº de operación', 'Nº operación', 'Número de operación', 'Nº transacción', 'Boleta Nº',
      'Nº Boleta', 'Nº factura simplificada', 'Factura simplificada',
    ],
    orderNumber: [
      'Nº de pedido', 'Nº pedido', 'Número de pedido', 'Pedido Nº', 'Pedido', 'Su pedido', 'Referencia del pedido', 'Orden de compra',
      'Nº orden de compra', 'OC', 'Nº OC', 'Orden Nº', 'Nº de orden',
    ],
    customerNumber: [
      'Nº de cliente', 'Nº cliente', 'Número de cliente', 'Nro. cliente', 'Cliente Nº', 'Código de cliente', 'Cód. cliente', 'ID cliente',
    ],
    quoteNumber: [
      'Nº de presupuesto', 'Nº presupuesto', 'Presupuesto Nº', 'Número de presupuesto', 'Nº de cotización', 'Nº cotización',
      'Cotización Nº', 'Número de cotización',
    ],
    deliveryNoteNumber: [
      'Nº de albarán', 'Nº albarán', 'Albarán Nº', 'Número de albarán', 'Albarán', 'Remito Nº', 'Nº de remito', 'Guía de despacho',
      'Nº guía', 'Nº de entrega',
    ],
    reference: ['Referencia', 'Ref.', 'Su referencia', 'Nuestra referencia', 'S/Ref.', 'N/Ref.'],
    issueDate: [
      'Fecha', 'Fecha de factura', 'Fecha factura', 'Fecha de la factura', 'Fecha de emisión', 'Fecha emisión', 'F. emisión',
      'Fecha de expedición', 'Fecha expedición', 'Emitida el', 'Fecha del documento', 'Fecha doc.', 'Fecha comprobante',
    ],
    dueDate: [
      'Fecha de vencimiento', 'Fecha vencimiento', 'Fecha de Vto.', 'Fecha Vto.', 'F. Vto.', 'Vto.', 'Vencimiento', 'Vence', 'Vence el',
      'Fecha límite de pago', 'Pagar antes de', 'Fecha de pago',
    ],
    deliveryDate: ['Fecha de entrega', 'Fecha entrega', 'Entregado el', 'Fecha de envío', 'Fecha de servicio', 'Fecha de operación'],
    servicePeriod: ['Período', 'Período facturado', 'Período de facturación', 'Período de servicio'],
    total: [
      'Total', 'Importe total', 'Imp. Total', 'Importe', 'Total factura', 'Total general', 'Total a pagar', 'Total con IVA',
      'Total IVA incluido', 'Total (IVA incl.)', 'Importe total con IVA', 'Monto total', 'Valor total', 'Total final', 'Suma total',
      'Total documento', 'Total comprobante', 'Gran total',
    ],
    amountDue: [
      'Total a pagar', 'Importe a pagar', 'Monto a pagar', 'A pagar', 'Saldo', 'Saldo pendiente', 'Saldo a pagar', 'Saldo adeudado',
      'Pendiente', 'Importe pendiente', 'Importe adeudado', 'Total adeudado',
    ],
    subtotal: ['Subtotal', 'Sub-total', 'Suma', 'Suma parcial', 'Subtotal sin IVA'],
    netTotal: [
      'Base imponible', 'Base imp.', 'Base', 'Importe neto', 'Importe neto gravado', 'Neto gravado', 'Neto', 'Total neto', 'Monto neto',
      'Valor neto', 'Subtotal sin IVA', 'Total sin IVA', 'Importe sin IVA', 'Monto afecto', 'Afecto',
    ],
    taxAmount: [
      'IVA', 'I.V.A.', 'Cuota IVA', 'Cuota', 'Importe IVA', 'Monto IVA', 'Total IVA', 'IVA contenido', 'IVA incluido', 'Impuesto',
      'Impuestos', 'Total impuestos', 'IGIC', 'ITBIS',
    ],
    taxRate: [
      'Tipo IVA', 'Tipo de IVA', 'Tipo', 'Tipo impositivo', '% IVA', 'IVA %', 'IVA%', 'Tasa IVA', 'Tasa', 'Alícuota', 'Alícuota IVA',
      'Porcentaje IVA',
    ],
    discount: ['Descuento', 'Descuentos', 'Dto.', '% Dto.', 'Dto. %', 'Desc.', 'Bonificación', 'Bonif.', 'Rebaja'],
    previousBalance: ['Saldo anterior', 'Saldo previo', 'Deuda anterior'],
    amountPaid: [
      'Pagado', 'Importe pagado', 'Total pagado', 'Ya pagado', 'Abonado', 'Anticipo', 'Anticipos', 'Entrega a cuenta', 'A cuenta',
      'Pago a cuenta', 'Pago recibido', 'Seña',
    ],
    cashTendered: ['Efectivo', 'Efectivo entregado', 'Entregado', 'Importe entregado', 'Recibido', 'Su pago'],
    change: ['Cambio', 'Su cambio', 'Vuelto', 'Vuelta'],
    vatId: [
      'CIF', 'C.I.F.', 'NIF', 'N.I.F.', 'NIF/CIF', 'CIF/NIF', 'NIF-IVA', 'NIE', 'DNI', 'DNI/NIF', 'Nº de identificación fiscal',
      'Identificación fiscal', 'CUIT', 'C.U.I.T.', 'CUIL', 'RUT', 'R.U.T.', 'RFC', 'R.F.C.', 'NIT', 'RUC',
    ],
    companyRegistration: ['Registro Mercantil', 'Inscrita en el Registro Mercantil', 'R.M.', 'Ingresos Brutos', 'Ing. Brutos', 'IIBB', 'Nº IIBB'],
    iban: ['IBAN'],
    bic: ['BIC', 'SWIFT', 'Código SWIFT', 'Código BIC'],
    bankCode: ['Entidad', 'Oficina', 'Sucursal'],
    bankAccount: [
      'Cuenta', 'Nº de cuenta', 'Número de cuenta', 'Cuenta bancaria', 'Cuenta corriente', 'Cta.', 'Cta. cte.', 'CBU', 'CCC', 'CLABE',
    ],
    bankName: ['Banco', 'Entidad bancaria', 'Entidad'],
    accountHolder: ['Titular', 'Titular de la cuenta', 'Beneficiario'],
    seller: ['Emisor', 'Emitido por', 'Vendedor', 'Proveedor', 'Prestador', 'Razón Social', 'Empresa'],
    buyer: [
      'Cliente', 'Nombre del cliente', 'Datos del cliente', 'Señor(es)', 'Señores', 'Señor', 'Sr.', 'Sres.', 'Destinatario',
      'Facturar a', 'Facturado a', 'Comprador', 'Adquirente', 'Receptor', 'Razón Social',
    ],
    shipTo: ['Enviar a', 'Entregar a', 'Dirección de entrega', 'Dirección de envío', 'Lugar de entrega', 'Destino', 'Consignatario'],
    currency: ['Moneda', 'Divisa', 'Tipo de moneda'],
    paymentTerms: ['Condiciones de pago', 'Condición de pago', 'Condición de venta', 'Plazo de pago', 'Términos de pago', 'Forma de pago'],
    paymentMethod: ['Forma de pago', 'Método de pago', 'Medio de pago', 'Modo de pago', 'Tipo de pago', 'Condición de venta', 'Pagado con', 'Pago'],
    phone: ['Teléfono', 'Tel.', 'Telf.', 'Tlf.', 'Tfno.', 'Tel/Fax', 'Móvil', 'Celular', 'Cel.'],
    fax: ['Fax', 'Tel/Fax', 'Telefax'],
    email: ['Correo electrónico', 'Correo', 'E-mail', 'Email', 'Mail'],
    website: ['Web', 'Sitio web', 'Página web', 'Internet'],
    contactPerson: [
      'Contacto', 'Persona de contacto', 'Atención', 'Atn.', 'A la atención de', 'Vendedor', 'Agente', 'Comercial', 'Cajero', 'Cajera',
      'Atendido por', 'Le atendió',
    ],
    page: ['Página', 'Pág.', 'Hoja'],
    borrower: ['Prestatario'],
    propertyAddress: ['Obra', 'Dirección de la obra', 'Ubicación', 'Emplazamiento', 'Inmueble'],
    lender: ['Prestamista', 'Entidad financiera'],
    inspectionDate: ['Fecha de inspección', 'Fecha de visita'],
    consultant: ['Perito'],
    contractor: ['Contratista'],
    fileNumber: ['Expediente', 'Nº de expediente'],
    buildingSize: ['Superficie', 'Superficie construida'],
    numberOfUnits: ['Número de viviendas'],
    generalConditions: ['Gastos generales'],
    overheadAndProfit: ['Gastos generales y beneficio industrial', 'GG y BI', 'GG+BI'],
    overhead: ['Gastos generales', 'Gastos indirectos', 'Indirectos'],
    profit: ['Beneficio industrial', 'Beneficio', 'Utilidad'],
    contingency: ['Imprevistos', 'Contingencias'],
    grandTotal: ['Presupuesto total', 'Total presupuesto', 'Presupuesto de ejecución por contrata', 'Total general', 'Total'],
    sectionTotal: ['Total capítulo', 'Subtotal capítulo', 'Subtotal', 'Total'],
    permitsAndFees: ['Licencias', 'Licencias y tasas', 'Permisos', 'Tasas'],
  },
  columns: {
    itemNumber: [
      'Código', 'Cód.', 'Código artículo', 'Cód. artículo', 'Ref.', 'Referencia', 'Art.', 'Artículo', 'Nº', 'N°', 'Item', 'Pos.',
      'Línea', 'SKU',
    ],
    description: [
      'Descripción', 'Desc.', 'Descripción del artículo', 'Concepto', 'Detalle', 'Artículo', 'Producto', 'Denominación', 'Designación',
      'Servicio', 'Partida', 'Unidad de obra',
    ],
    quantity: ['Cantidad', 'Cant.', 'Ctd.', 'Cdad.', 'Uds.', 'Unidades', 'Horas', 'Medición'],
    unit: ['Unidad', 'Ud.', 'Uds.', 'Unidades', 'U.', 'Un.', 'U.M.', 'Unidad de medida'],
    unitPrice: [
      'Precio unitario', 'Precio unit.', 'P. unitario', 'P. Unit.', 'Pr. unitario', 'P.U.', 'Precio', 'Precio/ud.', 'Precio por unidad',
      'Valor unitario', 'V. unitario', 'Importe unitario', 'Costo unitario', 'Coste unitario', 'Tarifa',
    ],
    amount: [
      'Importe', 'Importe total', 'Importe neto', 'Total', 'Total línea', 'Subtotal', 'Valor', 'Valor total', 'Monto', 'Precio total',
      'Neto',
    ],
    grossAmount: ['Total con IVA', 'Importe con IVA', 'Precio con IVA'],
    taxRate: ['IVA', 'IVA %', '% IVA', 'IVA%', 'Tipo IVA', 'Alícuota', 'Alíc. IVA', 'Tasa'],
    taxAmount: ['IVA', 'Cuota IVA', 'Importe IVA', 'Impuesto', 'Impuestos'],
    discount: ['Descuento', 'Dto.', '% Dto.', 'Dto. %', 'Dcto.', 'Desc.', 'Bonificación', 'Bonif.', '% Bonif.'],
    date: ['Fecha', 'Fecha de entrega'],
    material: ['Material', 'Materiales'],
    labor: ['Mano de obra', 'Mano obra', 'M.O.', 'MO'],
    equipment: ['Equipo', 'Equipos', 'Maquinaria', 'Herramientas'],
    laborHours: ['Horas de mano de obra', 'Horas hombre', 'H.H.'],
    performedBy: ['Cuadrilla', 'Realizado por', 'Ejecutado por', 'Responsable', 'Subcontratista'],
    scope: ['Capítulo', 'Rubro', 'Categoría', 'Sección', 'Oficio'],
    previouslyBilled: ['Certificado Anterior', 'Facturado Anterior', 'A Origen Anterior', 'Pagado a la Fecha', 'Anterior'],
    thisPeriod: ['Este Período', 'Periodo Actual', 'Esta Certificación', 'Certificación Actual'],
    percentComplete: ['% Avance', '% Completado', '% Ejecutado', 'Porcentaje de Avance'],
    balance: ['Saldo', 'Saldo Pendiente', 'Pendiente', 'Por Ejecutar'],
    storedMaterials: ['Materiales Almacenados', 'Materiales en Obra', 'Acopios'],
    completedToDate: ['Ejecutado a Origen', 'Total a Origen', 'Acumulado a Origen'],
    retainage: ['Retención', 'Retención de Garantía', 'Fondo de Garantía'],
    depreciation: ['Depreciación', 'Amortización'],
    actualCashValue: ['Valor Real', 'Valor Actual'],
  },
};
