/**
 * Which CSV headers fill which Docket field, for Docket's own exports and the contact, customer,
 * client and product exports of Xero, QuickBooks Online, FreeAgent and Invoice Ninja
 * (docs/data-transfer.md has the table). Headers are compared squashed: lower case with
 * everything but letters and digits removed, so "*ContactName", "Contact Name" and
 * "contact_name" are one header.
 */
export const squash = (header: string) => header.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

export type Row = ReadonlyMap<string, string>;

/** A field read from a row: the value and the header it came from (for error reports). */
export interface Picked {
  value: string | null;
  header: string | null;
}

/** The first of `headers` the row has with a non-blank value. */
function pick(row: Row, original: ReadonlyMap<string, string>, headers: readonly string[]): Picked {
  for (const h of headers) {
    const v = row.get(h)?.trim();
    if (v) return { value: v, header: original.get(h) ?? h };
  }
  const present = headers.find((h) => row.has(h));
  return { value: null, header: present ? (original.get(present) ?? present) : null };
}

/** Address parts on separate lines, in the order listed. */
function lines(row: Row, original: ReadonlyMap<string, string>, headers: readonly string[]): Picked {
  const parts: string[] = [];
  let header: string | null = null;
  for (const h of headers) {
    const v = row.get(h)?.trim();
    if (v) {
      parts.push(v);
      header ??= original.get(h) ?? h;
    }
  }
  return { value: parts.length ? parts.join('\n') : null, header };
}

export const CLIENT_HEADERS = {
  name: ['name', 'contactname', 'customer', 'customername', 'displayname', 'clientname', 'organisation', 'organization', 'company', 'companyname'],
  firstName: ['firstname'],
  lastName: ['lastname', 'surname'],
  email: ['email', 'emailaddress', 'contactemail', 'primaryemail', 'email1'],
  phone: ['phone', 'phonenumber', 'telephone', 'contactphone', 'workphone', 'mobile', 'mobilenumber'],
  address: ['address', 'billingaddress', 'billaddress'],
  addressParts: [
    ...['poaddressline1', 'addressline1', 'address1', 'billingstreet', 'street'],
    ...['poaddressline2', 'addressline2', 'address2'],
    ...['poaddressline3', 'addressline3', 'address3'],
    ...['poaddressline4', 'addressline4'],
    ...['pocity', 'city', 'town', 'billingcity'],
    ...['poregion', 'region', 'county', 'state', 'billingstate'],
    ...['popostalcode', 'postcode', 'postalcode', 'zip', 'zipcode', 'billingzip'],
    ...['pocountry', 'country', 'billingcountry'],
  ],
  vatNumber: ['vatnumber', 'vatregistrationnumber', 'vatregno', 'taxnumber', 'taxregno', 'vat', 'taxid'],
  isBusiness: ['business', 'isbusiness', 'customertype', 'businessorconsumer'],
  cisRate: ['cisrate', 'cis', 'cisdeduction', 'cisdeductionrate'],
  paymentTermsDays: ['paymenttermsdays', 'paymentterms', 'invoicesdueafterdays', 'termsdays'],
} as const;

export const ITEM_HEADERS = {
  name: ['name', 'itemname', 'productservicename', 'productservice', 'product', 'productkey', 'item', 'itemcode', 'code'],
  description: ['description', 'salesdescription', 'notes', 'itemdescription', 'details'],
  price: ['price', 'salesunitprice', 'salespricerate', 'salesprice', 'rate', 'unitprice', 'cost', 'priceexvat'],
  /** optional (docs/product.md, "VAT per line"): a VAT code such as STANDARD, LABOUR or MATERIALS, a unit */
  vat: ['vatcode', 'vat'],
  kind: ['kind'],
  unit: ['unit', 'units', 'unitofmeasure', 'uom'],
} as const;

export type ClientSource = {
  name: Picked;
  email: Picked;
  phone: Picked;
  address: Picked;
  vatNumber: Picked;
  isBusiness: Picked;
  cisRate: Picked;
  paymentTermsDays: Picked;
};
export type ItemSource = {
  name: Picked;
  description: Picked;
  price: Picked;
  vat: Picked;
  kind: Picked;
  unit: Picked;
};

export function readClient(row: Row, original: ReadonlyMap<string, string>): ClientSource {
  let name = pick(row, original, CLIENT_HEADERS.name);
  if (!name.value) {
    // FreeAgent and some Xero files name a person in two columns.
    const person = lines(row, original, [...CLIENT_HEADERS.firstName, ...CLIENT_HEADERS.lastName]);
    if (person.value) name = { value: person.value.replace('\n', ' '), header: person.header };
  }
  const whole = pick(row, original, CLIENT_HEADERS.address);
  return {
    name,
    email: pick(row, original, CLIENT_HEADERS.email),
    phone: pick(row, original, CLIENT_HEADERS.phone),
    address: whole.value ? whole : lines(row, original, CLIENT_HEADERS.addressParts),
    vatNumber: pick(row, original, CLIENT_HEADERS.vatNumber),
    isBusiness: pick(row, original, CLIENT_HEADERS.isBusiness),
    cisRate: pick(row, original, CLIENT_HEADERS.cisRate),
    paymentTermsDays: pick(row, original, CLIENT_HEADERS.paymentTermsDays),
  };
}

export function readItem(row: Row, original: ReadonlyMap<string, string>): ItemSource {
  return {
    name: pick(row, original, ITEM_HEADERS.name),
    description: pick(row, original, ITEM_HEADERS.description),
    price: pick(row, original, ITEM_HEADERS.price),
    vat: pick(row, original, ITEM_HEADERS.vat),
    kind: pick(row, original, ITEM_HEADERS.kind),
    unit: pick(row, original, ITEM_HEADERS.unit),
  };
}

/** Whether the file's headers can fill a required field at all (checked once, before any row). */
export function hasAny(headers: ReadonlySet<string>, names: readonly string[]): boolean {
  return names.some((n) => headers.has(n));
}
