/**
 * The business profile and its owners. TIN and SSN arrive masked and are printed exactly as
 * given (or as a dash): this file never derives anything from them.
 */
import { fieldGrid, messageBox, sectionTitle } from './blocks';
import { DASH, formatDate, formatPercent, orDash } from './format';
import { COLOR, Doc, FONT, contentWidth, left, writeBlock, writeLine } from './layout';
import { ReportBusiness, ReportOwner, ReportVerification } from './report-data';
import { drawTable } from './tables';
import { verificationStatusOf } from './verification-section';

/** Message shown instead of the owners table when there are none. */
export const NO_OWNERS_MESSAGE = 'No owners on file';

/** The business name in large type with its internal id under it. */
export function drawTitleBlock(doc: Doc, business: ReportBusiness): void {
  const y = doc.y;
  const height = writeBlock(doc, orDash(business.name), left(doc), y, contentWidth(doc), {
    font: FONT.bold,
    size: 18,
    maxLines: 2,
  });
  writeLine(doc, `Business ID ${orDash(business.id)}`, left(doc), y + height + 2, contentWidth(doc), {
    size: 8.5,
    color: COLOR.muted,
  });
  doc.y = y + height + 24;
}

/** Section 1: the business as onboarded, with its verification status (UNVERIFIED when never verified). */
export function drawBusinessProfile(doc: Doc, business: ReportBusiness, verification: ReportVerification | null): void {
  sectionTitle(doc, 'Business profile');
  fieldGrid(doc, [
    ['Business name', orDash(business.name)],
    ['TIN', orDash(business.tin)],
    ['External ID', orDash(business.externalId)],
    ['Status', verificationStatusOf(verification)],
    ['Phone', orDash(business.mobile)],
    ['Website', orDash(business.officialWebsite)],
    ['Address', orDash(business.address)],
    ['Onboarded', formatDate(business.createdAt)],
  ]);
}

/** An owner's name as the report prints it (the owners table and the sanctions section): first and last name, or a dash. */
export function ownerName(owner: Pick<ReportOwner, 'firstName' | 'lastName'>): string {
  const name = `${owner.firstName ?? ''} ${owner.lastName ?? ''}`.trim();
  return name === '' ? DASH : name;
}

function ownerPlace(owner: ReportOwner): string {
  const parts = [owner.city, owner.state].filter((p): p is string => typeof p === 'string' && p.trim() !== '');
  return parts.length > 0 ? parts.join(', ') : DASH;
}

/** Section 2: control persons and beneficial owners. */
export function drawOwners(doc: Doc, owners: ReportOwner[]): void {
  sectionTitle(doc, 'Owners');
  if (owners.length === 0) {
    messageBox(doc, NO_OWNERS_MESSAGE);
    return;
  }
  drawTable(doc, {
    columns: [
      { header: 'Name', weight: 3, bold: true },
      { header: 'Type', weight: 1.6 },
      { header: 'Ownership', weight: 1.3, align: 'right' },
      { header: 'SSN', weight: 1.7 },
      { header: 'City / State', weight: 2.6 },
    ],
    rows: owners.map((owner) => [
      ownerName(owner),
      orDash(owner.ownerType),
      formatPercent(owner.ownershipPercentage),
      orDash(owner.ssn),
      ownerPlace(owner),
    ]),
    continuedLabel: 'Owners (continued)',
  });
}
