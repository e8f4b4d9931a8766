/*
 * The names OFAC gives identifying documents and numbers. SDN_ADVANCED.XML lists them in its
 * ReferenceValueSets (IDRegDocType, and a few FeatureTypes such as SWIFT/BIC); the CSV files print
 * the same names at the start of a remark (`Passport AL720622 (Colombia)`), which is how the CSV
 * reader tells an identifier from other remarks.
 * Sources: SDN Advanced Sanctions Data Model XML Explanatory Notes
 * (https://home.treasury.gov/system/files/126/sdn_advanced_notes.pdf) and the SDN data
 * specification (https://ofac.treasury.gov/system/files/126/dat_spec.txt).
 * // not in OFAC's docs: a closed list of these names; this one holds the names the published
 * // files use, and a remark starting with another name stays a remark only.
 */

/** IDRegDocType names (the XML's IDRegDocuments; remarks in the CSV files). */
export const ID_DOCUMENT_TYPES: readonly string[] = [
  'Passport',
  'Diplomatic Passport',
  'Stateless Person Passport',
  'National ID No.',
  'Personal ID Card',
  'Identification Number',
  'Cedula No.',
  'D.N.I.',
  'C.U.R.P.',
  'R.F.C.',
  'NIT #',
  'RUC #',
  'C.U.I.T.',
  'Tax ID No.',
  'V.A.T. Number',
  'US FEIN',
  'SSN',
  'Registration Number',
  'Registration ID',
  'Company Number',
  'Commercial Registry Number',
  'Business Registration Number',
  'Certificate of Incorporation Number',
  'Matricula Mercantil No',
  'Legal Entity Number',
  'Unified Social Credit Code (USCC)',
  'Government Gazette Number',
  'Birth Certificate Number',
  'Residency Number',
  'Travel Document Number',
  "Driver's License No.",
  'Kenyan ID No.',
  'Turkish Identification Number',
  'Trade License No.',
  'Vessel Registration Identification',
  'MMSI',
  'Aircraft Serial Identification',
];

/** FeatureTypes of the XML that identify a party as a document does (the CSV prints them as remarks too). */
export const IDENTIFYING_FEATURES: readonly string[] = ['SWIFT/BIC', 'D-U-N-S Number', 'Aircraft Tail Number'];

/** Every identifier name, longest first, so `Diplomatic Passport` wins over `Passport`. */
export const IDENTIFIER_NAMES: readonly string[] = [...ID_DOCUMENT_TYPES, ...IDENTIFYING_FEATURES].sort((a, b) => b.length - a.length);
